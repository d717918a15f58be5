import { isEventOf } from '../domain/shared/events.js';
import { dossierRetentionUntil, operationRetentionUntil } from '../domain/retention/clocks.js';
import { SuspicionCaseClosed, SuspicionCaseDismissed, SuspicionCaseOpened } from '../domain/suspicion/events.js';
import type { Projection } from './projector.js';

/**
 * The retention clocks of a regulatory case (Circular BCB 3.978 art. 67), keyed by case id beside
 * the suspicion_cases read model: the operation's record from 1 January after it (III), and the
 * dossier (IV) ten years from the closure and never before the operation's record. While the case
 * is open the dossier's clock has not started (null). A dismissed case has no dossier: its
 * operation's record is what is kept. The customer's KYC clock (I) moves with the customer's
 * activity and is added when an erasure asks (src/commands/legal-hold.ts).
 */
export interface CaseRetentionDoc extends Record<string, unknown> {
  case_id: string;
  tenant_id: string;
  occurred_at: string;
  operation_retention_until: string;
  closed_at: string | null;
  dismissed_at: string | null;
  /** the case's records may go from this instant; null while the case is open */
  retention_until: string | null;
  created_at: string;
}

const isRetentionEvent = isEventOf(SuspicionCaseOpened, SuspicionCaseClosed, SuspicionCaseDismissed);

export const caseRetentionProjection: Projection<CaseRetentionDoc> = {
  name: 'case_retention',
  collection: 'case_retention',
  indexes: [{ fields: ['tenant_id'] }],
  documentIds: (event) => (isRetentionEvent(event) ? [event.data.case_id] : []),
  evolve(doc, event) {
    if (!isRetentionEvent(event)) return doc;
    switch (event.type) {
      case 'SuspicionCaseOpened': {
        const { case_id, tenant_id, occurred_at, opened_at } = event.data;
        return { case_id, tenant_id, occurred_at, operation_retention_until: operationRetentionUntil(occurred_at), closed_at: null, dismissed_at: null, retention_until: null, created_at: opened_at };
      }
      case 'SuspicionCaseDismissed':
        return doc && { ...doc, dismissed_at: event.data.dismissed_at, retention_until: doc.operation_retention_until };
      case 'SuspicionCaseClosed': {
        if (!doc) return doc;
        const closed = event.data.closed_at;
        const until = doc.dismissed_at ? doc.operation_retention_until : dossierRetentionUntil({ closed_at: closed, now: closed, kyc_until: null, operation_until: doc.operation_retention_until });
        return { ...doc, closed_at: closed, retention_until: until };
      }
    }
  },
};
