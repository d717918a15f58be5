import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { RecordedEvent } from '../../src/adapters/event-store/port.js';
import { REFERENCE_PF } from '../../src/domain/template/reference.js';
import { png } from '../http/facial-support.js';
import { cpf } from '../http/runs-support.js';
import { describeEngines, SQLITE, type ScenarioStores } from '../helpers/engines.js';
import { tempDir } from '../helpers/temp.js';
import { effectLines, json, killInstance, OPERATOR, receiver, startInstance, tally, until, type Instance } from '../processing/instances-support.js';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Every reactor killed (SIGKILL) at several points: right after the triggering write, in the
 * middle of its effect, and after the effect but before or after its record. After a restart on
 * the same data directory nothing triggered is lost, and no effect whose outcome was recorded is
 * made again; an effect made but not recorded may be made once more (at least once).
 */
/** the kill points also run on PostgreSQL (a few, so the suite adds well under a minute there) */
const ON_POSTGRES = new Set(['run: killed with every source asked', 'webhook: killed after sending', 'facial round: killed when it starts']);

describeEngines('reactors killed at every point, then restarted', function (engine) {
  this.timeout(120_000);
  const it = (title: string, fn: () => Promise<void>) =>
    engine === SQLITE || [...ON_POSTGRES].some((prefix) => title.startsWith(prefix)) ? globalThis.it(title, fn) : undefined;
  let n = 0;

  interface World {
    dataDir: string;
    stores: ScenarioStores;
    effects: string;
    instance: Instance;
    key: string;
    tenantId: string;
    template: string;
    hooks: Awaited<ReturnType<typeof receiver>>;
  }

  /** An instance with a kill point, a tenant with a key, a template, the facial module and a webhook endpoint. */
  async function world(block: string | null): Promise<World> {
    const dataDir = tempDir();
    const stores = await engine.stores('kyc_reactors_kill');
    const effects = join(dataDir, '..', `effects-${++n}-${Date.now()}.log`);
    const instance = await startInstance(dataDir, 'before', effects, { ...stores.env, ...(block ? { BLOCK_APPEND_TYPE: block } : {}) });
    const op = (path: string, method: string, body: unknown) => fetch(`${instance.base}/operator/v1${path}`, { method, headers: OPERATOR, body: JSON.stringify(body) });
    const tenantId = (await json(await op('/tenants', 'POST', { name: 'Crash' }), 201)).tenant_id as string;
    const key = (await json(await op(`/tenants/${tenantId}/api-keys`, 'POST', { name: 'k', environment: 'sandbox', scopes: ['runs:write', 'runs:read', 'customers:write', 'customers:read'] }), 201)).api_key as string;
    const template = (await json(await op('/templates', 'POST', { tenant_id: tenantId, ...REFERENCE_PF }), 201)).template_id as string;
    await json(await op(`/tenants/${tenantId}`, 'PATCH', { facial_verification_master: true, facial_verification_enabled: true }), 200);
    const hooks = await receiver();
    await json(await op(`/tenants/${tenantId}/webhook-endpoints/sandbox`, 'PUT', { url: hooks.url, events: [] }), 200);
    return { dataDir, stores, effects, instance, key, tenantId, template, hooks };
  }

  const api = (w: World, path: string, init: RequestInit = {}) => fetch(`${w.instance.base}/api/v1${path}`, { ...init, headers: { 'x-api-key': w.key, ...(init.headers ?? {}) } });
  const postRun = async (w: World) =>
    (await json(await api(w, '/bureau/runs', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ template_id: w.template, subject: { type: 'pf', doc: cpf(90_000 + ++n), name: 'Maria Silva' } }) }), 202))
      .run_id as string;
  const uploadPair = async (w: World) => {
    const customer = (await json(await api(w, '/customers', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ type: 'pf', doc: cpf(95_000 + ++n), name: 'Maria Silva', email: 'maria@example.com' }) }), 201)).customer_id as string;
    for (const type of ['selfie', 'identidade_frente']) {
      const form = new FormData();
      form.append('type', type);
      form.append('file', new Blob([png()], { type: 'image/png' }), `${type}-${customer}.png`);
      await json(await api(w, `/customers/${customer}/documents`, { method: 'POST', body: form }), 201);
    }
    return customer;
  };

  async function kill(w: World, when: () => Promise<boolean>, what: string): Promise<void> {
    await until(when, 30_000, what);
    await killInstance(w.instance);
  }

  /** Restarts on the data directory (no kill point) and waits for `done`; returns the events. */
  async function restart(w: World, done: (events: RecordedEvent[]) => boolean, what: string): Promise<RecordedEvent[]> {
    const after = await startInstance(w.dataDir, 'after', w.effects, w.stores.env);
    const store = await eventsOf(w);
    try {
      const all = () => store.readAll({ after: null, limit: 1_000_000 });
      await until(async () => done(await all()), 30_000, what);
      // let anything that would be done twice happen before counting
      await new Promise((r) => setTimeout(r, 1_200));
      return await all();
    } finally {
      await store.close();
      after.child.kill('SIGTERM');
      await after.exited;
      w.hooks.server.close();
      await w.stores.drop();
    }
  }

  /** the world's event store, opened in the test's process */
  const eventsOf = async (w: World) => {
    const opened = await w.stores.open(w.dataDir);
    return { readAll: opened.eventStore.readAll.bind(opened.eventStore), readStream: opened.eventStore.readStream.bind(opened.eventStore), close: opened.close };
  };
  const blocked = (w: World, type: string) => async () => w.instance.output().includes(`blocked ${type}`);
  const count = (events: RecordedEvent[], type: string) => events.filter((e) => e.type === type).length;
  const askedPerSource = (w: World) => [...tally(w.effects, 'query').counts.values()];

  // each kill point once in `npm test` (the suite's time budget); SVC_TEST_CRASH_ROUNDS=N repeats
  // them N times, to look for a kill point that passes only by the timing of one run
  const rounds = Math.max(1, Number(process.env['SVC_TEST_CRASH_ROUNDS'] ?? '1') || 1);
  for (const round of Array.from({ length: rounds }, (_, i) => i + 1)) {
    describe(`round ${round}`, () => {
      it('run: killed after RunQueued, before any source was asked: completes, each source asked once', async () => {
        const w = await world('RunStarted');
        await postRun(w);
        await kill(w, blocked(w, 'RunStarted'), 'the run to be taken');
        expect(askedPerSource(w)).to.deep.equal([]);
        const events = await restart(w, (e) => count(e, 'RunCompleted') === 1, 'the run to complete');
        expect(count(events, 'RunCompleted')).to.equal(1);
        expect(askedPerSource(w)).to.deep.equal(Array(REFERENCE_PF.sources.length).fill(1));
      });

      it('run: killed with every source asked and no answer recorded: completes; only unrecorded answers are asked again', async () => {
        const w = await world('SourceAnswered');
        await postRun(w);
        await kill(w, async () => (await blocked(w, 'SourceAnswered')()) && askedPerSource(w).length === REFERENCE_PF.sources.length, 'every source to be asked');
        const events = await restart(w, (e) => count(e, 'RunCompleted') === 1, 'the run to complete');
        expect(count(events, 'SourceAnswered')).to.equal(REFERENCE_PF.sources.length);
        expect(askedPerSource(w)).to.deep.equal(Array(REFERENCE_PF.sources.length).fill(2));
      });

      it('run: killed with the first answers recorded and the last (with the end) not: completes, recorded answers never asked again', async () => {
        // the last answers and RunCompleted are appended together: blocking the end blocks them too
        const w = await world('RunCompleted');
        const runId = await postRun(w);
        await kill(w, blocked(w, 'RunCompleted'), 'the run to end');
        const store = await eventsOf(w);
        const recorded = (await store.readStream(`run-${runId}`)).filter((e) => e.type === 'SourceAnswered').map((e) => `${runId}:${String(e.data['source_id'])}`);
        await store.close();
        const events = await restart(w, (e) => count(e, 'RunCompleted') === 1, 'the run to complete');
        expect(count(events, 'RunCompleted')).to.equal(1);
        const asked = tally(w.effects, 'query').counts;
        expect(asked.size).to.equal(REFERENCE_PF.sources.length);
        for (const [source, times] of asked) expect(times, source).to.equal(recorded.includes(source) ? 1 : 2);
      });

      it('facial round: killed right after the second upload: the round still runs, each check once', async () => {
        const w = await world(null);
        await uploadPair(w);
        await kill(w, async () => true, 'the upload');
        // on a loaded machine the first instance can finish the whole round before the kill lands
        const store = await eventsOf(w);
        const completedBefore = count(await store.readAll({ after: null, limit: 1_000_000 }), 'FacialRoundCompleted') === 1;
        await store.close();
        const events = await restart(w, (e) => count(e, 'FacialRoundCompleted') === 1, 'the round to complete');
        expect(count(events, 'FacialRoundCompleted')).to.equal(1);
        // the restarted instance made each check once (none if the round was already complete); on a
        // loaded machine the kill can land after the first instance made them unrecorded (then they
        // are made again, by design: see "killed with its checks made and not recorded"), never more
        // than once there either
        const checks = effectLines(w.effects).filter((line) => line.startsWith('check '));
        const by = (instance: string) => checks.filter((line) => line.endsWith(` ${instance}`)).map((line) => line.split(' ')[1]!).sort();
        expect(by('after')).to.have.length(completedBefore ? 0 : 2);
        expect(new Set(by('after')).size).to.equal(completedBefore ? 0 : 2);
        if (completedBefore) expect(new Set(by('before')).size).to.equal(2);
        expect(new Set(by('before')).size).to.equal(by('before').length);
        if (!completedBefore) expect(by('before').every((key) => by('after').includes(key))).to.equal(true);
      });

      it('facial round: killed when it starts: runs after the restart, each check once', async () => {
        const w = await world('FacialRoundStarted');
        await uploadPair(w);
        await kill(w, blocked(w, 'FacialRoundStarted'), 'the round to start');
        const events = await restart(w, (e) => count(e, 'FacialRoundCompleted') === 1, 'the round to complete');
        expect(count(events, 'FacialRoundStarted')).to.equal(1);
        expect([...tally(w.effects, 'check').counts.values()]).to.deep.equal([1, 1]);
      });

      it('facial round: killed with its checks made and not recorded: completes once (the unrecorded checks made again)', async () => {
        const w = await world('FacialRoundCompleted');
        await uploadPair(w);
        await kill(w, blocked(w, 'FacialRoundCompleted'), 'the checks');
        const events = await restart(w, (e) => count(e, 'FacialRoundCompleted') === 1, 'the round to complete');
        expect(count(events, 'FacialRoundCompleted')).to.equal(1);
        expect([...tally(w.effects, 'check').counts.values()]).to.deep.equal([2, 2]);
      });

      it('webhook: killed before the delivery was recorded: delivered once after the restart', async () => {
        const w = await world('WebhookDeliveryScheduled');
        await postRun(w);
        await kill(w, blocked(w, 'WebhookDeliveryScheduled'), 'the delivery');
        await restart(w, (e) => count(e, 'WebhookAttemptRecorded') === 1, 'the attempt');
        expect([...w.hooks.received.values()]).to.deep.equal([1]);
      });

      it('webhook: killed after sending, before recording the 2xx: sent again with the same event id, then never', async () => {
        const w = await world('WebhookAttemptRecorded');
        await postRun(w);
        await kill(w, async () => w.hooks.received.size === 1 && (await blocked(w, 'WebhookAttemptRecorded')()), 'the attempt');
        const events = await restart(w, (e) => count(e, 'WebhookAttemptRecorded') === 1, 'the attempt to be recorded');
        expect(count(events, 'WebhookAttemptRecorded')).to.equal(1);
        expect([...w.hooks.received.values()]).to.deep.equal([2]);
      });

      it('webhook: killed after its 2xx was recorded: never sent again', async () => {
        const w = await world(null);
        await postRun(w);
        const store = await eventsOf(w);
        try {
          await kill(w, async () => (await store.readAll({ after: null, limit: 100_000 })).some((e) => e.type === 'WebhookAttemptRecorded'), 'the attempt to be recorded');
        } finally {
          await store.close();
        }
        await restart(w, () => true, 'the restart');
        expect([...w.hooks.received.values()]).to.deep.equal([1]);
      });
    });
  }

  it('FX analysis: killed with its laudo rendered and stored, not recorded: completes once, with the laudo number it was given', async () => {
    const w = await world('FxAnalysisCompleted');
    const op = (path: string, method: string, body?: unknown) =>
      fetch(`${w.instance.base}/operator/v1${path}`, { method, headers: OPERATOR, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const operation = await json(
      await op(`/tenants/${w.tenantId}/fx-operations`, 'POST', { nature_code: '45401', direction: 'saida', currency: 'USD', amount: '12500.00', counterparty: { name: 'Acme Engineering Inc.', country: 'US' }, description: 'Assistência técnica' }),
      201,
    );
    await json(await op(`/fx-operations/${operation.id}/submit`, 'POST'), 200);
    await json(await op(`/fx-operations/${operation.id}/analysis`, 'POST'), 202);
    await until(blocked(w, 'FxAnalysisCompleted'), 30_000, 'the laudo to be rendered');
    // the browser it launched for the laudo dies with it, not left behind as an orphan
    const browsers = (await promisify(execFile)('ps', ['-o', 'pid=', '--ppid', String(w.instance.child.pid)]).catch(() => ({ stdout: '' }))).stdout.trim().split(/\s+/).filter(Boolean).map(Number);
    expect(browsers.length, 'a browser was launched').to.be.greaterThan(0);
    await kill(w, async () => true, 'the kill');
    await until(async () => browsers.every((pid) => !alive(pid)), 10_000, 'the browser to exit');
    const events = await restart(w, (e) => count(e, 'FxAnalysisCompleted') === 1, 'the analysis to complete');
    expect(count(events, 'FxAnalysisCompleted')).to.equal(1);
    const numbers = events.filter((e) => e.type === 'LaudoNumberAllocated');
    expect(numbers).to.have.length(1);
  });
});
