import * as E from 'fp-ts/lib/Either.js';
import { DomainError, type Decider } from '../shared/decider.js';
import { FxOperationEvent, type FxAnalysisCompletedData, type FxOperationData } from './events.js';

export const fxOperationStream = (operationId: string): string => `fxop-${operationId}`;

export const LAUDO_DOWNLOADS_PER_HOUR = 10;
const HOUR_MS = 3_600_000;

export type FxOperationState =
  | { status: 'none' }
  | {
      status: 'rascunho' | 'registrada';
      operation: FxOperationData;
      analysis_status: null | 'requested' | 'completed';
      completed: FxAnalysisCompletedData | null;
      /** times of the laudo downloads, oldest first */
      downloads: readonly string[];
    };

export type FxOperationCommand =
  | { type: 'CreateFxOperation'; operation: FxOperationData }
  | { type: 'SubmitFxOperation'; now: string }
  | { type: 'RequestFxAnalysis'; now: string }
  | { type: 'CompleteFxAnalysis'; result: FxAnalysisCompletedData }
  | { type: 'RecordLaudoDownload'; key_id: string; now: string };

const notFound = () => E.left(new DomainError('operation_not_found', 'No such FX operation.', 'id'));

/**
 * An FX operation: drafted (`rascunho`), submitted (`registrada`), then analysed once in the
 * background; the laudo is downloaded at most 10 times in any hour (a sliding window over the
 * recorded downloads, so the limit holds across restarts and processes).
 */
export const fxOperationDecider: Decider<FxOperationCommand, FxOperationState, FxOperationEvent> = {
  initialState: { status: 'none' },
  codec: FxOperationEvent,

  decide(command, state) {
    if (command.type === 'CreateFxOperation') return state.status === 'none' ? E.right([{ type: 'FxOperationCreated', data: command.operation }]) : E.right([]);
    if (state.status === 'none') return notFound();
    const id = state.operation.operation_id;
    switch (command.type) {
      case 'SubmitFxOperation':
        return state.status === 'rascunho' ? E.right([{ type: 'FxOperationSubmitted', data: { operation_id: id, submitted_at: command.now } }]) : E.right([]);
      case 'RequestFxAnalysis':
        if (state.status === 'rascunho') return E.left(new DomainError('operation_is_draft', 'Submit the operation before requesting its analysis.', 'id'));
        if (state.analysis_status !== null) return E.right([]);
        return E.right([{ type: 'FxAnalysisRequested', data: { operation_id: id, tenant_id: state.operation.tenant_id, requested_at: command.now } }]);
      case 'CompleteFxAnalysis':
        if (state.analysis_status === 'completed') return E.right([]);
        if (state.analysis_status !== 'requested') return E.left(new DomainError('analysis_not_requested', 'The analysis of this operation was not requested.', 'id'));
        return E.right([{ type: 'FxAnalysisCompleted', data: command.result }]);
      case 'RecordLaudoDownload': {
        if (state.status === 'rascunho') return E.left(new DomainError('operation_is_draft', 'The operation is a draft (rascunho); it has no laudo.', 'id'));
        if (state.analysis_status === null) return E.left(new DomainError('analysis_not_requested', 'The analysis of this operation was not requested; it has no laudo.', 'id'));
        if (state.analysis_status === 'requested') {
          return E.left(new DomainError('analysis_not_requested', 'The analysis of this operation was requested and has not completed yet; it has no laudo yet.', 'id'));
        }
        const now = Date.parse(command.now);
        const recent = state.downloads.filter((at) => now - Date.parse(at) < HOUR_MS);
        if (recent.length >= LAUDO_DOWNLOADS_PER_HOUR) {
          const retryAfter = Math.max(1, Math.ceil((Date.parse(recent[0]!) + HOUR_MS - now) / 1000));
          return E.left(new DomainError('laudo_download_limit', `The laudo of this operation was downloaded ${LAUDO_DOWNLOADS_PER_HOUR} times in the last hour.`, 'id', { retry_after: retryAfter }));
        }
        return E.right([{ type: 'LaudoDownloaded', data: { operation_id: id, downloaded_at: command.now, key_id: command.key_id } }]);
      }
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },

  evolve(state, event) {
    if (event.type === 'FxOperationCreated') {
      return state.status === 'none' ? { status: 'rascunho', operation: event.data, analysis_status: null, completed: null, downloads: [] } : state;
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'FxOperationSubmitted':
        return { ...state, status: 'registrada' };
      case 'FxAnalysisRequested':
        return { ...state, analysis_status: 'requested' };
      case 'FxAnalysisCompleted':
        return { ...state, analysis_status: 'completed', completed: event.data };
      case 'LaudoDownloaded':
        // only the last hour's downloads matter to any later decision
        return { ...state, downloads: [...state.downloads.filter((at) => Date.parse(event.data.downloaded_at) - Date.parse(at) < HOUR_MS), event.data.downloaded_at] };
      default:
        return state;
    }
  },
};
