import type { ReadStore } from '../adapters/read-store/port.js';
import type { FxAnalysis } from '../domain/fx/analysis.js';
import { FxOperationEvent } from '../domain/fx/events.js';
import { isEventOf } from '../domain/shared/events.js';
import type { Projection } from './projector.js';

export interface FxOperationDoc extends Record<string, unknown> {
  operation_id: string;
  tenant_id: string;
  status: 'rascunho' | 'registrada';
  nature_code: string;
  direction: 'entrada' | 'saida';
  currency: string;
  amount: string;
  customer_id: string | null;
  counterparty: { name: string; country: string };
  description: string;
  analysis_status: null | 'requested' | 'completed';
  analysis: FxAnalysis | null;
  analysis_catalogued: boolean | null;
  analysis_warnings: string[];
  laudo_number: string | null;
  laudo_file_name: string | null;
  created_at: string;
  submitted_at: string | null;
  analysis_requested_at: string | null;
  analysis_completed_at: string | null;
}

const isFxOperationEvent = isEventOf(FxOperationEvent);

/** FX operations as the operator API reads them (downloads are not part of the document). */
export const fxOperationsProjection: Projection<FxOperationDoc> = {
  name: 'fx_operations',
  collection: 'fx_operations',
  indexes: [{ fields: ['tenant_id'] }, { fields: ['analysis_status'] }],
  documentIds: (event) => (isFxOperationEvent(event) && event.type !== 'LaudoDownloaded' ? [event.data.operation_id] : []),
  evolve(doc, event) {
    if (!isFxOperationEvent(event)) return doc;
    if (event.type === 'FxOperationCreated') {
      const op = event.data;
      return {
        operation_id: op.operation_id,
        tenant_id: op.tenant_id,
        status: 'rascunho',
        nature_code: op.nature_code,
        direction: op.direction,
        currency: op.currency,
        amount: op.amount,
        customer_id: op.customer_id,
        counterparty: op.counterparty,
        description: op.description,
        analysis_status: null,
        analysis: null,
        analysis_catalogued: null,
        analysis_warnings: [],
        laudo_number: null,
        laudo_file_name: null,
        created_at: op.created_at,
        submitted_at: null,
        analysis_requested_at: null,
        analysis_completed_at: null,
      };
    }
    if (!doc) return null;
    switch (event.type) {
      case 'FxOperationSubmitted':
        return { ...doc, status: 'registrada', submitted_at: event.data.submitted_at };
      case 'FxAnalysisRequested':
        return { ...doc, analysis_status: 'requested', analysis_requested_at: event.data.requested_at };
      case 'FxAnalysisCompleted':
        return {
          ...doc,
          analysis_status: 'completed',
          analysis: event.data.analysis,
          analysis_catalogued: event.data.catalogued,
          analysis_warnings: event.data.warnings,
          laudo_number: event.data.laudo_number,
          laudo_file_name: event.data.laudo.file_name,
          analysis_completed_at: event.data.completed_at,
        };
      default:
        return doc;
    }
  },
};

export const getFxOperation = async (store: ReadStore, id: string): Promise<FxOperationDoc | null> => (await store.get<FxOperationDoc>('fx_operations', id))?.doc ?? null;
