import * as t from 'io-ts';

/** The kinds of case a compliance team works through in the dashboard's queue. */
export const CaseKind = t.keyof({ run: null, alert: null, document: null });
export type CaseKind = t.TypeOf<typeof CaseKind>;

/**
 * Who on the tenant's team works a case (null: back to the pool). On its own stream
 * `assignment-<kind>-<case_id>`, so assigning never contends with the case's own writes.
 */
export const CaseAssigned = t.type({
  type: t.literal('CaseAssigned'),
  data: t.type({ tenant_id: t.string, kind: CaseKind, case_id: t.string, assignee: t.union([t.string, t.null]), assigned_at: t.string }),
});

export const AssignmentEvent = CaseAssigned;
export type AssignmentEvent = t.TypeOf<typeof CaseAssigned>;
