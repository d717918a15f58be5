import Router from '@koa/router';
import type Koa from 'koa';
import type { BlobStore } from '../../../adapters/blob-store/port.js';
import type { Clock } from '../../../adapters/clock.js';
import type { EventLog } from '../../../adapters/event-store/event-log.js';
import { imageFormat } from '../../../adapters/image-format.js';
import type { ReadStore } from '../../../adapters/read-store/port.js';
import { resolveAlert } from '../../../commands/alerts.js';
import { declarePepRelationship } from '../../../commands/pep-relationships.js';
import { pepRelationshipForm } from './pep.js';
import { reviewDocument, setCustomerStatus, updateCustomerQualification } from '../../../commands/customer-review.js';
import { getCustomer, type CustomerDoc, type DocumentIndexDoc } from '../../../projections/customers.js';
import { getAlert, type AlertDoc } from '../../../projections/monitoring-alerts.js';
import type { RunDoc } from '../../../projections/runs.js';
import { customerHistory, documentUpload } from '../../../queries/history.js';
import { readLookups } from '../../../queries/lookups.js';
import { customerTimelineNewestFirst } from '../../../queries/timeline.js';
import { ApiError } from '../../errors.js';
import { applied, type Runner } from '../../outcome.js';
import { CUSTOMER_STATUS_LABEL, RESOLUTION_LABEL, label } from '../labels.js';
import { idParam } from '../present.js';
import { keyHints, tenantUsers } from '../queries.js';
import { redirectTo, renderPage } from '../render.js';
import { findCustomers } from '../search.js';
import { csrfGuard, readForm, requireRole, requireUser, userContext } from '../session.js';
import type { DashboardState } from '../state.js';
import { alertResolutionForm, customerFilters, customerStatusForm, documentReviewForm, qualificationForm } from './forms.js';
import { CUSTOMERS_PAGE_SIZE, customerLinks, customerPage, customersPage, customerTitle, type RefusedForm } from './page.js';

type Ctx = Koa.ParameterizedContext<DashboardState>;

export interface CustomersScreenDeps {
  log: EventLog;
  readStore: ReadStore;
  runner: Runner;
  clock: Clock;
  secretKey: string;
  blobStore: BlobStore;
}

const customerNotFound = () => new ApiError('customer_not_found', 'Cliente não encontrado.', 'customer_id');
const documentNotFound = () => new ApiError('document_not_found', 'Documento não encontrado.', 'document_id');

/** A customer of the user's tenant: another tenant's, unknown and malformed ids all read the same 404. */
async function tenantCustomer(ctx: Ctx, readStore: ReadStore): Promise<CustomerDoc> {
  const id = idParam(ctx.params['customer_id'], 'customer_not_found', 'Cliente não encontrado.');
  const customer = await getCustomer(readStore, id);
  if (!customer || customer.tenant_id !== ctx.state.user!.tenant_id) throw customerNotFound();
  return customer;
}

/** The customer's page; after a refused document or alert form, with the error beside its field and what was typed. */
async function showCustomer(deps: CustomersScreenDeps, ctx: Ctx, customer: CustomerDoc, refused: RefusedForm | null = null, status = 200): Promise<void> {
  const { log, readStore } = deps;
  const user = ctx.state.user!;
  const [history, timeline] = await Promise.all([customerHistory(log, customer.customer_id), customerTimelineNewestFirst(readStore, customer.customer_id)]);
  const [users, hints] = await Promise.all([tenantUsers(readStore, user.tenant_id), keyHints(readStore, user.tenant_id)]);
  const { runIds, alertIds } = customerLinks(history);
  const [runs, alerts] = await Promise.all([readStore.getMany<RunDoc>('runs', runIds), readStore.getMany<AlertDoc>('monitoring_alerts', alertIds)]);
  const docs = <T>(found: Map<string, { doc: T }>) => new Map([...found].map(([id, { doc }]) => [id, doc]));
  const page = customerPage({ customer, history, runs: docs(runs), alerts: docs(alerts), users, keyHints: hints, timeline, canAct: user.role !== 'viewer', now: deps.clock.now() });
  renderPage(ctx, 'customer', { ...page, refused }, { title: customerTitle(customer), nav: 'clientes', status });
}

/** A form's own refusal (a field it names) shown on the customer's page; anything else goes on to the error page. */
async function refusedForm<T>(deps: CustomersScreenDeps, ctx: Ctx, customer: CustomerDoc, target: string, parse: () => T): Promise<T | null> {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof ApiError) || error.param === null) throw error;
    const typed = Object.fromEntries([...(ctx.state.form ?? new URLSearchParams()).entries()].filter(([name]) => name !== '_csrf'));
    await showCustomer(deps, ctx, customer, { target, field: error.param, message: error.message, typed }, 400);
    return null;
  }
}

