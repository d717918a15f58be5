import type { StoredEvent } from '../adapters/event-store/event-log.js';
import { runStream } from '../domain/run/decider.js';
import { evaluate, readableAnswer, type RecordedAnswer } from '../domain/run/evaluate.js';
import { RunEvent } from '../domain/run/events.js';
import { isEventOf } from '../domain/shared/events.js';
import { subjectRef } from './runs.js';
import { streamsOf } from '../projections/subject-streams.js';
import type { Services } from '../services.js';

/**
 * Every event of every stream that concerns one document of a tenant (its runs, its customer,
 * in both environments), in commit order, from a position.
 */
export async function subjectHistory(
  services: Pick<Services, 'log' | 'readStore' | 'secretKey'>,
  tenantId: string,
  doc: string,
  fromPosition: number,
  limit: number,
): Promise<StoredEvent[]> {
  const refs = (['live', 'sandbox'] as const).map((env) => subjectRef(services.secretKey, tenantId, env, doc));
  const streams = [...new Set((await streamsOf(services.readStore, refs)).filter((s) => s.tenant_id === tenantId).flatMap((s) => s.streams))];
  const events = (await Promise.all(streams.map((s) => services.log.readStream(s)))).flat();
  return events
    .filter((e) => e.position >= fromPosition)
    .sort((a, b) => a.position - b.position)
    .slice(0, limit);
}

export interface RunVerification {
  run_id: string;
  template: { template_id: string; version: number };
  recorded: Record<string, unknown> | null;
  rederived: Record<string, unknown> | null;
  /** RunCompleted / RunFailed events on the stream: exactly one for a run the service ended */
  terminal_events: number;
  match: boolean;
}

/**
 * As-of evidence: re-derives a run's outcome from its own stored events (the template version
 * it recorded and the answers it recorded) and compares it with the outcome it recorded.
 */
export async function verifyRun(log: Services['log'], runId: string): Promise<RunVerification | null> {
  const events = (await log.readStream(runStream(runId))).filter(isEventOf(RunEvent));
  const queued = events.find((e) => e.type === 'RunQueued');
  if (!queued || queued.type !== 'RunQueued') return null;
  const answers: Record<string, RecordedAnswer> = {};
  for (const e of events) {
    if (e.type !== 'SourceAnswered') continue;
    const { run_id: _r, subject_ref: _s, answered_at: _a, ...answer } = e.data;
    answers[answer.source_id] = readableAnswer(answer);
  }
  // the decider ends a run once: a second terminal event was not written by the service (tampering)
  const terminals = events.filter((e) => e.type === 'RunCompleted' || e.type === 'RunFailed');
  const terminal = terminals[terminals.length - 1];
  const pick = (o: Record<string, unknown>) => ({
    status: o['status'],
    decision: o['decision'] ?? null,
    operative_decision: o['operative_decision'] ?? null,
    risk_band: o['risk_band'] ?? null,
    manual_review: o['manual_review'] ?? false,
    checks_summary: o['checks_summary'],
    cost: o['cost'],
  });
  const outcome = terminal ? evaluate(queued.data.template.definition, answers) : null;
  const recorded = terminal ? pick(terminal.type === 'RunFailed' ? { ...terminal.data, status: 'failed' } : terminal.data) : null;
  const rederived = outcome ? pick({ ...outcome }) : null;
  return {
    run_id: runId,
    template: { template_id: queued.data.template.template_id, version: queued.data.template.version },
    recorded,
    rederived,
    terminal_events: terminals.length,
    match: recorded !== null && terminals.length === 1 && JSON.stringify(recorded) === JSON.stringify(rederived),
  };
}
