import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { tempDir } from './helpers/temp.js';
import { nodeArgs } from './helpers/node-child.js';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/** every service this suite started: one a failed assertion left running is killed after the test */
const started: ChildProcess[] = [];

function start(dataDir: string, port: number): { child: ChildProcess; output: () => string; ready: Promise<void>; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [...nodeArgs('src/main.ts')], {
    env: { ...process.env, SVC_DATA_DIR: dataDir, SVC_LISTS_REFRESH: 'off', PORT: String(port), HOST: '127.0.0.1', SVC_LOG_REQUESTS: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready: ${out}`)), 20_000);
    const check = () => {
      if (out.includes('"listening"') && out.includes('API reference:')) {
        clearTimeout(timer);
        setTimeout(resolve, 100);
      } else setTimeout(check, 50);
    };
    check();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, ready, exited };
}

describe('first start and shutdown (npm start)', function () {
  this.timeout(60_000);
  afterEach(() => {
    for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  it('seeds the demo tenant once, prints its key, the operator token and a curl that works, and stops cleanly on SIGTERM', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const first = start(dataDir, port);
    await first.ready;
    const out = first.output();
    const apiKey = /sk_test_[A-Za-z0-9_-]{43}/.exec(out)?.[0];
    const token = /op_[A-Za-z0-9_-]{43}/.exec(out)?.[0];
    const curl = /curl -s -H "Authorization: Bearer \$\(cat (\S+)\)" (\S+)/.exec(out);
    expect(apiKey, out).to.be.a('string');
    expect(token, out).to.be.a('string');
    expect(curl, out).to.not.equal(null);
    const tenant = await fetch(curl![2]!, { headers: { authorization: `Bearer ${token}` } });
    expect(tenant.status).to.equal(200);
    const body = (await tenant.json()) as { name: string; settings: Record<string, unknown> };
    expect(body.name).to.equal('Demo');
    const keys = (await (await fetch(`${curl![2]}/api-keys`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { scopes: string[]; environment: string }[] };
    expect(keys.data[0]).to.deep.include({ environment: 'sandbox' });
    // every scope, screening:read and the cases scopes included
    expect(keys.data[0]!.scopes).to.have.members(['runs:write', 'runs:read', 'detail:read', 'customers:write', 'customers:read', 'biometria:write', 'screening:read', 'cases:write', 'cases:read']);
    const api = await fetch(`http://127.0.0.1:${port}/api/v1/anything`, { headers: { 'x-api-key': apiKey! } });
    expect(api.status, 'the printed key authenticates').to.equal(404);
    const reference = /API reference: (\S+) \(OpenAPI 3\.1 at (\S+)\)/.exec(out);
    expect(reference, out).to.not.equal(null);
    const published = (await (await fetch(reference![2]!.replace('localhost', '127.0.0.1'))).json()) as { openapi: string };
    expect(published.openapi, 'the printed document URL answers').to.equal('3.1.0');
    expect((await fetch(reference![1]!.replace('localhost', '127.0.0.1'))).status, 'the printed reference page answers').to.equal(200);
    const invite = /Dashboard: set the password of (\S+) .*\n\s+(\S+\/dashboard\/invite\/\S+)/.exec(out);
    expect(invite, out).to.not.equal(null);
    const invitePage = await fetch(invite![2]!.replace('localhost', '127.0.0.1'));
    expect(invitePage.status, 'the printed dashboard link answers').to.equal(200);
    expect(await invitePage.text()).to.include(invite![1]!);

    first.child.kill('SIGTERM');
    expect(await first.exited).to.equal(0);

    const second = start(dataDir, port);
    await second.ready;
    expect(second.output()).not.to.include('Demo tenant');
    expect(second.output()).not.to.include(token!);
    const again = await fetch(`http://127.0.0.1:${port}/api/v1/anything`, { headers: { 'x-api-key': apiKey! } });
    expect(again.status, 'the key survives a restart').to.equal(404);
    second.child.kill('SIGINT');
    expect(await second.exited).to.equal(0);
  });
});
