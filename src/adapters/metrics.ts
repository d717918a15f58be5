import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { BiometricProvider } from './biometrics/port.js';
import type { EventStore } from './event-store/port.js';

/** What the lag gauge reads at scrape time: the log's head and each processor's position. */
export interface ProcessorProgress {
  head(): Promise<number>;
  positions(): ReadonlyMap<string, number>;
}

/** What the list gauges read at scrape time: the official lists and their active versions. */
export interface ListVersions {
  listIds(): string[];
  state(listId: string): { active: { imported_at: string } | null };
}

/** Labels hold bounded, non-personal values only: a code from a remote answer is checked first. */
const CODE = /^[a-z][a-z0-9_]{0,39}$/;
const boundedCode = (code: string | null): string => (code !== null && CODE.test(code) ? code : 'other');

/**
 * The service's Prometheus metrics, on a registry of its own (tests run many services in one
 * process, so the global default registry would mix them). Label values are route templates,
 * outcomes, source, check and list ids: never a tenant, key, document or name.
 */
export class Metrics {
  readonly registry = new Registry();
  private defaultsRegistered = false;

  private readonly httpDuration = new Histogram({
    name: 'svc_http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly runs = new Counter({
    name: 'svc_runs_total',
    help: 'Runs that reached their end, by outcome (the decision, or failed / cancelled)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly runDuration = new Histogram({
    name: 'svc_run_duration_seconds',
    help: 'From creation to end, by outcome',
    labelNames: ['outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers: [this.registry],
  });
  private readonly sourceDuration = new Histogram({
    name: 'svc_source_duration_seconds',
    help: 'Source queries (cached answers excluded), by source',
    labelNames: ['source'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  private readonly sourceErrors = new Counter({
    name: 'svc_source_errors_total',
    help: 'Source queries answered with an error, by source and error code',
    labelNames: ['source', 'kind'] as const,
    registers: [this.registry],
  });
  private readonly webhookAttempts = new Counter({
    name: 'svc_webhook_attempts_total',
    help: 'Webhook delivery attempts, by result (succeeded, failed, refused)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });
  private readonly facialChecks = new Counter({
    name: 'svc_facial_checks_total',
    help: 'Facial checks at the biometric provider, by check and result (Approved, Declined, Error)',
    labelNames: ['check', 'result'] as const,
    registers: [this.registry],
  });
  private readonly appendDuration = new Histogram({
    name: 'svc_event_store_append_duration_seconds',
    help: 'Appends to the event store',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [this.registry],
  });

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    // one child per (method, route, status), found by a string key: prom-client's observe with a
    // label object sorts and hashes the labels on every call, a cost on every request
    const key = `${method} ${status} ${route}`;
    let child = this.httpChildren.get(key);
    if (!child) {
      child = this.httpDuration.labels(method, route, String(status));
      this.httpChildren.set(key, child);
    }
    child.observe(seconds);
  }

  private readonly httpChildren = new Map<string, { observe(value: number): void }>();

  /** A run's end; `seconds` is null when the event does not say when the run began. */
  runEnded(outcome: string, seconds: number | null): void {
    this.runs.inc({ outcome });
    if (seconds !== null) this.runDuration.observe({ outcome }, seconds);
  }

  sourceQueried(source: string, seconds: number, errorCode: string | null, failed: boolean): void {
    this.sourceDuration.observe({ source }, seconds);
    if (failed) this.sourceErrors.inc({ source, kind: boundedCode(errorCode) });
  }

  webhookAttempted(result: string): void {
    this.webhookAttempts.inc({ result });
  }

  private readonly quarantined = new Counter({
    name: 'svc_events_quarantined_total',
    help: 'Events a processor set aside (could not be opened, or failed repeatedly with both stores answering), by processor',
    labelNames: ['processor'] as const,
    registers: [this.registry],
  });

  eventQuarantined(processor: string): void {
    this.quarantined.inc({ processor });
  }

  /** The store, with each append timed; everything else passes through. */
  timedAppends(store: EventStore): EventStore {
    return {
      append: async (stream, events, expected) => {
        const end = this.appendDuration.startTimer();
        try {
          return await store.append(stream, events, expected);
        } finally {
          end();
        }
      },
      readStream: (stream, fromRevision) => store.readStream(stream, fromRevision),
      readAll: (options) => store.readAll(options),
      readAllPage: (options) => store.readAllPage(options),
      readAllPageBackwards: (options) => store.readAllPageBackwards(options),
      subscribeToAll: (options) => store.subscribeToAll(options),
      headPosition: () => store.headPosition(),
      probeWrite: () => store.probeWrite(),
      close: () => store.close(),
    };
  }

  /** The provider, with every check it makes counted (a throwing check counts as Error). */
  countedBiometrics(provider: BiometricProvider): BiometricProvider {
    return {
      check: async (check, images, signal) => {
        try {
          const result = await provider.check(check, images, signal);
          this.facialChecks.inc({ check, result: result.status });
          return result;
        } catch (error) {
          this.facialChecks.inc({ check, result: 'Error' });
          throw error;
        }
      },
    };
  }

  /** Per processor, how far behind the log's head it is, read at scrape time. */
  watchProcessors(progress: ProcessorProgress): void {
    new Gauge({
      name: 'svc_processor_lag_events',
      help: "The log's head position minus the processor's position (events on SQLite, log bytes on EventStoreDB)",
      labelNames: ['processor'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        // a store that does not answer leaves the series out: the rest of the scrape still answers
        const head = await progress.head().catch(() => null);
        if (head === null) return;
        for (const [processor, position] of progress.positions()) this.set({ processor }, Math.max(0, head - position));
      },
    });
  }

  /** The official lists' active versions and their age, read at scrape time. */
  watchLists(lists: ListVersions, now: () => Date): void {
    const active = () => lists.listIds().map((listId) => [listId, lists.state(listId).active] as const);
    new Gauge({
      name: 'svc_list_versions',
      help: 'Official lists: 1 when a version is active, 0 when none was imported',
      labelNames: ['list_id'] as const,
      registers: [this.registry],
      collect() {
        for (const [listId, version] of active()) this.set({ list_id: listId }, version ? 1 : 0);
      },
    });
    new Gauge({
      name: 'svc_list_version_age_seconds',
      help: "Official lists: seconds since the active version's import",
      labelNames: ['list_id'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [listId, version] of active()) {
          if (version) this.set({ list_id: listId }, Math.max(0, (now().getTime() - Date.parse(version.imported_at)) / 1000));
        }
      },
    });
  }

  /** The text exposition format. */
  async text(): Promise<string> {
    // registered on the first scrape, not at start: each set starts an event-loop-delay monitor
    // that is never stopped, and the tests start hundreds of services in one process
    if (!this.defaultsRegistered) {
      collectDefaultMetrics({ register: this.registry });
      this.defaultsRegistered = true;
    }
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
