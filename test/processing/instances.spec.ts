import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { REFERENCE_PF } from '../../src/domain/template/reference.js';
import { png } from '../http/facial-support.js';
import { cpf } from '../http/runs-support.js';
import { describeEngines, POSTGRES, type Engine } from '../helpers/engines.js';
import { cnpjOf, empresa, estabelecimento, LOOKUPS, simples, socio, writeDump } from '../helpers/cnpj-dump.js';
import { tempDir } from '../helpers/temp.js';
import { json, killInstance, OPERATOR, receiver, startInstance, tally, until, type Instance } from './instances-support.js';

/**
 * Several instances on one data directory (the SQLite stores) or one PostgreSQL database: work
 * items are leased, so each run, facial round, webhook delivery and credit capture is executed
 * once by one of them; an instance killed mid-load leaves its work to the others once its leases
 * expire. On PostgreSQL the instances do not share a data directory at all: each has its own.
 */
describeEngines('several instances on one store', function (engine: Engine) {
  this.timeout(180_000);
  // PostgreSQL: a smaller load, so the suite adds well under a minute to `npm test`
  const RUNS = engine.name === 'sqlite' ? 200 : 60;
  const CUSTOMERS = engine.name === 'sqlite' ? 20 : 6;
  /** every LIVE_EVERY-th run is a live one, billed: its reserved credit captured once */
  const LIVE_EVERY = 10;

  async function scenario(instanceCount: number, killOne: boolean) {
    const stores = await engine.stores();
    const sharedDir = tempDir();
    // SQLite: one data directory shared by the instances; PostgreSQL: the database is what they share
    const dirOf = (i: number) => (engine.name === 'sqlite' ? sharedDir : join(sharedDir, `i${i}`));
    const effects = join(sharedDir, '..', `effects-${Date.now()}.log`);
    const hooks = await receiver();
    const instances: Instance[] = [];
    try {
      if (engine === POSTGRES) {
        // started together on the empty database: one of them migrates it, the others wait for it
        instances.push(...(await Promise.all(Array.from({ length: instanceCount }, (_, i) => startInstance(dirOf(i), `i${i}`, effects, stores.env)))));
        await expectEachMigrationOnce(stores.env['SVC_EVENTSTORE']!);
      } else {
        // the first instance creates the stores; the others join them
        instances.push(await startInstance(dirOf(0), 'i0', effects, stores.env));
        for (let i = 1; i < instanceCount; i++) instances.push(await startInstance(dirOf(i), `i${i}`, effects, stores.env));
      }
      const [first] = instances as [Instance];
      const op = (path: string, method: string, body: unknown) => fetch(`${first.base}/operator/v1${path}`, { method, headers: OPERATOR, body: JSON.stringify(body) });
      const tenant = await json(await op('/tenants', 'POST', { name: 'Instances' }), 201);
      const scopes = ['runs:write', 'runs:read', 'customers:write', 'customers:read'];
      const key = (await json(await op(`/tenants/${tenant.tenant_id}/api-keys`, 'POST', { name: 'k', environment: 'sandbox', scopes }), 201)).api_key as string;
      const liveKey = (await json(await op(`/tenants/${tenant.tenant_id}/api-keys`, 'POST', { name: 'l', environment: 'live', scopes }), 201)).api_key as string;
      await json(await op(`/tenants/${tenant.tenant_id}/credits`, 'POST', { amount: 100_000, reason: 'instances' }), 201);
      const template = (await json(await op('/templates', 'POST', { tenant_id: tenant.tenant_id, ...REFERENCE_PF }), 201)).template_id as string;
      await json(await op(`/tenants/${tenant.tenant_id}`, 'PATCH', { facial_verification_master: true, facial_verification_enabled: true }), 200);
      for (const environment of ['sandbox', 'live']) await json(await op(`/tenants/${tenant.tenant_id}/webhook-endpoints/${environment}`, 'PUT', { url: hooks.url, events: [] }), 200);

      // load spread over every instance's HTTP
      const via = (i: number) => instances[i % instances.length]!.base;
      const api = (i: number, path: string, init: RequestInit, apiKey = key) => fetch(`${via(i)}/api/v1${path}`, { ...init, headers: { 'x-api-key': apiKey, ...(init.headers ?? {}) } });
      const runIds: string[] = [];
      const post = async (i: number) => {
        const body = JSON.stringify({ template_id: template, subject: { type: 'pf', doc: cpf(70_000 + i), name: 'Maria Silva' } });
        const live = i % LIVE_EVERY === 0;
        runIds.push((await json(await api(i, '/bureau/runs', { method: 'POST', headers: { 'content-type': 'application/json' }, body }, live ? liveKey : key), 202)).run_id as string);
      };
      let killed: Instance | null = null;
      for (let batch = 0; batch < RUNS / 20; batch++) {
        await Promise.all(Array.from({ length: 20 }, (_, j) => post(batch * 20 + j)));
        if (killOne && batch === Math.floor(RUNS / 40)) {
          // mid-load: the last instance dies holding leases on whatever it was executing
          killed = instances[instances.length - 1]!;
          await killInstance(killed);
          instances.pop();
        }
      }
      const customers: string[] = [];
      await Promise.all(
        Array.from({ length: CUSTOMERS }, async (_, i) => {
          const created = await json(await api(i, '/customers', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'pf', doc: cpf(80_000 + i), name: 'Maria Silva', email: 'maria@example.com' }) }), 201);
          customers.push(created.customer_id as string);
          for (const type of ['selfie', 'identidade_frente']) {
            const form = new FormData();
            form.append('type', type);
            form.append('file', new Blob([png()], { type: 'image/png' }), `${type}-${created.customer_id}.png`);
            await json(await api(i + 1, `/customers/${created.customer_id}/documents`, { method: 'POST', body: form }), 201);
          }
        }),
      );

      const opened = await stores.open(sharedDir);
      try {
        const all = () => opened.eventStore.readAll({ after: null, limit: 1_000_000 });
        const count = async (type: string) => (await all()).filter((e) => e.type === type).length;
        await until(async () => (await count('RunCompleted')) === RUNS, 90_000, 'every run to complete');
        await until(async () => (await count('FacialRoundCompleted')) === CUSTOMERS, 60_000, 'every facial round');
        await until(async () => hooks.received.size === RUNS, 60_000, `every run.completed webhook (${hooks.received.size})`);
        // nothing more arrives once everything is done
        await new Promise((r) => setTimeout(r, 1_500));
        expect(await count('RunCompleted')).to.equal(RUNS);
        expect(await count('FacialRoundStarted')).to.equal(CUSTOMERS);
        expect(await count('FacialRoundCompleted')).to.equal(CUSTOMERS);
        // billing: each live run's credit reserved once and captured once, whoever executed it
        const charges = (type: string) => tallyBy(all, type, (e) => String(e.data['charge_id']));
        const reserved = await charges('CreditsReserved');
        const captured = await charges('CreditsCaptured');
        expect(reserved.size, 'live runs reserved').to.equal(RUNS / LIVE_EVERY);
        expect([...captured.keys()].sort()).to.deep.equal([...reserved.keys()].sort());
        expect([...reserved.values(), ...captured.values()].filter((n) => n > 1), 'a credit reserved or captured twice').to.deep.equal([]);
      } finally {
        await opened.close();
      }

      const queries = tally(effects, 'query');
      const checks = tally(effects, 'check');
      expect(queries.counts.size).to.equal(RUNS * REFERENCE_PF.sources.length);
      expect(checks.counts.size).to.equal(CUSTOMERS * 2);
      const repeatedQueries = [...queries.counts.values()].filter((n) => n > 1).length;
      const repeatedChecks = [...checks.counts.values()].filter((n) => n > 1).length;
      const resent = [...hooks.received.values()].filter((n) => n > 1).length;
      if (!killOne) {
        // each effect exactly once, and the work was shared
        expect(repeatedQueries, 'a source asked twice for one run').to.equal(0);
        expect(repeatedChecks, 'a facial check made twice').to.equal(0);
        expect(resent, 'a webhook sent twice').to.equal(0);
        for (const instance of instances) expect(queries.by.get(instance.name) ?? 0, `${instance.name} executed runs`).to.be.greaterThan(0);
      } else {
        // only what the dead instance was executing when it died may be done again (at-least-once)
        expect(repeatedQueries).to.be.at.most(64 * REFERENCE_PF.sources.length);
        // a webhook sent by the dead instance whose 2xx it had not recorded is sent again, same event id
        expect(resent).to.be.at.most(64);
        expect(queries.by.get(killed!.name) ?? 0, 'the killed instance had taken work').to.be.greaterThan(0);
      }
    } finally {
      for (const instance of instances) instance.child.kill('SIGTERM');
      await Promise.all(instances.map((i) => i.exited));
      hooks.server.close();
      await stores.drop();
    }
  }

  const load = `${RUNS} runs (${RUNS / LIVE_EVERY} live, billed), ${RUNS} webhooks, ${CUSTOMERS} facial rounds`;
  if (engine.name === 'sqlite') {
    it(`two instances under load (${load}): every effect exactly once, shared between them`, () => scenario(2, false));
  } else {
    it(`three instances started together on an empty database, then under load (${load}): each migration applied once, every effect exactly once, shared between them`, () =>
      scenario(3, false));
  }
  if (engine === POSTGRES) {
    it('two instances racing for the monthly CNPJ fetch on one database: one import, each file downloaded once, the month served by both', async () => {
      const folder = await receitaFolder();
      const stores = await engine.stores('kyc_cnpj_race');
      const dir = tempDir();
      const env = { ...stores.env, INSTANCE_ENV: JSON.stringify({ SVC_CNPJ_FETCH: 'on', SVC_CNPJ_URL: folder.url }) };
      const instances = await Promise.all(['r0', 'r1'].map((name) => startInstance(join(dir, name), name, join(dir, 'effects.log'), env)));
      const client = new pg.Client({ connectionString: stores.env['SVC_READSTORE'] });
      await client.connect();
      try {
        const served = async () => (await client.query<{ edition: unknown }>("SELECT edition FROM registers_current WHERE register = 'cnpj'").catch(() => ({ rows: [] }))).rows[0]?.edition;
        await until(async () => (await served()) !== undefined, 60_000, 'the month to be imported').catch((error: Error) => {
          throw new Error(`${error.message}: requests ${folder.requests.join(' ')}; ${instances.map((i) => i.output()).join('\n')}`);
        });
        expect(JSON.stringify(await served())).to.contain('2026-10');
        // a while longer: a second import would download the files again
        await new Promise((r) => setTimeout(r, 2_000));
        const downloads = folder.requests.filter((path) => path.endsWith('.zip'));
        expect(downloads.length, 'files downloaded').to.be.at.least(10);
        expect(downloads.length, 'a file downloaded twice').to.equal(new Set(downloads).size);
        // one schema built for the month, swapped in; no build left behind
        expect((await client.query("SELECT edition FROM registers_builds WHERE register = 'cnpj'")).rows, 'builds left').to.have.length(0);
      } finally {
        await client.end();
        for (const instance of instances) instance.child.kill('SIGTERM');
        await Promise.all(instances.map((i) => i.exited));
        await folder.close();
        await stores.drop();
      }
    });
  }

  it('three instances, one killed mid-load: the others finish its work after its leases (3 s) expire, nothing lost', () => scenario(3, true));
});

