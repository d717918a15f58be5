import * as t from 'io-ts';
import { boundedString } from '../decode.js';
import { oneOf, PositionCursor, uuidParam, Limit } from './shared.js';

/** The input of each operator case operation (issue 28: a case per customer). */

export const CASE_STATUSES = ['open', 'in_progress', 'escalated', 'closed'] as const;
export const CASE_PRIORITIES = ['alta', 'media', 'baixa'] as const;

export const TenantCasesParams = t.type({ tenant_id: uuidParam('tenant_id') });
export const ListCasesQuery = t.partial({
  status: oneOf(CASE_STATUSES, `status must be one of ${CASE_STATUSES.join(', ')}.`),
  /** a dashboard user's id, or `none` for the unassigned */
  assignee: boundedString(100),
  priority: oneOf(CASE_PRIORITIES, `priority must be one of ${CASE_PRIORITIES.join(', ')}.`),
  cursor: PositionCursor,
  limit: Limit,
});
export const CaseIdParams = t.type({ case_id: uuidParam('case_id') });

const Assignee = t.union([uuidParam('assignee'), t.null]);

export const CommentCaseBody = t.intersection([t.type({ text: boundedString(4000) }), t.partial({ analyst: uuidParam('analyst') })]);
export const AssignCaseBody = t.type({ assignee: Assignee });
export const AssignCasesBody = t.type({ case_ids: t.array(uuidParam('case_ids')), assignee: Assignee });
export const CaseNoteBody = t.type({ note: boundedString(4000) });
