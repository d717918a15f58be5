import type Router from '@koa/router';
import { SandboxBiometricProvider } from '../adapters/biometrics/sandbox.js';
import { HttpBiometricProvider } from '../adapters/biometrics/provider.js';
import { DatavalidBiometricProvider } from '../adapters/biometrics/datavalid.js';
import { SerproToken } from '../adapters/serpro/token.js';
import type { BiometricProvider } from '../adapters/biometrics/port.js';
import { LIST_IMPORTERS } from '../adapters/lists/importers/index.js';
import { ListWorkerPool } from '../adapters/lists/worker-pool.js';
import { PuppeteerPdfRenderer } from '../adapters/pdf/puppeteer.js';
import { endpointUrlCheck, GotWebhookSender } from '../adapters/webhook-sender.js';
import { Idempotency } from '../commands/idempotency.js';
import type { Config } from '../config.js';
import type { AppRoutes, HttpAppDeps } from '../http/app.js';
import type { RequestState } from '../http/state.js';
import { FixedWindowRateLimiter } from '../http/middleware/rate-limit.js';
import type { Logger } from '../logger.js';
import { ProcessingRuntime } from '../processing/runtime.js';
import { SubscriptionRunner } from '../processing/runner.js';
import { Worker } from '../processing/worker.js';
import { apiKeysProjection } from '../projections/api-keys.js';
import { DocCache } from '../projections/doc-cache.js';
import type { Projection } from '../projections/projector.js';
import { streamsOf } from '../projections/subject-streams.js';
import { tenantsProjection } from '../projections/tenants.js';
import { ListCatalog } from '../projections/list-catalog.js';
import { openCnpjRegister, openInfrastructure, openPgfnRegister, type Infrastructure } from './infrastructure.js';
import type { Module } from './module.js';
import { customersModule } from './modules/customers.js';
import { dossierModule } from './modules/dossier.js';
import { casesModule } from './modules/cases.js';
import { suspicionModule } from './modules/suspicion.js';
import { cnpjModule } from './modules/cnpj.js';
import { pgfnModule } from './modules/pgfn.js';
import { dashboardModule } from './modules/dashboard.js';
import { erasureModule } from './modules/erasure.js';
import { cnoModule } from './modules/cno.js';
import { facialModule } from './modules/facial.js';
import { fxModule } from './modules/fx.js';
import { monitoringModule } from './modules/monitoring.js';
import { auditModule, platformModule } from './modules/platform.js';
import { readModelsModule } from './modules/read-models.js';
import { reportsModule } from './modules/reports.js';
import { runsModule } from './modules/runs.js';
import { screeningModule } from './modules/screening.js';
import { templatesModule, tenantsModule } from './modules/tenants.js';
import { webhooksModule } from './modules/webhooks.js';
import type { Overrides, Shared } from './shared.js';

export type { Overrides } from './shared.js';

/**
 * The running service: its infrastructure, the shared policies, the modules, the HTTP app's
 * routes, and the parts tests and benchmarks drive directly. Only main, the test harness and
 * the benchmarks hold it; every router, reactor and command is handed what it uses.
 */
export interface App extends Omit<Infrastructure, 'close'>, Omit<Shared, 'cnpj'>, Omit<HttpAppDeps, 'config'> {
  runtime: ProcessingRuntime;
  modules: readonly Module[];
  projections: readonly Projection<Record<string, unknown>>[];
  cnpjRegister: Shared['cnpj']['register'];
  runExecutor: ReturnType<typeof runsModule>['runExecutor'];
  facialRounds: ReturnType<typeof facialModule>['facialRounds'];
  webhooks: ReturnType<typeof webhooksModule>['webhooks'];
  fxAnalysis: ReturnType<typeof fxModule>['fxAnalysis'];
  listRefresher: ReturnType<typeof screeningModule>['listRefresher'];
  erasures: ReturnType<typeof erasureModule>['erasures'];
  /** the annual negative communication tasks (issue 30) */
  cno: ReturnType<typeof cnoModule>['cno'];
  /** stops the schedules and the processors (each finishes its batch and checkpoint), then closes the stores */
  close(): Promise<void>;
}

/** The shared policies, built once from the infrastructure. */
function sharedPolicies(infra: Infrastructure, overrides: Overrides): Shared {
  const { config, logger, metrics, readStore, workQueue, clock, log, blobStore } = infra;
  const runner = new SubscriptionRunner(log, readStore, logger, { onQuarantine: (processor) => metrics.eventQuarantined(processor) });
  const worker = new Worker(workQueue, clock, logger, config.work);
  const listImporters = overrides.listImporters ?? LIST_IMPORTERS;
  const webhookSender = overrides.webhookSender ?? new GotWebhookSender({ allowInsecure: config.webhookAllowInsecure });
  return {
    runner,
    worker,
    // auth's hot documents; every instance drops them on the events that change them (issue 25)
    docCache: new DocCache(readStore, [apiKeysProjection, tenantsProjection]),
    listImporters,
    // list files are read on a worker thread, closed with the screening module
    listCatalog: new ListCatalog({ log, blobs: blobStore, importers: listImporters, logger, clock, workers: new ListWorkerPool({ timeoutMs: overrides.listWorkerTimeoutMs }) }),
    // the register given by a test is the caller's; the one opened here is closed by its module
    cnpj: overrides.cnpjRegister !== undefined ? { register: overrides.cnpjRegister, target: null } : openCnpjRegister(config, readStore),
    pgfn: overrides.pgfnRegister !== undefined ? { register: overrides.pgfnRegister, target: null } : openPgfnRegister(config, readStore),
    pdfRenderer: overrides.pdfRenderer ?? new PuppeteerPdfRenderer({ executablePath: config.chromiumPath, logger }),
    webhookSender,
    webhookUrlProblem: endpointUrlCheck(webhookSender, config.webhookAllowInsecure),
    biometrics: {
      sandbox: metrics.countedBiometrics(overrides.sandboxBiometrics ?? new SandboxBiometricProvider()),
      live: metrics.countedBiometrics(overrides.liveBiometrics ?? liveBiometrics(config)),
    },
    idempotency: new Idempotency(log, infra.secretKey),
    rateLimiter: new FixedWindowRateLimiter(),
    subjects: { streamsOf: (refs) => streamsOf(readStore, refs) },
  };
}

