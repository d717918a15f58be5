import Router from '@koa/router';
import type Koa from 'koa';
import type { StoredEvent } from '../../adapters/event-store/event-log.js';
import { imageFormat } from '../../adapters/image-format.js';
import { resolveAlert } from '../../commands/alerts.js';
import { reviewDocument, setCustomerStatus } from '../../commands/customer-review.js';
import { subjectRef } from '../../commands/runs.js';
import { customerStream } from '../../domain/customer/decider.js';
import { isDocumentShaped, normalizeDocument } from '../../domain/values/document.js';
import { CustomerStatus } from '../../domain/values/scopes.js';
import { getCustomer, type CustomerDoc, type DocumentIndexDoc } from '../../projections/customers.js';
import { getAlert, type AlertDoc } from '../../projections/monitoring-alerts.js';
import type { RunDoc } from '../../projections/runs.js';
import { BAND_LABEL, DECISION_LABEL, STATUS_LABEL, label } from '../../reports/html.js';
import { FEATURE_LABEL, scoreText } from '../../reports/screening-section.js';
import { readLookups } from '../../queries/lookups.js';
import type { App as Services } from '../../app/compose.js';
import { ApiError } from '../errors.js';
import { applied } from '../outcome.js';
import { decodeCursor, encodeCursor } from '../paging.js';
import { ENVIRONMENT_LABEL, actorText, choice, idParam, maskedDoc, nameText, when } from './present.js';
import { keyHints, tenantUsers } from './queries.js';
import { redirectTo, renderPage } from './render.js';
import { csrfGuard, formField, readForm, requireRole, requireUser, userContext } from './session.js';
import type { DashboardState } from './state.js';

type Ctx = Koa.ParameterizedContext<DashboardState>;

const PAGE_SIZE = 50;
const STATUSES = Object.keys(CustomerStatus.keys) as CustomerStatus[];

export const CUSTOMER_STATUS_LABEL: Record<string, string> = {
  rascunho: 'Rascunho',
  em_analise: 'Em análise',
  aprovado: 'Aprovado',
  pendencia: 'Pendência',
  recusado: 'Recusado',
  inactive: 'Inativo',
  em_monitoramento: 'Em monitoramento',
};
const DOCUMENT_STATUS_LABEL: Record<string, string> = { pendente: 'Pendente', aprovado: 'Aprovado', rejeitado: 'Rejeitado' };
const ALERT_STATUS_LABEL: Record<string, string> = { open: 'Aberto', delisted: 'Encerrado (entrada saiu da lista)', resolved: 'Resolvido' };
const RESOLUTION_LABEL: Record<string, string> = { true_positive: 'verdadeiro positivo', false_positive: 'falso positivo' };
const FACIAL_CHECK_LABEL: Record<string, string> = { face_match: 'Comparação facial', passive_liveness: 'Prova de vida passiva' };

const customerNotFound = () => new ApiError('customer_not_found', 'Cliente não encontrado.', 'customer_id');

/** A customer of the user's tenant: another tenant's, unknown and malformed ids all read the same 404. */
async function tenantCustomer(ctx: Ctx, services: Pick<Services, 'readStore'>): Promise<CustomerDoc> {
  const id = idParam(ctx.params['customer_id'], 'customer_not_found', 'Cliente não encontrado.');
  const customer = await getCustomer(services.readStore, id);
  if (!customer || customer.tenant_id !== ctx.state.user!.tenant_id) throw customerNotFound();
  return customer;
}

