import { ReportMode } from '../domain/report/events.js';
import { ApiError } from './errors.js';

/** `?mode=resumido|completo`, required, one value. */
export function reportMode(raw: unknown): ReportMode {
  if (typeof raw !== 'string' || !ReportMode.is(raw)) throw new ApiError('invalid_mode', 'mode is required: resumido or completo.', 'mode');
  return raw;
}

export const reportFileName = (runId: string, mode: ReportMode): string => `relatorio-${mode}-${runId}.pdf`;
