/**
 * Ongoing monitoring (issue 13), through the service's own MonitoringReactor, in process:
 *
 *   npx tsx --expose-gc scripts/bench-monitoring.ts [--customers=100000] [--entries=1000] [--names=150000] [--new=200]
 *
 * Setup, not timed, in a fresh temporary directory with the service's stores (SQLite event store
 * through the real EventLog and encrypting PII codec, SQLite read store, file blob store): one
 * tenant with `--customers` monitored customers (generated Brazilian names, CPFs), their streams
 * made by the customer decider (registered, then `em_monitoramento`) and their `customers`
 * documents by the customers projection, committed directly; a tenant list whose first version
 * has `--entries` entries: 1% copies of customers (name and CPF), the rest generated Brazilian
 * names, half with a CPF of their own and half by name only (as sanctions lists publish them).
 *
 * (1) The version's delta against the monitored customers: the reactor's `monitor-version` work
 *     item executed (again while it yields, as the worker would) until done. Time, customers/s,
 *     alerts raised and alerts/s, peak RSS sampled during the sweep, heap and RSS after GC.
 *     Baseline in the same run: the same pages read from the read store alone (what the sweep
 *     cannot avoid), after a warm-up pass.
 * (2) A customer entering monitoring against every active list: a second tenant list with the
 *     scripts/bench-matching.ts corpus (>= `--names` names: real OFAC and UN, generated
 *     Brazilian) loaded by a ListCatalog as the service loads it; `--new` new monitored customers
 *     (half named as listed people, half not) each screened by the reactor's `monitor-customer`
 *     work item. Per customer p50/p99/mean ms; baseline: the catalog search alone, same queries.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as E from 'fp-ts/lib/Either.js';
import { FsBlobStore } from '../src/adapters/blob-store/fs.js';
import { systemClock } from '../src/adapters/clock.js';
import { EventLog, type StoredEvent } from '../src/adapters/event-store/event-log.js';
import type { EventMetadata } from '../src/adapters/event-store/port.js';
import { SqliteEventStore } from '../src/adapters/event-store/sqlite.js';
import { deterministicId } from '../src/adapters/ids.js';
import { LIST_IMPORTERS } from '../src/adapters/lists/importers/index.js';
import { tenantListImporter } from '../src/adapters/lists/importers/tenant.js';
import { EncryptingPiiCodec } from '../src/adapters/pii/encrypting-codec.js';
import { SqliteKeyStore } from '../src/adapters/pii/key-store.js';
import { SqliteReadStore } from '../src/adapters/read-store/sqlite.js';
import type { CommandContext } from '../src/commands/handle-command.js';
import { createTenantList, importListVersion } from '../src/commands/lists.js';
import { customerStream } from '../src/domain/customer/decider.js';
import type { CustomerEvent } from '../src/domain/customer/events.js';
import { sweepStream } from '../src/domain/monitoring/sweep.js';
import type { ListEntry } from '../src/domain/screening/entry.js';
import type { ScreeningQuery } from '../src/domain/screening/match/prepare.js';
import { DEFAULT_THRESHOLD } from '../src/domain/screening/match/score.js';
import { withCheckDigits } from '../src/domain/values/document.js';
import { silentLogger } from '../src/logger.js';
import { customersProjection, type CustomerDoc } from '../src/projections/customers.js';
import { ALERTS, monitoringAlertsProjection } from '../src/projections/monitoring-alerts.js';
import { ListCatalog } from '../src/projections/list-catalog.js';
import { MONITOR_CUSTOMER_WORK, MONITOR_VERSION_WORK, MonitoringReactor } from '../src/reactors/monitoring.js';
import { PII_POLICY } from '../src/app/infrastructure.js';
import { brazilianName, corpus, queriesFrom } from './bench-matching.js';
import { rng } from './make-eval-pairs.js';
import { option } from './args.js';
import { monitoredCustomerEvents } from './monitored-customers.js';

const SECRET = 'bench-monitoring-secret';
const PAGE = 500;


const mb = (bytes: number) => Math.round(bytes / 1e6);
function memoryAfterGc() {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return { heap_mb: mb(m.heapUsed), rss_mb: mb(m.rss) };
}
const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const ms = (x: number) => Number(x.toFixed(2));
const say = (line: string) => console.log(line);
const progress = (line: string) => process.stderr.write(`${line}\n`);

/** A CSV cell, quoted (names carry commas and quotes). */
const cell = (value: string) => `"${value.replace(/"/g, '""')}"`;
const csv = (rows: readonly (readonly string[])[]) => Buffer.from(['name,schema,doc,aliases', ...rows.map((r) => r.map(cell).join(','))].join('\n'));
const formatCpf = (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;

interface Person {
  name: string;
  doc: string;
}

async function main() {
  const customerCount = option('customers', 100_000);
  const entryCount = option('entries', 1_000);
  const minNames = option('names', 150_000);
  const newCount = option('new', 200);
  say(`$ npx tsx --expose-gc scripts/bench-monitoring.ts ${process.argv.slice(2).join(' ')}`.trimEnd());
  if (!(globalThis as { gc?: () => void }).gc) say('(run with --expose-gc for memory after GC)');

  const dir = mkdtempSync(join(tmpdir(), 'bench-monitoring-'));
  const store = new SqliteEventStore(join(dir, 'events.sqlite'));
  const keys = new SqliteKeyStore(join(dir, 'keys.sqlite'), SECRET);
  const log = new EventLog(store, new EncryptingPiiCodec(keys), PII_POLICY);
  const readStore = new SqliteReadStore(join(dir, 'read-models.sqlite'));
  const blobs = new FsBlobStore(join(dir, 'blobs'));
  const customers = customersProjection();
  try {
    await readStore.ensureCollection(customers.collection, customers.indexes);
    await readStore.ensureCollection(ALERTS, monitoringAlertsProjection.indexes);
    const tenantId = randomUUID();
    const context = (step: string): CommandContext => ({
      metadata: { tenant_id: tenantId, actor: 'operator', request_id: null, occurred_at: new Date().toISOString(), correlation_id: step, causation_id: null },
      commandId: `bench:${step}`,
    });

    // ------------------------------------------------------------ setup: monitored customers
    let started = performance.now();
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    const r = rng(21);
    const people: Person[] = Array.from({ length: customerCount }, (_, i) => ({ name: brazilianName(r), doc: withCheckDigits(String(200_000_000 + i)) }));
    let position = 0;
    /** Registers and monitors customers as the decider decides it; their documents as the projection makes them. */
    async function monitored(batch: readonly Person[], first: number): Promise<string[]> {
      const docs: CustomerDoc[] = [];
      await Promise.all(
        batch.map(async (person, k) => {
          const customerId = deterministicId(`bench-customer:${first + k}`);
          const at = new Date(base + (first + k) * 1_000).toISOString();
          const metadata: EventMetadata = { tenant_id: tenantId, actor: 'operator', request_id: null, occurred_at: at, correlation_id: customerId, causation_id: null };
          const events = monitoredCustomerEvents({ customer_id: customerId, name: person.name, doc: person.doc }, tenantId, SECRET, at);
          const stream = customerStream(customerId);
          const appended = await log.append(stream, events.map((e, i) => ({ id: deterministicId(`${customerId}:${i}`), type: e.type, data: e.data as Record<string, unknown> })), metadata, 'no_stream');
          position = Math.max(position, appended.position);
          const envelope = (e: CustomerEvent, i: number) => ({ ...e, id: '', stream, revision: i, position: appended.position, recorded_at: at, metadata }) as unknown as StoredEvent;
          const doc = events.reduce<CustomerDoc | null>((d, e, i) => customers.evolve(d, envelope(e, i), customerId), null);
          if (doc) docs.push(doc);
        }),
      );
      await readStore.commit({ writes: docs.map((doc) => ({ op: 'put' as const, collection: customers.collection, id: doc.customer_id, doc, position })) });
      return docs.map((d) => d.customer_id);
    }
    for (let i = 0; i < customerCount; i += 1_000) {
      await monitored(people.slice(i, i + 1_000), i);
      if (i % 20_000 === 0) progress(`  ${i} customers written`);
    }
    const setupCustomersMs = performance.now() - started;

    // ------------------------------------------------------------ setup: the tenant list and its version
    const blocklist = await createTenantList(log, tenantId, 'Bloqueio', context('list-bloqueio'));
    if (E.isLeft(blocklist)) throw new Error(blocklist.left.message);
    const listId = blocklist.right.list.list_id;
    const copies = Math.max(1, Math.round(entryCount / 100));
    const er = rng(31);
    const entryRows: string[][] = [];
    const copied = new Set<number>();
    for (let k = 0; k < copies; k++) {
      const i = Math.floor(((k + 0.5) * customerCount) / copies);
      copied.add(i);
      entryRows.push([people[i]!.name, 'person', formatCpf(people[i]!.doc), '']);
    }
    while (entryRows.length < entryCount) {
      const own = er.next() < 0.5 ? formatCpf(withCheckDigits(String(100_000_000 + er.int(99_999_999)))) : '';
      entryRows.push([brazilianName(er), 'person', own, '']);
    }
    const imported = await importListVersion(
      { log, blobs, importer: tenantListImporter(listId), active: () => null },
      { files: [{ name: 'bloqueio.csv', data: csv(entryRows) }], source: { kind: 'upload' }, force: false },
      context('version-bloqueio'),
    );
    if (E.isLeft(imported) || imported.right.outcome !== 'imported') throw new Error(`list version not imported: ${JSON.stringify(imported)}`);
    const { version_id: versionId, entries: delta } = imported.right;
    const catalog = new ListCatalog({ log, blobs, importers: LIST_IMPORTERS, logger: silentLogger });
    await catalog.start();
    const reactor = new MonitoringReactor({
      log,
      readStore,
      blobs,
      catalog,
      // the read models are written above, before anything runs: nothing to wait for
      runner: { waitFor: async () => true },
      clock: systemClock,
      logger: silentLogger,
      work: { schedule: async () => undefined },
      queue: { get: async () => null },
    });
    say(`setup: ${customerCount} monitored customers written in ${(setupCustomersMs / 1000).toFixed(1)} s; list version of ${delta} entries (${copies} copies of customers, the rest generated, half by name only)`);

    // ------------------------------------------------------------ (1) baseline: the read-store paging alone
    const pageAll = async () => {
      let before: { created_at: string; id: string } | undefined;
      let read = 0;
      for (;;) {
        const page = await readStore.find<CustomerDoc>('customers', { where: { tenant_id: tenantId, status: 'em_monitoramento' }, ...(before ? { before } : {}), limit: PAGE });
        read += page.length;
        if (page.length < PAGE) return read;
        const last = page[page.length - 1]!;
        before = { created_at: last.created_at, id: last.customer_id };
      }
    };
    await pageAll(); // warm-up
    started = performance.now();
    const paged = await pageAll();
    const pagingMs = performance.now() - started;

    // ------------------------------------------------------------ (1) the sweep
    const memBefore = memoryAfterGc();
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
    started = performance.now();
    let executions = 0;
    const item = { id: `${MONITOR_VERSION_WORK}:${versionId}`, kind: MONITOR_VERSION_WORK, payload: { list_id: listId, version_id: versionId, position: imported.right.position }, due_at: 0, attempts: 0, version: 0 };
    for (;;) {
      executions++;
      const result = await reactor.execute(item, new AbortController().signal);
      if ('done' in result) break;
    }
    const sweepMs = performance.now() - started;
    clearInterval(sampler);
    const memAfter = memoryAfterGc();
    const sweep = await log.readStream(sweepStream(versionId));
    const completed = sweep.find((e) => e.type === 'MonitoringSweepCompleted');
    if (!completed) throw new Error('the sweep did not complete');
    const screened = Number(completed.data['screened']);
    const alerts = Number(completed.data['alerts']);
    const customerIds = new Map(people.map((_, i) => [deterministicId(`bench-customer:${i}`), i]));
    const raised = (await store.readAll({ after: null, limit: 10_000_000 })).filter((e) => e.type === 'MonitoringAlertRaised');
    const copiesFound = new Set(raised.map((e) => customerIds.get(String(e.data['customer_id']))).filter((i) => i !== undefined && copied.has(i))).size;
    const sweepResult = {
      customers: screened,
      delta_entries: delta,
      time_s: Number((sweepMs / 1000).toFixed(2)),
      executions,
      customers_per_s: Math.round(screened / (sweepMs / 1000)),
      alerts,
      alerts_recorded: raised.length,
      copies_found: `${copiesFound}/${copies}`,
      alerts_per_s: Number((alerts / (sweepMs / 1000)).toFixed(1)),
      peak_rss_mb: mb(peakRss),
      before_gc: memBefore,
      after_gc: memAfter,
      baseline_paging: { customers: paged, time_s: Number((pagingMs / 1000).toFixed(2)), customers_per_s: Math.round(paged / (pagingMs / 1000)) },
    };
    say(`(1) delta of ${delta} entries against ${screened} monitored customers, the reactor's sweep:`);
    say(`  ${sweepResult.time_s} s in ${executions} execution(s), ${sweepResult.customers_per_s} customers/s; ${alerts} alerts (${raised.length} recorded; ${sweepResult.copies_found} copied customers found), ${sweepResult.alerts_per_s} alerts/s`);
    say(`  memory: peak RSS ${sweepResult.peak_rss_mb} MB during the sweep; after GC heap ${memAfter.heap_mb} MB, RSS ${memAfter.rss_mb} MB (before: heap ${memBefore.heap_mb} MB, RSS ${memBefore.rss_mb} MB)`);
    say(`  baseline, the same pages read alone: ${sweepResult.baseline_paging.time_s} s, ${sweepResult.baseline_paging.customers_per_s} customers/s`);

    // ------------------------------------------------------------ (2) one new customer against every active list
    started = performance.now();
    const listed = corpus(minNames);
    const names = listed.reduce((n, e) => n + e.names.length, 0);
    const sanctions = await createTenantList(log, tenantId, 'Sanções', context('list-sancoes'));
    if (E.isLeft(sanctions)) throw new Error(sanctions.left.message);
    // a tenant's CSV refuses names without a letter or over 500 characters (a few vessels' numbers)
    const fits = (name: string) => /\p{L}/u.test(name) && name.length <= 500;
    const listRows = listed.filter((e) => fits(e.names[0]!.name)).map((e: ListEntry) => {
      const doc = e.documents[0];
      const value = !doc ? '' : doc.type === 'cnpj' ? doc.value : doc.masked ? `***.${doc.value.slice(3, 6)}.${doc.value.slice(6, 9)}-**` : formatCpf(doc.value);
      return [e.names[0]!.name, e.schema, value, e.names.slice(1).filter((n) => fits(n.name)).map((n) => n.name.replace(/\|/g, ' ')).join('|')];
    });
    const big = await importListVersion(
      { log, blobs, importer: tenantListImporter(sanctions.right.list.list_id), active: () => null },
      { files: [{ name: 'sancoes.csv', data: csv(listRows) }], source: { kind: 'upload' }, force: false },
      context('version-sancoes'),
    );
    if (E.isLeft(big) || big.right.outcome !== 'imported') throw new Error(`list version not imported: ${JSON.stringify(big)}`);
    const loadStarted = performance.now();
    // a fresh catalog loads every active version as an instance does on start
    const loaded = new ListCatalog({ log, blobs, importers: LIST_IMPORTERS, logger: silentLogger });
    await loaded.start();
    const catalogMs = performance.now() - loadStarted;
    const indexedNames = [listId, sanctions.right.list.list_id].reduce((n, id) => n + (loaded.version(id)?.entries.reduce((m, e) => m + e.names.length, 0) ?? 0), 0);
    const screening = new MonitoringReactor({ log, readStore, blobs, catalog: loaded, runner: { waitFor: async () => true }, clock: systemClock, logger: silentLogger, work: { schedule: async () => undefined }, queue: { get: async () => null } });

    const nr = rng(41);
    const asListed = queriesFrom(listed.filter((e) => e.schema === 'person'), newCount).slice(0, Math.ceil(newCount / 2));
    const newcomers: Person[] = Array.from({ length: newCount }, (_, k) => ({ name: k < asListed.length ? asListed[k]!.name : brazilianName(nr), doc: withCheckDigits(String(300_000_000 + k)) }));
    const newIds = await monitored(newcomers, customerCount);
    const queries: ScreeningQuery[] = newcomers.map((p) => ({ schema: 'person', name: p.name, doc: p.doc, birth_date: null }));
    const search = (q: ScreeningQuery) => loaded.search(tenantId, q, { threshold: DEFAULT_THRESHOLD, limit: 5 });
    for (const q of queries.slice(0, 20)) search(q); // warm-up
    const before = (await store.readAll({ after: null, limit: 10_000_000 })).filter((e) => e.type === 'MonitoringAlertRaised').length;
    // interleaved, so the baseline and the reactor meet the same moments of a noisy machine
    const searchTimes: number[] = [];
    const times: number[] = [];
    for (const [k, id] of newIds.entries()) {
      let t0 = performance.now();
      search(queries[k]!);
      searchTimes.push(performance.now() - t0);
      t0 = performance.now();
      await screening.customerHandler.execute({ id: `${MONITOR_CUSTOMER_WORK}:${id}:${k}`, kind: MONITOR_CUSTOMER_WORK, payload: { customer_id: id, position: null }, due_at: 0, attempts: 0, version: 0 }, new AbortController().signal);
      times.push(performance.now() - t0);
    }
    const newAlerts = (await store.readAll({ after: null, limit: 10_000_000 })).filter((e) => e.type === 'MonitoringAlertRaised').length - before;
    const sorted = [...times].sort((a, b) => a - b);
    const searchSorted = [...searchTimes].sort((a, b) => a - b);
    const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const customerResult = {
      names_indexed: indexedNames,
      corpus_names: names,
      catalog_load_s: Number((catalogMs / 1000).toFixed(1)),
      setup_s: Number(((performance.now() - started) / 1000).toFixed(1)),
      customers: newCount,
      alerts: newAlerts,
      p50_ms: ms(percentile(sorted, 0.5)),
      p99_ms: ms(percentile(sorted, 0.99)),
      mean_ms: ms(mean(times)),
      baseline_search: { p50_ms: ms(percentile(searchSorted, 0.5)), p99_ms: ms(percentile(searchSorted, 0.99)), mean_ms: ms(mean(searchTimes)) },
      after_gc: memoryAfterGc(),
    };
    say(`(2) a customer entering monitoring, against every active list (${indexedNames} names: the corpus of bench-matching and the version above; catalog loaded in ${customerResult.catalog_load_s} s):`);
    say(`  ${newCount} customers (half named as listed people): p50 ${customerResult.p50_ms} ms, p99 ${customerResult.p99_ms} ms, mean ${customerResult.mean_ms} ms; ${newAlerts} alerts raised`);
    say(`  baseline, the catalog search alone: p50 ${customerResult.baseline_search.p50_ms} ms, p99 ${customerResult.baseline_search.p99_ms} ms, mean ${customerResult.baseline_search.mean_ms} ms`);
    say(`  after GC heap ${customerResult.after_gc.heap_mb} MB, RSS ${customerResult.after_gc.rss_mb} MB (load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')} on ${os.cpus().length} cores)`);
    say(JSON.stringify({ sweep: sweepResult, new_customer: customerResult, load_average: os.loadavg().map((x) => Number(x.toFixed(2))) }));
  } finally {
    await store.close();
    await keys.close();
    await readStore.close();
    await blobs.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
