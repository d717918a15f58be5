import type { Db } from 'mongodb';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { BlobStore } from './adapters/blob-store/port.js';
import { FsBlobStore } from './adapters/blob-store/fs.js';
import { systemClock, type Clock } from './adapters/clock.js';
import { EventLog, type PiiPolicy } from './adapters/event-store/event-log.js';
import type { EventStore } from './adapters/event-store/port.js';
import { SqliteEventStore } from './adapters/event-store/sqlite.js';
import type { PiiCodec } from './adapters/pii/port.js';
import { EncryptingPiiCodec } from './adapters/pii/encrypting-codec.js';
import { SqliteKeyStore, type KeyStore } from './adapters/pii/key-store.js';
import { MongoKeyStore } from './adapters/pii/mongo-key-store.js';
import { MongoReadStore } from './adapters/read-store/mongo.js';
import { subjectStreamsProjection } from './projections/subject-streams.js';
import { erasuresProjection } from './projections/erasures.js';
import { ErasureScheduler } from './reactors/erasure-scheduler.js';
import { KeyCacheReactor } from './projections/key-cache.js';
import type { Source } from './adapters/sources/port.js';
import type { ReadStore } from './adapters/read-store/port.js';
import { SqliteReadStore } from './adapters/read-store/sqlite.js';
import { Idempotency } from './commands/idempotency.js';
import type { Config } from './config.js';
import { idempotencyPii } from './domain/idempotency/events.js';
import { FixedWindowRateLimiter } from './http/middleware/rate-limit.js';
import type { Logger } from './logger.js';
import { ProviderSource } from './adapters/sources/provider.js';
import { SandboxSource } from './adapters/sources/sandbox.js';
import { runPii } from './domain/run/events.js';
import { customerPii } from './domain/customer/events.js';
import { customersProjection, documentsProjection } from './projections/customers.js';
import { CustomerRunsReactor } from './reactors/customer-runs.js';
import { FacialRoundsReactor } from './reactors/facial-rounds.js';
import type { BiometricProvider } from './adapters/biometrics/port.js';
import { SandboxBiometricProvider } from './adapters/biometrics/sandbox.js';
import { HttpBiometricProvider } from './adapters/biometrics/provider.js';
import { apiKeysProjection } from './projections/api-keys.js';
import { runsProjection } from './projections/runs.js';
import { sourceCacheProjection } from './projections/source-cache.js';
import { templatesProjection } from './projections/templates.js';
import { BillingReactor } from './reactors/billing.js';
import { RunExecutor } from './reactors/run-executor.js';
import { DocCache } from './projections/doc-cache.js';
import { DocCacheInvalidator } from './projections/doc-cache-invalidator.js';
import { projector, type Projection } from './projections/projector.js';
import { SubscriptionRunner } from './processing/runner.js';
import { unpackLimits } from './adapters/lists/files.js';
import type { ListImporter } from './adapters/lists/importers/port.js';
import { LIST_IMPORTERS } from './adapters/lists/importers/index.js';
import { ListCatalog } from './projections/list-catalog.js';
import { MonitoringReactor } from './reactors/monitoring.js';
import { monitoringAlertsProjection } from './projections/monitoring-alerts.js';
import { ListSource } from './adapters/sources/lists.js';
import { RegisterSource } from './adapters/sources/cnpj-register.js';
import type { CnpjRegister } from './adapters/cnpj-register/port.js';
import { ListRefresher } from './reactors/list-refresh.js';
import { CnpjRefresher } from './reactors/cnpj-refresh.js';
import { importDump, type ImportTarget } from './adapters/cnpj-register/importer.js';
import { MongoCnpjRegister, MongoRegisterTarget } from './adapters/cnpj-register/mongo.js';
import { SqliteCnpjRegister, SqliteRegisterTarget } from './adapters/cnpj-register/sqlite.js';
import { PeriodicReviewer, PeriodicReviewSweep } from './reactors/periodic-review.js';
import { ProcessingRuntime } from './processing/runtime.js';
import { Worker } from './processing/worker.js';
import type { WorkQueue } from './adapters/work-queue/port.js';
import { SqliteWorkQueue } from './adapters/work-queue/sqlite.js';
import { MongoWorkQueue } from './adapters/work-queue/mongo.js';
import { tenantsProjection } from './projections/tenants.js';
import { assignmentsProjection } from './projections/assignments.js';
import { dashboardSessionsProjection, dashboardUsersProjection } from './projections/users.js';
import { webhookDeliveriesProjection } from './projections/webhook-deliveries.js';
import { WebhookReactor } from './reactors/webhooks.js';
import { GotWebhookSender, type WebhookSender } from './adapters/webhook-sender.js';
import { loadOrCreateSecret } from './secrets.js';
import { Metrics } from './adapters/metrics.js';
import type { PdfRenderer } from './adapters/pdf/port.js';
import { PuppeteerPdfRenderer } from './adapters/pdf/puppeteer.js';
import { fxOperationsProjection } from './projections/fx-operations.js';
import { FxAnalysisReactor } from './reactors/fx-analysis.js';

