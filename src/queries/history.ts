import type { EventLog, StoredEvent } from '../adapters/event-store/event-log.js';
import type { EventStore, RecordedEvent } from '../adapters/event-store/port.js';
import { webhookEndpointsDecider, webhookEndpointsStream } from '../domain/webhook/endpoints.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import { customerStream } from '../domain/customer/decider.js';
import { runStream } from '../domain/run/decider.js';
import { isEventOf } from '../domain/shared/events.js';
import { templateStream } from '../domain/template/decider.js';
import { TemplateEvent } from '../domain/template/events.js';
import type { CustomerDoc } from '../projections/customers.js';
import type { RunDoc } from '../projections/runs.js';
import { buildRunReportModel, type RunReportModel } from '../reports/run-model.js';

/**
 * Read-only use cases over one aggregate's stream: what the read models do not keep (a file's
 * upload, a template's past versions, a run's full record) read from the facts themselves.
 */

/** Every event of a customer's stream, oldest first. */
export function customerHistory(log: EventLog, customerId: string): Promise<StoredEvent[]> {
  return log.readStream(customerStream(customerId));
}

export interface DocumentUpload {
  blob_key: string;
  file_name: string | null;
}

/** What the upload of one of a customer's documents recorded (null: no such upload on that customer). */
export async function documentUpload(log: EventLog, customerId: string, documentId: string): Promise<DocumentUpload | null> {
  const upload = (await customerHistory(log, customerId)).find((e) => e.type === 'DocumentUploaded' && e.data['document_id'] === documentId);
  if (!upload) return null;
  return { blob_key: String(upload.data['blob_key']), file_name: typeof upload.data['file_name'] === 'string' ? upload.data['file_name'] : null };
}

/** Each version of a template from its own stream, newest first: number, date, definition. */
export async function templateVersions(log: EventLog, templateId: string) {
  const events = (await log.readStream(templateStream(templateId))).filter(isEventOf(TemplateEvent));
  const versions = [];
  for (const event of events) {
    if (event.type === 'TemplateCreated') versions.push({ version: event.data.version, at: event.data.created_at, definition: event.data.definition });
    if (event.type === 'TemplateRevised') versions.push({ version: event.data.version, at: event.data.revised_at, definition: event.data.definition });
  }
  return versions.reverse();
}

/** A run as its report tells it (the same facts as the PDF), from its stream. */
export async function runRecord(log: EventLog, runId: string, mode: 'resumido' | 'completo', now: string): Promise<RunReportModel> {
  return buildRunReportModel(await log.readStream(runStream(runId)), mode, now);
}

export interface Subject {
  name: unknown;
  doc: unknown;
  environment?: string;
}

/**
 * Whom each run screened: the customer's profile when a customer asked for it, else the
 * subject the run recorded (sealed in its first event, opened by the log).
 */
export async function runSubjects(log: EventLog, store: ReadStore, runs: readonly RunDoc[]): Promise<Map<string, Subject>> {
  const customers = await store.getMany<CustomerDoc>('customers', runs.flatMap((r) => (r.customer_id ? [r.customer_id] : [])));
  const subjects = new Map<string, Subject>();
  await Promise.all(
    runs.map(async (run) => {
      const customer = run.customer_id ? customers.get(run.customer_id)?.doc : undefined;
      if (customer) return subjects.set(run.run_id, { name: customer.profile['name'], doc: customer.profile['doc'] });
      const queued = (await log.readStream(runStream(run.run_id)))[0];
      const subject = queued?.type === 'RunQueued' ? (queued.data['subject'] as Record<string, unknown> | string) : null;
      return subjects.set(run.run_id, typeof subject === 'object' && subject !== null ? { name: subject['name'], doc: subject['doc'] } : { name: subject, doc: subject });
    }),
  );
  return subjects;
}

/** A tenant's webhook endpoints as their own stream holds them (one per environment). */
export async function webhookEndpoints(log: EventLog, tenantId: string) {
  const history = await log.readStream(webhookEndpointsStream(tenantId));
  return history.filter(isEventOf(webhookEndpointsDecider.codec)).reduce(webhookEndpointsDecider.evolve, webhookEndpointsDecider.initialState).endpoints;
}

/** Store pages read at most for one audit page (each up to AUDIT_READ_BATCH of the tenant's events). */
const AUDIT_MAX_READS = 20;
const AUDIT_READ_BATCH = 1000;

/**
 * One page of a tenant's events, newest first, read backwards from the end of the log or from
 * `before`: every cursor is a position the store handed out, as EventStoreDB reads from no
 * other (an arbitrary one throws the store's InvalidPositionError). A filter that matches rarely
 * stops after AUDIT_MAX_READS reads with a cursor to go on; `next` is null at the log's start.
 */
export async function tenantEventsNewestFirst(
  store: EventStore,
  tenantId: string,
  query: { matches: (event: RecordedEvent) => boolean; before: number | null; pageSize: number },
): Promise<{ events: RecordedEvent[]; next: number | null }> {
  const found: RecordedEvent[] = [];
  let before = query.before;
  for (let reads = 0; reads < AUDIT_MAX_READS; reads++) {
    const page = await store.readAllPageBackwards({ before, limit: AUDIT_READ_BATCH, tenantId });
    for (const event of page.events) {
      if (!query.matches(event)) continue;
      found.push(event);
      // the page ends at this event: the next one starts just before it
      if (found.length === query.pageSize) return { events: found, next: event.position };
    }
    if (page.next === null) return { events: found, next: null };
    before = page.next;
  }
  return { events: found, next: before };
}
