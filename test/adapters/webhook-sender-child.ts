/**
 * Child process of the webhook sender spec: one attempt to a host resolving to the given address,
 * with a chosen lookup for the connection. Prints the attempt as JSON; if a connection error
 * escaped the sender, the process dies of it and prints nothing.
 */
import type { LookupFunction } from 'node:net';
import { GotWebhookSender, type ResolvedAddress } from '../../src/adapters/webhook-sender.js';

const [address, family, lookupKind] = process.argv.slice(2) as [string, string, string];
const addresses: ResolvedAddress[] = [{ address, family: family === '6' ? 6 : 4 }];

type Callback = (error: NodeJS.ErrnoException | null, address?: string | ResolvedAddress[], family?: number) => void;
const callbackOf = (options: unknown, callback: unknown) => (typeof options === 'function' ? options : callback) as Callback;

/** Misbehaving lookups, as a custom or future lookup might: each answers in the caller's own tick. */
const LOOKUPS: Record<string, ((checked: readonly ResolvedAddress[]) => LookupFunction) | undefined> = {
  default: undefined,
  // answers at once, as the pinned lookup did before issue 25
  synchronous: (checked) =>
    ((_host: string, options: unknown, callback?: unknown) => {
      const cb = callbackOf(options, callback);
      if ((options as { all?: boolean } | null)?.all) return cb(null, [...checked]);
      cb(null, checked[0]!.address, checked[0]!.family);
    }) as LookupFunction,
  throws: () => (() => {
    throw Object.assign(new Error('lookup exploded'), { code: 'EAI_FAIL' });
  }) as LookupFunction,
  'errors-at-once': () => ((_host: string, options: unknown, callback?: unknown) => callbackOf(options, callback)(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }))) as LookupFunction,
};

const connectLookup = LOOKUPS[lookupKind];
const sender = new GotWebhookSender({ allowInsecure: true, timeoutMs: 5_000, resolve: async () => addresses, ...(connectLookup ? { connectLookup } : {}) });
const result = await sender.send({ url: 'http://receiver.test:9/hook', body: '{}', headers: {} });
process.stdout.write(`${JSON.stringify(result)}\n`);
