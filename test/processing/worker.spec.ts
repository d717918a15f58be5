import { expect } from 'chai';
import { ManualClock, systemClock, type Clock } from '../../src/adapters/clock.js';
import type { NewWorkItem, WorkItem, WorkQueue } from '../../src/adapters/work-queue/port.js';
import { SqliteWorkQueue } from '../../src/adapters/work-queue/sqlite.js';
import { memoryLogger, silentLogger, withRequestId, type Logger } from '../../src/logger.js';
import { DONE, Worker, type WorkHandler, type WorkResult, type WorkerOptions } from '../../src/processing/worker.js';
import { tempDir } from '../helpers/temp.js';

const KIND = 'test.work';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A promise the test settles by hand: a handler held until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Polls until `condition` holds; fails with `what` if it does not within `ms`. */
async function waitUntil(what: string, condition: () => boolean | Promise<boolean>, ms = 3_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

/** Rejects when the signal aborts: what a handler honouring its signal does. */
const aborted = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }));

const item = (id: string, due_at: number, payload: Record<string, unknown> = {}): NewWorkItem => ({ id, kind: KIND, payload: { id, ...payload }, due_at });

const handler = (execute: (item: WorkItem, signal: AbortSignal) => Promise<WorkResult>, limits: Partial<WorkHandler> = {}): WorkHandler => ({
  workKind: KIND,
  timeoutMs: 5_000,
  maxAttempts: 3,
  execute,
  ...limits,
});

