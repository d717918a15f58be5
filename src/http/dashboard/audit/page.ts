import type { RecordedEvent } from '../../../adapters/event-store/port.js';
import { EVENT_CODECS } from '../../../domain/events.js';
import type { ApiKeyDoc } from '../../../projections/api-keys.js';
import type { ErasureDoc } from '../../../projections/erasures.js';
import type { DashboardUserDoc } from '../../../projections/users.js';
import { ACTOR_TYPE_LABEL, ERASURE_STATUS_LABELS, EVENT_LABEL, RETENTION_CLASS_LABELS } from '../labels.js';
import { heldMessage } from '../../../commands/legal-hold.js';
import { date } from '../../../reports/html.js';
import { when } from '../present.js';
import type { ActorType, AuditFilter } from './forms.js';

const EVENT_TYPES = [...EVENT_CODECS.keys()].sort();

const ACTOR_MATCHES: Record<ActorType, (actor: string) => boolean> = {
  user: (actor) => actor.startsWith('user:'),
  api_key: (actor) => actor.startsWith('api_key:'),
  operator: (actor) => actor === 'operator',
  system: (actor) => actor === 'system' || actor.startsWith('system:'),
};

/** Whether an event passes the audit filter (its author's kind, its type). */
export const auditMatches = (filter: AuditFilter) => (e: RecordedEvent) =>
  (filter.actor === null || ACTOR_MATCHES[filter.actor](e.metadata.actor)) && (filter.type === null || e.type === filter.type);

/** Who did it, as the team knows them: a user's e-mail, a key's name; never more than the metadata says. */
function actorNamer(users: Map<string, string>, keys: Map<string, string>) {
  return (actor: string): { kind: string; name: string } => {
    if (actor.startsWith('user:')) return { kind: ACTOR_TYPE_LABEL.user, name: users.get(actor.slice(5)) ?? actor };
    if (actor.startsWith('api_key:')) return { kind: ACTOR_TYPE_LABEL.api_key, name: keys.get(actor.slice(8)) ?? actor };
    if (actor === 'operator') return { kind: ACTOR_TYPE_LABEL.operator, name: 'operador' };
    return { kind: ACTOR_TYPE_LABEL.system, name: actor };
  };
}

const pageLink = (filter: AuditFilter, before: number) => {
  const query = new URLSearchParams();
  if (filter.actor) query.set('actor', filter.actor);
  if (filter.type) query.set('type', filter.type);
  query.set('before', String(before));
  return `/dashboard/audit?${query.toString()}`;
};

/** The audit log: one page of the tenant's events, who did each (never its data), and the link to older ones. */
export function auditPage(input: { filter: AuditFilter; page: { events: RecordedEvent[]; next: number | null }; users: readonly DashboardUserDoc[]; keys: readonly ApiKeyDoc[] }) {
  const { filter, page } = input;
  const nameOf = actorNamer(new Map(input.users.map((u) => [u.id, u.email])), new Map(input.keys.map((k) => [k.key_id, `${k.name} (${k.key_hint})`])));
  return {
    filter: { actor: filter.actor ?? '', type: filter.type ?? '' },
    actorTypes: Object.entries(ACTOR_TYPE_LABEL),
    eventTypes: EVENT_TYPES.map((type) => ({ type, label: EVENT_LABEL[type] ?? type })).sort((a, b) => a.label.localeCompare(b.label, 'pt-BR')),
    rows: page.events.map((e) => ({ position: e.position, when: when(e.recorded_at), actor: nameOf(e.metadata.actor), type: e.type, typeLabel: EVENT_LABEL[e.type] ?? e.type, stream: e.stream })),
    next: page.next === null ? null : pageLink(filter, page.next),
    first: filter.before !== null,
  };
}

/** The erasure screen: the form (as typed on a refusal, to this same admin) and the tenant's requests. */
export function erasurePage(input: { retentionYears: number; form: { doc: string; legal_basis: string; error: string | null }; requests: readonly ErasureDoc[] }) {
  return {
    retentionYears: input.retentionYears,
    form: input.form,
    requests: input.requests.map((r) => ({
      id: r.erasure_id,
      status: ERASURE_STATUS_LABELS[r.status],
      requested: when(r.created_at),
      due: when(r.due_at),
      legal_basis: r.legal_basis,
      // requests recorded before issue 30 carry no hold
      hold:
        r.status === 'held' && r.legal_hold
          ? { until: date(r.legal_hold.until), basis: r.legal_hold.basis, record_class: RETENTION_CLASS_LABELS[r.legal_hold.record_class], message: heldMessage(r.legal_hold) }
          : null,
    })),
  };
}
