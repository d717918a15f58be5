import Router from '@koa/router';
import type Koa from 'koa';
import * as E from 'fp-ts/lib/Either.js';
import getRawBody from 'raw-body';
import { buildReciboRequest, encodeLatin1 } from '../../../domain/siscoaf/build.js';
import type { BlobStore } from '../../../adapters/blob-store/port.js';
import { OPERATOR } from '../../../commands/caller.js';
import { loadComplianceSettings } from '../../../commands/compliance-settings.js';
import {
  closeSuspicionCase,
  decideSuspicionCase,
  dismissSuspicionCase,
  noteSuspicionCase,
  openSuspicionCase,
  selectSuspicionCase,
  suspicionHistory,
  visibleSuspicionCase,
  type SuspicionLookups,
} from '../../../commands/suspicion.js';
import {
  amendCommunication,
  exportCommunication,
  markCommunicationSent,
  prepareCommunication,
  recordSiscoafReceipts,
  recordSiscoafResponse,
  unmatchedReceiptItems,
} from '../../../commands/suspicion-communications.js';
import { brasiliaDate } from '../../../domain/calendar/business-days.js';
import type { DomainError } from '../../../domain/shared/decider.js';
import { getSuspicionCase, suspicionQueue } from '../../../projections/suspicion-cases.js';
import type { WriteDeps } from '../../deps.js';
import { decodeBody, decodeInput } from '../../decode.js';
import { ApiError } from '../../errors.js';
import { existingTenant } from '../../lookups.js';
import { commandContext } from '../../metadata.js';
import { jsonBody } from '../../middleware/body.js';
import {
  CancellationBody,
  CommunicationBody,
  DecisionBody,
  DismissBody,
  NoteBody,
  OperatorOpenBody,
  ReceiptRequestQuery,
  RectificationBody,
  SelectBody,
  SentBody,
  SuspicionCaseIdParams,
  SuspicionCloseBody,
  SuspicionTenantParams,
  XmlQuery,
} from '../../operations/suspicion-cases.js';
import { applied, orThrow } from '../../outcome.js';
import type { RequestState } from '../../state.js';
import { operatorCaseDetail, operatorCaseItem } from '../../suspicion-views.js';
import { multipartParser, parseMultipart } from '../../uploads.js';
import { operationOf } from '../suspicion-cases.js';

export interface OperatorSuspicionDeps extends WriteDeps {
  secretKey: string;
  blobStore: BlobStore;
  lookups: SuspicionLookups;
}

/** A Siscoaf answer (RESPOSTA, LOTERECIBO) is at most 10 MB, like the files sent. */
export const SISCOAF_UPLOAD_MAX = 10 * 1024 * 1024;
const upload = multipartParser({ fileSize: SISCOAF_UPLOAD_MAX, files: 1, fields: 2, fieldSize: 1024, parts: 3 });

/** The uploaded XML: the raw body (application/xml, text/xml) or the part `file` of a multipart body. */
async function xmlUpload(ctx: Koa.ParameterizedContext<RequestState>): Promise<Buffer> {
  if (ctx.is('multipart/form-data')) {
    await parseMultipart(ctx, upload.single('file'), async () => {}, () => new ApiError('invalid_multipart', 'O corpo multipart deve trazer um arquivo XML na parte file (até 10 MB).', 'file'));
    const file = (ctx as unknown as { file?: { buffer: Buffer } }).file;
    if (!file) throw new ApiError('invalid_file', 'Envie o XML do Siscoaf na parte file.', 'file');
    return file.buffer;
  }
  try {
    const raw = await getRawBody(ctx.req, { limit: SISCOAF_UPLOAD_MAX, length: ctx.get('content-length') || undefined });
    if (raw.length === 0) throw new ApiError('invalid_file', 'Envie o XML do Siscoaf no corpo (application/xml) ou na parte file de um multipart.', 'file');
    return raw;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError('invalid_file', 'O arquivo excede 10 MB ou não pôde ser lido.', 'file');
  }
}

/**
 * Operator API of the regulatory cases (issue 30): open from an alert, a run or an analyst; the
 * queue (overdue first); select, dismiss, note, decide (four-eyes), close; the communication to
 * COAF (prepare, the Siscoaf XML, sent, validation response, rectification, cancellation) and the
 * tenant's receipts, receipt request and unmatched work.
 */
