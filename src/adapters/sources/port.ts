import type { SourceId } from '../../domain/run/catalog.js';
import type { SubjectType } from '../../domain/values/scopes.js';

export type CheckStatus = 'VALID' | 'INVALID' | 'NO_DATA' | 'ERROR';
export type Severity = 'info' | 'low' | 'medium' | 'high' | 'critical';

export interface CheckAnswer {
  check_id: string;
  status: CheckStatus;
  result_code: string;
  result_label: string;
  /** for INVALID answers: how bad the finding is, and what to say about it */
  severity?: Severity;
  title?: string;
  detail?: string;
}

/** A source's answer for one subject: normalised checks and data, never the raw payload. */
export interface SourceAnswer {
  /** ERROR when the source failed technically (then checks may be empty) */
  status: 'ANSWERED' | 'ERROR';
  checks: CheckAnswer[];
  /** normalised fields of the subject (names, CNAEs, partners, proceedings, media items...) */
  data: Record<string, unknown>;
  error_code: string | null;
  error_message: string | null;
}

export interface SourceRequest {
  run_id: string;
  source_id: SourceId;
  subject: { type: SubjectType; doc: string; name?: string; [field: string]: unknown };
}

/** One data source (or a provider serving many). Implementations never throw: failures are ERROR answers. */
export interface Source {
  query(request: SourceRequest, signal: AbortSignal): Promise<SourceAnswer>;
}

export const errorAnswer = (error_code: string, error_message: string): SourceAnswer => ({
  status: 'ERROR',
  checks: [],
  data: {},
  error_code,
  error_message,
});
