import { expect } from 'chai';
import { ManualClock } from '../../src/adapters/clock.js';
import type { Query, ReadStore, Write } from '../../src/adapters/read-store/port.js';
import type { ErasureDoc } from '../../src/projections/erasures.js';
import { streamsOf } from '../../src/projections/subject-streams.js';
import { ErasureScheduler } from '../../src/reactors/erasure-scheduler.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';
import { createCustomer } from '../http/customers-support.js';

const DAY_MS = 24 * 3600_000;
const T0 = Date.parse('2026-01-10T12:00:00.000Z');

/** A valid CPF from nine digits (both check digits computed). */
function cpf(base: string): string {
  const check = (digits: string) => {
    const sum = [...digits].reduce((n, d, i) => n + Number(d) * (digits.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = `${base}${check(base)}`;
  return `${first}${check(first)}`;
}

/** The read store, recording the queries on the erasures collection. */
function recording(store: ReadStore, queries: Query[]): ReadStore {
  return new Proxy(store, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (prop === 'find') {
        return (collection: string, query: Query) => {
          if (collection === 'erasures') queries.push(query);
          return target.find(collection, query);
        };
      }
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * The erasure scheduler reads every scheduled erasure, a page at a time: the due ones are the
 * oldest, and with more scheduled than one page they are on the last pages (issue 25).
 */
describe('erasure scheduler: every due erasure runs, past the first page', function () {
  this.timeout(60_000);
  const clock = new ManualClock(new Date(T0).toISOString());
  let service: TestService;
  const requested: { erasure_id: string; due_at: string }[] = [];
  const status = async (erasureId: string) =>
    (await service.services.readStore.find<ErasureDoc>('erasures', { where: { erasure_id: erasureId }, limit: 1 }))[0]?.status;

  before(async () => {
    service = await startService({ clock });
    const tenant = await createTenant(service, 'Retencao');
    const key = (await tenant.key({ scopes: ['customers:write', 'customers:read'] })).api_key;
    // four subjects a day apart, each erasure requested the day its subject was registered: oldest first
    for (let i = 0; i < 4; i++) {
      clock.set(new Date(T0 + i * DAY_MS).toISOString());
      const doc = cpf(`52998${i}247`);
      await createCustomer(service, key, { type: 'pf', doc, name: `Titular ${i}`, email: 'x@example.com' });
      const response = await service.operator('/erasure-requests', { method: 'POST', json: { tenant_id: tenant.tenant_id, doc } });
      expect(response.status, await response.clone().text()).to.equal(202);
      requested.push((await response.json()) as { erasure_id: string; due_at: string });
    }
    await service.services.runner.waitFor(await service.services.eventStore.headPosition());
  });
  after(async () => service.close());

  it('with an injected page of 3 and 4 scheduled, it reads every page and carries out the oldest ones due', async () => {
    const { log, blobStore, keyStore, secretKey, config, runner, logger } = service.services;
    const queries: Query[] = [];
    const scheduler = new ErasureScheduler(
      { log, readStore: recording(service.services.readStore, queries), subjects: { streamsOf: (refs) => streamsOf(service.services.readStore, refs) }, blobs: blobStore, keys: keyStore, secretKey, retentionYears: config.retentionYears },
      runner,
      clock,
      logger,
      3_600_000,
      3,
    );
    // the two oldest are due
    clock.set(new Date(Date.parse(requested[1]!.due_at) + 1).toISOString());
    expect(await scheduler.runDue()).to.equal(2);
    // the scheduled ones a page at a time, then the held ones (a legal hold, issue 30)
    expect(queries.map((q) => [q.limit, q.where?.['status']])).to.deep.equal([
      [3, 'scheduled'],
      [3, 'scheduled'],
      [3, 'held'],
    ]);
    expect(queries[1]!.before).to.not.equal(undefined);
    await runner.waitFor(await service.services.eventStore.headPosition());
    expect(await Promise.all(requested.map((r) => status(r.erasure_id)))).to.deep.equal(['erased', 'erased', 'scheduled', 'scheduled']);
  });

  it('with more scheduled erasures than 10,000 (the one query of before), the oldest due ones still run', async () => {
    // 10,000 erasures scheduled after the real ones and due far ahead, written straight into the read model
    const writes: Write[] = Array.from({ length: 10_000 }, (_, i) => {
      const id = `erasure-filler-${String(i).padStart(5, '0')}`;
      const doc: ErasureDoc = { erasure_id: id, stream: id, tenant_id: 'filler', status: 'scheduled', due_at: '2099-01-01T00:00:00.000Z', legal_basis: null, legal_hold: null, created_at: new Date(T0 + 10 * DAY_MS + i).toISOString() };
      return { op: 'put', collection: 'erasures', id, doc, position: 0 };
    });
    await service.services.readStore.commit({ writes });
    clock.set(new Date(Date.parse(requested[3]!.due_at) + 1).toISOString());
    expect(await service.services.erasures.runDue()).to.equal(2);
    await service.services.runner.waitFor(await service.services.eventStore.headPosition());
    expect(await Promise.all(requested.map((r) => status(r.erasure_id)))).to.deep.equal(['erased', 'erased', 'erased', 'erased']);
  });
});
