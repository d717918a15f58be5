import type Koa from 'koa';
import { isDocumentShaped, normalizeDocument } from '../../../domain/values/document.js';
import { CustomerStatus } from '../../../domain/values/scopes.js';
import { ResolveAlertBody } from '../../operations/alerts.js';
import { ReviewDocumentBody } from '../../operations/customers.js';
import { ApiError } from '../../errors.js';
import { decodeCursor } from '../../paging.js';
import { parseQualificationInput } from '../../customer-input.js';
import { formValue, requiredTextUpTo, textUpTo } from '../forms.js';
import { choice } from '../present.js';
import { searchTerms } from '../search.js';
import { formField } from '../session.js';
import type { DashboardState } from '../state.js';

type Ctx = Koa.ParameterizedContext<DashboardState>;

const STATUSES = Object.keys(CustomerStatus.keys) as CustomerStatus[];

/**
 * The list's filters: status, environment, the search box (`q`: a document, an e-mail, an
 * external id or a part of a name), a range of days and the page's cursor. `doc` (a document
 * only, as before the search box) still answers 400 for anything else.
 */
export function customerFilters(ctx: Ctx) {
  const status = choice(ctx.query['status'], STATUSES, 'status');
  const environment = choice(ctx.query['environment'], ['live', 'sandbox'] as const, 'environment');
  const docQuery = typeof ctx.query['doc'] === 'string' ? ctx.query['doc'].trim() : '';
  // formatted or not: normalized as stored, so it hashes the same
  const doc = normalizeDocument(docQuery);
  if (docQuery !== '' && !isDocumentShaped(doc)) throw new ApiError('invalid_document', 'Busque por um CPF (11 dígitos) ou CNPJ (14 caracteres).', 'doc');
  const terms = searchTerms(ctx);
  const before = ctx.query['cursor'] === undefined ? undefined : decodeCursor(ctx.query['cursor']);
  return { status, environment, docQuery, terms: docQuery && !terms.q ? { ...terms, q: docQuery, doc, text: '', externalId: '' } : terms, before };
}

/** A document's review: the API's statuses; a rejection tells the customer what to fix, so never without a reason. */
export function documentReviewForm(form: URLSearchParams) {
  const status = formValue(ReviewDocumentBody.types[0].props.status, formField(form, 'status'), 'Escolha aprovar ou rejeitar.', 'status');
  const reason = formField(form, 'reason').trim();
  if (status === 'rejeitado' && reason === '') throw new ApiError('invalid_request', 'Informe o motivo da rejeição.', 'reason');
  formValue(textUpTo(1000), reason, 'O motivo tem no máximo 1000 caracteres.', 'reason');
  return { status, reason: reason || null };
}

export const customerStatusForm = (form: URLSearchParams): CustomerStatus => formValue(CustomerStatus, formField(form, 'status'), 'Escolha uma situação da lista.', 'status');

/** An alert's resolution: as in the operator API, a resolution must say why. */
export function alertResolutionForm(form: URLSearchParams) {
  const resolution = formValue(ResolveAlertBody.props.resolution, formField(form, 'resolution'), 'Escolha verdadeiro positivo ou falso positivo.', 'resolution');
  const note = formValue(requiredTextUpTo(2000), formField(form, 'note').trim(), 'Explique a conclusão (até 2000 caracteres).', 'note');
  return { resolution, note };
}

/** pt-BR messages of the qualification form, by the field the API's check names. */
const QUALIFICATION_MESSAGES: Readonly<Record<string, string>> = {
  'address.street': 'Informe a rua (até 200 caracteres).',
  'address.number': 'O número tem no máximo 20 caracteres.',
  'address.complement': 'O complemento tem no máximo 100 caracteres.',
  'address.neighborhood': 'O bairro tem no máximo 100 caracteres.',
  'address.city': 'Informe a cidade.',
  'address.state': 'Informe a UF com duas letras (por exemplo, SP).',
  'address.zip': 'Informe o CEP com 8 dígitos.',
  declared_income: 'Informe a renda em reais, por exemplo 8500,00.',
  annual_revenue: 'Informe o faturamento em reais, por exemplo 1200000,00.',
};

/**
 * The dashboard's qualification form (issue 30): the address fields (all empty: no address sent)
 * and the income or revenue, checked by the API's own parser; its refusals in pt-BR beside the
 * field (the address as a whole, or nothing sent, on the street field).
 */
export function qualificationForm(form: URLSearchParams, type: 'pf' | 'pj'): Record<string, unknown> {
  const addressFields = ['street', 'number', 'complement', 'neighborhood', 'city', 'state', 'zip'] as const;
  const address = Object.fromEntries(addressFields.map((f) => [f, formField(form, `address.${f}`).trim()]).filter(([, v]) => v !== ''));
  const amountField = type === 'pf' ? 'declared_income' : 'annual_revenue';
  const amount = formField(form, amountField).trim();
  const body: Record<string, unknown> = {};
  if (Object.keys(address).length > 0) body['address'] = { ...address, state: typeof address['state'] === 'string' ? address['state'].toUpperCase() : undefined };
  // "8.500,00" as a person types it in Brazil; "8500.00" as the API takes it
  if (amount !== '') body[amountField] = amount.includes(',') ? amount.replace(/\./g, '').replace(',', '.') : amount;
  try {
    return parseQualificationInput(body, type);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const field = error.param && QUALIFICATION_MESSAGES[error.param] ? error.param : 'address.street';
    const message = QUALIFICATION_MESSAGES[error.param ?? ''] ?? (Object.keys(body).length === 0 ? 'Preencha o endereço ou o valor.' : 'Confira o endereço: rua, cidade, UF e CEP são obrigatórios.');
    throw new ApiError('invalid_request', message, field);
  }
}
