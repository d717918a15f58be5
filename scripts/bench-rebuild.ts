/**
 * Full rebuild of every read model (issues 8, 11 and 32), on SQLite and on PostgreSQL in the same run:
 *
 *   npx tsx scripts/bench-rebuild.ts [--events=20000] [--runs-per-batch=250] [--engine=sqlite,postgres] [--per-projection]
 *
 * For each engine, on fresh stores (SQLite: a temporary data directory; PostgreSQL: a fresh database
 * holding events, read models and keys, on SVC_TEST_POSTGRES's server or a throwaway cluster started
 * like the test suite's, test/contract/postgres-database.ts, which runs with fsync=off), appends run streams shaped as the run executor writes them
 * (RunQueued; RunStarted; five SourceAnswered recorded together; RunCompleted: 8 events a run,
 * made by the run decider from real sandbox answers) through the real EventLog with the
 * encrypting PII codec (per-subject keys in the engine's key store; each subject has 4 runs), many runs at
 * a time so the store commits them in groups. Then rebuilds every projection of the service from
 * position zero twice, and prints the time and events/s through all of them for each way:
 *   perProjection  the baseline: one projection after the other, the log read once for each
 *                  (rebuildProjection, as `npm run rebuild -- --all` did before issue 11);
 *   singlePass     one pass over the log feeding every projection (rebuildProjections, as
 *                  `npm run rebuild -- --all` does now); its documents must equal the baseline's.
 * Both engines get the same event count. The baseline runs only with `--per-projection` (it reads the
 * log once per projection: minutes at 50,000 events on 2 shared cores); by default, the single pass only.
 * The stores are opened as `npm run rebuild` opens them (openOffline), each mode on its own
 * connections, so no subject key is cached when it starts.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../src/adapters/event-store/event-log.js';
import type { EventMetadata } from '../src/adapters/event-store/port.js';
import { SandboxSource } from '../src/adapters/sources/sandbox.js';
import { subjectRef } from '../src/commands/runs.js';
import type { SourceId } from '../src/domain/run/catalog.js';
import { runDecider, runStream, type RunState } from '../src/domain/run/decider.js';
import type { RecordedAnswer } from '../src/domain/run/evaluate.js';
import type { RunEvent, RunQueuedData } from '../src/domain/run/events.js';
import { REFERENCE_PF } from '../src/domain/template/reference.js';
import { withCheckDigits } from '../src/domain/values/document.js';
import { rebuildProjection, rebuildProjections, type RebuildResult } from '../src/projections/rebuild.js';
import { loadConfig } from '../src/config.js';
import { openOffline } from '../src/app/infrastructure.js';
import { projections } from '../src/app/modules/read-models.js';
import { freshDatabase, postgresUnavailable } from '../test/contract/postgres-database.js';
import { option } from './args.js';
import { parseEngines } from './bench-appends.js';

const SECRET = 'bench-rebuild-secret';
const EVENTS_PER_RUN = 8;
const RUNS_PER_SUBJECT = 4;


const NAMES = ['Ana', 'Bruno', 'Carla', 'Daniel', 'Eduarda', 'Felipe', 'Gabriela', 'Henrique'];
const SURNAMES = ['Almeida', 'Barbosa', 'Cardoso', 'Dias', 'Ferreira', 'Gomes', 'Lima', 'Martins'];

/** The events of one finished run, as the decider decides them, with the metadata of who wrote them. */
async function runEvents(sandbox: SandboxSource, tenantId: string, templateId: string, n: number, at: Date) {
  const runId = randomUUID();
  // a subject is checked RUNS_PER_SUBJECT times (onboarding, renewals): one key per subject
  const person = Math.floor(n / RUNS_PER_SUBJECT);
  const doc = withCheckDigits(String(400_000_000 + person));
  const name = `${NAMES[person % NAMES.length]} ${SURNAMES[Math.floor(person / NAMES.length) % SURNAMES.length]} ${person}`;
  const iso = (ms: number) => new Date(at.getTime() + ms).toISOString();
  const run: RunQueuedData = {
    run_id: runId,
    tenant_id: tenantId,
    environment: 'sandbox',
    template: { template_id: templateId, version: 1, definition: REFERENCE_PF },
    subject: { type: 'pf', doc, name },
    subject_type: 'pf',
    subject_ref: subjectRef(SECRET, tenantId, 'sandbox', doc),
    external_id: `bench-${n}`,
    metadata: { origem: 'bench' },
    webhook_url: null,
    customer_id: null,
    estimated_seconds: 12,
    reserved_credits: 0,
    created_at: iso(0),
  };
  const answers: RecordedAnswer[] = [];
  for (const { source_id, tier } of REFERENCE_PF.sources) {
    const answer = await sandbox.query({ run_id: runId, tenant_id: 'bench', source_id: source_id as SourceId, subject: { type: 'pf', doc, name } }, new AbortController().signal);
    answers.push({ source_id, tier, ...answer, cached: false, duration_ms: 40, cost: 1 });
  }
  let state: RunState = runDecider.initialState;
  const decide = (command: Parameters<typeof runDecider.decide>[0]): RunEvent[] => {
    const decided = runDecider.decide(command, state);
    if (E.isLeft(decided)) throw new Error(decided.left.message);
    for (const event of decided.right) state = runDecider.evolve(state, event);
    return [...decided.right];
  };
  const request = randomUUID();
  const meta = (actor: string, ms: number): EventMetadata => ({
    tenant_id: tenantId,
    actor,
    request_id: actor === 'system' ? null : request,
    occurred_at: iso(ms),
    correlation_id: actor === 'system' ? runId : request,
    causation_id: null,
  });
  return {
    stream: runStream(runId),
    appends: [
      { events: decide({ type: 'QueueRun', run }), metadata: meta('api_key:bench', 0) },
      { events: decide({ type: 'StartRun', now: iso(5) }), metadata: meta('system', 5) },
      { events: decide({ type: 'RecordSourceAnswers', answers, now: iso(60) }), metadata: meta('system', 60) },
    ],
  };
}


