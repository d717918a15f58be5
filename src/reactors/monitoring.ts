import * as E from 'fp-ts/lib/Either.js';
import type { BlobStore } from '../adapters/blob-store/port.js';
import type { Clock } from '../adapters/clock.js';
import type { EventLog, StoredEvent } from '../adapters/event-store/event-log.js';
import { deterministicId } from '../adapters/ids.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import type { NewWorkItem, WorkItem, WorkQueue } from '../adapters/work-queue/port.js';
import { handleCommand, loadState, type CommandContext } from '../commands/handle-command.js';
import { versionEntries } from '../adapters/lists/parsed-cache.js';
import { customerDecider, customerStream, type AlertState, type CustomerState } from '../domain/customer/decider.js';
import { CustomerStatusChanged } from '../domain/customer/events.js';
import { listStream } from '../domain/list/decider.js';
import { ListVersionImported, type ListVersionImportedData } from '../domain/list/events.js';
import { isTenantListId } from '../domain/list/tenant-lists.js';
import { sweepDecider, sweepOf, sweepStream, type SweepCursor } from '../domain/monitoring/sweep.js';
import type { ListEntry } from '../domain/screening/entry.js';
import { search, type SearchResult } from '../domain/screening/match/index.js';
import type { ScreeningQuery } from '../domain/screening/match/prepare.js';
import { customerScreeningFields, subjectScreeningQuery } from '../domain/screening/subject-query.js';
import { DEFAULT_THRESHOLD } from '../domain/screening/match/score.js';
import { isEventOf } from '../domain/shared/events.js';
import { errorText, type Logger } from '../logger.js';
import type { SubscriptionRunner } from '../processing/runner.js';
import * as t from 'io-ts';
import { workKind, type Reactor } from '../processing/reactor.js';
import { systemContext } from '../processing/system-context.js';
import type { WorkHandler, WorkResult, Worker } from '../processing/worker.js';
import { ALERTS, type AlertDoc } from '../projections/monitoring-alerts.js';
import type { CustomerDoc } from '../projections/customers.js';
import { buildIndexInSlices, type ListCatalog } from '../projections/list-catalog.js';

export const MONITOR_VERSION_WORK = 'monitor-version';
export const MONITOR_CUSTOMER_WORK = 'monitor-customer';
const MONITORED = 'em_monitoramento';
/** customers screened per page (and per progress event) */
const PAGE = 500;
/** an execution yields the worker after this long; the next one resumes from the recorded cursor */
const SLICE_MS = 30_000;
/** alerts per customer and version, at most: the best matches */
const BEST = 5;

export interface MonitoringDeps {
  log: EventLog;
  readStore: ReadStore;
  blobs: BlobStore;
  catalog: ListCatalog;
  runner: Pick<SubscriptionRunner, 'waitFor'>;
  clock: Clock;
  logger: Logger;
  work: Pick<Worker, 'schedule'>;
  /** where a sweep looks whether the sweep of the import before it is still to be done */
  queue: Pick<WorkQueue, 'get'>;
  threshold?: number;
}

const versionWorkId = (versionId: string, position: number): string => `${MONITOR_VERSION_WORK}:${versionId}:${position}`;
/** a list version's sweep: the import it sweeps for, by its position in the log */
const VersionWork = workKind(MONITOR_VERSION_WORK, t.type({ list_id: t.string, version_id: t.string, position: t.number }));
type VersionWork = t.TypeOf<typeof VersionWork.payload>;
/** a customer entering monitoring, at the position of that change */
const CustomerWork = workKind(MONITOR_CUSTOMER_WORK, t.type({ customer_id: t.string, position: t.number }));
const isMonitoringEvent = isEventOf(ListVersionImported, CustomerStatusChanged);

