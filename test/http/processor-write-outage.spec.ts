import { expect } from 'chai';
import type { EventStore } from '../../src/adapters/event-store/port.js';
import { SqliteEventStore } from '../../src/adapters/event-store/sqlite.js';
import { POISON_ATTEMPTS } from '../../src/processing/runner.js';
import { tempDir } from '../helpers/temp.js';
import type { TestService } from '../helpers/service.js';
import { createCustomer, getCustomer, pfBody } from './customers-support.js';
import { cpf, eventually, startRunsService, world, type World } from './runs-support.js';

/**
 * A write-only outage of the event store (a full disk, a quota, appends timing out) while reads
 * answer: the reactor whose effect is an append keeps retrying, nothing is quarantined, and the
 * effect lands once writes return (issue 25).
 */
describe('processors during a write-only outage', function () {
  this.timeout(90_000);
  let service: TestService;
  let w: World;
  const outage = { on: false };

  before(async () => {
    const dir = tempDir();
    const sqlite = new SqliteEventStore(`${dir}/events.sqlite`, 20);
    // while on: appends to an existing customer stream and every write probe fail; reads answer
    const guarded: EventStore = new Proxy(sqlite, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const refused = outage.on && (name === 'probeWrite' || (name === 'append' && String(args[0]).startsWith('customer-') && args[2] !== 'no_stream'));
          return refused ? Promise.reject(new Error('database or disk is full')) : (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    service = await startRunsService({ dataDir: dir, overrides: () => ({ eventStore: guarded }) });
    w = await world(service, 'Banco Sem Disco');
  });
  after(async () => {
    outage.on = false;
    await service?.close();
  });

  it("retries the customer's run conclusion without quarantining it, and records it once appends return", async () => {
    outage.on = true;
    const created = await createCustomer(service, w.key, pfBody(cpf(901), { run_bureau: true, template_id: w.pf }));
    const failures = () => service.logs.filter((l) => l.includes('processor failed; retrying') && l.includes('reactor:customer-runs')).length;
    const listed = async () => ((await (await service.operator('/quarantined-events')).json()) as { data: { processor: string }[] }).data;
    // more failed attempts than a poison event gets (or, as before the fix, a quarantine)
    await eventually(async () => {
      expect(failures() > POISON_ATTEMPTS + 1 || (await listed()).length > 0).to.equal(true);
    }, 60_000);
    expect((await listed()).map((q) => q.processor), 'quarantined during a write outage').to.deep.equal([]);
    const customerId = created['customer_id'] as string;
    const concluded = async () => (await service.services.log.readStream(`customer-${customerId}`)).filter((e) => e.type === 'CustomerRunConcluded');
    expect(await concluded()).to.have.length(0);
    outage.on = false;
    await eventually(async () => {
      expect(await concluded()).to.have.length(1);
    }, 30_000);
    expect((await concluded())[0]!.data['run_id']).to.equal(created['run_id']);
    expect((await getCustomer(service, w.key, customerId))['latest_run']).to.include({ run_id: created['run_id'] });
    expect(await listed()).to.deep.equal([]);
  });
});
