import { DomainError } from '../domain/shared/decider.js';

/**
 * Every error code the service answers, with its HTTP status: the interface's table, the
 * statuses decisions.md section 8 gives to the codes the interface leaves open, and the few
 * codes of the operator API. The error `type` follows from the status.
 */
export const ERROR_STATUS = {
  // authentication and authorisation
  missing_api_key: 401,
  invalid_api_key: 401,
  invalid_operator_token: 401,
  insufficient_scope: 403,
  subject_type_not_allowed: 403,
  channel_disabled: 403,
  module_disabled: 403,
  url_expired: 403,
  // the dashboard: a person's session, role and forms
  session_required: 401,
  login_failed: 401,
  forbidden_role: 403,
  csrf_failed: 403,
  billing_suspended: 402,
  // request shape
  invalid_json: 400,
  invalid_request: 400,
  invalid_api_version: 400,
  invalid_id: 400,
  invalid_cursor: 400,
  invalid_limit: 400,
  invalid_date: 400,
  invalid_idempotency_key: 400,
  idempotency_key_reused: 400,
  payload_too_large: 413,
  // runs
  missing_template_id: 400,
  template_not_found: 400,
  invalid_parametros: 400,
  missing_document: 400,
  invalid_document: 400,
  run_not_terminal: 400,
  invalid_mode: 400,
  // customers and documents
  invalid_email: 400,
  invalid_address: 400,
  invalid_field_for_type: 400,
  missing_default_template: 400,
  invalid_file: 400,
  invalid_document_type: 400,
  file_too_large: 400,
  // a suspicion case's evidence (issue 30): content not an accepted type, over 10 MB, unknown on the case
  invalid_evidence_type: 400,
  evidence_too_large: 413,
  // dashboard users
  weak_password: 400,
  // facial verification
  invalid_multipart: 400,
  missing_user_image: 400,
  invalid_checks: 400,
  missing_ref_image: 400,
  invalid_image_format: 400,
  image_too_large: 400,
  // screening
  invalid_list: 400,
  invalid_list_file: 400,
  list_version_refused: 409,
  lists_not_loaded: 409,
  // webhooks, FX
  invalid_webhook_url: 400,
  // the operator's run review: the analyst who decides (four-eyes), one of the tenant's users
  analyst_required: 400,
  analyst_not_found: 400,
  operation_is_draft: 400,
  analysis_not_requested: 400,
  // the regulatory case (issue 30): amendment past the 5th business day, a Siscoaf receipt matching no communication
  justification_required: 400,
  receipt_unmatched: 400,
  invalid_siscoaf_file: 400,
  // not found
  not_found: 404,
  run_not_found: 404,
  customer_not_found: 404,
  pep_relationship_not_found: 404,
  document_not_found: 404,
  operation_not_found: 404,
  report_not_found: 404,
  tenant_not_found: 404,
  api_key_not_found: 404,
  webhook_delivery_not_found: 404,
  list_not_found: 404,
  alert_not_found: 404,
  hit_not_found: 404,
  user_not_found: 404,
  case_not_found: 404,
  evidence_not_found: 404,
  communication_not_found: 404,
  compliance_version_not_found: 404,
  method_not_allowed: 405,
  // conflicts
  customer_already_exists: 409,
  external_id_conflict: 409,
  idempotency_key_in_progress: 409,
  tenant_already_exists: 409,
  concurrent_update: 409,
  alert_already_resolved: 409,
  invalid_run_state: 409,
  // dashboard four-eyes: the second decision must come from another analyst
  four_eyes_required: 409,
  // a quarantined event handed back that failed again (issue 18)
  quarantine_retry_failed: 409,
  user_exists: 409,
  user_deactivated: 409,
  own_account: 409,
  // a customer's case (issue 28): closed already, items still open, escalated already
  case_closed: 409,
  case_has_open_items: 409,
  case_already_escalated: 409,
  // measures recorded for a customer whose sanctions freeze no analyst confirmed (issue 29)
  freeze_not_confirmed: 409,
  // the annual negative communication (issue 30): not required for the year, or recorded with another protocol
  cno_not_required: 409,
  cno_already_recorded: 409,
  // the regulatory case (issue 30): wrong status for the step, four-eyes, the communication to COAF
  invalid_case_status: 409,
  case_not_decided: 409,
  invalid_communication_status: 409,
  communication_not_sent: 409,
  communication_invalid: 409,
  receipt_required: 409,
  // a re-issued invitation for an account that already set its password (a password reset is the way)
  invite_already_accepted: 409,
  // an idempotent replay whose recorded response held personal data since erased
  idempotent_response_erased: 410,
  // a one-time link already used, expired or unknown
  invite_invalid: 410,
  // limits
  rate_limit_exceeded: 429,
  laudo_download_limit: 429,
  // failures
  internal_error: 500,
  storage_failed: 500,
  db_failed: 500,
  biometric_check_failed: 502,
  service_unavailable: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export function errorType(status: number): string {
  if (status === 401 || status === 403) return 'authorization_error';
  if (status === 402) return 'billing_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly param: string | null = null,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = ERROR_STATUS[code];
  }

  body(): { type: string; code: string; message: string; param: string | null } & Record<string, unknown> {
    return { type: errorType(this.status), code: this.code, message: this.message, param: this.param, ...this.extra };
  }
}

export function isErrorCode(code: string): code is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERROR_STATUS, code);
}

/** A domain refusal becomes the API error of the same code; its extras become body fields or headers. */
export function fromDomainError(error: DomainError): ApiError {
  if (!isErrorCode(error.code)) return new ApiError('internal_error', 'An internal error occurred.');
  const { retry_after, ...extra } = error.extra;
  const headers: Record<string, string> = retry_after === undefined ? {} : { 'Retry-After': String(retry_after) };
  return new ApiError(error.code, error.message, error.param, extra, headers);
}
