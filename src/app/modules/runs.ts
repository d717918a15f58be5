import type { Source } from '../../adapters/sources/port.js';
import { ListSource } from '../../adapters/sources/lists.js';
import { ProviderSource } from '../../adapters/sources/provider.js';
import { RegisterSource } from '../../adapters/sources/cnpj-register.js';
import { SandboxSource } from '../../adapters/sources/sandbox.js';
import { SerproCpfSource } from '../../adapters/sources/serpro-cpf.js';
import { SerproToken } from '../../adapters/serpro/token.js';
import type { Config } from '../../config.js';
import type { CnpjRegister } from '../../adapters/cnpj-register/port.js';
import type { PgfnRegister } from '../../adapters/pgfn-register/port.js';
import { PgfnSource } from '../../adapters/sources/tax-debts.js';
import { operatorRunHitsRouter } from '../../http/routers/operator/run-hits.js';
import { operatorRunsRouter } from '../../http/routers/operator/runs.js';
import { runsRouter } from '../../http/routers/runs.js';
import { BillingReactor } from '../../reactors/billing.js';
import type { ListSearch } from '../../domain/screening/port.js';
import { RunExecutor } from '../../reactors/run-executor.js';
import type { Infrastructure } from '../infrastructure.js';
import type { Module } from '../module.js';
import { writeDeps, type Overrides, type Shared } from '../shared.js';

/** Bureau runs: their execution against the sources, the credits they cost, the API over them. */
export function runsModule(infra: Infrastructure, shared: Shared, overrides: Pick<Overrides, 'sandboxSource' | 'liveSource'>): Module & { runExecutor: RunExecutor } {
  const { config, log, readStore, clock, logger, metrics } = infra;
  const { listCatalog, cnpj } = shared;
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
      live: overrides.liveSource ?? liveSource(listCatalog, providerSource(config), cnpj.register, shared.pgfn.register),
    },
    sourceTimeoutMs: config.sourceProvider.timeoutMs,
    work: shared.worker,
    metrics,
    reusable: async (answer) => {
      // the register's answers name the month they read: once another month is served, ask again
      const month = (answer.data['register'] as { month?: unknown } | undefined)?.month;
      return typeof month !== 'string' || !cnpj.register || (await cnpj.register.current())?.month.month === month;
    },
  });
  const billing = new BillingReactor(log, readStore);
  const deps = writeDeps(infra, shared);
  return {
    name: 'runs',
    runExecutor,
    processors: [runExecutor, billing],
    // holds a crashed instance left on runs that never started are released
    start: async () => void (await billing.releaseOrphans(clock.now())),
    api: [runsRouter({ ...deps, secretKey: infra.secretKey, idempotency: shared.idempotency, webhookUrlProblem: shared.webhookUrlProblem })],
    operator: [operatorRunsRouter(deps), operatorRunHitsRouter({ ...deps, entryHash: (listId, entryId) => listCatalog.version(listId)?.hashes.get(entryId) ?? null })],
  };
}

/** The sources the lists and the register do not answer: receita_cpf by Serpro when SVC_SERPRO_CPF=on, the rest by the provider. */
function providerSource(config: Config): Source {
  const provider = new ProviderSource(config.sourceProvider);
  const { serpro } = config;
  if (!serpro.cpf || !serpro.consumerKey || !serpro.consumerSecret) return provider;
  const token = new SerproToken({ tokenUrl: serpro.tokenUrl, consumerKey: serpro.consumerKey, consumerSecret: serpro.consumerSecret, timeoutMs: serpro.timeoutMs });
  return new SerproCpfSource({ baseUrl: serpro.url, path: serpro.cpfPath, token, timeoutMs: serpro.timeoutMs }, provider);
}

/** Live keys' sources: the register (when loaded) before the lists, the lists before the provider. Sandbox keys never read the register. */
export function liveSource(catalog: ListSearch, provider: Source, register: CnpjRegister | null, pgfn: PgfnRegister | null = null): Source {
  const lists = new ListSource(catalog, provider);
  const registers = register ? new RegisterSource(register, catalog, lists) : lists;
  // tax_debts from the PGFN register (issue 31)
  return pgfn ? new PgfnSource(pgfn, registers) : registers;
}
