import type { ReportMode } from '../domain/report/events.js';

export const reportFileName = (runId: string, mode: ReportMode): string => `relatorio-${mode}-${runId}.pdf`;
