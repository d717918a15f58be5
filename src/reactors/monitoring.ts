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
import { freezeBasisFor, UN_LIST_ID, type AlertEvidence } from '../domain/customer/freeze.js';
import { freezeListsOf } from '../domain/tenant/decider.js';
import { listStream } from '../domain/list/decider.js';
import { ListVersionImported, versionFetchedAt, versionPublishedAt, type ListVersionImportedData } from '../domain/list/events.js';
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
import type { TenantDoc } from '../projections/tenants.js';
import type { Scalar } from '../adapters/read-store/port.js';

export const MONITOR_VERSION_WORK = 'monitor-version';
export const MONITOR_CUSTOMER_WORK = 'monitor-customer';
const MONITORED = 'em_monitoramento';
/** an active customer: screened too by a sweep of a freeze list (issue 29) */
const ACTIVE = 'aprovado';
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

/** The tenants' freeze lists (issue 29): the UN's for a tenant not found. */
type FreezeLists = (tenantId: string) => readonly string[];

/** What a sweep screens with: the delta's index, the version's timeline, the tenants' freeze lists. */
interface SweepScreening {
  listId: string;
  versionId: string;
  /** a tenant's own list: that tenant's monitored customers only */
  tenantId: string | null;
  index: Parameters<typeof search>[0];
  evidence: AlertEvidence;
  freezeLists: FreezeLists;
}

