import type { StoredEvent } from '../adapters/event-store/event-log.js';
import type { ErasureEvent } from '../domain/erasure/events.js';
import type { Projection } from './projector.js';

export interface ErasureDoc extends Record<string, unknown> {
  erasure_id: string;
  stream: string;
  tenant_id: string;
  status: 'scheduled' | 'erased';
  due_at: string;
  legal_basis: string | null;
  created_at: string;
}

/** Erasure requests and their state, for the scheduler and the operator. */
export const erasuresProjection: Projection<ErasureDoc> = {
  name: 'erasures',
  collection: 'erasures',
  indexes: [{ fields: ['status'] }],
  documentIds: (event) => (event.stream.startsWith('erasure-') ? [event.stream] : []),
  evolve(doc, stored) {
    const event = stored as StoredEvent<ErasureEvent>;
    if (event.type === 'ErasureRequested') {
      return {
        erasure_id: event.data.erasure_id,
        stream: event.stream,
        tenant_id: event.data.tenant_id,
        status: 'scheduled',
        due_at: event.data.due_at,
        legal_basis: event.data.legal_basis,
        created_at: event.data.requested_at,
      };
    }
    if (event.type === 'ErasureRescheduled') return doc && { ...doc, due_at: event.data.due_at };
    return doc && { ...doc, status: 'erased' };
  },
};
