import * as t from 'io-ts';
import type { Clock } from '../adapters/clock.js';
import type { NewWorkItem } from '../adapters/work-queue/port.js';
import { workKind } from './reactor.js';
import type { WorkHandler, WorkResult } from './worker.js';

/**
 * Something the service does every so often (carry out due erasures, sweep for reviews), as one
 * durable recurring work item: exactly one instance runs it at a time (the lease holder), a crash
 * or a stop only delays it, and every instance recording it at start makes one item.
 */
export interface Schedule {
  /** names its item: `schedule:<id>` is the item's id and kind */
  id: string;
  /** between the end of one run and the next */
  everyMs: number;
  /** one run is aborted past this (then retried with backoff, as a failure is) */
  timeoutMs: number;
  /** one run; safe to run again after a crash at any point */
  run(signal: AbortSignal): Promise<unknown>;
}

const scheduleKind = (schedule: Pick<Schedule, 'id'>) => `schedule:${schedule.id}`;

/** The worker's handler of a schedule's item: runs it, then asks to run again a period later. */
export function scheduleHandler(schedule: Schedule, clock: Clock): WorkHandler {
  return {
    workKind: scheduleKind(schedule),
    timeoutMs: schedule.timeoutMs,
    // a failed run (a store unavailable) is retried with backoff, never set aside
    maxAttempts: Number.MAX_SAFE_INTEGER,
    async execute(_item, signal): Promise<WorkResult> {
      await schedule.run(signal);
      return { again_at: clock.now().getTime() + schedule.everyMs };
    },
  };
}

/** The schedule's item, first due at `dueAt`; an item recorded already (by any instance) keeps its own time. */
export function scheduleItem(schedule: Schedule, dueAt: number): NewWorkItem {
  const kind = scheduleKind(schedule);
  return workKind(kind, t.type({})).item(kind, {}, dueAt);
}