/**
 * Every read model, by name: the runner feeds them and `npm run rebuild -- <name>` rebuilds
 * them. The secret keys the document hash the customer list looks documents up by.
 */
export function projections(secretKey: string): readonly Projection<Record<string, unknown>>[] {
  return [
    tenantsProjection,
    apiKeysProjection,
    templatesProjection,
    runsProjection,
    sourceCacheProjection,
    customersProjection(),
    documentsProjection,
    subjectStreamsProjection,
    erasuresProjection,
    webhookDeliveriesProjection,
    fxOperationsProjection,
    monitoringAlertsProjection,
    assignmentsProjection,
    dashboardUsersProjection,
    dashboardSessionsProjection,
    // cast, not a stored event: each projection has its own document type, the writer stores records
  ] as unknown as Projection<Record<string, unknown>>[];
}

/** Personal fields of every event type that has them. */
export const PII_POLICY: PiiPolicy = { ...idempotencyPii, ...runPii, ...customerPii };

export interface Services {
  config: Config;
  clock: Clock;
  logger: Logger;
  eventStore: EventStore;
  /** per-subject keys of the personal data in events (crypto-shredding) */
  keyStore: KeyStore;
  erasures: ErasureScheduler;
  log: EventLog;
  readStore: ReadStore;
  blobStore: BlobStore;
  runner: SubscriptionRunner;
  /** executes the work items reactors record (runs, facial rounds, webhook attempts, FX analyses) */
  worker: Worker;
  workQueue: WorkQueue;
  runtime: ProcessingRuntime;
  projections: readonly Projection<Record<string, unknown>>[];
  /** hot read-model documents (API keys, tenants), dropped on the events that change them */
  docCache: DocCache;
  runExecutor: RunExecutor;
  facialRounds: FacialRoundsReactor;
  webhooks: WebhookReactor;
  /** HTML to PDF (reports, laudos): Chromium, launched on first use */
  pdfRenderer: PdfRenderer;
  fxAnalysis: FxAnalysisReactor;
  /** the importer of each list the service screens against */
  listImporters: ReadonlyMap<string, ListImporter>;
  /** the loaded lists of this instance, rebuilt from the stored versions */
  listCatalog: ListCatalog;
  /** scheduled fetching of the official lists */
  listRefresher: ListRefresher;
  /** the CNPJ register live keys read (null: the provider answers receita_cnpj and partners) */
  cnpjRegister: CnpjRegister | null;
  /** whether closeServices closes it (a register given as an override is its owner's) */
  ownsCnpjRegister: boolean;
  biometrics: { sandbox: BiometricProvider; live: BiometricProvider };
  idempotency: Idempotency;
  rateLimiter: FixedWindowRateLimiter;
  operatorToken: string;
  secretKey: string;
  /** true when the operator token was generated by this start (print it once) */
  operatorTokenGenerated: boolean;
  /** this instance's Prometheus metrics (GET /metrics) */
  metrics: Metrics;
}

