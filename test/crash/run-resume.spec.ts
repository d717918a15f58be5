import { expect } from 'chai';
import { spawn } from 'node:child_process';
import type { Source, SourceRequest } from '../../src/adapters/sources/port.js';
import { SandboxSource } from '../../src/adapters/sources/sandbox.js';
import { loadConfig } from '../../src/config.js';
import { silentLogger } from '../../src/logger.js';
import { getRun } from '../../src/projections/runs.js';
import { closeApp, composeApp } from '../../src/app/compose.js';
import { describeEngines } from '../helpers/engines.js';
import { tempDir } from '../helpers/temp.js';
import { nodeArgs } from '../helpers/node-child.js';

class Counting implements Source {
  readonly asked: string[] = [];
  private readonly inner = new SandboxSource({ latencyMs: 0 });
  async query(request: SourceRequest, signal: AbortSignal) {
    this.asked.push(request.source_id);
    return this.inner.query(request, signal);
  }
}

const until = async (check: () => Promise<boolean>, ms: number, what: string) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describeEngines('a run interrupted by a process kill', function (engine) {
  this.timeout(90_000);

  it('completes after a restart, asking each source once: answers recorded before the kill are not asked again', async () => {
    const dataDir = tempDir();
    const stores = await engine.stores('kyc_run_resume');
    const child = spawn(process.execPath, [...nodeArgs('test/crash/run-child.ts'), dataDir], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...stores.env } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const exited = new Promise((r) => child.on('exit', r));
    await until(async () => /queued (\S+)/.test(out), 30_000, `the run to be queued: ${out}`);
    const runId = /queued (\S+)/.exec(out)![1]!;

    const reader = await stores.open(dataDir);
    const answered = async () => (await reader.eventStore.readStream(`run-${runId}`)).filter((e) => e.type === 'SourceAnswered').map((e) => String(e.data['source_id']));
    await until(async () => (await answered()).length >= 2, 20_000, 'two answers');
    child.kill('SIGKILL');
    await exited;
    const before = await answered();
    await reader.close();
    expect(before).to.have.members(['receita_cpf', 'sanctions']);
    expect(out.match(/query /g)).to.have.length(5, 'the child had asked every source before it died');

    const source = new Counting();
    const config = loadConfig({ SVC_DATA_DIR: dataDir, SVC_LISTS_REFRESH: 'off', SVC_SEED_DEMO: 'false', SVC_OPERATOR_TOKEN: 'x', SVC_SECRET_KEY: 'y', ...stores.env });
    const services = await composeApp(config, silentLogger, { sandboxSource: source });
    try {
      await until(async () => (await getRun(services.readStore, runId))?.status === 'completed', 20_000, 'the run to complete');
      expect(source.asked).to.have.members(['pep', 'legal_proceedings', 'negative_media']);
      const events = await services.eventStore.readStream(`run-${runId}`);
      const sources = events.filter((e) => e.type === 'SourceAnswered').map((e) => e.data['source_id']);
      expect(sources).to.have.length(5);
      expect(new Set(sources).size).to.equal(5);
      expect(events.filter((e) => e.type === 'RunCompleted')).to.have.length(1);
      expect((await getRun(services.readStore, runId))!.decision).to.equal('approved');
    } finally {
      await closeApp(services);
      await stores.drop();
    }
  });
});
