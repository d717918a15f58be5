/**
 * "Sem demora" (issue 29): from a UN designation's publication to the tenant's webhook receiver,
 * through the whole service (scheduled polling, download, parse, import, sweep, delivery):
 *
 *   npx tsx scripts/bench-sanctions.ts [--customers=100000] [--versions=20] [--poll=300] [--gap=poll/3]
 *
 * Setup, not timed: the service composed in process on its SQLite stores in a temporary
 * directory, the demo tenant, `--customers` monitored customers (generated Brazilian names and
 * CPFs; their streams appended through the service's event log, their documents made by its own
 * projections), a sandbox webhook endpoint opted in to `customer.monitoring_alert` and
 * `customer.sanctions_freeze` on a receiver in another process, and a local UN publisher serving
 * the real consolidated list (test/fixtures/lists/un) with ETag and Last-Modified. The other
 * lists point at a path that answers 404 (their failures are recorded and back off; nothing else
 * is imported). `SVC_LISTS_POLL_SECONDS=--poll`; everything else is the default configuration.
 *
 * Then `--versions` new versions of the list, published at random instants (exponential gaps of
 * mean `--gap` seconds, so each falls at a random phase of the poll and two may share one poll),
 * each designating one more random monitored customer (an INDIVIDUAL with the customer's name,
 * `dateGenerated` = the publication), and every designated customer's webhook awaited at the
 * receiver. Reported, p50 / p99 / max in seconds:
 * publication -> receiver, and its parts from the events the service recorded:
 *   poll wait   publication -> the publisher's first 200 of the new version
 *   download    that request -> `source.fetched_at`
 *   parse+record  fetched -> `ListVersionImported` committed (parse in the worker thread)
 *   to index    imported -> the sweep's delta index built (`evidence.indexed_at`)
 *   sweep       index -> the customer's alert raised (and the whole sweep, started -> completed)
 *   delivery    alert -> the receiver's arrival
 * Goal: p99 under 6 minutes at the default poll (300 s), under 30 s beyond the poll wait.
 */
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deterministicId } from '../src/adapters/ids.js';
import type { EventMetadata } from '../src/adapters/event-store/port.js';
import { closeApp, composeApp, type App } from '../src/app/compose.js';
import { loadConfig } from '../src/config.js';
import { customerStream } from '../src/domain/customer/decider.js';
import { withCheckDigits } from '../src/domain/values/document.js';
import { createHttpApp } from '../src/http/app.js';
import { silentLogger } from '../src/logger.js';
import { seedDemo } from '../src/seed.js';
import { option } from './args.js';
import { monitoredCustomerEvents } from './monitored-customers.js';
import { brazilianName } from './bench-matching.js';
import { listen, shut } from './bench-http.js';
import { rng } from './make-eval-pairs.js';

const SECRET = 'bench-sanctions-secret';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const progress = (line: string) => process.stderr.write(`${line}\n`);
const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
const seconds = (ms: number) => Math.round(ms / 100) / 10;
const figures = (xs: readonly number[]) => {
  const sorted = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return { p50: seconds(percentile(sorted, 0.5)), p99: seconds(percentile(sorted, 0.99)), max: seconds(sorted[sorted.length - 1] ?? NaN), n: sorted.length };
};

/** The receiver: another Node process, answering 200 and keeping each customer's first arrival. */
const RECEIVER = `
import { createServer } from 'node:http';
const first = new Map();
const server = createServer((req, res) => {
  if (req.url === '/__arrivals') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify([...first]));
  }
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const now = Date.now();
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const key = (body.event || body.type) + ':' + (body.data && body.data.customer_id);
    if (!first.has(key)) first.set(key, now);
    res.writeHead(200);
    res.end();
  });
});
server.listen(0, '127.0.0.1', () => process.send(server.address().port));
`;

async function receiver(dir: string) {
  const file = join(dir, 'receiver.mjs');
  writeFileSync(file, RECEIVER);
  const child = fork(file, [], { stdio: 'ignore' });
  const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve(Number(m))));
  const base = `http://127.0.0.1:${port}`;
  return {
    url: `${base}/hook`,
    arrivals: async () => new Map((await (await fetch(`${base}/__arrivals`)).json()) as [string, number][]),
    stop: () => void child.kill(),
  };
}

