import type { ReadStore } from '../adapters/read-store/port.js';
import { CaseAssigned, type CaseKind } from '../domain/assignment/events.js';
import { isEventOf } from '../domain/shared/events.js';
import type { Projection } from './projector.js';

export interface AssignmentDoc extends Record<string, unknown> {
  tenant_id: string;
  kind: CaseKind;
  case_id: string;
  assignee: string | null;
  assigned_at: string;
  created_at: string;
}

export const ASSIGNMENTS = 'case_assignments';
const isAssigned = isEventOf(CaseAssigned);
export const assignmentId = (kind: CaseKind, caseId: string): string => `${kind}:${caseId}`;

/** Who works each case of the dashboard's queue. */
export const assignmentsProjection: Projection<AssignmentDoc> = {
  name: 'case_assignments',
  collection: ASSIGNMENTS,
  indexes: [{ fields: ['tenant_id'] }, { fields: ['assignee'] }],
  documentIds: (event) => (isAssigned(event) ? [assignmentId(event.data.kind, event.data.case_id)] : []),
  evolve(doc, event) {
    if (!isAssigned(event)) return doc;
    const { tenant_id, kind, case_id, assignee, assigned_at } = event.data;
    return { tenant_id, kind, case_id, assignee, assigned_at, created_at: doc?.created_at ?? assigned_at };
  },
};

/** The assignees of some cases of one kind, by case id (unassigned cases absent). */
export async function assigneesOf(store: ReadStore, kind: CaseKind, caseIds: readonly string[]): Promise<Map<string, string>> {
  const found = await store.getMany<AssignmentDoc>(ASSIGNMENTS, caseIds.map((id) => assignmentId(kind, id)));
  const assignees = new Map<string, string>();
  for (const { doc } of found.values()) if (doc.assignee !== null) assignees.set(doc.case_id, doc.assignee);
  return assignees;
}