export interface Overrides {
  clock?: Clock;
  piiCodec?: PiiCodec;
  sandboxSource?: Source;
  liveSource?: Source;
  liveBiometrics?: BiometricProvider;
  sandboxBiometrics?: BiometricProvider;
  /** the list importers (default: every official list's) */
  listImporters?: ReadonlyMap<string, ListImporter>;
  webhookSender?: WebhookSender;
  /** a renderer owned by the caller (tests share one browser); closing the services leaves it open */
  pdfRenderer?: PdfRenderer;
  /**
   * the Receita Federal CNPJ register live keys answer `receita_cnpj` and `partners` from (null:
   * the provider answers them); owned by the caller, which closes it
   */
  cnpjRegister?: CnpjRegister | null;
  /** the event store, owned by the services from then on (tests: EventStoreDB over a fake client) */
  eventStore?: EventStore;
}

export async function openStores(config: Config, given?: EventStore): Promise<{ eventStore: EventStore; readStore: ReadStore; blobStore: BlobStore; workQueue: WorkQueue }> {
  await mkdir(config.dataDir, { recursive: true });
  const eventStore =
    given ??
    (config.eventStore.kind === 'sqlite'
      ? new SqliteEventStore(join(config.dataDir, 'events.sqlite'))
      : await connectEsdb(config.eventStore.connectionString));
  let readStore: ReadStore;
  let blobStore: BlobStore;
  let workQueue: WorkQueue;
  if (config.readStore.kind === 'sqlite') {
    readStore = new SqliteReadStore(join(config.dataDir, 'read-models.sqlite'));
    // beside the checkpoints, in the same file (see SqliteWorkQueue)
    workQueue = new SqliteWorkQueue(join(config.dataDir, 'read-models.sqlite'));
    blobStore = new FsBlobStore(join(config.dataDir, 'blobs'));
  } else {
    const mongo = await MongoReadStore.connect(config.readStore.connectionString);
    readStore = mongo;
    workQueue = new MongoWorkQueue(mongo.database);
    blobStore =
      config.blobStore === 'gridfs'
        ? new (await import('./adapters/blob-store/gridfs.js')).GridFsBlobStore(mongo.database)
        : new FsBlobStore(join(config.dataDir, 'blobs'));
  }
  return { eventStore, readStore, blobStore, workQueue };
}

/**
 * Where the per-subject keys live: beside the read models, so every instance sharing a MongoDB
 * reads the same keys (a container's own disk is not kept); in the data directory otherwise.
 */
export function openKeyStore(config: Config, readStore: ReadStore, secret: string): KeyStore {
  return readStore instanceof MongoReadStore ? new MongoKeyStore(readStore.database, secret) : new SqliteKeyStore(join(config.dataDir, 'keys.sqlite'), secret);
}

/**
 * The stores and the event log without any processor running: for the operator CLIs (audit,
 * lists), which may run beside a service on the same stores.
 */
export async function openOffline(config: Config) {
  const secret = await loadOrCreateSecret(config.dataDir, 'secret-key', config.secretKey);
  const stores = await openStores(config);
  const keys = openKeyStore(config, stores.readStore, secret.value);
  const log = new EventLog(stores.eventStore, new EncryptingPiiCodec(keys), PII_POLICY);
  const close = async () => {
    await stores.eventStore.close();
    await keys.close();
    await stores.workQueue.close();
    await stores.readStore.close();
    await stores.blobStore.close();
  };
  return { ...stores, log, secretKey: secret.value, close };
}