/** The live biometric provider: Datavalid's face match by CPF when SVC_SERPRO_DATAVALID=on, the configured provider for the rest. */
function liveBiometrics(config: Config): BiometricProvider {
  const provider = new HttpBiometricProvider(config.biometricProvider);
  const { serpro } = config;
  if (!serpro.datavalid || !serpro.consumerKey || !serpro.consumerSecret) return provider;
  const token = new SerproToken({ tokenUrl: serpro.tokenUrl, consumerKey: serpro.consumerKey, consumerSecret: serpro.consumerSecret, timeoutMs: serpro.timeoutMs });
  return new DatavalidBiometricProvider({ baseUrl: serpro.url, path: serpro.datavalidPath, token, timeoutMs: serpro.timeoutMs }, provider);
}

/** The composition root: infrastructure from configuration, the modules built, their processors started. */
export async function composeApp(config: Config, logger: Logger, overrides: Overrides = {}): Promise<App> {
  const infra = await openInfrastructure(config, logger, overrides);
  const shared = sharedPolicies(infra, overrides);
  const runtime = new ProcessingRuntime(shared.runner, shared.worker, infra.workQueue, infra.clock, logger);
  const readModels = await readModelsModule(infra.readStore, shared.docCache);
  const runs = runsModule(infra, shared, overrides);
  const facial = facialModule(infra, shared);
  const webhooks = webhooksModule(infra, shared);
  const fx = fxModule(infra, shared);
  const screening = screeningModule(infra, shared);
  const erasure = erasureModule(infra, shared);
  const cno = cnoModule(infra, shared);
  // the order of the routers under each prefix is the order of the modules
  const modules: Module[] = [
    readModels,
    tenantsModule(infra, shared),
    templatesModule(infra, shared),
    runs,
    reportsModule(infra, shared),
    fx,
    screening,
    monitoringModule(infra, shared),
    customersModule(infra, shared),
    suspicionModule(infra, shared),
    casesModule(infra, shared),
    dossierModule(infra, shared),
    facial,
    erasure,
    cno,
    webhooks,
    auditModule(infra),
    platformModule(infra, shared),
    cnpjModule(infra, shared),
    pgfnModule(infra, shared),
    dashboardModule(infra, shared),
  ];
  for (const module of modules) {
    for (const processor of module.processors ?? []) runtime.add(processor);
    for (const handler of module.work ?? []) shared.worker.register(handler);
    for (const schedule of module.schedules ?? []) runtime.schedule(schedule);
  }
  infra.metrics.watchProcessors({ head: () => infra.eventStore.headPosition(), positions: () => shared.runner.progress() });
  infra.metrics.watchLists(shared.listCatalog, () => infra.clock.now());
  await runtime.start(await infra.eventStore.headPosition());
  for (const module of modules) await module.start?.();

  const close = async () => {
    await runtime.stop();
    await shared.pdfRenderer.close();
    for (const module of modules) await module.close?.();
    await infra.close();
  };
  const { cnpj, ...policies } = shared;
  return {
    ...infra,
    ...policies,
    cnpjRegister: cnpj.register,
    runtime,
    modules,
    projections: readModels.projections,
    runExecutor: runs.runExecutor,
    facialRounds: facial.facialRounds,
    webhooks: webhooks.webhooks,
    fxAnalysis: fx.fxAnalysis,
    listRefresher: screening.listRefresher,
    erasures: erasure.erasures,
    cno: cno.cno,
    routes: routesOf(modules),
    close,
  };
}

/** Stops the app: the schedules, the processors (each finishes its batch and checkpoint), then the stores. */
export async function closeApp(app: Pick<App, 'close'>): Promise<void> {
  await app.close();
}

/** The modules' routers gathered by where the HTTP app mounts them. */
function routesOf(modules: readonly Module[]): AppRoutes {
  const all = (pick: (module: Module) => readonly Router<RequestState>[] | undefined) => modules.flatMap((module) => pick(module) ?? []);
  const dashboard = modules.find((module) => module.dashboard)?.dashboard;
  if (!dashboard) throw new Error('no module serves the dashboard');
  return { api: all((m) => m.api), operator: all((m) => m.operator), files: all((m) => m.files), platform: all((m) => m.platform), dashboard };
}
