import { ErasureEvent } from '../domain/erasure/events.js';
import { isEventOf } from '../domain/shared/events.js';
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

const isErasureEvent = isEventOf(ErasureEvent);

/** Erasure requests and their state, for the scheduler and the operator. */
export const erasuresProjection: Projection<ErasureDoc> = {
  name: 'erasures',
  collection: 'erasures',
  indexes: [{ fields: ['status'] }],
  documentIds: (event) => (event.stream.startsWith('erasure-') ? [event.stream] : []),
  evolve(doc, event) {
    if (!isErasureEvent(event)) return doc;
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