/** The composition root: stores from configuration, processors registered and started. */
export async function createServices(config: Config, logger: Logger, overrides: Overrides = {}): Promise<Services> {
  const metrics = new Metrics();
  const stores = await openStores(config, overrides.eventStore);
  const { readStore, blobStore, workQueue } = stores;
  const eventStore = metrics.timedAppends(stores.eventStore);
  const operator = await loadOrCreateSecret(config.dataDir, 'operator-token', config.operatorToken, 'op_');
  const secret = await loadOrCreateSecret(config.dataDir, 'secret-key', config.secretKey);
  const keyStore = openKeyStore(config, readStore, secret.value);
  const log = new EventLog(eventStore, overrides.piiCodec ?? new EncryptingPiiCodec(keyStore), PII_POLICY);
  const runner = new SubscriptionRunner(log, readStore, logger, { onQuarantine: (processor) => metrics.eventQuarantined(processor) });
  const clock = overrides.clock ?? systemClock;
  const worker = new Worker(workQueue, clock, logger, config.work);
  const runtime = new ProcessingRuntime(runner, worker, workQueue, clock, logger);
  // auth's hot documents; every instance drops them on the events that change them (issue 25)
  const docCache = new DocCache(readStore, [apiKeysProjection, tenantsProjection]);
  const readModels = projections(secret.value);
  for (const projection of readModels) {
    await readStore.ensureCollection(projection.collection, projection.indexes);
    runtime.add(projector(projection, readStore));
  }
  runtime.add(new DocCacheInvalidator(docCache));
  // the register given by a test is the caller's; the one opened here is closed with the services
  const cnpj = overrides.cnpjRegister !== undefined ? { register: overrides.cnpjRegister, target: null } : openCnpjRegister(config, readStore instanceof MongoReadStore ? readStore.database : null);
  const pdfRenderer = overrides.pdfRenderer ?? new PuppeteerPdfRenderer({ executablePath: config.chromiumPath, logger });
  const listImporters = overrides.listImporters ?? LIST_IMPORTERS;
  const listCatalog = new ListCatalog({ log, blobs: blobStore, importers: listImporters, logger });
  const runExecutor = new RunExecutor({
    log,
    readStore,
    clock,
    logger,
    sources: {
      // the fixtures, except the tenant's own lists, which are its own data in both environments
      sandbox: new ListSource(listCatalog, overrides.sandboxSource ?? new SandboxSource({ latencyMs: config.sandboxLatencyMs }), ['internal_lists']),
      // the sanctions, PEP, CEIS/CNEP, slave-labour and internal-list sources from the loaded lists, receita_cnpj and
      // partners from the CNPJ register when one is given; the others through the provider
      live: overrides.liveSource ?? liveSource(listCatalog, new ProviderSource(config.sourceProvider), cnpj.register),
    },
    sourceTimeoutMs: config.sourceProvider.timeoutMs,
    work: worker,
    metrics,
    reusable: async (answer) => {
      // the register's answers name the month they read: once another month is served, ask again
      const month = (answer.data['register'] as { month?: unknown } | undefined)?.month;
      return typeof month !== 'string' || !cnpj.register || (await cnpj.register.current())?.month.month === month;
    },
  });
  const billing = new BillingReactor(log, readStore);
  const biometrics = {
    sandbox: metrics.countedBiometrics(overrides.sandboxBiometrics ?? new SandboxBiometricProvider()),
    live: metrics.countedBiometrics(overrides.liveBiometrics ?? new HttpBiometricProvider(config.biometricProvider)),
  };
  const facialRounds = new FacialRoundsReactor({ log, readStore, blobs: blobStore, provider: biometrics, clock, logger, work: worker });
  runtime.add(runExecutor).add(billing).add(new CustomerRunsReactor(log)).add(facialRounds);
  runtime.add(new KeyCacheReactor(keyStore));
  const webhooks = new WebhookReactor({
    log,
    readStore,
    clock,
    logger,
    sender: overrides.webhookSender ?? new GotWebhookSender({ allowInsecure: config.webhookAllowInsecure }),
    serviceKey: secret.value,
    allowInsecure: config.webhookAllowInsecure,
    work: worker,
    metrics,
  });
  runtime.add(webhooks);
  const fxAnalysis = new FxAnalysisReactor({ log, readStore, blobs: blobStore, renderer: pdfRenderer, clock, logger, work: worker });
  runtime.add(fxAnalysis);
  runtime.add(listCatalog);
  const listRefresher = new ListRefresher({
    log,
    blobs: blobStore,
    importers: listImporters,
    catalog: listCatalog,
    clock,
    logger,
    urls: config.lists.urls,
    fetch: { timeoutMs: config.lists.fetchTimeoutMs, maxBytes: config.lists.maxBytes, retries: 2 },
    unpack: unpackLimits(config.lists),
    work: worker,
  });
  worker.register(listRefresher);
  const cnpjTarget = cnpj.target;
  const cnpjRefresher = cnpjTarget
    ? new CnpjRefresher({
        config: config.cnpj,
        clock,
        logger,
        work: worker,
        currentMonth: async () => (await cnpj.register?.current())?.month.month ?? null,
        importDir: (dir, month) => importDump(dir, cnpjTarget, { month }),
      })
    : null;
  if (cnpjRefresher) worker.register(cnpjRefresher);
  const monitoring = new MonitoringReactor({ log, readStore, blobs: blobStore, catalog: listCatalog, runner, clock, logger, work: worker, queue: workQueue });
  runtime.add(monitoring);
  worker.register(monitoring).register(monitoring.customerHandler);
  const reviews = { log, readStore, clock, logger, secretKey: secret.value, intervalMs: config.periodicReview.intervalMs, work: worker };
  const reviewSweep = new PeriodicReviewSweep(reviews);
  worker.register(reviewSweep).register(new PeriodicReviewer(reviews));
  metrics.watchProcessors({ head: () => eventStore.headPosition(), positions: () => runner.progress() });
  metrics.watchLists(listCatalog, () => clock.now());
  const erasures = new ErasureScheduler(
    { log, readStore, blobs: blobStore, keys: keyStore, secretKey: secret.value, retentionYears: config.retentionYears },
    runner,
    clock,
    logger,
  );
  runtime.schedule(erasures.schedule);
  await runtime.start(await eventStore.headPosition());
  // recorded now, fetched by the worker: start-up never waits for a download
  if (config.lists.refresh) await listRefresher.schedule();
  // off unless SVC_CNPJ_FETCH=on: the register is gigabytes a month
  await cnpjRefresher?.schedule();
  await reviewSweep.schedule();
  await erasures.runDue();
  await billing.releaseOrphans(clock.now());
  return {
    config,
    clock,
    logger,
    eventStore,
    keyStore,
    erasures,
    log,
    readStore,
    blobStore,
    runner,
    worker,
    workQueue,
    runtime,
    projections: readModels,
    docCache,
    runExecutor,
    facialRounds,
    webhooks,
    pdfRenderer,
    fxAnalysis,
    listImporters,
    listCatalog,
    listRefresher,
    cnpjRegister: cnpj.register,
    ownsCnpjRegister: cnpj.target !== null,
    biometrics,
    idempotency: new Idempotency(log, secret.value),
    rateLimiter: new FixedWindowRateLimiter(),
    operatorToken: operator.value,
    operatorTokenGenerated: operator.generated,
    secretKey: secret.value,
    metrics,
  };
}

