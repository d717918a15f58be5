import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { nodeArgs } from '../helpers/node-child.js';

/** Instances of the service as child processes, a webhook receiver, and counts of their effects. */

export interface Instance {
  name: string;
  child: ChildProcess;
  base: string;
  exited: Promise<unknown>;
  /** what it printed so far */
  output(): string;
}

export const OPERATOR = { authorization: 'Bearer op_instances', 'content-type': 'application/json' };

/** One instance as a child process; `env` may set a kill point (BLOCK_APPEND_TYPE). */
export async function startInstance(dataDir: string, name: string, effects: string, env: Record<string, string> = {}): Promise<Instance> {
  // its own process group, so a SIGKILL takes the browser it may have launched along (killInstance)
  const child = spawn(process.execPath, [...nodeArgs('test/processing/instance-child.ts'), dataDir, name, effects], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
    detached: true,
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const deadline = Date.now() + 60_000;
  while (!/listening (\d+)/.test(out)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`instance ${name} did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { name, child, base: `http://127.0.0.1:${/listening (\d+)/.exec(out)![1]}`, exited, output: () => out };
}

export async function json(response: Response, status: number): Promise<Record<string, any>> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const text = await response.text();
  if (response.status !== status) throw new Error(`${response.url}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Counts the receiver's deliveries by webhook event id. */
export function receiver(): Promise<{ server: Server; url: string; received: Map<string, number> }> {
  const received = new Map<string, number>();
  const server = createServer((req, res) => {
    const id = String(req.headers['webhook-id'] ?? req.headers['svc-event-id'] ?? '');
    req.resume();
    req.on('end', () => {
      received.set(id, (received.get(id) ?? 0) + 1);
      res.writeHead(200).end();
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received })));
}

export const effectLines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : []);
/** effect key -> how many times, and which instances did effects */
export function tally(file: string, kind: string) {
  const counts = new Map<string, number>();
  const by = new Map<string, number>();
  for (const line of effectLines(file)) {
    const [effect, key, instance] = line.split(' ') as [string, string, string];
    if (effect !== kind) continue;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    by.set(instance, (by.get(instance) ?? 0) + 1);
  }
  return { counts, by };
}

export async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** SIGKILL to the instance and every process it started (a crash takes its children too). */
export async function killInstance(instance: Instance): Promise<void> {
  try {
    process.kill(-instance.child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
  await instance.exited;
}