/** The reactor's decision, pure: an import is swept (one item per import), a customer entering monitoring screened. */
export function monitoringWorkFor(event: StoredEvent, now: number): NewWorkItem | null {
  if (isEventOf(ListVersionImported)(event)) {
    // one item per import, not per version: a list back to an earlier content imports its version id again
    return VersionWork.item(versionWorkId(event.data.version_id, event.position), { list_id: event.data.list_id, version_id: event.data.version_id, position: event.position }, now);
  }
  if (isEventOf(CustomerStatusChanged)(event) && event.data.status === MONITORED) {
    return CustomerWork.item(`${MONITOR_CUSTOMER_WORK}:${event.data.customer_id}:${event.position}`, { customer_id: event.data.customer_id, position: event.position }, now);
  }
  return null;
}

const alertOf = (state: CustomerState, alertId: string): AlertState | undefined => (state.status === 'none' ? undefined : state.alerts[alertId]);

/** A monitored customer as the screening engine queries it; null when it has nothing to screen (erased). */
export function monitoringQuery(doc: CustomerDoc): ScreeningQuery | null {
  const p = doc.profile;
  const birth = typeof p['birth_date'] === 'string' ? p['birth_date'] : doc.birth_date_from_source;
  return subjectScreeningQuery({ ...customerScreeningFields(doc.type, p), type: doc.type, name: p['name'], doc: p['doc'], birth_date: birth });
}

/**
 * Ongoing monitoring (screening.md section 6). Records durable work for every new list version
 * (its delta against the monitored customers) and every customer entering monitoring (it against
 * the active lists); the worker executes it with the same engine, threshold and explanations as
 * the live sources, and raises alerts on the customers' streams, where the decider keeps them
 * unique: screening a page again after a crash raises nothing twice.
 */
export class MonitoringReactor implements Reactor<t.TypeOf<typeof ListVersionImported> | t.TypeOf<typeof CustomerStatusChanged>, VersionWork> {
  readonly id = 'reactor:monitoring';
  readonly kind = 'reactor' as const;
  readonly workKind = MONITOR_VERSION_WORK;
  readonly payload = VersionWork.payload;
  readonly canHandle = isMonitoringEvent;
  readonly workFor = monitoringWorkFor;
  readonly timeoutMs = SLICE_MS * 4;
  readonly maxAttempts = 20;
  private readonly threshold: number;
  /** the customer work kind has its own handler over the same logic */
  readonly customerHandler: WorkHandler;

  constructor(private readonly deps: MonitoringDeps) {
    this.threshold = deps.threshold ?? DEFAULT_THRESHOLD;
    this.customerHandler = { workKind: MONITOR_CUSTOMER_WORK, timeoutMs: 120_000, maxAttempts: 20, execute: (item) => this.screenCustomer(item) };
  }

  async handle(events: StoredEvent[]): Promise<void> {
    const items: NewWorkItem[] = [];
    const now = this.deps.clock.now().getTime();
    for (const event of events) {
      const item = monitoringWorkFor(event, now);
      if (item) items.push(item);
    }
    await this.deps.work.schedule(items);
  }