/** EventStoreDB, once its node serves reads (a minute at most: compose starts both together). */
async function connectEsdb(connectionString: string): Promise<EventStore> {
  const store = await (await import('./adapters/event-store/esdb.js')).EsdbEventStore.connect(connectionString);
  try {
    await store.waitUntilServing(60_000);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/**
 * The CNPJ register on the configured store (issue 16): SQLite files under `<dataDir>/cnpj/` by
 * default, month-prefixed collections when the read models are on MongoDB. The register follows a
 * month imported by any process (the CLI, another instance's scheduled fetch).
 */
export function openCnpjRegister(config: Config, mongo: Db | null): { register: CnpjRegister; target: ImportTarget } {
  if (mongo) return { register: new MongoCnpjRegister(mongo), target: new MongoRegisterTarget(mongo) };
  return { register: new SqliteCnpjRegister(config.dataDir), target: new SqliteRegisterTarget(config.dataDir) };
}

/** Live keys' sources: the register (when loaded) before the lists, the lists before the provider. Sandbox keys never read the register. */
export function liveSource(catalog: ListCatalog, provider: Source, register: CnpjRegister | null): Source {
  const lists = new ListSource(catalog, provider);
  return register ? new RegisterSource(register, catalog, lists) : lists;
}

/** Stops the subscriptions (each finishes its batch and checkpoint), then closes the stores. */
export async function closeServices(services: Services): Promise<void> {
  await services.runtime.stop();
  await services.pdfRenderer.close();
  if (services.ownsCnpjRegister) await services.cnpjRegister?.close();
  await services.eventStore.close();
  await services.keyStore.close();
  await services.readStore.close();
  await services.blobStore.close();
}
