/**
 * Overhead of PII encryption on appends (issue 8):
 *
 *   npx tsx scripts/bench-pii.ts [--ops=2000] [--concurrency=50] [--rounds=3]
 *
 * Appends per second of CustomerRegistered, an event whose `profile` (name, document, e-mail,
 * phone, address, birth date) is personal, through the real EventLog: once with the encrypting
 * codec (AES-256-GCM under a per-subject key from keys.sqlite) and once with PlainPiiCodec.
 * Same SQLite store settings, same event count, a fresh directory for each measurement.
 *
 * Three encrypted cases against the plain one, each one append at a time (a request's pattern,
 * one commit each) and `--concurrency` appends in flight (the store commits them together):
 *   - a new subject per event: every registration creates (and durably stores) its subject's key;
 *   - a known subject: the key exists and is cached, so only the field encryption is measured.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventLog } from '../src/adapters/event-store/event-log.js';
import { SqliteEventStore } from '../src/adapters/event-store/sqlite.js';
import { EncryptingPiiCodec } from '../src/adapters/pii/encrypting-codec.js';
import { SqliteKeyStore } from '../src/adapters/pii/key-store.js';
import { PlainPiiCodec, type PiiCodec } from '../src/adapters/pii/port.js';
import { subjectRef } from '../src/commands/runs.js';
import { withCheckDigits } from '../src/domain/values/document.js';
import { PII_POLICY } from '../src/app/infrastructure.js';
import { option } from './args.js';

const SECRET = 'bench-pii-secret';
const TENANT = randomUUID();


type Codec = 'plain' | 'encrypting';
type Subjects = 'new' | 'known';

/** A customer registration as POST /api/v1/customers records it. */
function registration(n: number, subjects: Subjects) {
  const doc = withCheckDigits(String(500_000_000 + (subjects === 'new' ? n : 0)));
  const customerId = randomUUID();
  const now = new Date().toISOString();
  return {
    stream: `customer-${customerId}`,
    event: {
      id: randomUUID(),
      type: 'CustomerRegistered',
      data: {
        customer_id: customerId,
        tenant_id: TENANT,
        environment: 'sandbox',
        type: 'pf',
        profile: {
          name: `Maria Aparecida dos Santos ${n}`,
          email: `maria.santos.${n}@exemplo.com.br`,
          doc,
          phone: '+55 11 98765-4321',
          birth_date: '1985-04-12',
          address: { street: 'Rua das Flores', number: '123', complement: 'apto 45', neighborhood: 'Centro', city: 'São Paulo', state: 'SP', zip: '01001000' },
          nationality: 'brasileira',
          occupation: 'engenheira',
        },
        subject_ref: subjectRef(SECRET, TENANT, 'sandbox', doc),
        external_id: `cli-${n}`,
        metadata: { origem: 'app' },
        onboarding_profile: null,
        webhook_url: null,
        created_at: now,
      },
    },
    metadata: { tenant_id: TENANT, actor: 'api_key:bench', request_id: randomUUID(), occurred_at: now, correlation_id: randomUUID(), causation_id: null },
  };
}

/** Appends per second over `ops` registrations, `concurrency` in flight, in a fresh directory. */
async function measure(codec: Codec, subjects: Subjects, ops: number, concurrency: number): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-pii-'));
  const store = new SqliteEventStore(join(dir, 'events.sqlite'));
  const keys = new SqliteKeyStore(join(dir, 'keys.sqlite'), SECRET);
  const piiCodec: PiiCodec = codec === 'plain' ? new PlainPiiCodec() : new EncryptingPiiCodec(keys);
  const log = new EventLog(store, piiCodec, PII_POLICY);
  const append = (n: number) => {
    const r = registration(n, subjects);
    return log.append(r.stream, [r.event], r.metadata, 'no_stream');
  };
  try {
    // warm-up (and, for known subjects, the one key created before timing)
    for (let i = 0; i < 50; i++) await append(-1 - i);
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < ops) await append(next++);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const head = await store.headPosition();
    if (head !== ops + 50) throw new Error(`expected ${ops + 50} events, found ${head}`);
    return ops / seconds;
  } finally {
    await store.close();
    await keys.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const ops = option('ops', 2000);
const concurrency = option('concurrency', 50);
const rounds = option('rounds', 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rows: { mode: string; plain: number; known: number; fresh: number }[] = [];
for (const [mode, inFlight] of [
  ['one at a time', 1],
  [`${concurrency} in flight`, concurrency],
] as const) {
  // interleaved rounds, the median of each: the disk's fsync time varies from one moment to the next
  const plain: number[] = [];
  const known: number[] = [];
  const fresh: number[] = [];
  const cases = [
    () => measure('plain', 'new', ops, inFlight).then((r) => plain.push(r)),
    () => measure('encrypting', 'known', ops, inFlight).then((r) => known.push(r)),
    () => measure('encrypting', 'new', ops, inFlight).then((r) => fresh.push(r)),
  ];
  // each round starts with another case, so no case always runs first (cold) or last
  for (let round = 0; round < rounds; round++) for (let i = 0; i < cases.length; i++) await cases[(round + i) % cases.length]!();
  rows.push({ mode, plain: median(plain), known: median(known), fresh: median(fresh) });
}

console.log(`\nCustomerRegistered appends/s through EventLog, ${ops} appends each, median of ${rounds} interleaved rounds, WAL + synchronous=FULL, fresh directories`);
console.log(`  ${'mode'.padEnd(16)} ${'plain'.padStart(8)} ${'encrypted, known subject'.padStart(26)} ${'encrypted, new subject'.padStart(24)}`);
for (const r of rows) {
  const cell = (rate: number, width: number) => `${Math.round(rate)} (x${(rate / r.plain).toFixed(2)})`.padStart(width);
  console.log(`  ${r.mode.padEnd(16)} ${String(Math.round(r.plain)).padStart(8)} ${cell(r.known, 26)} ${cell(r.fresh, 24)}`);
}
console.log('  (xN = encrypted appends/s divided by plain appends/s)');
console.log(
  JSON.stringify({
    bench: 'pii',
    ops,
    rounds,
    results: rows.map((r) => ({
      mode: r.mode,
      plain_per_s: Math.round(r.plain),
      encrypted_known_subject_per_s: Math.round(r.known),
      encrypted_new_subject_per_s: Math.round(r.fresh),
      ratio_known: Math.round((r.known / r.plain) * 1000) / 1000,
      ratio_new: Math.round((r.fresh / r.plain) * 1000) / 1000,
    })),
  }),
);
