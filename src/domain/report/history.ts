import { createHash } from 'node:crypto';

/** An event as the audit API shows it (GET /operator/v1/audit/streams): what the digest covers. */
export interface AuditedEvent {
  position: number;
  stream: string;
  revision: number;
  type: string;
  data: unknown;
  metadata: unknown;
  recorded_at: string;
}

/**
 * Canonical JSON: object keys sorted by UTF-16 code units at every depth, no whitespace,
 * strings and numbers as JSON.stringify writes them (the JCS rules of RFC 8785 for the values
 * events hold). An auditor gets the same text from the audit API's JSON with any JCS library.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('non-finite numbers have no JSON form');
    return value === undefined ? 'null' : JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The fields of an event the digest covers, nothing else. */
export const auditedEvent = (e: AuditedEvent): AuditedEvent => ({
  position: e.position,
  stream: e.stream,
  revision: e.revision,
  type: e.type,
  data: e.data,
  metadata: e.metadata,
  recorded_at: e.recorded_at,
});

/**
 * SHA-256 (hex) of the stream's events in revision order: each event's canonical JSON
 * (position, stream, revision, type, data, metadata, recorded_at), UTF-8, each line ended by "\n".
 */
export function historyDigest(events: readonly AuditedEvent[]): string {
  const hash = createHash('sha256');
  for (const event of [...events].sort((a, b) => a.revision - b.revision)) hash.update(`${canonicalJson(auditedEvent(event))}\n`, 'utf8');
  return hash.digest('hex');
}
