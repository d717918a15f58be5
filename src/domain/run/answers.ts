import * as t from 'io-ts';

/** What a source said about one check of the subject: the run records it and evaluates it. */
export const CheckStatus = t.keyof({ VALID: null, INVALID: null, NO_DATA: null, ERROR: null });
export type CheckStatus = t.TypeOf<typeof CheckStatus>;

export const Severity = t.keyof({ info: null, low: null, medium: null, high: null, critical: null });
export type Severity = t.TypeOf<typeof Severity>;

export const CheckAnswer = t.intersection([
  t.type({ check_id: t.string, status: CheckStatus, result_code: t.string, result_label: t.string }),
  /** for INVALID answers: how bad the finding is, and what to say about it */
  t.partial({ severity: Severity, title: t.string, detail: t.string }),
]);
export type CheckAnswer = t.TypeOf<typeof CheckAnswer>;

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
