import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import { createHash } from 'node:crypto';
import { isUuid, newId } from '../../adapters/ids.js';
import { checkImage } from '../../adapters/image-format.js';
import { createCustomer } from '../../commands/customers.js';
import { uploadDocument } from '../../commands/documents.js';
import { subjectRef } from '../../commands/runs.js';
import { DOCUMENT_TYPES } from '../../domain/customer/decider.js';
import { getCustomer, type CustomerDoc } from '../../projections/customers.js';
import { usableTemplate, type TemplateDoc } from '../../projections/templates.js';
import type { TenantDoc } from '../../projections/tenants.js';
import type { Services } from '../../services.js';
import { parseCustomerInput } from '../customer-input.js';
import { customerCreatedView, customerListItem, customerView } from '../customer-views.js';
import { ApiError, fromDomainError } from '../errors.js';
import { commandContext } from '../metadata.js';
import { assertSubjectTypeAllowed, requireScope } from '../middleware/auth.js';
import { jsonBody } from '../middleware/body.js';
import { idempotent } from '../middleware/idempotency.js';
import { findPage } from '../paging.js';
import type { RequestState } from '../state.js';
import { assertWebhookHostAllowed } from './runs.js';
import { assertMultipart, cleanFileName, multipartParser, parseMultipart } from '../uploads.js';

export const DOCUMENT_MAX_BYTES = 4 * 1024 * 1024;
const LIST_STATUSES = ['em_analise', 'aprovado', 'pendencia', 'recusado'];

/** The customer list cursor: `<created_at with +00:00>_<customer_id>`, URL-encoded by the caller. */
export function encodeCustomerCursor(doc: CustomerDoc): string {
  return `${doc.created_at.replace(/Z$/, '+00:00')}_${doc.customer_id}`;
}

export function decodeCustomerCursor(raw: unknown): { created_at: string; id: string } {
  const invalid = new ApiError('invalid_cursor', 'cursor must be the next_cursor of a previous page, URL-encoded (its + must arrive as %2B).', 'cursor');
  if (typeof raw !== 'string') throw invalid;
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?\+00:00)_([0-9a-f-]{36})$/.exec(raw);
  if (!match || !isUuid(match[2]!) || Number.isNaN(Date.parse(match[1]!))) throw invalid;
  return { created_at: new Date(match[1]!).toISOString(), id: match[2]! };
}

/** Template resolution for run_bureau: template_id, then the onboarding profile's, then the tenant default. */
async function resolveTemplate(services: Services, tenant: TenantDoc, type: 'pf' | 'pj', templateId: string | null, profile: string | null): Promise<TemplateDoc> {
  const { readStore } = services;
  if (templateId !== null) {
    const template = isUuid(templateId) ? await usableTemplate(readStore, tenant.tenant_id, templateId) : null;
    if (!template || template.definition.subject_type !== type) {
      throw new ApiError('template_not_found', `No published, active ${type} template with this id for the account.`, 'template_id');
    }
    return template;
  }
  // own names only: a profile called `constructor` would otherwise find Object's
  const candidates = [profile && Object.hasOwn(tenant.onboarding_profiles, profile) ? tenant.onboarding_profiles[profile] : undefined, tenant.settings.default_templates[type] ?? undefined];
  for (const candidate of candidates) {
    if (!candidate) continue;
    const template = await usableTemplate(readStore, tenant.tenant_id, candidate);
    if (template && template.definition.subject_type === type) return template;
  }
  throw new ApiError('missing_default_template', `No template_id, no valid onboarding_profile and no default ${type} template for the account.`, 'template_id');
}

/** The run's subject fields from the customer's, as the template's parameters ask. */
function runSubject(template: TemplateDoc, profile: Record<string, unknown>): Record<string, string> {
  const missing = template.definition.parameters.filter((p) => typeof profile[p] !== 'string' || profile[p] === '');
  if (missing.length > 0) {
    throw new ApiError('invalid_parametros', `The template needs customer fields that were not sent: ${missing.join(', ')}.`, 'template_id', { invalid_params: missing });
  }
  return Object.fromEntries(template.definition.parameters.map((p) => [p, String(profile[p])]));
}