type Opened = Awaited<ReturnType<typeof openOffline>>;

/** Where one engine's run keeps its stores: the settings that open them, and how to remove them. */
async function engineStores(engine: string): Promise<{ env: Record<string, string>; drop: () => Promise<void> } | { skipped: string }> {
  if (engine === 'sqlite') return { env: {}, drop: async () => undefined };
  const why = postgresUnavailable();
  if (why) return { skipped: why };
  const database = (await freshDatabase('kyc_bench_rebuild'))!;
  return { env: { SVC_EVENTSTORE: database.url, SVC_READSTORE: database.url, SVC_BLOBSTORE: 'postgres' }, drop: () => database.drop() };
}

/** Appends `runs` finished runs, `perBatch` at a time; the seconds it took. */
async function appendRuns(log: EventLog, runs: number, perBatch: number): Promise<number> {
  const sandbox = new SandboxSource({ latencyMs: 0 });
  const tenantId = randomUUID();
  const templateId = randomUUID();
  const start = new Date('2026-01-01T00:00:00.000Z');
  const appendStarted = performance.now();
  for (let first = 0; first < runs; first += perBatch) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(perBatch, runs - first) }, (_, i) => runEvents(sandbox, tenantId, templateId, first + i, new Date(start.getTime() + (first + i) * 1000))),
    );
    // one step of every run of the batch at a time: the store commits each step's appends together
    for (let step = 0; step < 3; step++) {
      await Promise.all(
        batch.map((r) => {
          const { events, metadata } = r.appends[step]!;
          return log.append(r.stream, events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data as Record<string, unknown> })), metadata, step === 0 ? 'no_stream' : step - 1);
        }),
      );
    }
  }
  return (performance.now() - appendStarted) / 1000;
}

/** A digest per collection, not the documents: a heap holding them would slow the next mode's GC. */
async function snapshot(opened: Opened) {
  const digests: Record<string, { documents: number; sha256: string }> = {};
  for (const p of projections()) {
    const docs = await opened.readStore.listCollection(p.collection);
    digests[p.collection] = { documents: docs.length, sha256: createHash('sha256').update(JSON.stringify(docs)).digest('hex') };
  }
  return digests;
}

export interface RebuildEngineResult {
  engine: string;
  events: number;
  projections: number;
  append_seconds: number;
  append_events_per_s: number;
  per_projection?: { rebuild_seconds: number; events_per_s: number; ms: { projection: string; ms: number }[] };
  single_pass: { rebuild_seconds: number; events_per_s: number };
  documents: Record<string, number>;
}

/** The baseline: one projection after the other, each reading the whole log. */
async function perProjection(open: () => Promise<Opened>, events: number) {
  const all = projections();
  console.log(`  perProjection (baseline): rebuilding ${all.length} projections from position zero one after the other, the log read once for each ...`);
  const mode = await open();
  try {
    const results: RebuildResult[] = [];
    const started = performance.now();
    for (const p of all) {
      const result = await rebuildProjection(mode.log, mode.readStore, p);
      results.push(result);
      console.log(`    ${result.projection.padEnd(20)} ${String(result.events).padStart(7)} events  ${(result.ms / 1000).toFixed(2).padStart(6)} s  ${String(Math.round(result.events / (result.ms / 1000))).padStart(7)} events/s`);
    }
    const seconds = (performance.now() - started) / 1000;
    const documents = await snapshot(mode);
    return { seconds, documents, figures: { rebuild_seconds: round2(seconds), events_per_s: Math.round(events / seconds), ms: results.map((r) => ({ projection: r.projection, ms: r.ms })) } };
  } finally {
    await mode.close();
  }
}