/** A queue whose lease renewals are lost: its worker's leases run out as if its process had died. */
const withoutRenewal = (queue: WorkQueue): WorkQueue =>
  new Proxy(queue, {
    get(target, name) {
      if (name === 'renew') return async () => undefined;
      const value: unknown = Reflect.get(target, name);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });

describe('worker', () => {
  let file: string;
  let cleanups: (() => Promise<void>)[];

  beforeEach(() => {
    file = `${tempDir('worker-test-')}/read-models.sqlite`;
    cleanups = [];
  });

  afterEach(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** A queue connection on the test's file, closed after the test. */
  function openQueue(): SqliteWorkQueue {
    const queue = new SqliteWorkQueue(file);
    cleanups.push(() => queue.close());
    return queue;
  }

  /** A worker stopped after the test (unless it holds a handler that never ends). */
  function makeWorker(queue: WorkQueue, clock: Clock, options: Partial<WorkerOptions> = {}, logger: Logger = silentLogger, stopAfter = true): Worker {
    const worker = new Worker(queue, clock, logger, { concurrency: 2, leaseMs: 5_000, pollMs: 50, ...options });
    if (stopAfter) cleanups.push(() => worker.stop(100));
    return worker;
  }

  it('records scheduled items durably and executes them; an item scheduled twice (same id) executes once', async () => {
    const queue = openQueue();
    const worker = makeWorker(queue, systemClock);
    const executed: WorkItem[] = [];
    worker.register(handler(async (work) => (executed.push(work), DONE)));
    const now = Date.now();

    await worker.schedule([item('a', now), item('b', now), item('a', now, { second: true })]);
    await worker.schedule([item('a', now, { third: true })]);
    // recorded before any execution: a worker not started yet only records
    expect((await queue.list({ kind: KIND }, 10)).map((v) => [v.id, v.status])).to.deep.equal([['a', 'pending'], ['b', 'pending']]);
    expect(executed).to.deep.equal([]);

    worker.start();
    await waitUntil('both items done', async () => (await queue.list({ status: 'done' }, 10)).length === 2);
    await worker.idle();
    expect(executed.map((w) => w.id).sort()).to.deep.equal(['a', 'b']);
    expect(executed.find((w) => w.id === 'a')!.payload).to.deep.equal({ id: 'a' });

    // a replayed event records the same item again: it stays done and is not executed again
    await worker.schedule([item('a', Date.now(), { replayed: true })]);
    await sleep(150);
    await worker.idle();
    expect(executed).to.have.length(2);
    expect((await queue.get('a'))!.status).to.equal('done');
  });

  it('an item recorded during a request executes outside it: its lines do not carry that request id', async () => {
    const logger = memoryLogger();
    const worker = makeWorker(openQueue(), systemClock, {}, logger);
    worker.register(handler(async () => (logger.info('executed'), DONE)));
    worker.start();
    await worker.idle(); // its first look is over: the request's schedule is what wakes it
    await withRequestId('req-1', () => worker.schedule([item('r', Date.now())]));
    await waitUntil('the execution', () => logger.lines.length > 0);
    expect(JSON.parse(logger.lines[0]!)).to.include({ message: 'executed' }).and.not.to.have.property('request_id');
  });

  it('runs an item again at the time its execution asked for ({ again_at }), not before, without counting a failure', async () => {
    const clock = new ManualClock();
    const t0 = clock.now().getTime();
    const worker = makeWorker(openQueue(), clock);
    const queue = openQueue();
    let calls = 0;
    worker.register(handler(async () => (++calls === 1 ? { again_at: t0 + 60_000 } : DONE)));

    await worker.schedule([item('p', t0)]);
    await worker.runDue();
    expect(calls).to.equal(1);
    expect(await queue.get('p')).to.deep.include({ status: 'pending', due_at: t0 + 60_000, attempts: 0, last_error: null, owner: null, lease_until: 0 });

    clock.advance(59_999);
    await worker.runDue();
    expect(calls).to.equal(1);

    clock.advance(1);
    await worker.runDue();
    expect(calls).to.equal(2);
    expect(await queue.get('p')).to.deep.include({ status: 'done', attempts: 0 });
  });

  it('retries a throwing execution with growing backoff, keeps the last error, and sets the item aside as failed after maxAttempts', async () => {
    const clock = new ManualClock();
    const logger = memoryLogger();
    const queue = openQueue();
    const worker = makeWorker(queue, clock, {}, logger);
    let calls = 0;
    worker.register(handler(async () => Promise.reject(new Error(`boom ${++calls}`)), { maxAttempts: 3 }));
    const t0 = clock.now().getTime();
    await worker.schedule([item('f', t0)]);

    await worker.runDue();
    let view = (await queue.get('f'))!;
    expect(view).to.deep.include({ status: 'pending', attempts: 1, last_error: 'Error: boom 1', owner: null });
    expect(view.due_at - t0).to.be.within(500, 1_000); // 1 s with jitter
    clock.set(new Date(Math.floor(view.due_at) - 1));
    await worker.runDue(); // not due yet: the backoff holds
    expect(calls).to.equal(1);

    clock.set(new Date(Math.ceil(view.due_at))); // see 'a retried item is due at a whole millisecond'
    await worker.runDue();
    view = (await queue.get('f'))!;
    expect(view).to.deep.include({ status: 'pending', attempts: 2, last_error: 'Error: boom 2' });
    expect(view.due_at - clock.now().getTime()).to.be.within(1_000, 2_000); // 2 s with jitter

    clock.set(new Date(Math.ceil(view.due_at)));
    await worker.runDue();
    expect(calls).to.equal(3);
    expect(await queue.get('f')).to.deep.include({ status: 'failed', attempts: 3, last_error: 'Error: boom 3', owner: null });
    // every line carries its time; the rest is compared exactly
    expect(logger.lines.map((l) => ({ ...(JSON.parse(l) as Record<string, unknown>), time: undefined }))).to.deep.include({
      time: undefined,
      level: 'error', message: 'work item failed for good', kind: KIND, item: 'f', attempts: 3, error: 'Error: boom 3',
    });

    // failed for good: never claimed again, however late
    clock.advance(24 * 3600_000);
    await worker.runDue();
    expect(calls).to.equal(3);
    expect(await queue.nextClaimable([KIND], clock.now().getTime())).to.equal(null);
  });

  it('a retried item is due at a whole millisecond: a clock showing its due_at claims it', async () => {
    const clock = new ManualClock();
    const queue = openQueue();
    const worker = makeWorker(queue, clock);
    let calls = 0;
    worker.register(handler(async () => Promise.reject(new Error(`boom ${++calls}`))));
    await worker.schedule([item('m', clock.now().getTime())]);
    await worker.runDue();
    const { due_at } = (await queue.get('m'))!;
    expect(Number.isInteger(due_at), `due_at ${due_at}`).to.equal(true);
    clock.set(new Date(due_at));
    await worker.runDue();
    expect(calls).to.equal(2);
  });

  it('aborts an execution past timeoutMs and counts it as a failed attempt', async () => {
    const clock = new ManualClock();
    const queue = openQueue();
    const worker = makeWorker(queue, clock);
    let calls = 0;
    let signalled = 0;
    worker.register(
      handler(
        async (_, signal) => {
          calls++;
          await aborted(signal).catch((error: unknown) => {
            signalled++;
            throw error;
          });
          return DONE;
        },
        { timeoutMs: 50, maxAttempts: 2 },
      ),
    );
    await worker.schedule([item('t', clock.now().getTime())]);

    await worker.runDue();
    expect(signalled).to.equal(1);
    const view = (await queue.get('t'))!;
    expect(view).to.deep.include({ status: 'pending', attempts: 1, last_error: 'timed out after 50 ms', owner: null });

    clock.set(new Date(Math.ceil(view.due_at)));
    await worker.runDue();
    expect(calls).to.equal(2);
    expect(await queue.get('t')).to.deep.include({ status: 'failed', attempts: 2, last_error: 'timed out after 50 ms' });
  });

  it('never executes more than `concurrency` items at once', async () => {
    const queue = openQueue();
    const worker = makeWorker(queue, systemClock, { concurrency: 3, pollMs: 20 });
    let running = 0;
    let most = 0;
    let executed = 0;
    worker.register(
      handler(async () => {
        running++;
        most = Math.max(most, running);
        await sleep(15);
        running--;
        executed++;
        return DONE;
      }),
    );
    worker.start();
    const now = Date.now();
    await worker.schedule(Array.from({ length: 15 }, (_, i) => item(`c${i}`, now)));
    // more schedules while it runs: each wakes the worker, none may exceed the limit
    await worker.schedule([item('late-1', now)]);
    await waitUntil('16 executions', () => executed === 16);
    await worker.idle();
    expect(most).to.equal(3);
    expect((await queue.list({ status: 'done' }, 100)).length).to.equal(16);
  });

  it('stop(): claims nothing more, lets executions finish within the grace period, then aborts the rest and releases their leases for another worker', async () => {
    const queue = openQueue();
    const worker = makeWorker(queue, systemClock, { owner: 'A' });
    const started: string[] = [];
    let slowAborted = false;
    worker.register(
      handler(async (work, signal) => {
        started.push(work.id);
        if (work.id === 'quick') return sleep(100).then(() => DONE);
        return aborted(signal).catch((error: unknown) => {
          slowAborted = true;
          throw error;
        });
      }),
    );
    worker.start();
    await worker.schedule([item('quick', Date.now()), item('slow', Date.now())]);
    await waitUntil('both executions started', () => started.length === 2);

    const before = Date.now();
    await worker.stop(300);
    const took = Date.now() - before;
    expect(took).to.be.within(280, 2_000);
    expect(slowAborted).to.equal(true);
    expect((await queue.get('quick'))!.status).to.equal('done');
    // released, not failed: no attempt counted, no error, lease free now (not in 5 s)
    expect(await queue.get('slow')).to.deep.include({ status: 'pending', attempts: 0, last_error: null, owner: null, lease_until: 0 });

    await worker.schedule([item('late', Date.now())]);
    await sleep(100);
    expect(started).to.deep.equal(['quick', 'slow']);
    expect((await queue.get('late'))!.status).to.equal('pending');

    const other = makeWorker(openQueue(), systemClock, { owner: 'B', leaseMs: 5_000 });
    const tookOver: string[] = [];
    other.register(handler(async (work) => (tookOver.push(work.id), DONE)));
    const restarted = Date.now();
    other.start();
    await waitUntil('the other worker to execute both', async () => (await queue.list({ status: 'done' }, 10)).length === 3);
    expect(Date.now() - restarted).to.be.below(2_000); // at once, not after A's 5 s lease
    expect(tookOver.sort()).to.deep.equal(['late', 'slow']);
  });

  it('two workers on one queue file execute 100 items exactly once between them, each doing some', async () => {
    const executions: { owner: string; id: string }[] = [];
    const workers = ['A', 'B'].map((owner) => {
      const worker = makeWorker(openQueue(), systemClock, { owner, concurrency: 4, pollMs: 20 });
      worker.register(handler(async (work) => (executions.push({ owner, id: work.id }), await sleep(5 + Math.random() * 10), DONE)));
      worker.start();
      return worker;
    });
    const queue = openQueue();
    const now = Date.now();
    await workers[0]!.schedule(Array.from({ length: 100 }, (_, i) => item(`w${i}`, now)));

    await waitUntil('100 items done', async () => (await queue.list({ status: 'done' }, 200)).length === 100, 8_000);
    await sleep(100); // a late duplicate would show here
    await Promise.all(workers.map((w) => w.idle()));

    const perItem = new Map<string, number>();
    for (const { id } of executions) perItem.set(id, (perItem.get(id) ?? 0) + 1);
    expect(perItem.size).to.equal(100);
    expect([...perItem.values()].every((n) => n === 1), 'an item executed more than once').to.equal(true);
    const byA = executions.filter((e) => e.owner === 'A').length;
    expect(byA).to.be.within(1, 99);
  });

  it('takes over the item of a worker that died mid-execution once its lease runs out', async () => {
    const held = gate();
    let claimedA = false;
    const dead = makeWorker(withoutRenewal(openQueue()), systemClock, { owner: 'A', concurrency: 1, leaseMs: 200, pollMs: 20 }, silentLogger, false);
    dead.register(handler(async () => ((claimedA = true), await held.opened, DONE), { timeoutMs: 10_000 }));
    cleanups.push(async () => {
      held.open(); // only so that this process's timers end; A's outcome is recorded on nothing it owns
      await dead.idle();
    });
    const queue = openQueue();
    const scheduled = Date.now();
    dead.start();
    await dead.schedule([item('x', scheduled)]);
    await waitUntil('A to hold the item', () => claimedA);

    const executedB: number[] = [];
    const alive = makeWorker(openQueue(), systemClock, { owner: 'B', leaseMs: 200, pollMs: 20 });
    alive.register(handler(async () => (executedB.push(Date.now()), DONE)));
    alive.start();
    await waitUntil('B to take the item over', async () => (await queue.get('x'))!.status === 'done', 3_000);
    expect(executedB).to.have.length(1);
    expect(executedB[0]! - scheduled).to.be.at.least(200); // not before A's lease ran out

    // A wakes up late: its outcome changes nothing, and nobody executes the item again
    held.open();
    await dead.idle();
    await sleep(100);
    expect(await queue.get('x')).to.deep.include({ status: 'done', owner: null, attempts: 0 });
    expect(executedB).to.have.length(1);
  });

  it('keeps the lease of a live worker renewed: a long execution is not taken over', async () => {
    const first = makeWorker(openQueue(), systemClock, { owner: 'A', concurrency: 1, leaseMs: 300, pollMs: 20 });
    let byA = 0;
    first.register(handler(async () => (byA++, await sleep(900), DONE)));
    const second = makeWorker(openQueue(), systemClock, { owner: 'B', leaseMs: 300, pollMs: 20 });
    let byB = 0;
    second.register(handler(async () => (byB++, DONE)));
    const queue = openQueue();
    first.start();
    await first.schedule([item('long', Date.now())]);
    await waitUntil('A to start', () => byA === 1);
    second.start();

    await waitUntil('the long execution to end', async () => (await queue.get('long'))!.status === 'done');
    expect([byA, byB]).to.deep.equal([1, 0]);
  });

  it('runs an item rearmed during its execution once more after it ends, with the new payload', async () => {
    const queue = openQueue();
    const worker = makeWorker(queue, systemClock, { concurrency: 2, pollMs: 20 });
    const first = gate();
    const log: string[] = [];
    worker.register(
      handler(async (work) => {
        const n = String(work.payload['n']);
        log.push(`start ${n}`);
        if (n === '1') await first.opened;
        log.push(`end ${n}`);
        return DONE;
      }),
    );
    worker.start();
    await worker.schedule([{ ...item('r', Date.now(), { n: 1 }), rearm: true }]);
    await waitUntil('the first execution', () => log.length === 1);

    await worker.schedule([{ ...item('r', Date.now(), { n: 2 }), rearm: true }]);
    await sleep(100); // a free slot, yet not executed alongside itself
    expect(log).to.deep.equal(['start 1']);

    first.open();
    await waitUntil('the second execution', async () => (await queue.get('r'))!.status === 'done' && log.length === 4);
    await sleep(100);
    await worker.idle();
    expect(log).to.deep.equal(['start 1', 'end 1', 'start 2', 'end 2']);
    expect(await queue.get('r')).to.deep.include({ status: 'done', payload: { id: 'r', n: 2 } });
  });

  describe('a handler that ignores its abort signal', () => {
    it('still has its execution counted as a failed attempt once timeoutMs passes (the slot and the lease are not held forever)', async () => {
      const queue = openQueue();
      const hung = gate();
      const worker = makeWorker(queue, systemClock, { owner: 'A', concurrency: 1 }, silentLogger, false);
      let calls = 0;
      worker.register(handler(async () => (calls++, await hung.opened, DONE), { timeoutMs: 50, maxAttempts: 5 }));
      cleanups.push(async () => {
        hung.open();
        await worker.idle();
      });
      await worker.schedule([item('h', Date.now())]);
      void worker.runDue();
      await waitUntil('the execution', () => calls === 1);

      await sleep(500); // ten times the timeout
      expect(await queue.get('h')).to.deep.include({ status: 'pending', attempts: 1, last_error: 'timed out after 50 ms', owner: null });
    });

    it('does not keep stop() waiting past the grace period, and its lease is released', async () => {
      const queue = openQueue();
      const hung = gate();
      const worker = makeWorker(queue, systemClock, { owner: 'A' }, silentLogger, false);
      let calls = 0;
      worker.register(handler(async () => (calls++, await hung.opened, DONE), { timeoutMs: 10_000 }));
      cleanups.push(async () => {
        hung.open();
        await worker.idle();
      });
      worker.start();
      await worker.schedule([item('s', Date.now())]);
      await waitUntil('the execution', () => calls === 1);

      const stopped = await Promise.race([worker.stop(100).then(() => true), sleep(1_000).then(() => false)]);
      expect(stopped, 'stop() still waiting 1 s after a 100 ms grace period').to.equal(true);
      expect(await queue.get('s')).to.deep.include({ status: 'pending', attempts: 0, owner: null, lease_until: 0 });
    });
  });
});
