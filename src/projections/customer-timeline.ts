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
  CustomerStatusChanged: ['status', 'reason'],
  DocumentUploaded: ['type'],
  DocumentReviewed: ['status', 'reason'],
  // legal_basis: a freeze alert (issue 29)
  MonitoringAlertRaised: ['matched_name', 'list_id', 'legal_basis'],
  MonitoringAlertResolved: ['resolution'],
  ListHitDisposed: ['list_id', 'disposition'],
  // the names of the fields sent (issue 30), never their values
  CustomerQualificationUpdated: ['field_names'],
};

/** A plain field as the sentence reads it: a string, or a list of names joined by commas. */
const text = (value: unknown): string | null => (typeof value === 'string' ? value : Array.isArray(value) && value.every((v) => typeof v === 'string') ? value.join(',') : null);

/**
 * An analyst's decision on one of the customer's runs (issue 28): who decided, who proposed it
 * under four-eyes, and the automatic outcome it replaced (no notes: they stay in the run).
 */
function reviewedEntry(event: StoredEvent): TimelineEntry {
  const automatic = (event.data['automatic'] ?? {}) as Record<string, unknown>;
  return {
    type: event.type,
    at: event.metadata.occurred_at,
    actor: event.metadata.actor,
    detail: {
      run_id: text(event.data['run_id']),
      decision: text(event.data['decision']),
      reviewed_by: text(event.data['reviewed_by']),
      proposed_by: text(event.data['proposed_by']),
      automatic_status: text(automatic['status']),
      automatic_decision: text(automatic['decision']),
      automatic_operative_decision: text(automatic['operative_decision']),
      automatic_risk_band: text(automatic['risk_band']),
    },
  };
}

const isRunReviewed = (event: StoredEvent) => event.type === 'RunReviewed' && event.stream.startsWith('run-') && typeof event.data['customer_id'] === 'string';

export function timelineEntry(event: StoredEvent): TimelineEntry {
  if (isRunReviewed(event)) return reviewedEntry(event);
  const fields = DETAIL_FIELDS[event.type] ?? [];
  return { type: event.type, at: event.metadata.occurred_at, actor: event.metadata.actor, detail: Object.fromEntries(fields.map((f) => [f, text(event.data[f])])) };
}

/** Every event of each customer's stream (and each analyst decision on its runs), oldest first, as the customer's page tells its history. */
export const customerTimelineProjection: Projection<CustomerTimelineDoc> = {
  name: CUSTOMER_TIMELINE,
  collection: CUSTOMER_TIMELINE,
  indexes: [{ fields: ['tenant_id'] }],
  // the customer's stream, and the analyst's decisions on the customer's runs
  documentIds: (event) => (event.stream.startsWith(PREFIX) ? [event.stream.slice(PREFIX.length)] : isRunReviewed(event) ? [String(event.data['customer_id'])] : []),
  evolve(doc, event, id) {
    return { customer_id: id, tenant_id: doc?.tenant_id ?? event.metadata.tenant_id, entries: [...(doc?.entries ?? []), timelineEntry(event)] };
  },
};

/** A customer's timeline entries, oldest first (none before its first event is projected). */
export async function customerTimeline(store: ReadStore, customerId: string): Promise<TimelineEntry[]> {
  return (await store.get<CustomerTimelineDoc>(CUSTOMER_TIMELINE, customerId))?.doc?.entries ?? [];
}
