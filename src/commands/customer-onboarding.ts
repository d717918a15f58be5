import * as E from 'fp-ts/lib/Either.js';
import { createHash } from 'node:crypto';
import type { BlobStore } from '../adapters/blob-store/port.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { isUuid, newId } from '../adapters/ids.js';
import { checkImage } from '../adapters/image-format.js';
import { DOCUMENT_TYPES } from '../domain/customer/decider.js';
import { customerScreeningFields } from '../domain/screening/subject-query.js';
import { DomainError } from '../domain/shared/decider.js';
import { usableBy, type Template } from '../domain/template/decider.js';
import type { Environment, SubjectType } from '../domain/values/scopes.js';
import { loadTemplate, loadTenant, type Tenant } from './aggregates.js';
import { createCustomer, type CreatedCustomer } from './customers.js';
import { uploadDocument } from './documents.js';
import type { CommandContext } from './handle-command.js';
import { subjectTypeRefusal, webhookUrlRefusal, type WebhookUrlProblem } from './run-requests.js';

export interface OnboardingDeps {
  log: EventLog;
  secretKey: string;
  webhookUrlProblem: WebhookUrlProblem;
}

export interface CustomerRequest {
  tenant_id: string;
  environment: Environment;
  /** the key's person-type restriction */
  allowed_subject_type: SubjectType | null;
  type: SubjectType;
  doc: string;
  profile: Record<string, unknown>;
  external_id: string | null;
  metadata: Record<string, string>;
  run_bureau: boolean;
  template_id: string | null;
  onboarding_profile: string | null;
  webhook_url: string | null;
}

const refuse = (code: string, message: string, param: string, extra?: Record<string, unknown>) => E.left(new DomainError(code, message, param, extra));

/** Template resolution for run_bureau: template_id, then the onboarding profile's, then the tenant default. */
async function resolveTemplate(log: EventLog, tenant: Tenant, type: SubjectType, templateId: string | null, profile: string | null): Promise<E.Either<DomainError, Template>> {
  if (templateId !== null) {
    const template = isUuid(templateId) ? usableBy(await loadTemplate(log, templateId), tenant.tenant_id) : null;
    if (!template || template.definition.subject_type !== type) return refuse('template_not_found', `No published, active ${type} template with this id for the account.`, 'template_id');
    return E.right(template);
  }
  // own names only: a profile called `constructor` would otherwise find Object's
  const candidates = [profile && Object.hasOwn(tenant.onboarding_profiles, profile) ? tenant.onboarding_profiles[profile] : undefined, tenant.settings.default_templates[type] ?? undefined];
  for (const candidate of candidates) {
    if (!candidate) continue;
    const template = usableBy(await loadTemplate(log, candidate), tenant.tenant_id);
    if (template && template.definition.subject_type === type) return E.right(template);
  }
  return refuse('missing_default_template', `No template_id, no valid onboarding_profile and no default ${type} template for the account.`, 'template_id');
}

/** The run's subject fields from the customer's, as the template's parameters ask. */
function runSubject(template: Template, profile: Record<string, unknown>): E.Either<DomainError, Record<string, string>> {
  const missing = template.definition.parameters.filter((p) => typeof profile[p] !== 'string' || profile[p] === '');
  if (missing.length > 0) return refuse('invalid_parametros', `The template needs customer fields that were not sent: ${missing.join(', ')}.`, 'template_id', { invalid_params: missing });
  return E.right(Object.fromEntries(template.definition.parameters.map((p) => [p, String(profile[p])])));
}

/**
 * POST /customers: a birth date in the past, a person type the key may act on, a webhook host
 * that is not inside; with run_bureau, the template and the run's subject from the customer's
 * fields; then the customer created (and its run queued).
 */
export async function onboardCustomer(deps: OnboardingDeps, request: CustomerRequest, context: CommandContext): Promise<E.Either<DomainError, CreatedCustomer>> {
  const birth = request.profile['birth_date'];
  if (typeof birth === 'string' && birth > context.metadata.occurred_at.slice(0, 10)) return refuse('invalid_request', 'birth_date must be a real past date as YYYY-MM-DD.', 'birth_date');
  const refusal = subjectTypeRefusal(request.allowed_subject_type, request.type) ?? (await webhookUrlRefusal(deps.webhookUrlProblem, request.webhook_url));
  if (refusal) return E.left(refusal);
  let template: Template | null = null;
  let subject: Record<string, string> = {};
  if (request.run_bureau) {
    const tenant = (await loadTenant(deps.log, request.tenant_id))!;
    const resolved = await resolveTemplate(deps.log, tenant, request.type, request.template_id, request.onboarding_profile);
    if (E.isLeft(resolved)) return resolved;
    const fields = runSubject(resolved.right, request.profile);
    if (E.isLeft(fields)) return fields;
    // what the customer was registered with screens the run's list sources (and verify-run re-derives them)
    [template, subject] = [resolved.right, { ...customerScreeningFields(request.type, request.profile), ...fields.right }];
  }
  const { tenant_id, environment, type, doc, profile, external_id, metadata, onboarding_profile, webhook_url } = request;
  return createCustomer(deps.log, deps.secretKey, { tenant_id, environment, type, doc, profile, external_id, metadata, onboarding_profile, webhook_url, template, run_subject: subject }, context);
}

export interface DocumentDeps {
  log: EventLog;
  blobStore: BlobStore;
}

export interface UploadedDocument {
  /** the form's type field, as sent */
  type: unknown;
  file: { data: Buffer; file_name: string; mime_type: string } | undefined;
}

/**
 * POST /customers/{id}/documents: the type one of the catalog (the spec's types and the
 * tenant's own), a non-empty file, and an image header that decodes when the file claims to be
 * an image (it may start a billed facial round); then the file stored and recorded.
 */
export async function addCustomerDocument(deps: DocumentDeps, customer: { customer_id: string; tenant_id: string }, upload: UploadedDocument, context: CommandContext) {
  const tenant = (await loadTenant(deps.log, customer.tenant_id))!;
  const catalog = [...DOCUMENT_TYPES, ...tenant.settings.custom_document_types];
  const { type, file } = upload;
  if (typeof type !== 'string' || !catalog.includes(type)) return refuse('invalid_document_type', `type must be one of ${catalog.join(', ')}.`, 'type');
  if (!file || file.data.length === 0) return refuse('invalid_file', 'file is required and must be a non-empty file part.', 'file');
  const image = await checkImage(file.data);
  if (image.kind === 'broken') return refuse('invalid_file', `file starts like ${image.mime} but its image header does not decode.`, 'file');
  const documentId = newId();
  const uploaded = await uploadDocument(
    deps.log,
    deps.blobStore,
    {
      customer_id: customer.customer_id,
      tenant_id: customer.tenant_id,
      document_id: documentId,
      document_type: type,
      file_name: file.file_name,
      mime_type: file.mime_type,
      data: file.data,
      sha256: createHash('sha256').update(file.data).digest('hex'),
    },
    context,
  );
  return E.map((r: { position: number | null; mime_type: string }) => ({ ...r, document_id: documentId, type, file_name: file.file_name }))(uploaded);
}
