/**
 * Full rebuild of every read model (issues 8 and 11):
 *
 *   npx tsx scripts/bench-rebuild.ts [--events=100000] [--runs-per-batch=250]
 *
 * In a fresh temporary directory, appends run streams shaped as the run executor writes them
 * (RunQueued; RunStarted; five SourceAnswered recorded together; RunCompleted: 8 events a run,
 * made by the run decider from real sandbox answers) through the real EventLog with the
 * encrypting PII codec (per-subject keys in keys.sqlite; each subject has 4 runs), many runs at
 * a time so the store commits them in groups. Then rebuilds every projection of the service from
 * position zero twice, and prints the time and events/s through all of them for each way:
 *   perProjection  the baseline: one projection after the other, the log read once for each
 *                  (rebuildProjection, as `npm run rebuild -- --all` did before issue 11);
 *   singlePass     one pass over the log feeding every projection (rebuildProjections, as
 *                  `npm run rebuild -- --all` does now); its documents must equal the baseline's.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import * as E from 'fp-ts/lib/Either.js';
import { EventLog } from '../src/adapters/event-store/event-log.js';
import type { EventMetadata } from '../src/adapters/event-store/port.js';
import { SqliteEventStore } from '../src/adapters/event-store/sqlite.js';
import { EncryptingPiiCodec } from '../src/adapters/pii/encrypting-codec.js';
import { SqliteKeyStore } from '../src/adapters/pii/key-store.js';
import { SqliteReadStore } from '../src/adapters/read-store/sqlite.js';
import { SandboxSource } from '../src/adapters/sources/sandbox.js';
import { subjectRef } from '../src/commands/runs.js';
import type { SourceId } from '../src/domain/run/catalog.js';
import { runDecider, runStream, type RunState } from '../src/domain/run/decider.js';
import type { RecordedAnswer } from '../src/domain/run/evaluate.js';
import type { RunEvent, RunQueuedData } from '../src/domain/run/events.js';
import { REFERENCE_PF } from '../src/domain/template/reference.js';
import { withCheckDigits } from '../src/domain/values/document.js';
import { rebuildProjection, rebuildProjections, type RebuildResult } from '../src/projections/rebuild.js';
import { PII_POLICY } from '../src/app/infrastructure.js';
import { projections } from '../src/app/modules/read-models.js';
import { option } from './args.js';

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

async function main(): Promise<void> {
  const target = option('events', 100_000);
  const perBatch = option('runs-per-batch', 250);
  const runs = Math.ceil(target / EVENTS_PER_RUN);
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-rebuild-'));
  const store = new SqliteEventStore(join(dir, 'events.sqlite'));
  const keys = new SqliteKeyStore(join(dir, 'keys.sqlite'), SECRET);
  const log = new EventLog(store, new EncryptingPiiCodec(keys), PII_POLICY);
  const readStore = new SqliteReadStore(join(dir, 'read-models.sqlite'));
  const sandbox = new SandboxSource({ latencyMs: 0 });
  const tenantId = randomUUID();
  const templateId = randomUUID();
  const start = new Date('2026-01-01T00:00:00.000Z');
  try {
    console.log(`appending ${runs} runs x ${EVENTS_PER_RUN} events (${runs * EVENTS_PER_RUN}) of ${Math.ceil(runs / RUNS_PER_SUBJECT)} subjects through EventLog + EncryptingPiiCodec, ${perBatch} runs at a time ...`);
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
    const appendSeconds = (performance.now() - appendStarted) / 1000;
    const events = await store.headPosition();
    if (events !== runs * EVENTS_PER_RUN) throw new Error(`expected ${runs * EVENTS_PER_RUN} events, found ${events}`);
    console.log(`  appended ${events} events in ${appendSeconds.toFixed(1)} s (${Math.round(events / appendSeconds)} events/s)`);

    const all = projections();
    for (const p of all) await readStore.ensureCollection(p.collection, p.indexes);
    // each mode with its own key store connection: both start with no subject key cached
    const fresh = () => {
      const modeKeys = new SqliteKeyStore(join(dir, 'keys.sqlite'), SECRET);
      return { log: new EventLog(store, new EncryptingPiiCodec(modeKeys), PII_POLICY), close: () => modeKeys.close() };
    };
    // a digest per collection, not the documents: a heap holding them would slow the next mode's GC
    const snapshot = async () => {
      const digests: Record<string, { documents: number; sha256: string }> = {};
      for (const p of all) {
        const docs = await readStore.listCollection(p.collection);
        digests[p.collection] = { documents: docs.length, sha256: createHash('sha256').update(JSON.stringify(docs)).digest('hex') };
      }
      return digests;
    };

    console.log(`\nperProjection (baseline): rebuilding ${all.length} projections from position zero one after the other, the log read once for each ...`);
    const baselineLog = fresh();
    const results: RebuildResult[] = [];
    const baselineStarted = performance.now();
    for (const p of all) {
      const result = await rebuildProjection(baselineLog.log, readStore, p);
      results.push(result);
      console.log(`  ${result.projection.padEnd(20)} ${String(result.events).padStart(7)} events  ${(result.ms / 1000).toFixed(2).padStart(6)} s  ${String(Math.round(result.events / (result.ms / 1000))).padStart(7)} events/s`);
    }
    const baselineSeconds = (performance.now() - baselineStarted) / 1000;
    await baselineLog.close();
    const baselineDocuments = await snapshot();

    // the pass replaces the collections the baseline filled (their old tables dropped, pages
    // zeroed): harder than the baseline's start from empty ones, as a real rebuild is
    console.log(`singlePass (npm run rebuild -- --all): rebuilding ${all.length} projections from position zero, the log read once ...`);
    const passLog = fresh();
    const passStarted = performance.now();
    const pass = await rebuildProjections(passLog.log, readStore, all);
    const passSeconds = (performance.now() - passStarted) / 1000;
    await passLog.close();
    if (pass.some((r) => r.events !== events || r.position !== events)) throw new Error(`single pass stopped short: ${JSON.stringify(pass)}`);
    const passDocuments = await snapshot();
    if (!isDeepStrictEqual(passDocuments, baselineDocuments)) throw new Error('single pass and per-projection rebuilds gave different documents');

    const counts = Object.fromEntries(Object.entries(passDocuments).map(([c, d]) => [c, d.documents]));
    const rate = (seconds: number) => Math.round(events / seconds);
    console.log(`\nfull rebuild of ${all.length} projections over ${events} events (same documents both ways):`);
    console.log(`  perProjection  ${baselineSeconds.toFixed(2).padStart(6)} s  ${String(rate(baselineSeconds)).padStart(7)} events/s through all projections`);
    console.log(`  singlePass     ${passSeconds.toFixed(2).padStart(6)} s  ${String(rate(passSeconds)).padStart(7)} events/s through all projections (${(baselineSeconds / passSeconds).toFixed(1)}x)`);
    console.log(`  documents: ${JSON.stringify(counts)}`);
    console.log(
      JSON.stringify({
        bench: 'rebuild',
        events,
        projections: all.length,
        append_seconds: Math.round(appendSeconds * 10) / 10,
        per_projection: { rebuild_seconds: Math.round(baselineSeconds * 100) / 100, events_per_s: rate(baselineSeconds), ms: results.map((r) => ({ projection: r.projection, ms: r.ms })) },
        single_pass: { rebuild_seconds: Math.round(passSeconds * 100) / 100, events_per_s: rate(passSeconds) },
      }),
    );
  } finally {
    await readStore.close();
    await keys.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
