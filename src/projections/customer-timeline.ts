import type { StoredEvent } from '../adapters/event-store/event-log.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import type { Projection } from './projector.js';

/**
 * What the timeline of a customer says of each event of its stream: the type, when, who, and the
 * few fields its sentence names. Never a sealed personal field (a profile, a file name, a note):
 * those stay in the stream, where erasure reaches them.
 */
export interface TimelineEntry {
  type: string;
  at: string;
  actor: string;
  detail: Record<string, string | null>;
}

export interface CustomerTimelineDoc extends Record<string, unknown> {
  customer_id: string;
  tenant_id: string | null;
  entries: TimelineEntry[];
}

export const CUSTOMER_TIMELINE = 'customer_timeline';

const PREFIX = 'customer-';

/** The fields each type's sentence reads, all of them plain in the event (none is sealed). */
const DETAIL_FIELDS: Record<string, readonly string[]> = {
  CustomerRunRequested: ['trigger'],
  CustomerStatusChanged: ['status'],
  DocumentUploaded: ['type'],
  DocumentReviewed: ['status', 'reason'],
  MonitoringAlertRaised: ['matched_name', 'list_id'],
  MonitoringAlertResolved: ['resolution'],
};

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export function timelineEntry(event: StoredEvent): TimelineEntry {
  const fields = DETAIL_FIELDS[event.type] ?? [];
  return { type: event.type, at: event.metadata.occurred_at, actor: event.metadata.actor, detail: Object.fromEntries(fields.map((f) => [f, text(event.data[f])])) };
}

/** Every event of each customer's stream, oldest first, as the customer's page tells its history. */
export const customerTimelineProjection: Projection<CustomerTimelineDoc> = {
  name: CUSTOMER_TIMELINE,
  collection: CUSTOMER_TIMELINE,
  indexes: [{ fields: ['tenant_id'] }],
  documentIds: (event) => (event.stream.startsWith(PREFIX) ? [event.stream.slice(PREFIX.length)] : []),
  evolve(doc, event, id) {
    return { customer_id: id, tenant_id: doc?.tenant_id ?? event.metadata.tenant_id, entries: [...(doc?.entries ?? []), timelineEntry(event)] };
  },
};

/** A customer's timeline entries, oldest first (none before its first event is projected). */
export async function customerTimeline(store: ReadStore, customerId: string): Promise<TimelineEntry[]> {
  return (await store.get<CustomerTimelineDoc>(CUSTOMER_TIMELINE, customerId))?.doc?.entries ?? [];
}
