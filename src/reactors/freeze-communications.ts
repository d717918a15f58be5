import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import type { BlobStore } from '../adapters/blob-store/port.js';
import type { Clock } from '../adapters/clock.js';
import { sha256Hex } from '../adapters/crypto.js';
import type { EventLog, StoredEvent } from '../adapters/event-store/event-log.js';
import { pdfPageCount, type PdfRenderer } from '../adapters/pdf/port.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import type { NewWorkItem, WorkItem } from '../adapters/work-queue/port.js';
import { loadUser } from '../commands/aggregates.js';
import { handleCommand, loadState } from '../commands/handle-command.js';
import { caseDecider, caseStream } from '../domain/case/decider.js';
import { CaseEvent, FREEZE_ADDRESSEES, type FreezeAddressee, type FreezeMeasuresRecordedData } from '../domain/case/events.js';
import { FREEZE_DEADLINE_HOURS, type FreezeFacts } from '../domain/case/freeze.js';
import { customerDecider, customerStream } from '../domain/customer/decider.js';
import { CustomerEvent } from '../domain/customer/events.js';
import { ERASED } from '../domain/shared/personal.js';
import { isEventOf } from '../domain/shared/events.js';
import type { ListSearch } from '../domain/screening/port.js';
import { tenantDecider, tenantStream } from '../domain/tenant/decider.js';
import { causation, workKind, type Reactor } from '../processing/reactor.js';
import { systemContext } from '../processing/system-context.js';
import { DONE, type WorkResult, type Worker } from '../processing/worker.js';
import { getCustomer } from '../projections/customers.js';
import { designationOf, freezeCommunicationFooter, freezeCommunicationHtml, freezeCommunicationJson, type FreezeCommunicationModel } from '../reports/freeze-communication.js';

export interface FreezeCommunicationsDeps {
  log: EventLog;
  readStore: ReadStore;
  blobs: BlobStore;
  renderer: PdfRenderer;
  clock: Clock;
  lists: Pick<ListSearch, 'version'>;
  work: Pick<Worker, 'schedule'>;
}

export const FREEZE_COMMUNICATIONS_WORK = 'freeze-communications';
const Work = workKind(FREEZE_COMMUNICATIONS_WORK, t.intersection([t.type({ customer_id: t.string, alert_id: t.string, measures_id: t.union([t.string, t.null]) }), causation]));
type Work = ReturnType<typeof Work.decode>;

const isCustomerEvent = isEventOf(CustomerEvent);
const isCaseEvent = isEventOf(CaseEvent);

/**
 * The reactor's decision, pure: an analyst's confirmation of a freeze alert (a true match of an
 * alert that required a freeze) asks for the first drafts; each measures recorded on the case
 * asks for new ones. It reads only the customer's events (MonitoringAlertResolved with
 * freeze_required), whatever raised the alert.
 */
export function freezeCommunicationsWorkFor(event: StoredEvent, now: number): NewWorkItem | null {
  if (isCustomerEvent(event) && event.type === 'MonitoringAlertResolved' && event.data.freeze_required && event.data.resolution === 'true_positive') {
    const { customer_id, alert_id } = event.data;
    return Work.item(`freeze-comms:${customer_id}:${alert_id}`, { customer_id, alert_id, measures_id: null, causation: event.id }, now);
  }
  if (isCaseEvent(event) && event.type === 'FreezeMeasuresRecorded') {
    const { customer_id, alert_id, measures_id } = event.data;
    return Work.item(`freeze-comms:${customer_id}:${measures_id}`, { customer_id, alert_id, measures_id, causation: event.id }, now);
  }
  return null;
}

/** What the customer's stream says about the alert: raised, resolved (when, by whom), delivered. */
async function alertFacts(log: EventLog, customerId: string, alertId: string) {
  const events = (await log.readStream(customerStream(customerId))).filter(isCustomerEvent);
  const raised = events.find((e): e is typeof e & { type: 'MonitoringAlertRaised' } => e.type === 'MonitoringAlertRaised' && e.data.alert_id === alertId);
  const resolved = events.find((e): e is typeof e & { type: 'MonitoringAlertResolved' } => e.type === 'MonitoringAlertResolved' && e.data.alert_id === alertId);
  const disposed = events.find((e): e is typeof e & { type: 'ListHitDisposed' } => e.type === 'ListHitDisposed' && 'alert_id' in e.data.from && e.data.from.alert_id === alertId);
  const delivered = events.flatMap((e) => (e.type === 'AlertWebhookDelivered' && e.data.alert_id === alertId ? [e.data.delivered_at] : []));
  if (!raised || !resolved || resolved.data.resolution !== 'true_positive' || !raised.data.freeze_required) return null;
  return { raised: raised.data, resolved: resolved.data, confirmedBy: disposed?.data.by ?? resolved.metadata.actor ?? null, delivered };
}