  /** A list version's delta against the monitored customers: every tenant's, or the list's tenant's. */
  async execute(item: WorkItem, signal: AbortSignal): Promise<WorkResult> {
    const { list_id: listId, version_id: versionId, position } = VersionWork.decode(item);
    const started = Date.now();
    // the customers read model and the catalog have seen the version before any customer is read
    if (!(await this.deps.runner.waitFor(position))) return { again_at: this.deps.clock.now().getTime() + 1_000 };
    const imports = (await this.deps.log.readStream(listStream(listId))).filter(isEventOf(ListVersionImported));
    const sweep = sweepOf(
      imports.map((e) => ({ version_id: e.data.version_id, position: e.position })),
      position,
    );
    if (!sweep) return { done: true };
    const stream = sweepStream(sweep.sweep_id);
    let { state } = await loadState(this.deps.log, stream, sweepDecider);
    if (state.status === 'completed') return { done: true };

    const dataAt = (position: number) => imports.find((e) => e.position === position)!.data;
    const delta = await this.delta(dataAt(sweep.current.position), sweep.previous ? dataAt(sweep.previous.position) : null);
    if (!delta) return { done: true };
    // the catalog (a projection) has applied the list's creation: the version came after it
    const tenantId = isTenantListId(listId) ? this.deps.catalog.ownerOf(listId) : null;
    // a tenant's list is screened against that tenant's customers only, never everyone's
    if (isTenantListId(listId) && tenantId === null) return { done: true };
    const context = (step: string): CommandContext => this.context(item.id, step);
    if (state.status === 'none') {
      // one list's sweeps go in import order: the sweep of the version before, still raising alerts,
      // would raise them after this one delisted the entries it removed, and they would stay open
      if (sweep.previous && (await this.deps.queue.get(versionWorkId(sweep.previous.version_id, sweep.previous.position)))?.status === 'pending') {
        return { again_at: this.deps.clock.now().getTime() + 1_000 };
      }
      // and the alerts it raised are in the read model the delisting reads
      if (sweep.previous && !(await this.deps.runner.waitFor(await this.deps.log.store.headPosition()))) return { again_at: this.deps.clock.now().getTime() + 1_000 };
      const delisted = await this.delist(listId, versionId, delta.removed, item.id);
      await handleCommand(
        this.deps.log,
        stream,
        sweepDecider,
        { type: 'Start', list_id: listId, version_id: versionId, tenant_id: tenantId, delta: { added: delta.added, changed: delta.changed.length - delta.added, removed: delta.removed.size }, delisted, now: this.now() },
        context('start'),
      );
    }
    const index = delta.changed.length > 0 ? await buildIndexInSlices(delta.changed, 10) : null;
    ({ state } = await loadState(this.deps.log, stream, sweepDecider));
    let cursor: SweepCursor | null = state.cursor;
    while (index) {
      if (signal.aborted || Date.now() - started > SLICE_MS) return { again_at: this.deps.clock.now().getTime() };
      const page = await this.deps.readStore.find<CustomerDoc>('customers', {
        where: tenantId ? { tenant_id: tenantId, status: MONITORED } : { status: MONITORED },
        ...(cursor ? { before: cursor } : {}),
        limit: PAGE,
      });
      if (page.length === 0) break;
      let alerts = 0;
      for (const customer of page) alerts += await this.screen(customer, (query) => search(index, query, { threshold: this.threshold, limit: BEST }), { trigger: 'list_version', version_id: versionId }, item.id);
      const last = page[page.length - 1]!;
      cursor = { created_at: last.created_at, id: last.customer_id };
      await handleCommand(this.deps.log, stream, sweepDecider, { type: 'Progress', version_id: versionId, cursor, screened: page.length, alerts, now: this.now() }, context(`page:${cursor.id}`));
      if (page.length < PAGE) break;
    }
    await handleCommand(this.deps.log, stream, sweepDecider, { type: 'Complete', version_id: versionId, now: this.now() }, context('complete'));
    return { done: true };
  }

  /** A customer entering monitoring, against every active list it may be screened against. */
  private async screenCustomer(item: WorkItem): Promise<WorkResult> {
    const { customer_id: customerId, position } = CustomerWork.decode(item);
    if (!(await this.deps.runner.waitFor(position))) return { again_at: this.deps.clock.now().getTime() + 1_000 };
    // every version recorded before the customer entered monitoring is loaded before it is screened
    await this.deps.catalog.settled();
    const customer = (await this.deps.readStore.get<CustomerDoc>('customers', customerId))?.doc;
    if (!customer || customer.status !== MONITORED) return { done: true };
    await this.screen(customer, (query) => this.deps.catalog.search(customer.tenant_id, query, { threshold: this.threshold, limit: BEST }), { trigger: 'customer', version_id: null }, item.id);
    return { done: true };
  }