const round2 = (x: number) => Math.round(x * 100) / 100;

async function benchEngine(engine: string, target: number, perBatch: number, baseline: boolean): Promise<RebuildEngineResult | { engine: string; skipped: string }> {
  const stores = await engineStores(engine);
  if ('skipped' in stores) return { engine, skipped: stores.skipped };
  const runs = Math.ceil(target / EVENTS_PER_RUN);
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-rebuild-'));
  const config = loadConfig({ SVC_DATA_DIR: dir, SVC_SECRET_KEY: SECRET, SVC_OPERATOR_TOKEN: 'op', SVC_LISTS_REFRESH: 'off', SVC_SEED_DEMO: 'false', ...stores.env });
  const open = () => openOffline(config);
  try {
    console.log(`\n[${engine}] appending ${runs} runs x ${EVENTS_PER_RUN} events (${runs * EVENTS_PER_RUN}) of ${Math.ceil(runs / RUNS_PER_SUBJECT)} subjects through EventLog + EncryptingPiiCodec, ${perBatch} runs at a time ...`);
    const writer = await open();
    let appendSeconds: number;
    let head: number;
    try {
      appendSeconds = await appendRuns(writer.log, runs, perBatch);
      head = await writer.eventStore.headPosition();
      for (const p of projections()) await writer.readStore.ensureCollection(p.collection, p.indexes);
    } finally {
      await writer.close();
    }
    const events = runs * EVENTS_PER_RUN;
    console.log(`  appended ${events} events in ${appendSeconds.toFixed(1)} s (${Math.round(events / appendSeconds)} events/s)`);

    const base = baseline ? await perProjection(open, events) : null;
    // the pass replaces the collections the baseline filled (their old tables dropped, pages
    // zeroed): harder than the baseline's start from empty ones, as a real rebuild is
    console.log(`  singlePass (npm run rebuild -- --all): rebuilding ${projections().length} projections from position zero, the log read once ...`);
    const mode = await open();
    let passSeconds: number;
    let passDocuments: Awaited<ReturnType<typeof snapshot>>;
    try {
      const passStarted = performance.now();
      const pass = await rebuildProjections(mode.log, mode.readStore, projections());
      passSeconds = (performance.now() - passStarted) / 1000;
      if (pass.some((r) => r.events !== events || r.position !== head)) throw new Error(`single pass stopped short: ${JSON.stringify(pass)}`);
      passDocuments = await snapshot(mode);
    } finally {
      await mode.close();
    }
    if (base && !isDeepStrictEqual(passDocuments, base.documents)) throw new Error('single pass and per-projection rebuilds gave different documents');
    const result: RebuildEngineResult = {
      engine,
      events,
      projections: projections().length,
      append_seconds: Math.round(appendSeconds * 10) / 10,
      append_events_per_s: Math.round(events / appendSeconds),
      single_pass: { rebuild_seconds: round2(passSeconds), events_per_s: Math.round(events / passSeconds) },
      documents: Object.fromEntries(Object.entries(passDocuments).map(([c, d]) => [c, d.documents])),
    };
    if (base) result.per_projection = base.figures;
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await stores.drop();
  }
}

async function main(): Promise<void> {
  const target = option('events', 20_000);
  const perBatch = option('runs-per-batch', 250);
  const baseline = process.argv.includes('--per-projection');
  const results = [];
  for (const engine of parseEngines(process.argv.slice(2))) results.push(await benchEngine(engine, target, perBatch, baseline));
  console.log(`\nfull rebuild of every projection${baseline ? ' (same documents both ways)' : ''}:`);
  for (const r of results) {
    if ('skipped' in r) {
      console.log(`  ${r.engine.padEnd(8)} skipped: ${r.skipped}`);
      continue;
    }
    const line = (name: string, f: { rebuild_seconds: number; events_per_s: number }) =>
      console.log(`  ${r.engine.padEnd(8)} ${name.padEnd(13)} ${f.rebuild_seconds.toFixed(2).padStart(7)} s  ${String(f.events_per_s).padStart(7)} events/s through all ${r.projections} projections (${r.events} events)`);
    if (r.per_projection) line('perProjection', r.per_projection);
    line('singlePass', r.single_pass);
    console.log(`  ${r.engine.padEnd(8)} appends       ${r.append_seconds.toFixed(1).padStart(7)} s  ${String(r.append_events_per_s).padStart(7)} events/s; documents ${JSON.stringify(r.documents)}`);
  }
  for (const r of results) console.log(JSON.stringify({ bench: 'rebuild', ...r }));
  // the throwaway cluster is stopped on exit
  process.exit(0);
}

await main();