type Facts = NonNullable<Awaited<ReturnType<typeof alertFacts>>>;

/** Who did something, as a person reads it in the draft: a user by e-mail, a key as the institution's system. */
async function personOf(log: EventLog, by: string | null): Promise<string | null> {
  if (by === null) return null;
  if (by === 'operator') return 'operador da plataforma';
  if (by.startsWith('api_key:')) return 'sistema da instituição (API)';
  if (by.startsWith('user:')) return (await loadUser(log, by.slice(5)))?.email ?? by;
  return by;
}

const measuresOf = (m: FreezeMeasuresRecordedData | undefined): FreezeCommunicationModel['measures'] => {
  if (!m) return null;
  const open = <V>(v: V | typeof ERASED, empty: V): V => (v === ERASED ? empty : v);
  return {
    measures_id: m.measures_id,
    frozen_at: m.frozen_at,
    assets: open(m.assets, []),
    attempts_blocked: open(m.attempts_blocked, []),
    justification: open(m.justification, null),
    recorded_at: m.recorded_at,
    recorded_by: m.by,
  };
};

/**
 * The drafts of the communications of a confirmed freeze (issue 29): the freeze recorded on the
 * customer's case (opened if none), then for BCB, MJSP and COAF a JSON and a PDF draft, stored as
 * content-addressed blobs, their SHA-256 recorded on the case. At-least-once: a draft already
 * recorded is not rendered again; a failed execution is retried by the worker.
 */
export class FreezeCommunicationsReactor implements Reactor<CustomerEvent | CaseEvent, Work> {
  readonly id = 'reactor:freeze-communications';
  readonly kind = 'reactor' as const;
  readonly workKind = FREEZE_COMMUNICATIONS_WORK;
  readonly payload = Work.payload;
  readonly workFor = freezeCommunicationsWorkFor;
  readonly timeoutMs = 120_000;
  readonly maxAttempts = 5;

  constructor(private readonly deps: FreezeCommunicationsDeps) {}

  canHandle(event: StoredEvent): event is StoredEvent & (CustomerEvent | CaseEvent) {
    return isCustomerEvent(event) || isCaseEvent(event);
  }

  async handle(events: StoredEvent[]): Promise<void> {
    const now = this.deps.clock.now().getTime();
    const items = events.map((e) => freezeCommunicationsWorkFor(e, now)).filter((i): i is NewWorkItem => i !== null);
    if (items.length > 0) await this.deps.work.schedule(items);
  }

  async execute(item: WorkItem): Promise<WorkResult> {
    const work = Work.decode(item);
    await this.draft(work);
    return DONE;
  }

  private async draft(work: Work): Promise<void> {
    const { log, clock } = this.deps;
    const { state: customer } = await loadState(log, customerStream(work.customer_id), customerDecider);
    if (customer.status === 'none') return;
    const facts = await alertFacts(log, work.customer_id, work.alert_id);
    if (!facts) return;
    const now = clock.now().toISOString();
    const cause = { tenant_id: customer.tenant_id, correlation_id: work.customer_id, causation_id: work.causation ?? null, at: now };
    const freeze: FreezeFacts = {
      alert_id: work.alert_id,
      list_id: facts.raised.list_id,
      entry_id: facts.raised.entry_id,
      version_id: facts.raised.version_id,
      basis: facts.raised.legal_basis ?? '',
      raised_at: facts.raised.raised_at,
      confirmed_at: facts.resolved.resolved_at,
      confirmed_by: facts.confirmedBy,
    };
    const owner = { tenant_id: customer.tenant_id, customer_id: work.customer_id, subject_ref: customer.subject_ref };
    const recorded = await handleCommand(log, caseStream(work.customer_id), caseDecider, { type: 'RecordCaseFreeze', ...owner, freeze, now }, systemContext(cause, `freeze-case:${work.alert_id}`));
    if (E.isLeft(recorded)) throw new Error(`freeze on case: ${recorded.left.code}`);
    const kase = recorded.right.state;
    if (kase.status === 'none') return;
    const key = work.measures_id ?? 'inicial';
    const pending = FREEZE_ADDRESSEES.filter((a) => !kase.freeze.drafts[`${work.alert_id}.${key}.${a}`]);
    if (pending.length === 0) return;
    const model = await this.model(work, customer.tenant_id, facts, now);
    const drafts = [];
    for (const addressee of pending) {
      const version = Math.max(0, ...Object.values(kase.freeze.drafts).filter((d) => d.addressee === addressee).map((d) => d.version)) + 1;
      drafts.push(await this.store({ ...model, addressee, version }, `${work.alert_id}.${key}.${addressee}`, work.alert_id));
    }
    const done = await handleCommand(log, caseStream(work.customer_id), caseDecider, { type: 'DraftFreezeCommunications', drafts, now }, systemContext(cause, `freeze-drafts:${work.alert_id}:${key}`));
    if (E.isLeft(done)) {
      // drafted meanwhile (their files print another version): dropped, and the worker's retry drafts them again
      for (const d of drafts) await Promise.all([this.deps.blobs.delete(d.json.blob_key), this.deps.blobs.delete(d.pdf.blob_key)]);
      throw new Error(`freeze drafts: ${done.left.code}`);
    }
  }

