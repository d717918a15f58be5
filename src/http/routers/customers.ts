import Router from '@koa/router';
import type Koa from 'koa';
import { addCustomerDocument, onboardCustomer } from '../../commands/customer-onboarding.js';
import { subjectRef } from '../../commands/runs.js';
import { getCustomer, type CustomerDoc } from '../../projections/customers.js';
import type { Idempotency } from '../../commands/idempotency.js';
import type { WebhookUrlProblem } from '../../commands/run-requests.js';
import type { DocCache } from '../../projections/doc-cache.js';
import type { FileDeps, WriteDeps } from '../deps.js';
import { customerCreatedView, customerListItem, customerView, documentView } from '../customer-views.js';
import { parseQualificationInput } from '../customer-input.js';
import { updateCustomerQualification } from '../../commands/customer-review.js';
import { decodeBody, decodeInput } from '../decode.js';
import { ApiError } from '../errors.js';
import { commandContext } from '../metadata.js';
import { assertSubjectTypeAllowed, requireScope } from '../middleware/auth.js';
import { jsonBody } from '../middleware/body.js';
import { idempotent } from '../middleware/idempotency.js';
import { CreateCustomerBody, CustomerIdParams, encodeCustomerCursor, ListCustomersQuery } from '../operations/customers.js';
import { applied } from '../outcome.js';
import { findPage } from '../paging.js';
import type { RequestState } from '../state.js';
import { assertMultipart, cleanFileName, multipartParser, parseMultipart } from '../uploads.js';

export const DOCUMENT_MAX_BYTES = 4 * 1024 * 1024;

export interface CustomersRouterDeps extends WriteDeps, FileDeps {
  docCache: DocCache;
  idempotency: Idempotency;
  webhookUrlProblem: WebhookUrlProblem;
}
type UploadedFile = { buffer: Buffer; originalname: string; mimetype: string };