/** The schema_migrations table of the database: each version recorded once (issue 32: one instance migrates, the others wait). */
async function expectEachMigrationOnce(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const applied = (await client.query<{ version: string; times: string }>('SELECT version::text, count(*)::text AS times FROM schema_migrations GROUP BY version ORDER BY version')).rows;
    expect(applied.length, 'migrations applied').to.be.greaterThan(0);
    expect(applied.filter((row) => row.times !== '1'), 'a migration applied twice').to.deep.equal([]);
  } finally {
    await client.end();
  }
}

/** How many events of a type there are per key. */
async function tallyBy(all: () => Promise<{ type: string; data: Record<string, unknown> }[]>, type: string, key: (e: { data: Record<string, unknown> }) => string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const e of await all()) if (e.type === type) counts.set(key(e), (counts.get(key(e)) ?? 0) + 1);
  return counts;
}

/** The Receita CNPJ folder on loopback: one month, a whole small dump (every file the import needs); every request path kept. */
async function receitaFolder(): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const basico = '12345678';
  const dir = await writeDump(tempDir(), '2026-10', { ...LOOKUPS, empresas: [empresa(basico, 'EMPRESA LTDA')], estabelecimentos: [estabelecimento(cnpjOf(basico))], socios: [socio(basico)], simples: [simples(basico)] });
  const files = readdirSync(dir);
  const listing = (names: string[]) => `<html><body>${names.map((n) => `<a href="${n}">${n}</a>`).join('\n')}</body></html>`;
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url!);
    const path = req.url!.replace(/^\/cnpj\//, '');
    if (path === '') return void res.writeHead(200).end(listing(['2026-10/']));
    const [month, name] = path.split('/');
    if (month !== '2026-10') return void res.writeHead(404).end();
    if (name === '') return void res.writeHead(200).end(listing(files));
    if (!files.includes(name!)) return void res.writeHead(404).end();
    const data = readFileSync(join(dir, name!));
    res.writeHead(200, { etag: `"${month}-${name}"`, 'content-length': data.length }).end(data);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/cnpj/`,
    requests,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}
