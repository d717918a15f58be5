import type { EventEmitter } from 'node:events';
import type { RecordedEvent, SubscribeOptions, Subscription } from './port.js';

const MAX_RETRY_DELAY_MS = 5_000;

/** What a catch-up subscription by polling needs from a store whose log it reads (SQLite, PostgreSQL). */
export interface PolledLog {
  /** the next events after a position, in position order, at most `limit` */
  read(after: number, limit: number): Promise<RecordedEvent[]>;
  /** how many appends this process has seen (bumped before `appended` emits) */
  appends(): number;
  closed(): boolean;
  /** emits 'append' on an append the store learns of (its own, or a database's notification) */
  appended: EventEmitter;
  /** the longest idle wait: appends by other processes the store hears nothing of are read by then */
  pollIntervalMs: number;
  batch: number;
}

/**
 * A catch-up subscription that reads the log itself: batches after the last delivered position,
 * an idle wait ended early by an append (a wake-up only: the read is the source of truth), and a
 * batch that fails (onBatch or the read) reported, then read and delivered again from the same
 * position after a backoff, so an event is never skipped.
 */
export function pollingSubscription(log: PolledLog, options: SubscribeOptions): Subscription {
  let stopped = false;
  /** ends the current wait: stop() and close() end any, an append only an idle one */
  let wake: (() => void) | null = null;
  let wakeOnAppend = false;
  const onAppend = () => {
    if (wakeOnAppend || log.closed()) wake?.();
  };
  log.appended.on('append', onAppend);
  const wait = (ms: number, untilAppend: boolean) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      wake = done;
      wakeOnAppend = untilAppend;
    });
  const loop = (async () => {
    let position = options.after ?? 0;
    for (let failures = 0; !stopped && !log.closed(); ) {
      try {
        const appendsBefore = log.appends();
        const batch = await log.read(position, log.batch);
        if (batch.length === 0) {
          if (log.appends() === appendsBefore && !stopped) await wait(log.pollIntervalMs, true);
          continue;
        }
        await options.onBatch(batch);
        position = batch[batch.length - 1]!.position;
        failures = 0;
        // a long catch-up must not starve requests and timers: yield between batches
        await new Promise((resolve) => setImmediate(resolve));
      } catch (error) {
        if (stopped || log.closed()) break;
        // not taken (or not read): reported, then read and delivered again from the same position
        // (as the EventStoreDB adapter resubscribes); the backoff holds whatever is appended meanwhile
        options.onError?.(error);
        await wait(Math.min(MAX_RETRY_DELAY_MS, 50 * 2 ** ++failures), false);
      }
    }
  })();
  return {
    stop: async () => {
      if (stopped) return;
      stopped = true;
      log.appended.off('append', onAppend);
      wake?.();
      await loop;
    },
  };
}
