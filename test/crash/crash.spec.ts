import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { RecordedEvent } from '../../src/adapters/event-store/port.js';
import { loadConfig } from '../../src/config.js';
import { silentLogger } from '../../src/logger.js';
import type { TenantDoc } from '../../src/projections/tenants.js';
import { closeApp, composeApp } from '../../src/app/compose.js';
import { describeEngines, type ScenarioStores } from '../helpers/engines.js';
import { tempDir } from '../helpers/temp.js';
import { nodeArgs } from '../helpers/node-child.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CHILD = fileURLToPath(new URL('./append-child.ts', import.meta.url));

/** acks a run must see before it is killed, and how long it may take to see them (fewer on PostgreSQL, whose appends are network round trips) */
const MIN_ACKS = { sqlite: 300, postgres: 100 };
const ACK_TIMEOUT_MS = 10_000;
/** how long the child may take to open the services (a loaded machine: many seconds) */
const READY_TIMEOUT_MS = 60_000;

interface Acks {
  tenants: Map<string, number>;
  credits: { tenantId: string; position: number; amount: number }[];
  errors: string[];
  conflicts: number;
}

const newAcks = (): Acks => ({ tenants: new Map(), credits: [], errors: [], conflicts: 0 });

/**
 * Runs the child on `dir` until it has acknowledged MIN_ACKS commands of its engine (plus a random few ms, so
 * the kill lands at a different point each time), then SIGKILLs it. Every line that reached the
 * pipe before the kill counts: those commands were acknowledged.
 */
async function runAndKill(dir: string, stores: ScenarioStores, acks: Acks): Promise<number> {
  const minAcks = MIN_ACKS[stores.engine];
  const child = spawn(process.execPath, [...nodeArgs(CHILD), dir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...stores.env } });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-10_000);
  });
  let seen = 0;
  let onAck: (() => void) | null = null;
  let onReady: (() => void) | null = null;
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (line) => {
    const [word, kind, tenantId, position, amount] = line.split(' ');
    if (word === 'ack' && kind === 'tenant' && tenantId && position) {
      acks.tenants.set(tenantId, Number(position));
    } else if (word === 'ack' && kind === 'credit' && tenantId && position && amount) {
      acks.credits.push({ tenantId, position: Number(position), amount: Number(amount) });
    } else if (word === 'conflict') {
      acks.conflicts++;
      return;
    } else if (word === 'ready') {
      onReady?.();
      return;
    } else if (word === 'error') {
      acks.errors.push(line);
      return;
    } else {
      return;
    }
    seen++;
    onAck?.();
  });
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('close', (code, signal) => resolve({ code, signal })),
  );

  const reached = await new Promise<boolean>((resolve) => {
    // the acks are timed from the child's `ready`, not its spawn
    let timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
    onReady = () => {
      clearTimeout(timer);
      timer = setTimeout(() => resolve(false), ACK_TIMEOUT_MS);
    };
    onAck = () => {
      if (seen < minAcks) return;
      onAck = null;
      clearTimeout(timer);
      setTimeout(() => resolve(true), Math.floor(Math.random() * 500));
    };
    void closed.then(() => {
      clearTimeout(timer);
      resolve(false);
    });
  });
  child.kill('SIGKILL');
  const exit = await closed;
  if (!reached) throw new Error(`child saw ${seen} acks, exit ${exit.code ?? exit.signal}; stderr:\n${stderr.slice(-4000)}`);
  expect(exit.signal, 'the child was killed, it did not exit').to.equal('SIGKILL');
  return seen;
}

async function readEverything(read: (after: number | null) => Promise<RecordedEvent[]>): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  for (;;) {
    const page = await read(all.length ? all[all.length - 1]!.position : null);
    if (page.length === 0) return all;
    all.push(...page);
  }
}

