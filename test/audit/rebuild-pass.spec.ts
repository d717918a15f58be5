import Database from 'better-sqlite3';
import { expect } from 'chai';
import { join } from 'node:path';
import { EventLog } from '../../src/adapters/event-store/event-log.js';
import type { EventStore } from '../../src/adapters/event-store/port.js';
import { EncryptingPiiCodec } from '../../src/adapters/pii/encrypting-codec.js';
import type { Commit } from '../../src/adapters/read-store/port.js';
import { projectionProcessorId } from '../../src/projections/projector.js';
import { rebuildProjection, rebuildProjections } from '../../src/projections/rebuild.js';
import type { Processor } from '../../src/processing/runner.js';
import { PII_POLICY } from '../../src/app/infrastructure.js';
import type { TestService } from '../helpers/service.js';
import { apiCall, OTHER, runWorkload, settle, snapshot, startCountedService } from './workload.js';

/**
 * Issue 11: rebuilding several read models reads the log once. Each event is read and opened
 * (decrypted) once and fed to every projection being rebuilt, the documents of all of them a
 * batch changes are committed together, and the result is what rebuilding each alone gives.
 */
describe('rebuild of several projections in one pass over the log', function () {
  this.timeout(60_000);
  let service: TestService;
  let live: Record<string, unknown>;
  let head: number;

  before(async () => {
    service = (await startCountedService()).service;
    const w = await runWorkload(service);
    const scheduled = await apiCall(service.operator('/erasure-requests', { method: 'POST', json: { tenant_id: w.a.tenant_id, doc: OTHER.doc } }));
    expect(scheduled.status, JSON.stringify(scheduled.body)).to.equal(202);
    await settle(service);
    live = await snapshot(service);
    head = await service.services.eventStore.headPosition();
  });
  after(async () => service?.close());

  /** The live documents deleted (checkpoints untouched): only a real rebuild brings them back. */
  const emptyReadModels = async () => {
    for (const p of service.services.projections) {
      const docs = await service.services.readStore.listCollection(p.collection);
      await service.services.readStore.commit({ writes: docs.map((d) => ({ op: 'delete' as const, collection: p.collection, id: d.id })) });
    }
  };

  /** The service's log over an event store that counts its readAll calls and the events they return. */
  const countingLog = () => {
    const store = service.services.eventStore;
    const reads = { calls: 0, events: 0, opened: 0 };
    const counting: EventStore = {
      append: (...args) => store.append(...args),
      readStream: (...args) => store.readStream(...args),
      readAll: async (options) => {
        const events = await store.readAll(options);
        reads.calls++;
        reads.events += events.length;
        return events;
      },
      readAllPage: (options) => store.readAllPage(options),
      readAllPageBackwards: (options) => store.readAllPageBackwards(options),
      subscribeToAll: (options) => store.subscribeToAll(options),
      headPosition: () => store.headPosition(),
      probeWrite: () => store.probeWrite(),
      close: () => store.close(),
    };
    const log = new EventLog(counting, new EncryptingPiiCodec(service.services.keyStore), PII_POLICY);
    const open = log.open.bind(log);
    log.open = async (event) => {
      reads.opened++;
      return open(event);
    };
    return { log, reads };
  };

  it('reads and opens every event once for all projections, one commit per batch, no reactor handed an event', async () => {
    const { readStore, projections } = service.services;
    const reactors = (service.services.runner as unknown as { processors: Processor[] }).processors.filter((p) => p.kind === 'reactor');
    expect(reactors).to.have.length.greaterThan(3);
    const handled: string[] = [];
    const originals = reactors.map((r) => r.handle);
    reactors.forEach((r, i) => {
      r.handle = async (events, upTo) => {
        handled.push(`${r.id}:${events.length}`);
        return originals[i]!.call(r, events, upTo);
      };
    });
    const commits: Commit[] = [];
    const commit = readStore.commit;
    await emptyReadModels();
    const { log, reads } = countingLog();
    const batch = { read: 20, commit: 40 };
    try {
      readStore.commit = async (c) => {
        commits.push(c);
        return commit.call(readStore, c);
      };
      const results = await rebuildProjections(log, readStore, projections, batch);
      expect(results.map((r) => [r.projection, r.events, r.position])).to.deep.equal(projections.map((p) => [p.name, head, head]));
      await new Promise((r) => setTimeout(r, 200));
    } finally {
      readStore.commit = commit;
      reactors.forEach((r, i) => (r.handle = originals[i]!));
    }
    expect(head).to.be.greaterThan(batch.commit * 3);
    expect(reads).to.deep.equal({ calls: Math.ceil(head / batch.read), events: head, opened: head });
    // one commit per batch (those that changed a document), covering every projection it changed
    expect(commits.length).to.be.within(2, Math.ceil(head / batch.commit));
    expect(commits.some((c) => new Set(c.writes.map((w) => w.collection)).size > 1)).to.equal(true);
    // into the fresh collections only: the live ones change at the swap
    expect([...new Set(commits.flatMap((c) => c.writes.map((w) => w.collection)))].filter((c) => !c.endsWith('_rebuild'))).to.deep.equal([]);
    expect(handled).to.deep.equal([]);
    expect(await snapshot(service)).to.deep.equal(live);
    for (const p of projections) expect(await readStore.getCheckpoint(projectionProcessorId(p.name)), p.name).to.equal(head);
  });

  it('gives the documents of each projection rebuilt alone, however the batches split the log', async () => {
    const { log, readStore, projections } = service.services;
    await emptyReadModels();
    for (const p of projections) await rebuildProjection(log, readStore, p);
    const alone = await snapshot(service);
    expect(alone).to.deep.equal(live);
    // documents carried in memory across reads, and read back across commits
    for (const batch of [{ read: 1, commit: 1 }, { read: 7, commit: 7 }, { read: 3, commit: 20 }, { read: 10, commit: 35 }, {}]) {
      await emptyReadModels();
      await rebuildProjections(log, readStore, projections, batch);
      expect(await snapshot(service), JSON.stringify(batch)).to.deep.equal(alone);
    }
  });

  it('rebuilds only the projections named: the others keep their documents and checkpoints', async () => {
    const { log, readStore, projections } = service.services;
    const named = projections.filter((p) => ['runs', 'customers'].includes(p.name));
    expect(named).to.have.length(2);
    await emptyReadModels();
    const results = await rebuildProjections(log, readStore, named);
    expect(results.map((r) => r.projection)).to.deep.equal(['runs', 'customers']);
    const after = await snapshot(service);
    for (const p of projections) {
      expect(after[p.collection], p.collection).to.deep.equal(named.includes(p) ? live[p.collection] : []);
      expect(await readStore.getCheckpoint(projectionProcessorId(p.name)), p.name).to.equal(head);
    }
    await rebuildProjections(log, readStore, projections);
    expect(await snapshot(service)).to.deep.equal(live);
  });

  it('leaves every rebuilt collection with the indexes its projection declares, and no rebuild table behind', async () => {
    const { log, readStore, projections } = service.services;
    const schema = () => {
      const db = new Database(join(service.dataDir, 'read-models.sqlite'), { readonly: true });
      try {
        return db.prepare(`SELECT type, tbl_name, name, sql FROM sqlite_master WHERE tbl_name LIKE 'rm_%' ORDER BY name`).all();
      } finally {
        db.close();
      }
    };
    const before = schema();
    // the table, its primary key, created_at and the eight indexes the runs projection declares
    expect(before.filter((i) => (i as { tbl_name: string }).tbl_name === 'rm_runs')).to.have.length(1 + 1 + 1 + 8);
    await rebuildProjections(log, readStore, projections);
    expect(schema()).to.deep.equal(before);
    expect(await snapshot(service)).to.deep.equal(live);
  });

  it('refuses a projection named twice before touching any collection', async () => {
    const { log, readStore, projections } = service.services;
    const runs = projections.find((p) => p.name === 'runs')!;
    const before = await snapshot(service);
    let error: unknown = null;
    await rebuildProjections(log, readStore, [runs, runs]).catch((e: unknown) => (error = e));
    expect(String(error)).to.include('projections named twice: runs, runs');
    expect(await snapshot(service)).to.deep.equal(before);
  });
});