/** The local UN publisher: the current version with ETag / Last-Modified, 304 to a matching conditional GET. */
function unPublisher(original: string) {
  let body = Buffer.from(original);
  let etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
  let modified = new Date().toUTCString();
  let version = 0;
  const served: { version: number; at: number; status: number }[] = [];
  const server: Server = createServer((req, res) => {
    const at = Date.now();
    if (req.url !== '/un/consolidated.xml') return void res.writeHead(404).end();
    if (req.headers['if-none-match'] === etag || (!req.headers['if-none-match'] && req.headers['if-modified-since'] === modified)) {
      served.push({ version, at, status: 304 });
      return void res.writeHead(304, { etag, 'last-modified': modified }).end();
    }
    served.push({ version, at, status: 200 });
    res.writeHead(200, { 'content-type': 'application/xml', 'content-length': body.length, etag, 'last-modified': modified }).end(body);
  });
  return {
    server,
    served,
    /** publishes a new version adding an individual with this name; the publication time */
    publish(name: string, dataId: number): { version: number; at: number } {
      const at = Date.now();
      const [first = '', second = '', ...rest] = name.toUpperCase().split(' ');
      const individual = `<INDIVIDUAL><DATAID>${dataId}</DATAID><VERSIONNUM>1</VERSIONNUM><FIRST_NAME>${first}</FIRST_NAME><SECOND_NAME>${second}</SECOND_NAME><THIRD_NAME>${rest.join(' ')}</THIRD_NAME><UN_LIST_TYPE>Al-Qaida</UN_LIST_TYPE><REFERENCE_NUMBER>QDi.${dataId}</REFERENCE_NUMBER><LISTED_ON>${new Date(at).toISOString().slice(0, 10)}</LISTED_ON><NATIONALITY><VALUE>Brazil</VALUE></NATIONALITY><LIST_TYPE><VALUE>UN List</VALUE></LIST_TYPE></INDIVIDUAL>`;
      const text = body.toString('utf8').replace(/dateGenerated="[^"]*"/, `dateGenerated="${new Date(at).toISOString()}"`).replace('<INDIVIDUALS>', `<INDIVIDUALS>\n    ${individual}`);
      body = Buffer.from(text);
      etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
      modified = new Date(at).toUTCString();
      version++;
      return { version, at };
    },
  };
}

/** Registers `count` customers and puts them under monitoring, through the event log (the projections make their documents). */
async function monitoredCustomers(services: App, tenantId: string, count: number): Promise<{ customer_id: string; name: string }[]> {
  const r = rng(29);
  const people = Array.from({ length: count }, (_, i) => ({ customer_id: deterministicId(`bench-sanctions:${i}`), name: brazilianName(r), doc: withCheckDigits(String(300_000_000 + i)) }));
  for (let i = 0; i < count; i += 500) {
    await Promise.all(
      people.slice(i, i + 500).map(async (person) => {
        const at = new Date().toISOString();
        const metadata: EventMetadata = { tenant_id: tenantId, actor: 'operator', request_id: null, occurred_at: at, correlation_id: person.customer_id, causation_id: null };
        const events = monitoredCustomerEvents(person, tenantId, SECRET, at);
        const stream = customerStream(person.customer_id);
        await services.log.append(stream, events.map((e, k) => ({ id: deterministicId(`${person.customer_id}:${k}`), type: e.type, data: e.data as Record<string, unknown> })), metadata, 'no_stream');
      }),
    );
    if (i % 20_000 === 0) progress(`  ${i} customers written`);
  }
  return people;
}

