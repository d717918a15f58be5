import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LookupFunction } from 'node:net';
import { answerLater, pinnedLookup } from '../../src/adapters/webhook-sender.js';
import { nodeArgs } from '../helpers/node-child.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CHILD = fileURLToPath(new URL('./webhook-sender-child.ts', import.meta.url));

interface ChildOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runChild(...args: string[]): Promise<ChildOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs(CHILD), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function attemptIn(address: string, family: 4 | 6, lookup = 'default'): Promise<{ error: string; outcome: string; http_status: number | null }> {
  const child = await runChild(address, String(family), lookup);
  expect(child.code, `the sender's process died: ${child.stderr.slice(-800)}`).to.equal(0);
  return JSON.parse(child.stdout.trim()) as { error: string; outcome: string; http_status: number | null };
}

/*
 * Addresses whose connect() fails inside the call on Linux, as an IPv6 address does on an
 * IPv4-only host (Docker's default network): multicast and broadcast have no route for TCP, a
 * link-local address without a zone is invalid. Before issue 25 each of them killed the process.
 */
describe('GotWebhookSender: a connection error never escapes the attempt (issue 25)', function () {
  this.timeout(60_000);

  for (const [address, family, code] of [
    ['224.0.0.1', 4, 'ENETUNREACH'],
    ['255.255.255.255', 4, 'ENETUNREACH'],
    ['ff02::1', 6, 'ENETUNREACH'],
    ['fe80::1', 6, 'EINVAL'],
  ] as const) {
    it(`a host resolving to ${address}: the process lives, the attempt failed with connection failed (${code})`, async () => {
      const result = await attemptIn(address, family);
      expect(result).to.deep.include({ outcome: 'failed', http_status: null, error: `connection failed (${code})` });
    });
  }

  it('a connection lookup that answers in the same tick (the old pinned lookup): still a failed attempt, not a dead process', async () => {
    const result = await attemptIn('224.0.0.1', 4, 'synchronous');
    expect(result).to.deep.include({ outcome: 'failed', error: 'connection failed (ENETUNREACH)' });
  });

  it('a connection lookup that throws: a failed attempt with its code', async () => {
    const result = await attemptIn('224.0.0.1', 4, 'throws');
    expect(result).to.deep.include({ outcome: 'failed', error: 'connection failed (EAI_FAIL)' });
  });

  it('a connection lookup that calls back with an error at once: a failed attempt with its code', async () => {
    const result = await attemptIn('224.0.0.1', 4, 'errors-at-once');
    expect(result).to.deep.include({ outcome: 'failed', error: 'connection failed (ENOTFOUND)' });
  });
});

describe('answerLater / pinnedLookup: a lookup answers after the caller has returned, as dns.lookup does', () => {
  type Answer = [Error | null, unknown, unknown];
  const call = (lookup: LookupFunction, options: object): { sameTick: boolean; answer: Promise<Answer> } => {
    let returned = false;
    let sameTick = false;
    const answer = new Promise<Answer>((resolve) => {
      lookup('receiver.test', options as never, ((error: Error | null, address: unknown, family: unknown) => {
        if (!returned) sameTick = true;
        resolve([error, address, family]);
      }) as never);
    });
    returned = true;
    return {
      get sameTick() {
        return sameTick;
      },
      answer,
    };
  };

  it('the pinned lookup answers with the checked address, never in the caller tick', async () => {
    const c = call(pinnedLookup([{ address: '203.0.114.10', family: 4 }]), {});
    expect(await c.answer).to.deep.equal([null, '203.0.114.10', 4]);
    expect(c.sameTick).to.equal(false);
  });

  it('all: true gets every checked address of the family asked for', async () => {
    const both = [{ address: '203.0.114.10', family: 4 as const }, { address: '2a00:1450::1', family: 6 as const }];
    const c = call(pinnedLookup(both), { all: true, family: 6 });
    expect(await c.answer).to.deep.equal([null, [{ address: '2a00:1450::1', family: 6 }], undefined]);
    expect(c.sameTick).to.equal(false);
  });

  it('no checked address of the family asked for: ENOTFOUND, never in the caller tick', async () => {
    const c = call(pinnedLookup([{ address: '203.0.114.10', family: 4 }]), { family: 6 });
    const [error] = await c.answer;
    expect((error as NodeJS.ErrnoException).code).to.equal('ENOTFOUND');
    expect(c.sameTick).to.equal(false);
  });

  it('a wrapped lookup that throws calls back with the error instead, later', async () => {
    const throwing = (() => {
      throw Object.assign(new Error('boom'), { code: 'EAI_FAIL' });
    }) as unknown as LookupFunction;
    const c = call(answerLater(throwing), {});
    const [error] = await c.answer;
    expect((error as NodeJS.ErrnoException).code).to.equal('EAI_FAIL');
    expect(c.sameTick).to.equal(false);
  });
});