/** Public customers and their documents (interface: customers endpoints). */
export function customersRouter(services: CustomersRouterDeps): Router<RequestState> {
  const { readStore, runner, clock, secretKey } = services;
  const router = new Router<RequestState>();
  const upload = multipartParser({ fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 });

  /** A customer of this key's tenant and environment, or 404 (another tenant's does not exist for it). */
  const loadCustomer = async (ctx: Koa.ParameterizedContext<RequestState>): Promise<CustomerDoc> => {
    const { id } = decodeInput(CustomerIdParams, ctx.params);
    const doc = await getCustomer(readStore, id);
    const principal = ctx.state.principal!;
    if (!doc || doc.tenant_id !== principal.tenant_id || doc.environment !== principal.environment) throw new ApiError('customer_not_found', 'No such customer.', 'id');
    assertSubjectTypeAllowed(ctx.state, doc.type);
    return doc;
  };

  router.post('/customers', requireScope('customers:write'), jsonBody(), idempotent('POST /api/v1/customers', services.idempotency, clock), async (ctx) => {
    const principal = ctx.state.principal!;
    const input = decodeBody(CreateCustomerBody, ctx.state.body);
    const request = { ...input, tenant_id: principal.tenant_id, environment: principal.environment, allowed_subject_type: principal.subject_type };
    const created = await applied(runner, await onboardCustomer(services, request, commandContext(ctx, clock, principal.tenant_id)));
    const doc = await getCustomer(readStore, created.customer_id);
    if (!doc) throw new ApiError('db_failed', 'The customer was recorded but could not be read back; retry with the same Idempotency-Key.');
    ctx.state.piiSubject = subjectRef(secretKey, principal.tenant_id, principal.environment, input.doc);
    ctx.status = 201;
    ctx.body = customerCreatedView(doc, created.run_id);
  });

  router.get('/customers', requireScope('customers:read'), async (ctx) => {
    const principal = ctx.state.principal!;
    const { type, status, external_id, doc, cursor, ...page } = decodeInput(ListCustomersQuery, ctx.query);
    if (type !== undefined) assertSubjectTypeAllowed(ctx.state, type);
    const where = {
      tenant_id: principal.tenant_id,
      environment: principal.environment,
      ...((type ?? principal.subject_type) ? { type: (type ?? principal.subject_type)! } : {}),
      ...(status === undefined ? {} : { status }),
      ...(external_id === undefined ? {} : { external_id }),
      ...(doc === undefined ? {} : { subject_ref: subjectRef(secretKey, principal.tenant_id, principal.environment, doc) }),
    };
    const { data, hasMore } = await findPage<CustomerDoc>(readStore, 'customers', where, page, cursor);
    ctx.body = {
      data: data.map(customerListItem),
      has_more: hasMore,
      next_cursor: hasMore ? encodeCustomerCursor(data[data.length - 1]!) : null,
      livemode: ctx.state.livemode,
    };
  });

  router.get('/customers/:id', requireScope('customers:read'), async (ctx) => {
    ctx.body = customerView(await loadCustomer(ctx), clock.now());
  });

  qualificationRoute(router, services, loadCustomer);
  router.post(
    '/customers/:id/documents',
    requireScope('customers:write'),
    async (ctx, next) => {
      // the customer first: no upload is read for a customer that does not exist for this key
      ctx.state.customer = await loadCustomer(ctx);
      assertMultipart(ctx, 'The body must be multipart/form-data with a file and a type.');
      await parseMultipart(ctx, upload.single('file'), next, multipartError);
    },
    async (ctx) => {
      const customer = ctx.state.customer as CustomerDoc;
      const file = (ctx as unknown as { file?: UploadedFile }).file;
      const fields = ((ctx.request as unknown as { body?: Record<string, unknown> }).body ?? {}) as Record<string, unknown>;
      const context = commandContext(ctx, clock, customer.tenant_id);
      const upload = {
        type: fields['type'],
        file: file && { data: file.buffer, file_name: cleanFileName(file.originalname), mime_type: /^[\w.+-]+\/[\w.+-]+$/.test(file.mimetype) ? file.mimetype : 'application/octet-stream' },
      };
      const document = await applied(runner, await addCustomerDocument(services, customer, upload, context));
      ctx.status = 201;
      ctx.body = documentView(document, context.metadata.occurred_at, ctx.state.livemode);
    },
  );

  return router;
}

/** Issue 30: qualification completed after registration (Circular 3.978 art. 23, 30 days). */
function qualificationRoute(router: Router<RequestState>, services: CustomersRouterDeps, loadCustomer: (ctx: Koa.ParameterizedContext<RequestState>) => Promise<CustomerDoc>): void {
  const { readStore, runner, clock } = services;
  router.post('/customers/:id/qualification', requireScope('customers:write'), jsonBody(), async (ctx) => {
    const customer = await loadCustomer(ctx);
    const fields = parseQualificationInput(ctx.state.body, customer.type);
    const principal = ctx.state.principal!;
    const context = commandContext(ctx, clock, customer.tenant_id);
    await applied(runner, await updateCustomerQualification(services, customer.customer_id, principal.tenant_id, fields, `api_key:${principal.key_id}`, context));
    ctx.state.piiSubject = customer.subject_ref;
    ctx.body = customerView((await getCustomer(readStore, customer.customer_id))!, clock.now());
  });
}

function multipartError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'LIMIT_FILE_SIZE') return new ApiError('file_too_large', 'The file exceeds 4 MB (4,194,304 bytes).', 'file');
  if (code === 'LIMIT_UNEXPECTED_FILE' || code === 'LIMIT_FILE_COUNT') return new ApiError('invalid_file', 'Send exactly one file, in the part named file.', 'file');
  if (typeof code === 'string' && code.startsWith('LIMIT_')) return new ApiError('invalid_multipart', 'The multipart body has too many or too large parts.');
  return new ApiError('invalid_multipart', 'The body is not valid multipart/form-data.');
}
