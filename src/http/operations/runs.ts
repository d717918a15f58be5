import * as t from 'io-ts';
import { ReportMode } from '../../domain/report/events.js';
import { parsed, refusing, stringUpTo } from '../decode.js';
import { ApiError } from '../errors.js';
import { PageQuery, PositionCursor, singleValue, uuidParam } from './shared.js';

/** The input of each bureau-run operation, public and operator. */

export const RUN_STATUS_FILTERS = ['queued', 'pending', 'running', 'completed', 'blocked', 'pending_review', 'partial', 'failed', 'em_analise', 'cancelado'] as const;
type RunStatusFilter = (typeof RUN_STATUS_FILTERS)[number];

export const RunIdParams = t.type({ run_id: uuidParam('run_id') });

export function validateExternalId(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length === 0 || value.length > 255) throw new ApiError('invalid_request', 'external_id must be a string of 1 to 255 characters.', 'external_id');
  return value;
}

export function validateMetadata(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new ApiError('invalid_request', 'metadata must be an object of string pairs.', 'metadata');
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > 10) throw new ApiError('invalid_request', 'metadata holds at most 10 pairs.', 'metadata');
  for (const [key, v] of entries) {
    if (key.length === 0 || key.length > 40) throw new ApiError('invalid_request', 'metadata keys must have 1 to 40 characters.', 'metadata');
    if (typeof v !== 'string' || v.length > 500) throw new ApiError('invalid_request', `metadata.${key} must be a string of at most 500 characters.`, 'metadata');
  }
  return value as Record<string, string>;
}

/** Only the type: the URL's own rules and its host are the command's to check (they depend on the deployment). */
export function validateWebhookUrl(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new ApiError('invalid_webhook_url', 'webhook_url must be a string.', 'webhook_url');
  return value;
}

export const ExternalId = parsed('external_id', validateExternalId);
/** null is kept (the document allows it): the command reads it as no metadata. */
export const Metadata = parsed('metadata', (value) => (value === null ? null : validateMetadata(value)));
export const WebhookUrl = parsed('webhook_url', validateWebhookUrl);

export const CreateRunBody = t.intersection([
  t.type({
    template_id: refusing(t.refinement(t.string, (s) => s !== ''), 'missing_template_id', 'template_id is required and must be a string.', 'template_id'),
    // its fields are the template's parameters: the command checks it against the template
    subject: t.unknown,
  }),
  t.partial({ external_id: ExternalId, metadata: Metadata, webhook_url: WebhookUrl }),
]);

export const ListRunsQuery = t.partial({
  status: parsed('status', (v) => {
    if (typeof v !== 'string' || v === '') throw new ApiError('invalid_request', 'status must be a single value.', 'status');
    if (!(RUN_STATUS_FILTERS as readonly string[]).includes(v)) throw new ApiError('invalid_request', `status must be one of ${RUN_STATUS_FILTERS.join(', ')}.`, 'status');
    return v as RunStatusFilter;
  }),
  template_id: singleValue('template_id'),
  external_id: singleValue('external_id'),
  cursor: PositionCursor,
  ...PageQuery,
});

/** `?mode=resumido|completo`, required, one value. */
export const ReportModeQuery = t.type({ mode: refusing(ReportMode, 'invalid_mode', 'mode is required: resumido or completo.', 'mode') });

/** `note` required (a blank one is refused by the decider, field `note`); `analyst` names the deciding user (operator API). */
export const ReviewRunBody = t.intersection([
  t.type({ decision: t.keyof({ approved: null, rejected: null }), note: stringUpTo(2000, 'note has at most 2000 characters.') }),
  t.partial({ analyst: stringUpTo(320, 'analyst has at most 320 characters.') }),
]);

/** POST /operator/v1/runs/{run_id}/retry-sources: no body, or the failed sources to ask again. */
export const RetrySourcesBody = t.partial({ sources: t.array(stringUpTo(64, 'each source id has at most 64 characters.')) });