  /**
   * Raises an alert for each match of the customer; the number raised. The alert id is derived
   * from the work item too: the same work done again (a retry, a second instance) raises nothing
   * twice, while an entry listed again after its alert was delisted, even with the very content it
   * had, is a new alert. The customer's decider keeps one open alert per entry and never raises
   * again on content an analyst judged.
   */
  private async screen(
    customer: CustomerDoc,
    find: (query: ScreeningQuery) => SearchResult[],
    by: { trigger: 'list_version' | 'customer'; version_id: string | null },
    workId: string,
  ): Promise<number> {
    const query = monitoringQuery(customer);
    if (!query) return 0;
    const { trigger } = by;
    let raised = 0;
    for (const result of find(query).filter((r) => r.match)) {
      const entry = result.entry;
      const versionId = by.version_id ?? this.deps.catalog.searchedVersion(entry.list_id)?.version.version_id ?? 'unknown';
      const alertId = deterministicId(`alert:${customer.customer_id}:${entry.list_id}:${entry.entry_id}:${entry.content_hash}:${workId}`);
      const decided = await handleCommand(
        this.deps.log,
        customerStream(customer.customer_id),
        customerDecider,
        {
          type: 'RaiseAlert',
          alert_id: alertId,
          list_id: entry.list_id,
          entry_id: entry.entry_id,
          version_id: versionId,
          content_hash: entry.content_hash,
          matched_name: result.name,
          score: result.score,
          explanation: result.explanation,
          trigger,
          now: this.now(),
        },
        this.context(workId, `alert:${customer.customer_id}:${entry.entry_id}`, customer.tenant_id),
      );
      // a page screened again after a crash counts the alerts its first attempt raised, once
      if (E.isRight(decided) && (decided.right.events.length > 0 || alertOf(decided.right.state, alertId) !== undefined)) raised++;
    }
    return raised;
  }

  /** Open alerts on entries the version removed are delisted; how many. */
  private async delist(listId: string, versionId: string, removed: ReadonlySet<string>, workId: string): Promise<number> {
    if (removed.size === 0) return 0;
    let count = 0;
    let before: { created_at: string; id: string } | undefined;
    for (;;) {
      // every status, not only open: after a crash in the middle, the alerts this version delisted
      // before it are counted again (and never delisted twice), whether the read model shows it yet or not
      const page = await this.deps.readStore.find<AlertDoc>(ALERTS, { where: { list_id: listId }, ...(before ? { before } : {}), limit: PAGE });
      for (const alert of page.filter((a) => removed.has(a.entry_id) && a.status !== 'resolved')) {
        const decided = await handleCommand(this.deps.log, customerStream(alert.customer_id), customerDecider, { type: 'DelistAlert', alert_id: alert.alert_id, version_id: versionId, now: this.now() }, this.context(workId, `delist:${alert.alert_id}`, alert.tenant_id));
        if (E.isRight(decided) && (decided.right.events.length > 0 || alertOf(decided.right.state, alert.alert_id)?.delisted_by === versionId)) count++;
      }
      if (page.length < PAGE) return count;
      const last = page[page.length - 1]!;
      before = { created_at: last.created_at, id: last.alert_id };
    }
  }

  /**
   * The entries a version added or changed against the version imported before it on the list's
   * stream, and the ids it removed; null when the version or its files cannot be read (logged).
   */
  private async delta(version: ListVersionImportedData, previousVersion: ListVersionImportedData | null): Promise<{ changed: ListEntry[]; added: number; removed: Set<string> } | null> {
    const current = await this.entriesOf(version);
    const previous = previousVersion ? await this.entriesOf(previousVersion) : [];
    if (!current || !previous) return null;
    const before = new Map(previous.map((e) => [e.entry_id, e.content_hash]));
    const changed = current.filter((e) => before.get(e.entry_id) !== e.content_hash);
    const now = new Set(current.map((e) => e.entry_id));
    return { changed, added: changed.filter((e) => !before.has(e.entry_id)).length, removed: new Set([...before.keys()].filter((id) => !now.has(id))) };
  }

  private async entriesOf(version: ListVersionImportedData): Promise<ListEntry[] | null> {
    const importer = this.deps.catalog.importerFor(version.list_id);
    if (!importer) return null;
    try {
      return await versionEntries(this.deps.blobs, importer, version);
    } catch (error) {
      this.deps.logger.error('monitoring: a list version cannot be read', { list_id: version.list_id, version_id: version.version_id, error: errorText(error) });
      return null;
    }
  }

  private now(): string {
    return this.deps.clock.now().toISOString();
  }

  private context(workId: string, step: string, tenantId: string | null = null): CommandContext {
    return systemContext({ tenant_id: tenantId, actor: 'system:monitoring', correlation_id: workId, at: this.now() }, `${workId}:${step}`);
  }
}