  /** The model every addressee's draft shares (the addressee and version set per draft). */
  private async model(work: Work, tenantId: string, facts: Facts, now: string): Promise<Omit<FreezeCommunicationModel, 'addressee' | 'version'>> {
    const { log, readStore, lists } = this.deps;
    const { state: tenant } = await loadState(log, tenantStream(tenantId), tenantDecider);
    const doc = await getCustomer(readStore, work.customer_id);
    const text = (v: unknown) => (typeof v === 'string' && v !== ERASED ? v : null);
    const caseEvents = (await log.readStream(caseStream(work.customer_id))).filter(isCaseEvent);
    const measures = caseEvents.find((e): e is typeof e & { type: 'FreezeMeasuresRecorded' } => e.type === 'FreezeMeasuresRecorded' && e.data.measures_id === work.measures_id);
    const { raised, resolved } = facts;
    const recorded = measuresOf(measures?.data);
    if (recorded) recorded.recorded_by = (await personOf(log, recorded.recorded_by)) ?? recorded.recorded_by;
    const entry = lists.version(raised.list_id)?.entries.find((e) => e.entry_id === raised.entry_id) ?? null;
    return {
      drafted_at: now,
      institution: { tenant_id: tenantId, name: tenant.status === 'none' ? tenantId : tenant.name, cnpj: null },
      customer: { customer_id: work.customer_id, type: doc?.type ?? 'pf', name: text(doc?.profile['name']), doc: text(doc?.profile['doc']) },
      designation: designationOf(raised.list_id, raised.entry_id, raised.version_id, raised.matched_name, entry),
      legal_basis: raised.legal_basis ?? '',
      timeline: {
        list_published_at: raised.evidence?.list_published_at ?? null,
        fetched_at: raised.evidence?.fetched_at ?? null,
        imported_at: raised.evidence?.imported_at ?? null,
        indexed_at: raised.evidence?.indexed_at ?? null,
        alerted_at: raised.raised_at,
        delivered_at: facts.delivered,
        confirmed_at: resolved.resolved_at,
        confirmed_by: await personOf(log, facts.confirmedBy),
      },
      measures: recorded,
      late: measures?.data.late ?? false,
      deadline_hours: FREEZE_DEADLINE_HOURS,
    };
  }

  /** One addressee's draft: JSON and PDF stored as content-addressed blobs. */
  private async store(model: FreezeCommunicationModel, draftId: string, alertId: string) {
    const { blobs, renderer } = this.deps;
    const json = Buffer.from(JSON.stringify(freezeCommunicationJson(model), null, 2));
    const pdf = await renderer.render(freezeCommunicationHtml(model), { footer: freezeCommunicationFooter(model), documentDate: new Date(model.drafted_at) });
    const prefix = `freeze-communications/${model.customer.customer_id}/${draftId}`;
    const [jsonSha, pdfSha] = [sha256Hex(json), sha256Hex(pdf)];
    const jsonKey = `${prefix}-${jsonSha.slice(0, 32)}.json`;
    const pdfKey = `${prefix}-${pdfSha.slice(0, 32)}.pdf`;
    await blobs.put(jsonKey, json, 'application/json');
    await blobs.put(pdfKey, pdf, 'application/pdf');
    return {
      draft_id: draftId,
      addressee: model.addressee as FreezeAddressee,
      version: model.version,
      alert_id: alertId,
      measures_id: model.measures?.measures_id ?? null,
      late: model.late,
      json: { blob_key: jsonKey, sha256: jsonSha, byte_size: json.length },
      pdf: { blob_key: pdfKey, sha256: pdfSha, byte_size: pdf.length, page_count: pdfPageCount(pdf) },
    };
  }
}
