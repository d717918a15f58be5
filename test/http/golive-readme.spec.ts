import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createTenant, startService, type TestService } from '../helpers/service.js';

/** The README's "Going live" section (issue 28): five steps, each with a command that checks it, run here. */
const README = readFileSync('README.md', 'utf8');
const section = README.slice(README.indexOf('## Going live'), README.indexOf('\n## ', README.indexOf('## Going live') + 5));
/** A shell command run without blocking (the service answers in this very process). */
const sh = (command: string, env: Record<string, string>) =>
  new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile('bash', ['-c', command], { env, encoding: 'utf8', timeout: 20_000 }, (error, stdout, stderr) => resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }));
  });

/** The lines of the section's sh code blocks. */
const commands = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) => m[1]!.split('\n').map((l) => l.trim()).filter(Boolean));

describe('README: Going live', function () {
  this.timeout(60_000);
  let service: TestService;
  let env: Record<string, string>;

  before(async () => {
    service = await startService();
    const tenant = await createTenant(service, 'Vai ao ar');
    const live = await tenant.key({ environment: 'live', scopes: ['screening:read'] });
    env = { PATH: process.env['PATH'] ?? '', BASE: service.base, OP: 'op_test_token', TENANT: tenant.tenant_id, LIVE_KEY: live.api_key };
  });
  after(async () => service.close());

  it('has five numbered steps: credit, live key, lists, providers, monitoring, each with a command', () => {
    const steps = [...section.matchAll(/^(\d)\. \*\*([^*]+)\.\*\*/gm)].map((m) => [m[1], m[2]]);
    expect(steps).to.deep.equal([
      ['1', 'Credit'],
      ['2', 'Live key'],
      ['3', 'Lists'],
      ['4', 'Providers'],
      ['5', 'Monitoring'],
    ]);
    for (const block of section.split(/^\d\. /m).slice(1)) expect(block, block.slice(0, 40)).to.match(/```sh\n.+/);
  });

  it('every npm script it names exists in package.json', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    const named = [...new Set([...section.matchAll(/npm run ([a-z:-]+)/g)].map((m) => m[1]!))];
    expect(named).to.include.members(['lists', 'doctor']);
    for (const name of named) expect(scripts, name).to.have.property(name);
  });

  it('every curl command answers 2xx against a started service, in order', async () => {
    const curls = commands.filter((c) => c.startsWith('curl '));
    expect(curls.length).to.be.at.least(7);
    for (const command of curls) {
      const run = await sh(command, env);
      expect(run.status, `${command}\n${run.stdout}${run.stderr}`).to.equal(0);
    }
    // what the steps did: the credit is there, a live key listed, the policy set
    const tenant = await sh('curl -sf -H "Authorization: Bearer $OP" $BASE/operator/v1/tenants/$TENANT', env);
    const body = JSON.parse(tenant.stdout) as { balance: number; settings: { auto_decision_policy: Record<string, string> } };
    expect(body.balance).to.equal(1000);
    expect(body.settings.auto_decision_policy).to.include({ baixo: 'em_monitoramento' });
  });
});