export function operatorSuspicionCasesRouter(services: OperatorSuspicionDeps): Router<RequestState> {
  const { readStore, runner, clock, log } = services;
  const router = new Router<RequestState>();
  const now = () => clock.now().toISOString();
  const detail = (caseId: string) => detailOf(services, caseId);
  const context = (ctx: Koa.ParameterizedContext<RequestState>) => commandContext(ctx, clock, null);

  router.post('/tenants/:tenant_id/suspicion_cases', jsonBody(), async (ctx) => {
    const { tenant_id: tenantId } = decodeInput(SuspicionTenantParams, ctx.params);
    await existingTenant(readStore, tenantId);
    const body = decodeBody(OperatorOpenBody, ctx.state.body);
    if (body.origin !== 'analyst' && !body.ref) throw new ApiError('invalid_request', `Com origin ${body.origin}, informe em ref o id ${body.origin === 'alert' ? 'do alerta' : 'da consulta'}.`, 'ref');
    const input = {
      tenant_id: tenantId,
      environment: body.environment ?? 'live',
      origin: { kind: body.origin, ref: body.origin === 'analyst' ? null : body.ref! },
      customer_id: body.customer_id ?? null,
      occurred_at: body.occurred_at ?? null,
      ...(body.operation ? { operation: operationOf(body.operation) } : {}),
      reason_codes: body.reason_codes,
      other_reason: body.other_reason ?? null,
      description: body.description ?? null,
      analyst: body.analyst ?? null,
    };
    const opened = await applied(runner, await openSuspicionCase(services, input, OPERATOR, commandContext(ctx, clock, tenantId)));
    ctx.status = 201;
    ctx.body = await detail(opened.case_id);
  });

  router.get('/tenants/:tenant_id/suspicion_cases', async (ctx) => {
    const { tenant_id: tenantId } = decodeInput(SuspicionTenantParams, ctx.params);
    await existingTenant(readStore, tenantId);
    const at = now();
    ctx.body = { data: (await suspicionQueue(readStore, tenantId, at)).map((doc) => operatorCaseItem(doc, at)) };
  });

  router.get('/suspicion_cases/:case_id', async (ctx) => {
    ctx.body = await detail(caseParam(ctx));
  });

  const step = <B>(path: string, codec: { decode: unknown } & Parameters<typeof decodeBody>[0], run: (caseId: string, body: B, ctx: Koa.ParameterizedContext<RequestState>) => Promise<E.Either<DomainError, unknown>>) => {
    router.post(path, jsonBody(), async (ctx) => {
      const caseId = caseParam(ctx);
      const body = decodeBody(codec, ctx.state.body ?? {}) as B;
      await applied(runner, (await run(caseId, body, ctx)) as E.Either<never, { position: number | null }>);
      ctx.body = await detail(caseId);
    });
  };
  step('/cases/:case_id/select', SelectBody, (id, body: { note?: string; analyst?: string }, ctx) => selectSuspicionCase(log, id, body, OPERATOR, context(ctx)));
  step('/cases/:case_id/dismiss', DismissBody, (id, body: { reason: string; analyst?: string }, ctx) => dismissSuspicionCase(log, id, body, OPERATOR, context(ctx)));
  step('/cases/:case_id/notes', NoteBody, (id, body: { text: string; analyst?: string }, ctx) => noteSuspicionCase(log, id, body, OPERATOR, context(ctx)));
  step('/cases/:case_id/decision', DecisionBody, (id, body: Parameters<typeof decideSuspicionCase>[2], ctx) => decideSuspicionCase(log, id, body, OPERATOR, context(ctx)));
  step('/cases/:case_id/communication/sent', SentBody, (id, body: { sent_at?: string; communication_id?: string; analyst?: string }, ctx) => markCommunicationSent(log, id, body, OPERATOR, context(ctx)));
  step('/cases/:case_id/rectification', RectificationBody, (id, body: { justification?: string; analyst?: string } & Record<string, unknown>, ctx) => {
    const { justification, analyst, ...edit } = body;
    return amendCommunication(services, id, 'retificacao', { justification: justification ?? null, analyst: analyst ?? null, edit }, OPERATOR, context(ctx));
  });
  step('/cases/:case_id/cancellation', CancellationBody, (id, body: { reason: string; justification?: string; analyst?: string }, ctx) =>
    amendCommunication(services, id, 'cancelamento', { reason: body.reason, justification: body.justification ?? null, analyst: body.analyst ?? null }, OPERATOR, context(ctx)),
  );

  caseCommunicationRoutes(router, services);
  tenantSiscoafRoutes(router, services);
  return router;
}


const caseParam = (ctx: Koa.ParameterizedContext<RequestState>) => decodeInput(SuspicionCaseIdParams, ctx.params).case_id;

async function detailOf(services: OperatorSuspicionDeps, caseId: string) {
  const doc = await getSuspicionCase(services.readStore, caseId);
  if (!doc) throw new ApiError('case_not_found', 'Caso não encontrado.', 'case_id');
  return operatorCaseDetail(doc, await suspicionHistory(services.log, caseId), services.clock.now().toISOString());
}