async function until<T>(check: () => Promise<T | null>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

interface Measured {
  total: number;
  beyond_poll: number;
  poll_wait: number;
  download: number;
  parse_record: number;
  to_index: number;
  sweep_to_alert: number;
  sweep: number;
  delivery: number;
}

/** What the service recorded about the version that designated `customerId`, read back from its streams. */
async function partsOf(services: App, customerId: string, publishedAt: number, firstServed: number, arrival: number): Promise<Measured> {
  const t = (iso: unknown) => (typeof iso === 'string' ? Date.parse(iso) : NaN);
  const alert = (await services.log.readStream(customerStream(customerId))).find((e) => e.type === 'MonitoringAlertRaised' && e.data['list_id'] === 'un_sc');
  const versionId = String(alert?.data['version_id']);
  const imported = (await services.log.readStream('list-un_sc')).find((e) => e.type === 'ListVersionImported' && e.data['version_id'] === versionId);
  const source = (imported?.data['source'] ?? {}) as Record<string, unknown>;
  const sweep = await services.log.readStream(`monitoring-${versionId}`);
  const evidence = (alert?.data['evidence'] ?? {}) as Record<string, unknown>;
  const fetched = t(source['fetched_at']);
  const importedAt = t(imported?.recorded_at);
  const indexed = t(evidence['indexed_at']);
  const raised = t(alert?.data['raised_at']);
  return {
    total: arrival - publishedAt,
    beyond_poll: arrival - firstServed,
    poll_wait: firstServed - publishedAt,
    download: fetched - firstServed,
    parse_record: importedAt - fetched,
    to_index: indexed - importedAt,
    sweep_to_alert: raised - indexed,
    sweep: t(sweep.find((e) => e.type === 'MonitoringSweepCompleted')?.data['completed_at']) - t(sweep.find((e) => e.type === 'MonitoringSweepStarted')?.data['started_at']),
    delivery: arrival - raised,
  };
}

async function main() {
  const customerCount = option('customers', 100_000);
  const versions = option('versions', 20);
  const poll = option('poll', 300);
  const gap = option('gap', Math.max(1, Math.round(poll / 3)));
  console.log(`$ npx tsx scripts/bench-sanctions.ts ${process.argv.slice(2).join(' ')}`.trimEnd());
  const dir = mkdtempSync(join(tmpdir(), 'bench-sanctions-'));
  const publisher = unPublisher(readFileSync(new URL('../test/fixtures/lists/un/consolidated.xml', import.meta.url), 'utf8'));
  publisher.server.listen(0, '127.0.0.1');
  await new Promise((r) => publisher.server.once('listening', r));
  const listBase = `http://127.0.0.1:${(publisher.server.address() as AddressInfo).port}`;
  const others = ['OFAC_SDN', 'EU_FSF', 'UK_FCDO', 'BR_CEIS', 'BR_CNEP', 'BR_CEPIM', 'BR_CEAF', 'BR_PEP', 'BR_TRABALHO_ESCRAVO'];
  const config = loadConfig({
    SVC_DATA_DIR: join(dir, 'data'),
    SVC_SANDBOX_LATENCY_MS: '0',
    SVC_LOG_REQUESTS: 'false',
    SVC_OPERATOR_TOKEN: 'op',
    SVC_SECRET_KEY: SECRET,
    SVC_WEBHOOK_ALLOW_INSECURE: 'true',
    SVC_LISTS_POLL_SECONDS: String(poll),
    SVC_LIST_UN_SC_URL: `${listBase}/un/consolidated.xml`,
    ...Object.fromEntries(others.map((l) => [`SVC_LIST_${l}_URL`, `${listBase}/none/${l}`])),
  });
  const services = await composeApp(config, silentLogger, {});
  const { server, base } = await listen(createHttpApp(services));
  const rx = await receiver(dir);
  try {
    const demo = (await seedDemo(services))!;
    const operator = { authorization: 'Bearer op', 'content-type': 'application/json' };
    const events = ['customer.monitoring_alert', 'customer.sanctions_freeze'];
    let put = await fetch(`${base}/operator/v1/tenants/${demo.tenant_id}/webhook-endpoints/sandbox`, { method: 'PUT', headers: operator, body: JSON.stringify({ url: rx.url, events }) });
    if (put.status === 400) put = await fetch(`${base}/operator/v1/tenants/${demo.tenant_id}/webhook-endpoints/sandbox`, { method: 'PUT', headers: operator, body: JSON.stringify({ url: rx.url, events: events.slice(0, 1) }) });
    if (put.status !== 200) throw new Error(`endpoint configuration failed: ${put.status}`);

    let started = performance.now();
    const people = await monitoredCustomers(services, demo.tenant_id, customerCount);
    await services.runner.waitFor(await services.eventStore.headPosition(), 600_000);
    progress(`setup: ${customerCount} monitored customers in ${seconds(performance.now() - started)} s`);
    // the first version (the file as published) imported and swept before anything is measured
    await until(async () => (services.listCatalog.state('un_sc').active ? true : null), 600_000, 'the first UN version');
    await services.worker.idle();

    const measured: Measured[] = [];
    const designations: { customer_id: string; version: number; published: number; firstServed: number; arrival: number }[] = [];
    const r = rng(2029);
    // publications at random instants (exponential gaps of mean --gap seconds): each falls at a
    // random phase of the poll, and two may fall within one poll, as real designations do
    for (let k = 0; k < versions; k++) {
      await sleep(-Math.log(1 - r.next()) * gap * 1000);
      const person = people[Math.floor(r.next() * people.length)]!;
      const published = publisher.publish(person.name, 9_000_000 + k);
      designations.push({ customer_id: person.customer_id, version: published.version, published: published.at, firstServed: NaN, arrival: NaN });
      progress(`version ${k + 1}/${versions} published`);
    }
    await until(
      async () => {
        const arrivals = await rx.arrivals();
        for (const d of designations) d.arrival = arrivals.get(`customer.monitoring_alert:${d.customer_id}`) ?? NaN;
        return designations.every((d) => Number.isFinite(d.arrival)) ? true : null;
      },
      (poll * 3 + 120) * 1000,
      'every designation at the receiver',
    ).catch(async (error: unknown) => {
      const missing = designations.filter((d) => !Number.isFinite(d.arrival));
      for (const d of missing) progress(`missing: version ${d.version}, customer ${JSON.stringify((await services.log.readStream(customerStream(d.customer_id))).map((e) => e.type))}`);
      throw error;
    });
    // the first full answer serving a version that holds the designation
    for (const d of designations) d.firstServed = publisher.served.find((s) => s.version >= d.version && s.status === 200)?.at ?? NaN;
    // the sweeps' ends and the records read once every sweep has finished
    await services.worker.idle();
    for (const d of designations) measured.push(await partsOf(services, d.customer_id, d.published, d.firstServed, d.arrival));
    const conditional = publisher.served.filter((s) => s.status === 304).length;
    const key = (name: keyof Measured) => figures(measured.map((m) => m[name]));
    const rows: [string, keyof Measured][] = [
      ['publication -> receiver', 'total'],
      ['  beyond the poll wait', 'beyond_poll'],
      ['poll wait', 'poll_wait'],
      ['download', 'download'],
      ['parse + record', 'parse_record'],
      ['to the sweep index', 'to_index'],
      ['sweep to the alert', 'sweep_to_alert'],
      ['whole sweep', 'sweep'],
      ['delivery', 'delivery'],
    ];
    console.log(`${customerCount} monitored customers, ${versions} UN versions (mean gap ${gap} s), poll ${poll} s; publisher: ${publisher.served.length - conditional} full answers, ${conditional} x 304`);
    console.log('| seconds | p50 | p99 | max |\n|---|---|---|---|');
    for (const [label, name] of rows) {
      const f = key(name);
      console.log(`| ${label} | ${f.p50} | ${f.p99} | ${f.max} |`);
    }
    const total = key('total');
    const beyond = key('beyond_poll');
    console.log(`goal: p99 under 360 s (${total.p99 < 360 ? 'met' : 'NOT met'}), under 30 s beyond the poll wait (${beyond.p99 < 30 ? 'met' : 'NOT met'})`);
  } finally {
    rx.stop();
    await shut(server);
    publisher.server.close();
    await closeApp(services);
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
