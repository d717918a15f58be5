import { ErasureEvent } from '../domain/erasure/events.js';
import { isEventOf } from '../domain/shared/events.js';
import type { Projection } from './projector.js';

export interface ErasureDoc extends Record<string, unknown> {
  erasure_id: string;
  stream: string;
  tenant_id: string;
  /** held: kept until a legal hold ends (Circular BCB 3.978 art. 67), then carried out as a scheduled one */
  status: 'scheduled' | 'held' | 'erased';
  due_at: string;
  /** the hold as told to the data subject (the customer's or the operation's record), or null */
  legal_hold: { basis: string; record_class: 'customer_kyc' | 'operation'; until: string } | null;
  legal_basis: string | null;
  created_at: string;
}

const isErasureEvent = isEventOf(ErasureEvent);

/** Erasure requests and their state, for the scheduler and the operator. */
export const erasuresProjection: Projection<ErasureDoc> = {
  name: 'erasures',
  collection: 'erasures',
  // a tenant's requests (dashboard Auditoria) are read in order too (test/projections/list-query-plans.spec.ts)
  indexes: [{ fields: ['status'] }, { fields: ['tenant_id'] }],
  documentIds: (event) => (event.stream.startsWith('erasure-') ? [event.stream] : []),
  evolve(doc, event) {
    if (!isErasureEvent(event)) return doc;
    if (event.type === 'ErasureRequested') {
      return {
        erasure_id: event.data.erasure_id,
        stream: event.stream,
        tenant_id: event.data.tenant_id,
        status: event.data.legal_hold ? 'held' : 'scheduled',
        due_at: event.data.due_at,
        legal_basis: event.data.legal_basis,
        legal_hold: event.data.legal_hold ?? null,
        created_at: event.data.requested_at,
      };
    }
    if (event.type === 'ErasureRescheduled') return doc && { ...doc, due_at: event.data.due_at, ...(event.data.legal_hold ? { status: 'held' as const, legal_hold: event.data.legal_hold } : {}) };
    return doc && { ...doc, status: 'erased' };
  },
};
