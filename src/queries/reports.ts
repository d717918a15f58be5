import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { findReport, runNotTerminal } from '../commands/reports.js';
import type { ReportGeneratedData, ReportMode } from '../domain/report/events.js';
import { TERMINAL, type RunStatus } from '../domain/run/decider.js';
import { DomainError } from '../domain/shared/decider.js';

/** A terminal run's stored report: 400 while the run is not terminal, 404 until it is generated. */
export async function storedReport(log: EventLog, run: { run_id: string; status: RunStatus }, mode: ReportMode): Promise<E.Either<DomainError, ReportGeneratedData>> {
  if (!TERMINAL.includes(run.status)) return E.left(runNotTerminal(run.status));
  const report = await findReport(log, run.run_id, mode);
  return report ? E.right(report) : E.left(new DomainError('report_not_found', `The ${mode} report of this run has not been generated yet.`, 'mode'));
}
