import { expect } from 'chai';
import type { EventLog } from '../../src/adapters/event-store/event-log.js';
import { listStream } from '../../src/domain/list/decider.js';
import { MonitoringReactor } from '../../src/reactors/monitoring.js';
import { createTenant, startService, type TenantFixture, type TestService } from '../helpers/service.js';
import { createCustomer, getCustomer } from './customers-support.js';
import { eventually, type Json } from './runs-support.js';
import { sample } from './screening-support.js';

/**
 * Delisting (screening.md section 6): an entry leaving an official list closes the open alerts
 * raised on it (`MonitoringAlertDelisted`, status `delisted`), also when the version without
 * it has the very content of an earlier version (a list back to what it was before the entry
 * was added), and when the alert was raised again after the entry changed.
 */
describe('ongoing monitoring: an entry leaving OFAC delists its open alerts', function () {
  this.timeout(120_000);
  let service: TestService;
  let acme: TenantFixture;
  let key: string;
  let lateCustomer: string;

  /**
   * The OFAC sample cut to its first 300 SDN entries (with their aliases and addresses), so that
   * each version imports and indexes quickly; extra SDN rows go before the file's closing DOS
   * end-of-file mark (0x1a).
   */
  const ofacFiles = (() => {
    const sdn = sample('ofac/sdn.csv').toString('latin1').replace(/\x1a$/, '').split('\r\n').filter(Boolean).slice(0, 300);
    const ents = new Set(sdn.map((row) => row.split(',')[0]));
    const ofEnts = (file: string) => sample(file).toString('latin1').split('\r\n').filter((row) => ents.has(row.split(',')[0]));
    return (extraRows: readonly string[]) => [
      ['sdn.csv', [...sdn, ...extraRows].join('\r\n') + '\r\n\x1a'],
      ['add.csv', ofEnts('ofac/add.csv').join('\r\n') + '\r\n'],
      ['alt.csv', ofEnts('ofac/alt.csv').join('\r\n') + '\r\n'],
    ];
  })();
  const sdnRow = (ent: number, name: string, programs: string) => `${ent},"${name}","individual","${programs}",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- `;
  /** The OFAC sample, with extra SDN rows; the version as the operator API answers it. */
  const uploadOfac = async (extraRows: readonly string[] = []): Promise<Json> => {
    const form = new FormData();
    for (const [name, text] of ofacFiles(extraRows)) form.append('file', new Blob([Buffer.from(text!, 'latin1')]), name!);
    const response = await service.operator('/lists/ofac_sdn/versions', { method: 'POST', body: form });
    expect(response.status, await response.clone().text()).to.equal(201);
    return (await response.json()) as Json;
  };
  const alerts = async (status: string): Promise<Json[]> =>
    (((await (await service.operator(`/tenants/${acme.tenant_id}/alerts?status=${status}&limit=100`)).json()) as Json)['data'] as Json[]).filter((a) => a['list_id'] === 'ofac_sdn');
  const monitored = async (doc: string, name: string): Promise<string> => {
    const created = await createCustomer(service, key, { type: 'pf', doc, name, email: 'x@example.com' });
    await eventually(async () => {
      expect((await getCustomer(service, key, created['customer_id']))['latest_run']?.['status'] ?? 'none').to.not.be.oneOf(['queued', 'running']);
    }, 15_000);
    const patched = await service.operator(`/customers/${created['customer_id']}`, { method: 'PATCH', json: { status: 'em_monitoramento' } });
    expect(patched.status, await patched.clone().text()).to.equal(200);
    return created['customer_id'] as string;
  };
  /** A work item executed by hand marked done, as the worker records it. */
  const finished = async (id: string) => {
    const { workQueue } = service.services;
    const claimed = await workQueue.claim({ kinds: ['monitor-version'], owner: 'test', now: Date.now() + 60_000, leaseMs: 60_000, limit: 100 });
    await workQueue.complete(claimed.find((i) => i.id === id)!, 'test', Date.now());
    expect((await workQueue.get(id))!.status).to.equal('done');
  };
  const delistedEvents = async (customerId: string) => (await service.services.log.readStream(`customer-${customerId}`)).filter((e) => e.type === 'MonitoringAlertDelisted');

  before(async () => {
    service = await startService({ env: { SVC_RATE_LIMIT_PER_MINUTE: '100000', SVC_WORK_POLL_MS: '100' } });
    acme = await createTenant(service, 'Acme');
    key = (await acme.key({ scopes: ['customers:write', 'customers:read', 'runs:read'] })).api_key;
    await uploadOfac();
    // monitored from the start, for the last test (its worker is stopped by then)
    lateCustomer = await monitored('39053344705', 'Crisóstomo Ubaldino Vasques');
  });
  after(async () => service.close());

  it('an alert raised again after the entry changed is delisted by the version without the entry (the earlier content again): event, status, open_alerts', async () => {
    const customerId = await monitored('52998224725', 'Teodoro Valadares Brandao');
    await service.services.worker.idle();
    expect(await alerts('open')).to.deep.equal([]);

    // the entry is added: alert
    await uploadOfac([sdnRow(990001, 'VALADARES BRANDAO, Teodoro', 'SDGT')]);
    await eventually(async () => {
      expect(await alerts('open')).to.have.length(1);
    }, 20_000);
    const [first] = await alerts('open');
    expect(first).to.include({ customer_id: customerId, entry_id: '990001', trigger: 'list_version' });
    const resolved = await service.operator(`/alerts/${first!['alert_id']}/resolve`, { method: 'POST', json: { resolution: 'false_positive', note: 'homônimo' } });
    expect(resolved.status, await resolved.clone().text()).to.equal(200);

    // the entry changes: raised again
    await uploadOfac([sdnRow(990001, 'VALADARES BRANDAO, Teodoro', 'SDGT] [IRAN')]);
    await eventually(async () => {
      expect(await alerts('open')).to.have.length(1);
    }, 20_000);
    const [again] = await alerts('open');
    expect(again!['alert_id']).to.not.equal(first!['alert_id']);
    expect((await getCustomer(service, key, customerId))['open_alerts']).to.equal(1);

    // the entry leaves the list: the sample as it was before it was added
    const removal = await uploadOfac();
    expect(removal['delta']).to.include({ removed: 1 });
    await eventually(async () => {
      expect((await alerts('delisted')).map((a) => a['alert_id'])).to.deep.equal([again!['alert_id']]);
    }, 20_000);
    expect(await alerts('open')).to.deep.equal([]);
    // the alert judged before stays as the analyst left it
    expect((await alerts('resolved')).map((a) => a['alert_id'])).to.deep.equal([first!['alert_id']]);
    const delisted = await delistedEvents(customerId);
    expect(delisted.map((e) => e.data['alert_id'])).to.deep.equal([again!['alert_id']]);
    expect(delisted[0]!.data).to.include({ list_id: 'ofac_sdn', entry_id: '990001', version_id: removal['version_id'] });
    const detail = (await (await service.operator(`/alerts/${again!['alert_id']}`)).json()) as Json;
    expect(detail).to.include({ status: 'delisted' });
    expect((await getCustomer(service, key, customerId))['open_alerts']).to.equal(0);
  });

  it('plain case: a hit, then a version without the entry (new content) delists it; the entry listed again raises a new alert, delisted again when it goes', async () => {
    const customerId = await monitored('11144477735', 'Eulalia Marquesini Prado');
    await service.services.worker.idle();
    await uploadOfac([sdnRow(990002, 'MARQUESINI PRADO, Eulalia', 'SDGT')]);
    await eventually(async () => {
      expect((await alerts('open')).filter((a) => a['customer_id'] === customerId)).to.have.length(1);
    }, 20_000);
    const [hit] = (await alerts('open')).filter((a) => a['customer_id'] === customerId);

    // removed, with another entry added in the same version (a content never seen before)
    await uploadOfac([sdnRow(990003, 'ZWINGLI QUARTERMAINE, Otto', 'SDGT')]);
    await eventually(async () => {
      expect((await alerts('delisted')).map((a) => a['alert_id'])).to.include(hit!['alert_id']);
    }, 20_000);
    expect((await delistedEvents(customerId)).map((e) => e.data['alert_id'])).to.deep.equal([hit!['alert_id']]);

    // listed again, with the very content of the version that first listed it: a new alert
    await uploadOfac([sdnRow(990002, 'MARQUESINI PRADO, Eulalia', 'SDGT')]);
    await eventually(async () => {
      expect((await alerts('open')).filter((a) => a['customer_id'] === customerId)).to.have.length(1);
    }, 20_000);
    // and removed again with the content of the version that removed it the first time
    await uploadOfac([sdnRow(990003, 'ZWINGLI QUARTERMAINE, Otto', 'SDGT')]);
    await eventually(async () => {
      expect(await delistedEvents(customerId)).to.have.length(2);
    }, 20_000);
    expect((await alerts('open')).filter((a) => a['customer_id'] === customerId)).to.deep.equal([]);
  });
  it('killed after delisting and before its sweep was recorded, the version is swept again: one delisting, counted once (last: stops the worker)', async () => {
    const customerId = await monitored('87748248800', 'Wenceslau Pirajá Quintanilha');
    await service.services.worker.idle();
    await uploadOfac([sdnRow(990004, 'PIRAJA QUINTANILHA, Wenceslau', 'SDGT')]);
    await eventually(async () => {
      expect((await alerts('open')).filter((a) => a['customer_id'] === customerId)).to.have.length(1);
    }, 20_000);
    const [hit] = (await alerts('open')).filter((a) => a['customer_id'] === customerId);
    // this instance's worker stops: the removal's work item is recorded, and executed below by hand
    await service.services.worker.stop();
    const removal = await uploadOfac();
    const imported = (await service.services.log.readStream(listStream('ofac_sdn'))).filter((e) => e.type === 'ListVersionImported').pop()!;
    const itemId = `monitor-version:${removal['version_id']}:${imported.position}`;
    await eventually(async () => {
      expect(await service.services.workQueue.get(itemId)).to.not.equal(null);
    }, 10_000);
    const item = (await service.services.workQueue.get(itemId))!;
    const { readStore, blobStore, listCatalog, runner, clock, logger, log } = service.services;
    const reactor = (eventLog: EventLog) => new MonitoringReactor({ log: eventLog, readStore, blobs: blobStore, catalog: listCatalog, runner, clock, logger, work: { schedule: async () => {} }, queue: service.services.workQueue });
    // the process dies on its first append to the sweep's stream: after the delisting, before MonitoringSweepStarted
    const dying = new Proxy(log, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (prop === 'append') {
          return (stream: string, ...rest: unknown[]) => {
            if (stream.startsWith('monitoring-')) throw new Error('killed');
            return (value as (...args: unknown[]) => unknown).call(target, stream, ...rest);
          };
        }
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const signal = new AbortController().signal;
    let died: unknown = null;
    await reactor(dying).execute(item, signal).catch((error: unknown) => (died = error));
    expect(String(died)).to.match(/killed/);
    expect((await delistedEvents(customerId)).map((e) => e.data['alert_id'])).to.deep.equal([hit!['alert_id']]);

    // resumed (the same event seen again, the same item executed again): nothing delisted twice, the delisting counted
    expect(await reactor(log).execute(item, signal)).to.deep.equal({ done: true });
    expect(await reactor(log).execute(item, signal)).to.deep.equal({ done: true });
    await finished(itemId);
    expect((await delistedEvents(customerId)).map((e) => e.data['alert_id'])).to.deep.equal([hit!['alert_id']]);
    const sweeps = (await service.services.log.readAll({ after: null, limit: 10_000, streamPrefixes: ['monitoring-'] })).filter((e) => e.data['version_id'] === removal['version_id']);
    // the removal's content is the sample's, imported three times now: its third sweep
    expect(sweeps.filter((e) => e.type === 'MonitoringSweepStarted').map((e) => e.stream)).to.deep.equal(['', '.2', '.3'].map((n) => `monitoring-${removal['version_id']}${n}`));
    const started = sweeps.filter((e) => e.type === 'MonitoringSweepStarted' && e.position > imported.position);
    expect(started).to.have.length(1);
    expect(started[0]!.data).to.include({ delisted: 1 });
    expect(started[0]!.data['delta']).to.include({ removed: 1 });
    expect(sweeps.filter((e) => e.type === 'MonitoringSweepCompleted' && e.stream === started[0]!.stream)).to.have.length(1);
  });
  it('sweeps of one list go in import order: the removal waits for the sweep of the version that added the entry, then delists the alert it raised (after the test above)', async () => {
    const added = await uploadOfac([sdnRow(990005, 'UBALDINO VASQUES, Crisostomo', 'SDGT')]);
    const removal = await uploadOfac();
    const imports = (await service.services.log.readStream(listStream('ofac_sdn'))).filter((e) => e.type === 'ListVersionImported').slice(-2);
    const ids = [`monitor-version:${added['version_id']}:${imports[0]!.position}`, `monitor-version:${removal['version_id']}:${imports[1]!.position}`];
    await eventually(async () => {
      for (const id of ids) expect(await service.services.workQueue.get(id), id).to.not.equal(null);
    }, 10_000);
    const [addition, removing] = await Promise.all(ids.map(async (id) => (await service.services.workQueue.get(id))!));
    const { readStore, blobStore, listCatalog, runner, clock, logger, log, workQueue } = service.services;
    const reactor = new MonitoringReactor({ log, readStore, blobs: blobStore, catalog: listCatalog, runner, clock, logger, work: { schedule: async () => {} }, queue: workQueue });
    const signal = new AbortController().signal;
    // the removal first (two workers, or the addition's sweep slower): it waits, having delisted nothing
    const early = await reactor.execute(removing!, signal);
    expect(await delistedEvents(lateCustomer)).to.deep.equal([]);
    // the addition's sweep raises the alert (its item done, as the worker records it) ...
    expect(await reactor.execute(addition!, signal)).to.deep.equal({ done: true });
    await finished(ids[0]!);
    // ... and the removal, once it runs, delists it
    expect(await reactor.execute(removing!, signal)).to.deep.equal({ done: true });
    await runner.waitFor(await service.services.eventStore.headPosition());
    const [alert] = (await alerts('delisted')).filter((a) => a['customer_id'] === lateCustomer);
    expect(alert).to.include({ entry_id: '990005', status: 'delisted' });
    expect((await delistedEvents(lateCustomer)).map((e) => e.data['alert_id'])).to.deep.equal([alert!['alert_id']]);
    expect((await alerts('open')).filter((a) => a['customer_id'] === lateCustomer)).to.deep.equal([]);
    // the removal's early execution only waited: its sweep started after the addition's completed
    expect(early).to.have.property('again_at');
    const sweepStarts = (await service.services.log.readAll({ after: imports[0]!.position, limit: 10_000, streamPrefixes: ['monitoring-'] })).filter((e) => e.type === 'MonitoringSweepStarted' || e.type === 'MonitoringSweepCompleted');
    expect(sweepStarts.map((e) => `${e.type}:${e.data['version_id']}`)).to.deep.equal([
      `MonitoringSweepStarted:${added['version_id']}`,
      `MonitoringSweepCompleted:${added['version_id']}`,
      `MonitoringSweepStarted:${removal['version_id']}`,
      `MonitoringSweepCompleted:${removal['version_id']}`,
    ]);
  });
});