/** Closing (shared path with issue 28), the communication's content, its Siscoaf file and Siscoaf's validation answer. */
function caseCommunicationRoutes(router: Router<RequestState>, services: OperatorSuspicionDeps): void {
  const { runner, clock, log } = services;
  const detail = (caseId: string) => detailOf(services, caseId);
  const context = (ctx: Koa.ParameterizedContext<RequestState>) => commandContext(ctx, clock, null);
  // the customer's case of issue 28 shares /cases/{case_id}/close: a suspicion case is closed here, any other id goes on to it
  router.post('/cases/:case_id/close', async (ctx, next) => {
    const caseId = caseParam(ctx);
    if (E.isLeft(await visibleSuspicionCase(log, caseId, OPERATOR))) return next();
    const body = decodeBody(SuspicionCloseBody, await jsonOf(ctx)) as { note: string; analyst?: string };
    await applied(runner, await closeSuspicionCase(log, caseId, body, OPERATOR, context(ctx)));
    ctx.body = await detail(caseId);
  });

  router.put('/cases/:case_id/communication', jsonBody(), async (ctx) => {
    const caseId = caseParam(ctx);
    const body = decodeBody(CommunicationBody, ctx.state.body ?? {});
    const prepared = await applied(runner, await prepareCommunication(services, caseId, body, OPERATOR, context(ctx)));
    ctx.body = { ...(await detail(caseId)), issues: prepared.issues };
  });

  router.get('/cases/:case_id/siscoaf.xml', async (ctx) => {
    const caseId = caseParam(ctx);
    const { communication_id } = decodeInput(XmlQuery, ctx.query);
    const file = await applied(runner, await exportCommunication(services, caseId, { communication_id }, OPERATOR, context(ctx)));
    ctx.set('Content-Disposition', `attachment; filename="${file.file_name}"`);
    ctx.set('X-Content-SHA256', file.sha256);
    ctx.type = 'application/xml; charset=ISO-8859-1';
    ctx.body = file.xml;
  });

  router.post('/cases/:case_id/communication/response', async (ctx) => {
    const caseId = caseParam(ctx);
    orThrow(await visibleSuspicionCase(log, caseId, OPERATOR));
    const xml = await xmlUpload(ctx);
    await applied(runner, await recordSiscoafResponse(log, caseId, xml, OPERATOR, context(ctx)));
    ctx.body = await detail(caseId);
  });

}

/** The JSON body of a route that first decides whether it is its own (the close it shares with issue 28). */
async function jsonOf(ctx: Koa.ParameterizedContext<RequestState>): Promise<unknown> {
  await jsonBody()(ctx, async () => {});
  return ctx.state.body ?? {};
}

function tenantSiscoafRoutes(router: Router<RequestState>, services: OperatorSuspicionDeps): void {
  const { readStore, runner, clock, log } = services;

  router.post('/tenants/:tenant_id/siscoaf/receipts', async (ctx) => {
    const { tenant_id: tenantId } = decodeInput(SuspicionTenantParams, ctx.params);
    await existingTenant(readStore, tenantId);
    const xml = await xmlUpload(ctx);
    const outcome = await applied(runner, await recordSiscoafReceipts(log, tenantId, xml, OPERATOR, commandContext(ctx, clock, tenantId)));
    ctx.body = { matched: outcome.matched, unmatched: outcome.unmatched };
  });

  router.get('/tenants/:tenant_id/siscoaf/receipt_request', async (ctx) => {
    const { tenant_id: tenantId } = decodeInput(SuspicionTenantParams, ctx.params);
    await existingTenant(readStore, tenantId);
    const { date, cnpj } = decodeInput(ReceiptRequestQuery, ctx.query);
    if (!/^\d{2}\/\d{2}\/\d{4}$/.test(date)) throw new ApiError('invalid_request', 'date vai no formato dd/mm/aaaa (a data do envio).', 'date');
    const entities = (await loadComplianceSettings(log, tenantId)).reporting_entities;
    const entity = cnpj ? entities.find((e) => e.cnpj === cnpj) : (entities.find((e) => e.default) ?? entities[0]);
    if (!entity) throw new ApiError('invalid_request', 'Nenhuma entidade comunicante com esse CNPJ nas configurações de compliance.', 'cnpj');
    const today = brasiliaDate(clock.now().toISOString());
    const xml = encodeLatin1(buildReciboRequest(entity.cnpj, date, `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`));
    ctx.set('Content-Disposition', `attachment; filename="siscoaf-recibo-${date.replace(/\//g, '')}.xml"`);
    ctx.type = 'application/xml; charset=ISO-8859-1';
    ctx.body = xml;
  });

  router.get('/tenants/:tenant_id/siscoaf/work', async (ctx) => {
    const { tenant_id: tenantId } = decodeInput(SuspicionTenantParams, ctx.params);
    await existingTenant(readStore, tenantId);
    const at = clock.now().toISOString();
    const rejected = (await suspicionQueue(readStore, tenantId, at)).flatMap((doc) =>
      [doc.communication, ...doc.amendments]
        .filter((c) => c !== null && c.status === 'rejected')
        .map((c) => ({ kind: 'rejected' as const, case_id: doc.case_id, communication_id: c!.communication_id, num_ocorrencia: c!.num_ocorrencia, errors: c!.errors, response_at: c!.response_at })),
    );
    const unmatched = (await unmatchedReceiptItems(log, tenantId)).map((item) => ({ kind: 'unmatched_receipt' as const, ...item }));
    ctx.body = { data: [...rejected, ...unmatched] };
  });
}
