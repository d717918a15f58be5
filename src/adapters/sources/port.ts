import type { PepRelationship } from '../../domain/customer/pep-relationship.js';
import type { SourceId } from '../../domain/run/catalog.js';
import type { SourceAnswer } from '../../domain/run/answers.js';
import type { SubjectType } from '../../domain/values/scopes.js';
import type { RememberedDisposition } from '../../domain/screening/disposition.js';

/** The answer types are the run's (domain/run/answers.ts): a source adapter produces them. */
export type { SourceAnswer };

export interface SourceRequest {
  run_id: string;
  /** whose run: the tenant's own lists answer `internal_lists` */
  tenant_id: string;
  source_id: SourceId;
  subject: { type: SubjectType; doc: string; name?: string; [field: string]: unknown };
  /**
   * the run's customer's dispositions of list entries as the run started (issue 28): a list
   * source raises no hit on an entry cleared with the content it has now, and records what it used
   */
  memory?: readonly RememberedDisposition[];
  /** the run's clock when its sources are asked (ISO instant): a PEP stays one until the end of grace, on this day */
  now?: string;
  /** the run's customer's declared relationships with PEPs (familiares, estreitos colaboradores): the `pep` source treats the customer as PEP */
  pep_relationships?: readonly PepRelationship[];
  /** the template's parameters of this source (issue 31: `min_total` of tax_debts, in reais) */
  options?: { min_total?: number };
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
