import { createHash } from 'node:crypto';
import { canonicalJson } from '../shared/canonical-json.js';

export { canonicalJson };

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

/** The fields of an event the digest covers, nothing else. */
/**
 * Fields no reader of the audit trail may see: a dashboard user's password hash (scrypt resists
 * guessing, but a hash handed out is a hash attacked offline). The event keeps it; the trail
 * shows that it was set.
 */
const WITHHELD = ['password_hash'];

function withheld(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || !WITHHELD.some((field) => field in data)) return data;
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, WITHHELD.includes(key) ? '[withheld]' : value]));
}

export const auditedEvent = (e: AuditedEvent): AuditedEvent => ({
  position: e.position,
  stream: e.stream,
  revision: e.revision,
  type: e.type,
  data: withheld(e.data),
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
