import { isEventOf } from '../domain/shared/events.js';
import { SuspicionCommunicationCancelled, SuspicionCommunicationPrepared, SuspicionCommunicationSent, SuspicionReceiptMatched } from '../domain/suspicion/events.js';
import type { Projection } from './projector.js';

/**
 * A communication of a suspicion case to COAF as the annual negative communication needs it: by
 * reporting CNPJ, when it was sent, and its receipt. Only the original occurrence (`lote`) counts
 * as a communication of the year; its rectifications and cancellations refer back to it.
 */
export interface CnoCommunicationDoc extends Record<string, unknown> {
  communication_id: string;
  tenant_id: string;
  case_id: string;
  reporting_cnpj: string;
  num_ocorrencia: string;
  sent_at: string | null;
  numero_coaf: string | null;
  receipt_matched_at: string | null;
  cancelled_at: string | null;
  created_at: string;
}

const isCommunicationEvent = isEventOf(SuspicionCommunicationPrepared, SuspicionCommunicationSent, SuspicionReceiptMatched, SuspicionCommunicationCancelled);

export const cnoCommunicationsProjection: Projection<CnoCommunicationDoc> = {
  name: 'cno_communications',
  collection: 'cno_communications',
  indexes: [{ fields: ['tenant_id', 'reporting_cnpj'] }],
  documentIds: (event) => (isCommunicationEvent(event) && (event.type !== 'SuspicionCommunicationPrepared' || event.data.kind === 'lote') ? [event.data.communication_id] : []),
  evolve(doc, event) {
    if (!isCommunicationEvent(event)) return doc;
    switch (event.type) {
      case 'SuspicionCommunicationPrepared':
        return {
          communication_id: event.data.communication_id,
          tenant_id: String(event.metadata.tenant_id ?? ''),
          case_id: event.data.case_id,
          reporting_cnpj: event.data.reporting_cnpj,
          num_ocorrencia: event.data.num_ocorrencia,
          sent_at: doc?.sent_at ?? null,
          numero_coaf: doc?.numero_coaf ?? null,
          receipt_matched_at: doc?.receipt_matched_at ?? null,
          cancelled_at: doc?.cancelled_at ?? null,
          created_at: event.data.prepared_at,
        };
      case 'SuspicionCommunicationSent':
        // the first sending counts: a resend of the same occurrence does not move it to another year
        return doc && { ...doc, sent_at: doc.sent_at ?? event.data.sent_at };
      case 'SuspicionReceiptMatched':
        return doc && { ...doc, numero_coaf: event.data.numero_coaf, receipt_matched_at: event.data.matched_at };
      case 'SuspicionCommunicationCancelled':
        return doc && { ...doc, cancelled_at: event.data.cancelled_at };
    }
  },
};
