import * as t from 'io-ts';

/**
 * UN Security Council sanctions (Lei 13.810/2019): binding on the UN's publication (art. 6),
 * complied with "sem demora e sem prévio aviso aos sancionados" (art. 9), "sem demora" being
 * "imediatamente ou dentro de algumas horas" (art. 2 V); Resolução BCB 44/2020 and IN BCB 262/2022
 * tell supervised institutions to watch the UN lists directly and act as soon as they detect a
 * designation. The service holds no accounts: a monitoring hit on a freeze list marks the alert
 * `freeze_required`, the tenant's systems freeze, and the customer shows the freeze until an
 * analyst confirms or clears the hit (regulatory-notes.md section 2.8).
 */
export const UN_FREEZE_BASIS = 'Lei 13.810/2019, arts. 6º e 9º; Resolução BCB 44/2020; IN BCB 262/2022';
/** a list the tenant names in its settings: the tenant's own rule, under the same duty to act at once */
export const TENANT_FREEZE_BASIS = 'Política da instituição (lista indicada nas configurações), nos termos da Lei 13.810/2019, art. 9º';

/** The official list whose hits always require a freeze. */
export const UN_LIST_ID = 'un_sc';

/** The legal basis of a freeze for a hit on `listId`; null when the list requires none for this tenant. */
export function freezeBasisFor(listId: string, tenantFreezeLists: readonly string[]): string | null {
  if (listId === UN_LIST_ID) return UN_FREEZE_BASIS;
  if (tenantFreezeLists.includes(listId)) return TENANT_FREEZE_BASIS;
  return null;
}

const nullableString = t.union([t.string, t.null]);

/**
 * The evidence of "sem demora" an alert carries from the moment it is raised: when the publisher
 * dated the version (null where the file says nothing), when the service downloaded it (null for
 * an upload), recorded it, and indexed the delta that matched. The webhook deliveries follow on
 * the customer's stream (`AlertWebhookDelivered`).
 */
export const AlertEvidence = t.type({
  list_published_at: nullableString,
  fetched_at: nullableString,
  imported_at: t.string,
  indexed_at: nullableString,
});
export type AlertEvidence = t.TypeOf<typeof AlertEvidence>;

/** What a customer shows while a freeze is due: pending an analyst (`required`) or confirmed by one. */
export interface SanctionsFreeze {
  status: 'required' | 'confirmed';
  alert_id: string;
  list_id: string;
  entry_id: string;
  basis: string;
  /** when the alert was raised: when the service told the tenant */
  since: string;
  confirmed_at: string | null;
}

/** The part of an alert's state the freeze reads. */
export interface FreezeAlert {
  list_id: string;
  entry_id: string;
  status: 'open' | 'delisted' | 'resolved';
  resolution: 'true_positive' | 'false_positive' | null;
  freeze_basis: string | null;
  raised_at: string;
  resolved_at: string | null;
}

/**
 * The customer's freeze: a freeze alert still open (required) or confirmed as a true match and
 * not delisted since (confirmed). A confirmed one wins over one awaiting an analyst, the earliest
 * wins among equals. Cleared as a false positive or delisted by the UN: no freeze.
 */
export function sanctionsFreezeOf(alerts: Readonly<Record<string, FreezeAlert>>): SanctionsFreeze | null {
  const due = Object.entries(alerts)
    .filter(([, a]) => a.freeze_basis !== null && (a.status === 'open' || (a.status === 'resolved' && a.resolution === 'true_positive')))
    .map(([id, a]): SanctionsFreeze => ({
      status: a.status === 'open' ? 'required' : 'confirmed',
      alert_id: id,
      list_id: a.list_id,
      entry_id: a.entry_id,
      basis: a.freeze_basis!,
      since: a.raised_at,
      confirmed_at: a.status === 'resolved' ? a.resolved_at : null,
    }))
    .sort((a, b) => (a.status === b.status ? a.since.localeCompare(b.since) : a.status === 'confirmed' ? -1 : 1));
  return due[0] ?? null;
}
