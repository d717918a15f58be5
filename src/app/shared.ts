import type { Clock } from '../adapters/clock.js';
import type { EventStore } from '../adapters/event-store/port.js';
import type { PiiCodec } from '../adapters/pii/port.js';
import type { CnpjRegister } from '../adapters/cnpj-register/port.js';
import type { ImportTarget } from '../adapters/cnpj-register/importer.js';
import type { PgfnImportTarget } from '../adapters/pgfn-register/importer.js';
import type { PgfnRegister } from '../adapters/pgfn-register/port.js';
import type { ListImporter } from '../adapters/lists/importers/port.js';
import type { PdfRenderer } from '../adapters/pdf/port.js';
import type { Source } from '../adapters/sources/port.js';
import type { BiometricProvider } from '../adapters/biometrics/port.js';
import type { WebhookSender } from '../adapters/webhook-sender.js';
import type { SubjectLookup } from '../commands/erasure.js';
import type { Idempotency } from '../commands/idempotency.js';
import type { WebhookUrlProblem } from '../commands/run-requests.js';
import type { FixedWindowRateLimiter } from '../http/middleware/rate-limit.js';
import type { SubscriptionRunner } from '../processing/runner.js';
import type { Worker } from '../processing/worker.js';
import type { WriteDeps } from '../http/deps.js';
import type { Infrastructure } from './infrastructure.js';
import type { DocCache } from '../projections/doc-cache.js';
import type { ListCatalog } from '../projections/list-catalog.js';

/**
 * What several modules use, built once by compose.ts: the processing handles, the hot-document
 * cache, the lists loaded in this instance, the CNPJ register, the PDF renderer, the check of a
 * webhook URL, idempotency and rate limits.
 */
export interface Shared {
  runner: SubscriptionRunner;
  worker: Worker;
  /** hot read-model documents (API keys, tenants), dropped on the events that change them */
  docCache: DocCache;
  /** the importer of each list the service screens against */
  listImporters: ReadonlyMap<string, ListImporter>;
  /** the loaded lists of this instance, rebuilt from the stored versions */
  listCatalog: ListCatalog;
  /** the CNPJ register live keys read (null: the provider answers receita_cnpj and partners) */
  cnpj: { register: CnpjRegister | null; target: ImportTarget | null };
  /** the PGFN register live keys answer tax_debts from (issue 31) */
  pgfn: { register: PgfnRegister | null; target: PgfnImportTarget | null };
  /** HTML to PDF (reports, laudos): Chromium, launched on first use */
  pdfRenderer: PdfRenderer;
  webhookSender: WebhookSender;
  /** why a webhook URL is refused (scheme, address, resolution), or null */
  webhookUrlProblem: WebhookUrlProblem;
  biometrics: { sandbox: BiometricProvider; live: BiometricProvider };
  idempotency: Idempotency;
  /** the streams that concern a subject (erasure) */
  subjects: SubjectLookup;
  rateLimiter: FixedWindowRateLimiter;
}

/** Adapters a test or a benchmark puts in place of the configured ones. */
export interface Overrides {
  clock?: Clock;
  piiCodec?: PiiCodec;
  sandboxSource?: Source;
  liveSource?: Source;
  liveBiometrics?: BiometricProvider;
  sandboxBiometrics?: BiometricProvider;
  /** the list importers (default: every official list's) */
  listImporters?: ReadonlyMap<string, ListImporter>;
  /** how long a list file may take its worker thread to read (default 5 minutes) */
  listWorkerTimeoutMs?: number;
  webhookSender?: WebhookSender;
  /** a renderer owned by the caller (tests share one browser); closing the app leaves it open */
  pdfRenderer?: PdfRenderer;
  /**
   * the Receita Federal CNPJ register live keys answer `receita_cnpj` and `partners` from (null:
   * the provider answers them); owned by the caller, which closes it
   */
  cnpjRegister?: CnpjRegister | null;
  /** the PGFN register live keys answer `tax_debts` from (null: the provider does); owned by the caller */
  pgfnRegister?: PgfnRegister | null;
  /** the event store, owned by the app from then on (tests: EventStoreDB over a fake client) */
  eventStore?: EventStore;
}

/** What a router that writes is built from: the log, the read models, the clock and read-your-writes. */
export function writeDeps(infra: Pick<Infrastructure, 'log' | 'readStore' | 'clock'>, shared: Pick<Shared, 'runner'>): WriteDeps {
  return { log: infra.log, readStore: infra.readStore, clock: infra.clock, runner: shared.runner };
}