/** Opens the services on `dir` in this process and checks the store and the read model against the acks. */
async function verify(dir: string, stores: ScenarioStores, acks: Acks): Promise<{ events: number; tenants: number }> {
  expect(acks.errors, 'commands failed in the child').to.deep.equal([]);
  const services = await composeApp(
    loadConfig({ SVC_DATA_DIR: dir, SVC_LISTS_REFRESH: 'off', SVC_SEED_DEMO: 'false', SVC_OPERATOR_TOKEN: 'x', SVC_SECRET_KEY: 'y', ...stores.env }),
    silentLogger,
  );
  try {
    const { eventStore } = services;
    const head = await eventStore.headPosition();
    const all = await readEverything((after) => eventStore.readAll({ after, limit: 1000 }));

    // positions 1..head, each once, in order
    expect(all.length).to.equal(head);
    all.forEach((e, i) => {
      if (e.position !== i + 1) expect.fail(`position ${e.position} at index ${i}: a gap or a duplicate`);
    });

    const ids = new Set(all.map((e) => e.id));
    expect(ids.size, 'event ids are unique').to.equal(all.length);

    // per stream: revisions 0..n-1 in commit order
    const streams = new Map<string, RecordedEvent[]>();
    for (const e of all) {
      const list = streams.get(e.stream) ?? [];
      list.push(e);
      streams.set(e.stream, list);
    }
    for (const [stream, events] of streams) {
      events.forEach((e, i) => {
        if (e.revision !== i) expect.fail(`${stream}: revision ${e.revision} at index ${i}`);
      });
    }

    // every acknowledged command is in its stream, at the position it was acknowledged with
    for (const [tenantId, position] of acks.tenants) {
      const stream = await eventStore.readStream(`tenant-${tenantId}`);
      const created = stream.find((e) => e.position === position);
      expect(created, `acknowledged tenant ${tenantId} @${position}`).to.not.equal(undefined);
      expect(created!.type).to.equal('TenantCreated');
      expect(created!.data['tenant_id']).to.equal(tenantId);
    }
    const ledgers = new Map<string, RecordedEvent[]>();
    for (const credit of acks.credits) {
      let ledger = ledgers.get(credit.tenantId);
      if (!ledger) ledgers.set(credit.tenantId, (ledger = await eventStore.readStream(`ledger-${credit.tenantId}`)));
      const added = ledger.find((e) => e.position === credit.position);
      expect(added, `acknowledged credit ${credit.tenantId} @${credit.position}`).to.not.equal(undefined);
      expect(added!.type).to.equal('CreditsAdded');
      expect(added!.data['amount']).to.equal(credit.amount);
    }

    // what the read model must say: every tenant in the store, balance = sum of its credits
    const expected = new Map<string, number>();
    for (const e of all) if (e.type === 'TenantCreated') expected.set(String(e.data['tenant_id']), 0);
    for (const e of all) {
      if (e.type !== 'CreditsAdded') continue;
      const tenantId = String(e.data['tenant_id']);
      expect(expected.has(tenantId), `credits for unknown tenant ${tenantId}`).to.equal(true);
      const balance = expected.get(tenantId)! + Number(e.data['amount']);
      expect(e.data['balance'], `running balance in ledger-${tenantId} @${e.position}`).to.equal(balance);
      expected.set(tenantId, balance);
    }

    expect(await services.runner.waitFor(head, 15_000), 'projections caught up').to.equal(true);
    const docs = await services.readStore.listCollection<TenantDoc>('tenants');
    const actual = new Map(docs.map((d) => [d.id, d.doc.balance]));
    expect(actual.size, 'tenant documents').to.equal(expected.size);
    for (const [tenantId, balance] of expected) {
      if (actual.get(tenantId) !== balance) expect.fail(`tenant ${tenantId}: read model ${actual.get(tenantId)}, events ${balance}`);
    }
    return { events: all.length, tenants: expected.size };
  } finally {
    await closeApp(services);
  }
}

describeEngines('crash: SIGKILL under write load loses no acknowledged event and corrupts nothing', function (engine) {
  this.timeout(120_000);
  let stores: ScenarioStores;
  beforeEach(async () => {
    stores = await engine.stores('kyc_crash');
  });
  afterEach(async () => {
    await stores.drop();
  });

  it('keeps every acknowledged append, gapless positions and a consistent read model after a kill', async () => {
    const dir = tempDir('svc-crash-');
    const acks = newAcks();
    await runAndKill(dir, stores, acks);
    const { events, tenants } = await verify(dir, stores, acks);
    expect(events).to.be.at.least(MIN_ACKS[engine.name]);
    expect(tenants).to.be.at.least(acks.tenants.size);
  });

  it('stays consistent after kill, restart under load, kill again, restart', async () => {
    const dir = tempDir('svc-crash-');
    const acks = newAcks();
    await runAndKill(dir, stores, acks);
    const firstRun = acks.tenants.size;
    await runAndKill(dir, stores, acks);
    expect(acks.tenants.size).to.be.greaterThan(firstRun);
    await verify(dir, stores, acks);
  });
});