/** The version's timeline an alert carries, the evidence of "sem demora" (issue 29). */
export function sweepEvidence(version: ListVersionImportedData, indexedAt: string): AlertEvidence {
  return { list_published_at: versionPublishedAt(version), fetched_at: versionFetchedAt(version), imported_at: version.imported_at, indexed_at: indexedAt };
}

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
    const { state } = await loadState(this.deps.log, stream, sweepDecider);
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
    if (index) {
      const screening: SweepScreening = { listId, versionId, tenantId, index, evidence: sweepEvidence(dataAt(sweep.current.position), this.now()), freezeLists: await this.freezeLists() };
      const yielded = await this.sweepPages(screening, stream, item.id, started, signal);
      if (yielded) return yielded;
    }
    await handleCommand(this.deps.log, stream, sweepDecider, { type: 'Complete', version_id: versionId, now: this.now() }, context('complete'));
    return { done: true };
  }

  /**
   * The sweep's pages from its recorded cursor: the monitored customers, then, for a freeze list,
   * the active ones of the tenants it binds (the UN's: every tenant's). Null when every page is
   * done; the worker's result when the execution yields and resumes later.
   */
  private async sweepPages(screening: SweepScreening, stream: string, workId: string, started: number, signal: AbortSignal): Promise<WorkResult | null> {
    const { listId, versionId, tenantId, index, freezeLists } = screening;
    let cursor: SweepCursor | null = (await loadState(this.deps.log, stream, sweepDecider)).state.cursor;
    const passes: { status: string; where: Record<string, Scalar> }[] = [{ status: MONITORED, where: tenantId ? { tenant_id: tenantId, status: MONITORED } : { status: MONITORED } }];
    if (tenantId === null && (listId === UN_LIST_ID || (await this.namedAsFreezeList(listId)))) passes.push({ status: ACTIVE, where: { status: ACTIVE } });
    for (const pass of passes) {
      // a cursor of the active customers' pass: the monitored ones' is done
      if (pass.status === MONITORED && cursor?.status === ACTIVE) continue;
      let before = cursor && (pass.status === ACTIVE) === (cursor.status === ACTIVE) ? { created_at: cursor.created_at, id: cursor.id } : null;
      for (;;) {
        if (signal.aborted || Date.now() - started > SLICE_MS) return { again_at: this.deps.clock.now().getTime() };
        const page = await this.deps.readStore.find<CustomerDoc>('customers', { where: pass.where, ...(before ? { before } : {}), limit: PAGE });
        if (page.length === 0) break;
        // an active customer is screened only where the list requires a freeze of its tenant
        const screened = pass.status === ACTIVE ? page.filter((c) => freezeBasisFor(listId, freezeLists(c.tenant_id)) !== null) : page;
        let alerts = 0;
        for (const customer of screened) {
          alerts += await this.screen(customer, (query) => search(index, query, { threshold: this.threshold, limit: BEST }), { trigger: 'list_version', version_id: versionId, evidence: screening.evidence }, workId, freezeLists(customer.tenant_id));
        }
        const last = page[page.length - 1]!;
        before = { created_at: last.created_at, id: last.customer_id };
        cursor = pass.status === ACTIVE ? { ...before, status: ACTIVE } : before;
        await handleCommand(this.deps.log, stream, sweepDecider, { type: 'Progress', version_id: versionId, cursor, screened: screened.length, alerts, now: this.now() }, this.context(workId, `page:${pass.status === ACTIVE ? `${ACTIVE}:` : ''}${cursor.id}`));
        if (page.length < PAGE) break;
      }
    }
    return null;
  }

  /** Every tenant's freeze lists, read once per execution (a handful of tenants). */
  private async freezeLists(): Promise<FreezeLists> {
    const lists = new Map((await this.deps.readStore.listCollection<TenantDoc>('tenants')).map(({ doc }) => [doc.tenant_id, freezeListsOf(doc.settings)]));
    return (tenantId) => lists.get(tenantId) ?? [UN_LIST_ID];
  }

  /** Whether some tenant names the list among its freeze lists. */
  private async namedAsFreezeList(listId: string): Promise<boolean> {
    return (await this.deps.readStore.listCollection<TenantDoc>('tenants')).some(({ doc }) => freezeListsOf(doc.settings).includes(listId));
  }

  /** A customer entering monitoring, against every active list it may be screened against. */
  private async screenCustomer(item: WorkItem): Promise<WorkResult> {
    const { customer_id: customerId, position } = CustomerWork.decode(item);
    if (!(await this.deps.runner.waitFor(position))) return { again_at: this.deps.clock.now().getTime() + 1_000 };
    // every version recorded before the customer entered monitoring is loaded before it is screened
    await this.deps.catalog.settled();
    const customer = (await this.deps.readStore.get<CustomerDoc>('customers', customerId))?.doc;
    if (!customer || customer.status !== MONITORED) return { done: true };
    const tenant = (await this.deps.readStore.get<TenantDoc>('tenants', customer.tenant_id))?.doc;
    const freezeLists = tenant ? freezeListsOf(tenant.settings) : [UN_LIST_ID];
    await this.screen(customer, (query) => this.deps.catalog.search(customer.tenant_id, query, { threshold: this.threshold, limit: BEST }), { trigger: 'customer', version_id: null, evidence: null }, item.id, freezeLists);
    return { done: true };
  }

  /**
   * Raises an alert for each match of the customer; the number raised. The alert id is derived
   * from the work item too: the same work done again (a retry, a second instance) raises nothing
   * twice, while an entry listed again after its alert was delisted, even with the very content it
   * had, is a new alert. The customer's decider keeps one open alert per entry and never raises
   * again on content an analyst judged. A hit on one of the tenant's freeze lists carries the
   * legal basis of the freeze (an active customer gets no other).
   */
  private async screen(
    customer: CustomerDoc,
    find: (query: ScreeningQuery) => SearchResult[],
    by: { trigger: 'list_version' | 'customer'; version_id: string | null; evidence: AlertEvidence | null },
    workId: string,
    freezeLists: readonly string[],
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
          freeze_basis: freezeBasisFor(entry.list_id, freezeLists),
          ...(by.evidence ? { evidence: by.evidence } : {}),
          now: this.now(),
        },
        this.context(workId, `alert:${customer.customer_id}:${entry.entry_id}`, customer.tenant_id),
      );
      // a page screened again after a crash counts the alerts its first attempt raised, once
      if (E.isRight(decided) && (decided.right.events.length > 0 || alertOf(decided.right.state, alertId) !== undefined)) raised++;
    }
    return raised;
  }

  /** Open alerts, and confirmed freezes, on entries the version removed are delisted; how many. */
  private async delist(listId: string, versionId: string, removed: ReadonlySet<string>, workId: string): Promise<number> {
    if (removed.size === 0) return 0;
    let count = 0;
    let before: { created_at: string; id: string } | undefined;
    for (;;) {
      // every status, not only open: after a crash in the middle, the alerts this version delisted
      // before it are counted again (and never delisted twice), whether the read model shows it yet or not
      const page = await this.deps.readStore.find<AlertDoc>(ALERTS, { where: { list_id: listId }, ...(before ? { before } : {}), limit: PAGE });
      // an open alert, or a freeze an analyst confirmed: the UN's withdrawal lifts it (issue 29)
      const ending = (a: AlertDoc) => a.status !== 'resolved' || (a.resolution === 'true_positive' && a.freeze_required === true);
      for (const alert of page.filter((a) => removed.has(a.entry_id) && ending(a))) {
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
      return await versionEntries(this.deps.blobs, importer, version, this.deps.catalog.workers);
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
