import type { Environment, Scope, SubjectType } from '../domain/values/scopes.js';

export interface Principal {
  key_id: string;
  tenant_id: string;
  environment: Environment;
  scopes: readonly Scope[];
  subject_type: SubjectType | null;
  rate_limit_per_minute: number;
}

/** What the middleware learns about a request, typed once for every router. */
export interface RequestState {
  requestId: string;
  startedAt: number;
  version: string;
  /** set by authenticate: the key's principal, or why it has none */
  principal?: Principal;
  authFailure?: 'missing_api_key' | 'invalid_api_key';
  /** the key is valid but its tenant's API channel is off */
  channelDisabled?: boolean;
  /** livemode of the answer: from the key, or from the prefix of a key that failed */
  livemode: boolean;
  /** the parsed JSON body, when the route reads one */
  body?: unknown;
  rawBody?: Buffer;
  /** whose personal data the response holds (the sealing subject of a stored idempotent response) */
  piiSubject?: string;
  /** the customer a document upload is for, loaded before the body is read */
  customer?: unknown;
  /** the list a version upload is for, checked before the body is read */
  listTarget?: unknown;
}
