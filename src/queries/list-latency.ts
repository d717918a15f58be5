import type { ReadStore } from '../adapters/read-store/port.js';
import { LIST_LATENCY, type ListLatencyDoc, type VersionImportTimes } from '../projections/list-latency.js';
import { ALERTS, type AlertDoc } from '../projections/monitoring-alerts.js';

/** The alerts of one sweep read to count its deliveries; a sweep raising more is summarised on these. */
const ALERTS_READ_PER_VERSION = 10_000;

/** A version's times as the read model keeps them (its import's position aside), with what the query derives. */
export interface VersionLatency extends Omit<VersionImportTimes, 'position'> {
  object: 'list_version_latency';
  list_id: string;
  version_id: string;
  /** how many times this content was imported; the times are the latest import's */
  imports: number;
  deliveries: { count: number; first_delivered_at: string | null; last_delivered_at: string | null };
  latency_seconds: {
    publication_to_fetch: number | null;
    fetch_to_import: number | null;
    import_to_sweep_completed: number | null;
    publication_to_first_alert: number | null;
    publication_to_first_delivery: number | null;
  };
}

export interface LatencySummary {
  versions: number;
  /** over the versions of the page that have both times */
  publication_to_first_delivery_seconds: { count: number; p50: number | null; p99: number | null; max: number | null };
}

/** Seconds from `from` to `to`, to the millisecond; null when either is unknown. */
export const secondsBetween = (from: string | null, to: string | null): number | null => (from === null || to === null ? null : Math.round(Date.parse(to) - Date.parse(from)) / 1000);

/** The nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1]!;
}

/** The deliveries of the alerts a version's import raised: count, first and last. */
export function deliveriesOf(alerts: readonly Pick<AlertDoc, 'deliveries'>[]): VersionLatency['deliveries'] {
  const times = alerts.flatMap((a) => (a.deliveries ?? []).map((d) => d.delivered_at)).sort();
  return { count: times.length, first_delivered_at: times[0] ?? null, last_delivered_at: times[times.length - 1] ?? null };
}

export function versionLatency(doc: ListLatencyDoc, alerts: readonly Pick<AlertDoc, 'deliveries'>[]): VersionLatency {
  const last: VersionImportTimes = doc.imports[doc.imports.length - 1]!;
  const deliveries = deliveriesOf(alerts);
  const { position: _position, ...times } = last;
  return {
    object: 'list_version_latency',
    list_id: doc.list_id,
    version_id: doc.version_id,
    imports: doc.imports.length,
    ...times,
    deliveries,
    latency_seconds: {
      publication_to_fetch: secondsBetween(last.published_at, last.fetched_at),
      fetch_to_import: secondsBetween(last.fetched_at, last.imported_at),
      import_to_sweep_completed: secondsBetween(last.imported_at, last.sweep_completed_at),
      publication_to_first_alert: secondsBetween(last.published_at, last.first_alert_at),
      publication_to_first_delivery: secondsBetween(last.published_at, deliveries.first_delivered_at),
    },
  };
}

export function latencySummary(versions: readonly VersionLatency[]): LatencySummary {
  const values = versions.map((v) => v.latency_seconds.publication_to_first_delivery).filter((s): s is number => s !== null).sort((a, b) => a - b);
  return {
    versions: versions.length,
    publication_to_first_delivery_seconds: { count: values.length, p50: percentile(values, 50), p99: percentile(values, 99), max: values[values.length - 1] ?? null },
  };
}

/**
 * A page of a list's versions, newest import first, with their timelines, the deliveries of the
 * alerts each raised (read from the alerts' documents) and a summary of the page.
 */
export async function listLatencyPage(
  store: ReadStore,
  listId: string,
  page: { limit: number; before?: { created_at: string; id: string } },
): Promise<{ data: VersionLatency[]; summary: LatencySummary; has_more: boolean; next: { created_at: string; id: string } | null }> {
  const docs = await store.find<ListLatencyDoc>(LIST_LATENCY, { where: { list_id: listId }, limit: page.limit + 1, ...(page.before ? { before: page.before } : {}) });
  const shown = docs.slice(0, page.limit).filter((d) => d.imports.length > 0);
  const data = await Promise.all(
    shown.map(async (doc) => {
      const last = doc.imports[doc.imports.length - 1]!;
      const alerts = await store.find<AlertDoc>(ALERTS, { where: { list_id: listId, version_id: doc.version_id, trigger: 'list_version' }, createdFrom: last.imported_at, limit: ALERTS_READ_PER_VERSION });
      return versionLatency(doc, alerts);
    }),
  );
  const hasMore = docs.length > page.limit;
  const tail = shown[shown.length - 1];
  return { data, summary: latencySummary(data), has_more: hasMore, next: hasMore && tail ? { created_at: tail.created_at, id: tail.version_id } : null };
}