/** Public customers and their documents (interface: customers endpoints). */
export function customersRouter(services: Services): Router<RequestState> {
  const { readStore, runner, clock, config, secretKey, docCache } = services;
  const router = new Router<RequestState>();
  const upload = multipartParser({ fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 });

  const loadCustomer = async (state: RequestState, id: string): Promise<CustomerDoc> => {
    if (!isUuid(id)) throw new ApiError('invalid_id', 'customer_id must be a UUID.', 'id');
    const doc = await getCustomer(readStore, id);
    const principal = state.principal!;
    if (!doc || doc.tenant_id !== principal.tenant_id || doc.environment !== principal.environment) throw new ApiError('customer_not_found', 'No such customer.', 'id');
    assertSubjectTypeAllowed(state, doc.type);
    return doc;
  };

  router.post('/customers', requireScope('customers:write'), jsonBody(), idempotent('POST /api/v1/customers', services.idempotency, clock), async (ctx) => {
    const principal = ctx.state.principal!;
    const input = parseCustomerInput(ctx.state.body, config.webhookAllowInsecure, clock.now().toISOString().slice(0, 10));
    assertSubjectTypeAllowed(ctx.state, input.type);
    await assertWebhookHostAllowed((url) => services.webhooks.endpointUrlProblem(url), input.webhook_url);
    const tenant = (await docCache.get<TenantDoc>('tenants', principal.tenant_id))!;
    const template = input.run_bureau ? await resolveTemplate(services, tenant, input.type, input.template_id, input.onboarding_profile) : null;
    const created = await createCustomer(
      services.log,
      secretKey,
      {
        tenant_id: principal.tenant_id,
        environment: principal.environment,
        type: input.type,
        doc: input.doc,
        profile: input.profile,
        external_id: input.external_id,
        metadata: input.metadata,
        onboarding_profile: input.onboarding_profile,
        webhook_url: input.webhook_url,
        template,
        run_subject: template ? runSubject(template, input.profile) : {},
      },
      commandContext(ctx, clock, principal.tenant_id),
    );
    if (E.isLeft(created)) throw fromDomainError(created.left);
    await runner.waitFor(created.right.position);
    const doc = await getCustomer(readStore, created.right.customer_id);
    if (!doc) throw new ApiError('db_failed', 'The customer was recorded but could not be read back; retry with the same Idempotency-Key.');
    ctx.state.piiSubject = subjectRef(secretKey, principal.tenant_id, principal.environment, input.doc);
    ctx.status = 201;
    ctx.body = customerCreatedView(doc, created.right.run_id);
  });

  router.get('/customers', requireScope('customers:read'), async (ctx) => {
    const principal = ctx.state.principal!;
    const q = ctx.query;
    const where: Record<string, string> = { tenant_id: principal.tenant_id, environment: principal.environment };
    const type = q['type'];
    if (type !== undefined) {
      if (type !== 'pf' && type !== 'pj') throw new ApiError('invalid_request', 'type must be pf or pj.', 'type');
      assertSubjectTypeAllowed(ctx.state, type);
      where['type'] = type;
    } else if (principal.subject_type) {
      where['type'] = principal.subject_type;
    }
    const status = q['status'];
    if (status !== undefined) {
      if (typeof status !== 'string' || !LIST_STATUSES.includes(status)) throw new ApiError('invalid_request', `status must be one of ${LIST_STATUSES.join(', ')}.`, 'status');
      where['status'] = status;
    }
    const externalId = q['external_id'];
    if (externalId !== undefined) {
      if (typeof externalId !== 'string' || externalId === '') throw new ApiError('invalid_request', 'external_id must be a single value.', 'external_id');
      where['external_id'] = externalId;
    }
    const doc = q['doc'];
    if (doc !== undefined) {
      if (typeof doc !== 'string' || !/^(\d{11}|\d{14})$/.test(doc)) throw new ApiError('invalid_document', 'doc must be 11 or 14 digits.', 'doc');
      where['subject_ref'] = subjectRef(secretKey, principal.tenant_id, principal.environment, doc);
    }
    const before = q['cursor'] === undefined ? undefined : decodeCustomerCursor(q['cursor']);
    const { data, hasMore } = await findPage<CustomerDoc>(readStore, 'customers', where, q, before);
    ctx.body = {
      data: data.map(customerListItem),
      has_more: hasMore,
      next_cursor: hasMore ? encodeCustomerCursor(data[data.length - 1]!) : null,
      livemode: ctx.state.livemode,
    };
  });

  router.get('/customers/:id', requireScope('customers:read'), async (ctx) => {
    ctx.body = customerView(await loadCustomer(ctx.state, ctx.params['id']!));
  });

  router.post(
    '/customers/:id/documents',
    requireScope('customers:write'),
    async (ctx, next) => {
      // the customer first: no upload is read for a customer that does not exist for this key
      ctx.state.customer = await loadCustomer(ctx.state, ctx.params['id']!);
      assertMultipart(ctx, 'The body must be multipart/form-data with a file and a type.');
      await parseMultipart(ctx, upload.single('file'), next, multipartError);
    },
    async (ctx) => {
      const customer = ctx.state.customer as CustomerDoc;
      const file = (ctx as unknown as { file?: { buffer: Buffer; originalname: string; mimetype: string; size: number } }).file;
      const fields = ((ctx.request as unknown as { body?: Record<string, unknown> }).body ?? {}) as Record<string, unknown>;
      const type = fields['type'];
      const tenant = (await docCache.get<TenantDoc>('tenants', customer.tenant_id))!;
      const catalog = [...DOCUMENT_TYPES, ...tenant.settings.custom_document_types];
      if (typeof type !== 'string' || !catalog.includes(type)) {
        throw new ApiError('invalid_document_type', `type must be one of ${catalog.join(', ')}.`, 'type');
      }
      if (!file || file.size === 0) throw new ApiError('invalid_file', 'file is required and must be a non-empty file part.', 'file');
      // any file is a document, but one that claims to be an image must be one: it may start a billed facial round
      const image = await checkImage(file.buffer);
      if (image.kind === 'broken') throw new ApiError('invalid_file', `file starts like ${image.mime} but its image header does not decode.`, 'file');
      const fileName = cleanFileName(file.originalname);
      const documentId = newId();
      const context = commandContext(ctx, clock, customer.tenant_id);
      const result = await uploadDocument(services.log, services.blobStore, {
        customer_id: customer.customer_id,
        tenant_id: customer.tenant_id,
        document_id: documentId,
        document_type: type,
        file_name: fileName,
        mime_type: /^[\w.+-]+\/[\w.+-]+$/.test(file.mimetype) ? file.mimetype : 'application/octet-stream',
        data: file.buffer,
        sha256: createHash('sha256').update(file.buffer).digest('hex'),
      }, context);
      if (E.isLeft(result)) throw fromDomainError(result.left);
      await runner.waitFor(result.right.position);
      ctx.status = 201;
      ctx.body = {
        document_id: documentId,
        object: 'document',
        type,
        status: 'pendente',
        file_name: fileName,
        mime_type: result.right.mime_type,
        created_at: context.metadata.occurred_at,
        livemode: ctx.state.livemode,
      };
    },
  );

  return router;
}

function multipartError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'LIMIT_FILE_SIZE') return new ApiError('file_too_large', 'The file exceeds 4 MB (4,194,304 bytes).', 'file');
  if (code === 'LIMIT_UNEXPECTED_FILE' || code === 'LIMIT_FILE_COUNT') return new ApiError('invalid_file', 'Send exactly one file, in the part named file.', 'file');
  if (typeof code === 'string' && code.startsWith('LIMIT_')) return new ApiError('invalid_multipart', 'The multipart body has too many or too large parts.');
  return new ApiError('invalid_multipart', 'The body is not valid multipart/form-data.');
}