/** Customers: the list, one customer's page (documents, facial checks, runs, alerts, timeline) and its analysts' actions. */
export function customersRouter(services: Pick<Services, 'log' | 'readStore' | 'runner' | 'clock' | 'secretKey' | 'blobStore'>): Router<DashboardState> {
  const { log, readStore, runner, clock, secretKey, blobStore } = services;
  const router = new Router<DashboardState>();
  const analyst = [requireUser(), csrfGuard(), requireRole('analyst', 'admin')] as const;

  router.get('/customers', requireUser(), async (ctx) => {
    const user = ctx.state.user!;
    const status = choice(ctx.query['status'], STATUSES, 'status');
    const environment = choice(ctx.query['environment'], ['live', 'sandbox'] as const, 'environment');
    const docQuery = typeof ctx.query['doc'] === 'string' ? ctx.query['doc'].trim() : '';
    // formatted or not: normalized as stored, so it hashes the same
    const doc = normalizeDocument(docQuery);
    if (docQuery !== '' && !isDocumentShaped(doc)) throw new ApiError('invalid_document', 'Busque por um CPF (11 dígitos) ou CNPJ (14 caracteres).', 'doc');
    const before = ctx.query['cursor'] === undefined ? undefined : decodeCursor(ctx.query['cursor']);
    const base = { tenant_id: user.tenant_id, ...(status ? { status } : {}) };
    // the document is found by its keyed reference, one per environment: never by the plain number
    const wheres = doc
      ? (environment ? [environment] : (['live', 'sandbox'] as const)).map((env) => ({ ...base, environment: env, subject_ref: subjectRef(secretKey, user.tenant_id, env, doc) }))
      : [{ ...base, ...(environment ? { environment } : {}) }];
    const found = (await Promise.all(wheres.map((where) => readStore.find<CustomerDoc>('customers', { where, limit: PAGE_SIZE + 1, ...(before ? { before } : {}) }))))
      .flat()
      .sort((a, b) => (a.created_at === b.created_at ? b.customer_id.localeCompare(a.customer_id) : b.created_at.localeCompare(a.created_at)));
    const customers = found.slice(0, PAGE_SIZE);
    const last = customers[customers.length - 1];
    const more =
      found.length > PAGE_SIZE && last
        ? `/dashboard/customers?${new URLSearchParams({ ...(status ? { status } : {}), ...(environment ? { environment } : {}), ...(doc ? { doc } : {}), cursor: encodeCursor({ created_at: last.created_at, id: last.customer_id }) })}`
        : null;
    renderPage(
      ctx,
      'customers',
      {
        rows: customers.map((c) => ({
          ...identity(c),
          pendingDocuments: c.documents.filter((d) => d.status === 'pendente').length,
          openAlerts: (c.open_alerts ?? []).length,
          created: when(c.created_at),
        })),
        filters: { status, environment, doc: docQuery },
        statuses: CUSTOMER_STATUS_LABEL,
        environments: ENVIRONMENT_LABEL,
        more,
      },
      { title: 'Clientes', nav: 'clientes' },
    );
  });

  router.get('/customers/:customer_id', requireUser(), async (ctx) => {
    const user = ctx.state.user!;
    const customer = await tenantCustomer(ctx, services);
    const history = await log.readStream(customerStream(customer.customer_id));
    const [users, hints] = await Promise.all([tenantUsers(readStore, user.tenant_id), keyHints(readStore, user.tenant_id)]);
    const runIds = [...new Set(history.flatMap((e) => (e.type === 'CustomerRunRequested' ? [String(e.data['run_id'])] : [])))];
    const alertIds = [...new Set(history.flatMap((e) => (e.type === 'MonitoringAlertRaised' ? [String(e.data['alert_id'])] : [])))];
    const [runs, alerts] = await Promise.all([readStore.getMany<RunDoc>('runs', runIds), readStore.getMany<AlertDoc>('monitoring_alerts', alertIds)]);
    const canAct = user.role !== 'viewer';
    renderPage(
      ctx,
      'customer',
      {
        customer: {
          ...identity(customer),
          risk: customer.latest_run?.risk_band ? label(BAND_LABEL, customer.latest_run.risk_band) : '—',
          riskClass: customer.latest_run?.risk_band ?? '',
          monitoring: customer.status === 'em_monitoramento' ? 'Em monitoramento contínuo' : 'Fora do monitoramento',
          externalId: customer.external_id,
          created: when(customer.created_at),
        },
        documents: documentsOf(customer, history),
        facial: facialOf(customer),
        runs: runIds
          .flatMap((id) => (runs.get(id) ? [runs.get(id)!.doc] : []))
          .reverse()
          .map((r) => ({
            id: r.run_id,
            created: when(r.created_at),
            status: r.status,
            statusLabel: label(STATUS_LABEL, r.status),
            decision: r.decision ? label(DECISION_LABEL, r.decision) : '—',
            band: r.risk_band ? label(BAND_LABEL, r.risk_band) : '—',
          })),
        alerts: alertIds
          .flatMap((id) => (alerts.get(id) ? [alerts.get(id)!.doc] : []))
          .reverse()
          .map((a) => alertView(a, history)),
        timeline: history.map((e) => ({ at: when(e.metadata.occurred_at), iso: e.metadata.occurred_at, what: eventText(e), who: actorText(e.metadata.actor, users, hints) })).reverse(),
        statuses: CUSTOMER_STATUS_LABEL,
        canAct,
      },
      { title: `Cliente ${nameText(customer.profile['name'])}`, nav: 'clientes' },
    );
  });

  /**
   * A document's file, for the signed-in team of its tenant only. Served as the image its bytes
   * are (sniffed, never the type the uploader declared) or else as a download: a file a customer
   * sent never renders as a page of this origin.
   */
  router.get('/customers/:customer_id/documents/:document_id/file', requireUser(), async (ctx) => {
    const customer = await tenantCustomer(ctx, services);
    const documentId = idParam(ctx.params['document_id'], 'document_not_found', 'Documento não encontrado.');
    const upload = (await log.readStream(customerStream(customer.customer_id))).find((e) => e.type === 'DocumentUploaded' && e.data['document_id'] === documentId);
    const blob = upload ? await blobStore.get(String(upload.data['blob_key'])) : null;
    if (!upload || !blob) throw new ApiError('document_not_found', 'Documento não encontrado.', 'document_id');
    const image = await imageFormat(blob.data);
    const name = typeof upload.data['file_name'] === 'string' ? upload.data['file_name'] : documentId;
    ctx.type = image?.mime ?? 'application/octet-stream';
    ctx.set('Content-Disposition', `${image ? 'inline' : 'attachment'}; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
    ctx.body = blob.data;
  });

  router.post('/customers/:customer_id/documents/:document_id/review', ...analyst, async (ctx) => {
    const customer = await tenantCustomer(ctx, services);
    const documentId = idParam(ctx.params['document_id'], 'document_not_found', 'Documento não encontrado.');
    const index = (await readStore.get<DocumentIndexDoc>('documents', documentId))?.doc;
    if (!index || index.customer_id !== customer.customer_id) throw new ApiError('document_not_found', 'Documento não encontrado.', 'document_id');
    const form = await readForm(ctx);
    const status = formField(form, 'status');
    if (status !== 'aprovado' && status !== 'rejeitado') throw new ApiError('invalid_request', 'Escolha aprovar ou rejeitar.', 'status');
    const reason = formField(form, 'reason').trim();
    // a rejection tells the customer what to fix: never without a reason
    if (status === 'rejeitado' && reason === '') throw new ApiError('invalid_request', 'Informe o motivo da rejeição.', 'reason');
    if (reason.length > 1000) throw new ApiError('invalid_request', 'O motivo tem no máximo 1000 caracteres.', 'reason');
    await applied(runner, await reviewDocument({ log, lookups: readLookups(readStore) }, documentId, { status, reason: reason || null }, userContext(ctx, clock)));
    redirectTo(ctx, `/dashboard/customers/${customer.customer_id}#documento-${documentId}`, status === 'aprovado' ? 'Documento aprovado.' : 'Documento rejeitado.');
  });

  router.post('/customers/:customer_id/status', ...analyst, async (ctx) => {
    const customer = await tenantCustomer(ctx, services);
    const status = formField(await readForm(ctx), 'status');
    if (!CustomerStatus.is(status)) throw new ApiError('invalid_request', 'Escolha uma situação da lista.', 'status');
    await applied(runner, await setCustomerStatus({ log }, customer.customer_id, status, userContext(ctx, clock)));
    redirectTo(ctx, `/dashboard/customers/${customer.customer_id}`, `Situação alterada para ${label(CUSTOMER_STATUS_LABEL, status)}.`);
  });

  router.post('/alerts/:alert_id/resolve', ...analyst, async (ctx) => {
    const alertId = idParam(ctx.params['alert_id'], 'alert_not_found', 'Alerta não encontrado.');
    const alert = await getAlert(readStore, alertId);
    if (!alert || alert.tenant_id !== ctx.state.user!.tenant_id) throw new ApiError('alert_not_found', 'Alerta não encontrado.', 'alert_id');
    const form = await readForm(ctx);
    const resolution = formField(form, 'resolution');
    if (resolution !== 'true_positive' && resolution !== 'false_positive') throw new ApiError('invalid_request', 'Escolha verdadeiro positivo ou falso positivo.', 'resolution');
    const note = formField(form, 'note').trim();
    // as in the operator API: a resolution must say why
    if (note === '' || note.length > 2000) throw new ApiError('invalid_request', 'Explique a conclusão (até 2000 caracteres).', 'note');
    await applied(runner, await resolveAlert({ log, lookups: readLookups(readStore) }, alertId, { resolution, note }, userContext(ctx, clock)));
    redirectTo(ctx, `/dashboard/customers/${alert.customer_id}#alerta-${alertId}`, `Alerta resolvido como ${RESOLUTION_LABEL[resolution]}.`);
  });

  /** The customer's current documents with what their upload recorded (file name, type of file). */
  function documentsOf(customer: CustomerDoc, history: readonly StoredEvent[]) {
    const uploads = new Map(history.filter((e) => e.type === 'DocumentUploaded').map((e) => [String(e.data['document_id']), e.data]));
    const reasons = new Map(history.filter((e) => e.type === 'DocumentReviewed').map((e) => [String(e.data['document_id']), e.data['reason']]));
    return customer.documents.map((d) => {
      const upload = uploads.get(d.document_id);
      const fileName = typeof upload?.['file_name'] === 'string' ? upload['file_name'] : null;
      const reason = reasons.get(d.document_id);
      return {
        id: d.document_id,
        type: d.type,
        status: d.status,
        statusLabel: label(DOCUMENT_STATUS_LABEL, d.status),
        fileName: nameText(fileName),
        image: String(upload?.['mime_type'] ?? '').startsWith('image/'),
        url: upload ? `/dashboard/customers/${customer.customer_id}/documents/${d.document_id}/file` : null,
        reason: typeof reason === 'string' ? reason : null,
        created: when(d.created_at),
      };
    });
  }

  return router;
}

function facialOf(customer: CustomerDoc) {
  const round = customer.facial_verification;
  if (!round) return null;
  return Object.entries(round.checks).map(([check, r]) => ({
    check: FACIAL_CHECK_LABEL[check] ?? check,
    status: r.status,
    score: r.score === null ? '—' : scoreText(r.score),
    at: when(r.completed_at),
  }));
}

function alertView(alert: AlertDoc, history: readonly StoredEvent[]) {
  const raised = history.find((e) => e.type === 'MonitoringAlertRaised' && e.data['alert_id'] === alert.alert_id);
  const explanation = Array.isArray(raised?.data['explanation']) ? (raised.data['explanation'] as { feature: string; score: number; query: string | null; candidate: string | null; detail: string }[]) : [];
  return {
    id: alert.alert_id,
    name: alert.matched_name,
    list: alert.list_id,
    score: scoreText(alert.score),
    status: alert.status,
    statusLabel: label(ALERT_STATUS_LABEL, alert.status),
    resolution: alert.resolution ? RESOLUTION_LABEL[alert.resolution] : null,
    created: when(alert.created_at),
    explanation: explanation.map((e) => ({ feature: FEATURE_LABEL[e.feature] ?? e.feature, score: scoreText(e.score), query: e.query ?? '—', candidate: e.candidate ?? '—', detail: e.detail })),
  };
}

/** An event of the customer's stream as the timeline says it. */
function eventText(event: StoredEvent): string {
  const d = event.data;
  switch (event.type) {
    case 'CustomerRegistered':
      return 'Cliente cadastrado';
    case 'CustomerDraftCompleted':
      return 'Cadastro completado';
    case 'CustomerRunRequested':
      return d['trigger'] === 'periodic_review' ? 'Revisão periódica: consulta solicitada' : 'Consulta solicitada';
    case 'CustomerRunAborted':
      return 'Consulta interrompida';
    case 'CustomerRunConcluded':
      return 'Consulta concluída';
    case 'CustomerStatusChanged':
      return `Situação alterada para ${label(CUSTOMER_STATUS_LABEL, d['status'])}`;
    case 'DocumentUploaded':
      return `Documento enviado (${String(d['type'])})`;
    case 'DocumentReviewed':
      return d['status'] === 'aprovado' ? 'Documento aprovado' : `Documento rejeitado${typeof d['reason'] === 'string' ? `: ${d['reason']}` : ''}`;
    case 'FacialRoundStarted':
      return 'Verificação facial iniciada';
    case 'FacialRoundCompleted':
      return 'Verificação facial concluída';
    case 'MonitoringAlertRaised':
      return `Alerta de monitoramento: ${String(d['matched_name'])} (lista ${String(d['list_id'])})`;
    case 'MonitoringAlertDelisted':
      return 'Alerta encerrado: a entrada saiu da lista';
    case 'MonitoringAlertResolved':
      return `Alerta resolvido como ${label(RESOLUTION_LABEL, d['resolution'])}`;
    default:
      return event.type;
  }
}

/** Who a customer is, as the list and the customer's page both show it. */
function identity(c: CustomerDoc) {
  return {
    id: c.customer_id,
    name: nameText(c.profile['name']),
    doc: maskedDoc(c.profile['doc']),
    type: c.type.toUpperCase(),
    status: c.status,
    statusLabel: label(CUSTOMER_STATUS_LABEL, c.status),
    environment: label(ENVIRONMENT_LABEL, c.environment),
  };
}
