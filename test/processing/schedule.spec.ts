import { expect } from 'chai';
import { ManualClock } from '../../src/adapters/clock.js';
import { SqliteWorkQueue } from '../../src/adapters/work-queue/sqlite.js';
import { silentLogger } from '../../src/logger.js';
import { scheduleHandler, scheduleItem, type Schedule } from '../../src/processing/schedule.js';
import { Worker } from '../../src/processing/worker.js';
import { tempDir } from '../helpers/temp.js';

describe('processing: a schedule is one durable recurring work item', () => {
  const T0 = Date.parse('2026-11-27T10:00:00.000Z');
  const HOUR = 3600_000;

  it('runs once per period on the service clock, whichever worker (instance) records or claims it', async () => {
    const file = `${tempDir('schedule-test-')}/read-models.sqlite`;
    const queue = new SqliteWorkQueue(file);
    const clock = new ManualClock(new Date(T0).toISOString());
    let runs = 0;
    const schedule: Schedule = { id: 'test', everyMs: HOUR, timeoutMs: 5_000, run: async () => void runs++ };
    const workers = [0, 1].map(() => new Worker(queue, clock, silentLogger, { concurrency: 2, leaseMs: 5_000, pollMs: 50 }).register(scheduleHandler(schedule, clock)));
    try {
      // every instance records it at start: one item, first due a period later
      for (const worker of workers) await worker.schedule([scheduleItem(schedule, T0 + HOUR)]);
      expect((await queue.list({ kind: 'schedule:test' }, 10)).map((i) => [i.id, i.due_at, i.status])).to.deep.equal([['schedule:test', T0 + HOUR, 'pending']]);
      for (const worker of workers) await worker.runDue();
      expect(runs).to.equal(0);

      clock.set(new Date(T0 + HOUR).toISOString());
      for (const worker of workers) await worker.runDue();
      expect(runs).to.equal(1);
      // due again a period after that run, not done
      expect(await queue.get('schedule:test')).to.deep.include({ status: 'pending', due_at: T0 + 2 * HOUR });

      // recorded again by a restart: the item keeps its time
      await workers[0]!.schedule([scheduleItem(schedule, T0 + 2 * HOUR + HOUR)]);
      clock.set(new Date(T0 + 2 * HOUR).toISOString());
      for (const worker of workers) await worker.runDue();
      expect(runs).to.equal(2);
    } finally {
      for (const worker of workers) await worker.stop(100);
      await queue.close();
    }
  });

  it('a run that fails is retried (with backoff), never set aside', async () => {
    const queue = new SqliteWorkQueue(`${tempDir('schedule-test-')}/read-models.sqlite`);
    const clock = new ManualClock(new Date(T0).toISOString());
    const schedule: Schedule = { id: 'failing', everyMs: HOUR, timeoutMs: 5_000, run: async () => Promise.reject(new Error('store unavailable')) };
    const worker = new Worker(queue, clock, silentLogger, { concurrency: 1, leaseMs: 5_000, pollMs: 50 }).register(scheduleHandler(schedule, clock));
    try {
      await worker.schedule([scheduleItem(schedule, T0)]);
      await worker.runDue();
      expect(await queue.get('schedule:failing')).to.deep.include({ status: 'pending', attempts: 1, last_error: 'Error: store unavailable' });
    } finally {
      await worker.stop(100);
      await queue.close();
    }
  });
});