/** Customers: the list, one customer's page (documents, facial checks, runs, alerts, timeline) and its analysts' actions. */
export function customersRouter(deps: CustomersScreenDeps): Router<DashboardState> {
  const { log, readStore, runner, clock, blobStore } = deps;
  const router = new Router<DashboardState>();
  const analyst = [requireUser(), csrfGuard(), requireRole('analyst', 'admin')] as const;

  router.get('/customers', requireUser(), async (ctx) => {
    const filters = customerFilters(ctx);
    const { status, environment, terms, before } = filters;
    const { found, truncated } = await findCustomers({
      readStore,
      secretKey: deps.secretKey,
      tenantId: ctx.state.user!.tenant_id,
      where: status ? { status } : {},
      environment,
      terms,
      before,
      limit: CUSTOMERS_PAGE_SIZE + 1,
    });
    renderPage(ctx, 'customers', customersPage(found, { status, environment, terms, truncated }), { title: 'Clientes', nav: 'clientes' });
  });

  router.get('/customers/:customer_id', requireUser(), async (ctx) => {
    await showCustomer(deps, ctx, await tenantCustomer(ctx, readStore));
  });

  /**
   * A document's file, for the signed-in team of its tenant only. Served as the image its bytes
   * are (sniffed, never the type the uploader declared) or else as a download: a file a customer
   * sent never renders as a page of this origin.
   */
  router.get('/customers/:customer_id/documents/:document_id/file', requireUser(), async (ctx) => {
    const customer = await tenantCustomer(ctx, readStore);
    const documentId = idParam(ctx.params['document_id'], 'document_not_found', 'Documento não encontrado.');
    const upload = await documentUpload(log, customer.customer_id, documentId);
    const blob = upload ? await blobStore.get(upload.blob_key) : null;
    if (!upload || !blob) throw documentNotFound();
    const image = await imageFormat(blob.data);
    const name = upload.file_name ?? documentId;
    ctx.type = image?.mime ?? 'application/octet-stream';
    ctx.set('Content-Disposition', `${image ? 'inline' : 'attachment'}; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
    ctx.body = blob.data;
  });

  router.post('/customers/:customer_id/documents/:document_id/review', ...analyst, async (ctx) => {
    const customer = await tenantCustomer(ctx, readStore);
    const documentId = idParam(ctx.params['document_id'], 'document_not_found', 'Documento não encontrado.');
    const index = (await readStore.get<DocumentIndexDoc>('documents', documentId))?.doc;
    if (!index || index.customer_id !== customer.customer_id) throw documentNotFound();
    const form = await readForm(ctx);
    const review = await refusedForm(deps, ctx, customer, `documento-${documentId}`, () => documentReviewForm(form));
    if (!review) return;
    await applied(runner, await reviewDocument({ log, lookups: readLookups(readStore) }, documentId, review, userContext(ctx, clock)));
    redirectTo(ctx, `/dashboard/customers/${customer.customer_id}#documento-${documentId}`, review.status === 'aprovado' ? 'Documento aprovado.' : 'Documento rejeitado.');
  });

  qualificationRoute(deps, router, analyst);

  router.post('/customers/:customer_id/status', ...analyst, async (ctx) => {
    const customer = await tenantCustomer(ctx, readStore);
    const status = customerStatusForm(await readForm(ctx));
    await applied(runner, await setCustomerStatus({ log }, customer.customer_id, status, userContext(ctx, clock)));
    redirectTo(ctx, `/dashboard/customers/${customer.customer_id}`, `Situação alterada para ${label(CUSTOMER_STATUS_LABEL, status)}.`);
  });

  pepRelationshipRoute(router, deps, analyst);

  router.post('/alerts/:alert_id/resolve', ...analyst, async (ctx) => {
    const alertId = idParam(ctx.params['alert_id'], 'alert_not_found', 'Alerta não encontrado.');
    const alert = await getAlert(readStore, alertId);
    if (!alert || alert.tenant_id !== ctx.state.user!.tenant_id) throw new ApiError('alert_not_found', 'Alerta não encontrado.', 'alert_id');
    const form = await readForm(ctx);
    const customer = (await getCustomer(readStore, alert.customer_id))!;
    const resolution = await refusedForm(deps, ctx, customer, `alerta-${alertId}`, () => alertResolutionForm(form));
    if (!resolution) return;
    await applied(runner, await resolveAlert({ log, lookups: readLookups(readStore) }, alertId, { ...resolution, by: ctx.state.user!.email }, userContext(ctx, clock)));
    redirectTo(ctx, `/dashboard/customers/${alert.customer_id}#alerta-${alertId}`, `Alerta resolvido como ${RESOLUTION_LABEL[resolution.resolution]}.`);
  });

  return router;
}

/** Issue 30: qualification completed within its 30-day grace (Circular 3.978 art. 23), by an analyst. */
function qualificationRoute(deps: CustomersScreenDeps, router: Router<DashboardState>, analyst: readonly Koa.Middleware<DashboardState>[]): void {
  const { log, readStore, runner, clock } = deps;
  router.post('/customers/:customer_id/qualification', ...analyst, async (ctx) => {
    const customer = await tenantCustomer(ctx, readStore);
    const form = await readForm(ctx);
    const fields = await refusedForm(deps, ctx, customer, 'qualificacao', () => qualificationForm(form, customer.type));
    if (!fields) return;
    const user = ctx.state.user!;
    await applied(runner, await updateCustomerQualification({ log }, customer.customer_id, user.tenant_id, fields, `user:${user.email}`, userContext(ctx, clock)));
    redirectTo(ctx, `/dashboard/customers/${customer.customer_id}#qualificacao`, 'Qualificação atualizada.');
  });
}

/** A declared relationship with a PEP (issue 31): the customer is then treated as PEP by its runs. */
function pepRelationshipRoute(router: Router<DashboardState>, deps: CustomersScreenDeps, analyst: readonly Koa.Middleware<DashboardState>[]): void {
  router.post('/customers/:customer_id/pep-relationships', ...analyst, async (ctx) => {
    const customer = await tenantCustomer(ctx, deps.readStore);
    const form = await readForm(ctx);
    const input = await refusedForm(deps, ctx, customer, 'pep-relacionamentos', () => pepRelationshipForm(form));
    if (!input) return;
    await applied(deps.runner, await declarePepRelationship({ log: deps.log }, customer.customer_id, input, userContext(ctx, deps.clock)));
    redirectTo(ctx, `/dashboard/customers/${customer.customer_id}#pep-relacionamentos`, 'Relacionamento com PEP declarado.');
  });
}
