import { expect } from 'chai';
import * as t from 'io-ts';
import { systemClock } from '../../src/adapters/clock.js';
import { SqliteWorkQueue } from '../../src/adapters/work-queue/sqlite.js';
import { memoryLogger } from '../../src/logger.js';
import { causation, UndecodablePayloadError, workKind } from '../../src/processing/reactor.js';
import { DONE, Worker } from '../../src/processing/worker.js';
import { tempDir } from '../helpers/temp.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('processing: typed work-item payloads', () => {
  const Run = workKind('test.run', t.intersection([t.type({ run_id: t.string }), causation]));
  const stored = (payload: Record<string, unknown>) => ({ id: 'run:r1', kind: 'test.run', payload, due_at: 0, attempts: 0, version: 1 });

  it('an item is recorded with the payload as it is stored, and decodes back to it', () => {
    const item = Run.item('run:r1', { run_id: 'r1', causation: 'ev-1' }, 1_000);
    expect(item).to.deep.equal({ id: 'run:r1', kind: 'test.run', payload: { run_id: 'r1', causation: 'ev-1' }, due_at: 1_000 });
    expect(Run.item('run:r1', { run_id: 'r1' }, 1_000, true)).to.deep.include({ rearm: true });
    expect(Run.decode(stored(item.payload))).to.deep.equal({ run_id: 'r1', causation: 'ev-1' });
  });

  it('an item recorded before its kind named a causation still decodes', () => {
    expect(Run.decode(stored({ run_id: 'r1' }))).to.deep.equal({ run_id: 'r1' });
  });

  it('a payload that does not decode is an UndecodablePayloadError naming the field, never its value', () => {
    const decode = () => Run.decode(stored({ run_id: 12345678, causation: 'ev-1' }));
    expect(decode).to.throw(UndecodablePayloadError, 'work item run:r1 of kind test.run: payload does not decode (run_id)');
    expect(decode).not.to.throw(/12345678/);
  });

  it('the worker sets an item whose payload does not decode aside as failed at once, with the error, and goes on', async () => {
    const queue = new SqliteWorkQueue(`${tempDir('reactor-test-')}/read-models.sqlite`);
    const logger = memoryLogger();
    const worker = new Worker(queue, systemClock, logger, { concurrency: 2, leaseMs: 5_000, pollMs: 50 });
    const executed: string[] = [];
    worker.register({ workKind: Run.kind, timeoutMs: 5_000, maxAttempts: 10, execute: async (item) => (executed.push(Run.decode(item).run_id), DONE) });
    try {
      const now = Date.now();
      await worker.schedule([{ id: 'bad', kind: Run.kind, payload: { run: 'r0' }, due_at: now }, Run.item('good', { run_id: 'r2' }, now)]);
      worker.start();
      for (let i = 0; i < 100 && (await queue.list({ status: 'pending' }, 10)).length > 0; i++) await sleep(20);
      await worker.idle();
      expect(executed).to.deep.equal(['r2']);
      expect(await queue.get('bad')).to.deep.include({ status: 'failed', attempts: 1, last_error: 'UndecodablePayloadError: work item bad of kind test.run: payload does not decode (run_id)' });
      expect(await queue.get('good')).to.deep.include({ status: 'done' });
      expect(logger.lines.map((l) => JSON.parse(l) as Record<string, unknown>).some((l) => l['message'] === 'work item failed for good' && l['item'] === 'bad')).to.equal(true);
    } finally {
      await worker.stop(100);
      await queue.close();
    }
  });
});
