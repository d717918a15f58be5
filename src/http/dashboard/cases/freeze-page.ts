import { FREEZE_DEADLINE_HOURS } from '../../../domain/case/freeze.js';
import { listDisplayName } from '../../../domain/list/info.js';
import { ERASED } from '../../../domain/shared/personal.js';
import type { FreezeCommunications } from '../../../queries/freeze-communications.js';
import { money } from '../../../reports/html.js';
import { FREEZE_ADDRESSEE_LABEL, FREEZE_ASSET_LABEL } from '../labels.js';
import { userEmail, when } from '../present.js';
import type { DashboardUserInfo } from '../queries.js';

type Users = ReadonlyMap<string, DashboardUserInfo>;

/** What the measures and sending forms show again after a refusal: the message by its field, what was typed. */
export interface FreezeFormState {
  errors: Partial<Record<'measures' | 'sent', { message: string; param: string | null }>>;
  typed: Record<string, string>;
}

const who = (by: string | null, users: Users) => (by === null ? '—' : by === 'operator' ? 'operador da plataforma' : by === 'system' ? 'sistema' : by.startsWith('api_key:') ? 'sistema da instituição (API)' : userEmail(users, by));
const amountText = (amount: number | null) => (amount === null ? '' : ` — ${money(amount)}`);
const opened = <V>(value: V | typeof ERASED, empty: V): V => (value === ERASED ? empty : value);

/**
 * The case page's section "Comunicações do bloqueio (Lei 13.810/2019)": the confirmed freeze, the
 * drafts to BCB, MJSP and COAF (newest first, with their files and sending), the measures recorded
 * and the two forms. Null when the case records no freeze.
 */
export function freezeSection(caseId: string, found: FreezeCommunications | null, users: Users, form?: FreezeFormState) {
  const freeze = found?.freeze;
  if (!found || !freeze) return null;
  const base = `/dashboard/casos/${caseId}/comunicacoes`;
  const drafts = [...found.drafts].reverse().map((d) => ({
    id: d.draft_id,
    addressee: { code: d.addressee, text: FREEZE_ADDRESSEE_LABEL[d.addressee] ?? d.addressee },
    version: d.version,
    drafted: when(d.drafted_at),
    draftedAt: d.drafted_at,
    late: d.late,
    pdfHref: `${base}/${d.draft_id}/pdf`,
    jsonHref: `${base}/${d.draft_id}/json`,
    sha256: d.pdf.sha256,
    sent: d.sent ? { when: when(d.sent.sent_at), at: d.sent.sent_at, protocol: d.sent.protocol, who: who(d.sent.by, users) } : null,
  }));
  // the latest draft of each addressee is the one to send
  const latest = new Map<string, (typeof drafts)[number]>();
  for (const d of drafts) if (!latest.has(d.addressee.code)) latest.set(d.addressee.code, d);
  return {
    list: { code: freeze.list_id, text: listDisplayName(freeze.list_id) },
    entry: freeze.entry_id,
    basis: freeze.basis,
    raised: when(freeze.raised_at),
    confirmed: when(freeze.confirmed_at),
    confirmedBy: freeze.confirmed_by?.startsWith('user:') || (freeze.confirmed_by && users.has(freeze.confirmed_by)) ? userEmail(users, freeze.confirmed_by) : (freeze.confirmed_by ?? '—'),
    deadlineHours: FREEZE_DEADLINE_HOURS,
    drafts,
    toSend: [...latest.values()].filter((d) => d.sent === null).map((d) => ({ id: d.id, text: `${d.addressee.text} — versão ${d.version}` })),
    measures: [...found.measures].reverse().map((m) => ({
      frozen: when(m.frozen_at),
      recorded: when(m.recorded_at),
      who: who(m.by, users),
      late: m.late,
      assets: opened(m.assets, []).map((a) => `${FREEZE_ASSET_LABEL[a.kind] ?? a.kind}: ${a.description}${amountText(a.amount)}`),
      attempts: opened(m.attempts_blocked, []).map((a) => `${when(a.at)}: ${a.description}${amountText(a.amount)}`),
      justification: opened(m.justification, null),
    })),
    assetKinds: Object.entries(FREEZE_ASSET_LABEL).map(([code, text]) => ({ code, text })),
    errors: form?.errors ?? {},
    typed: form?.typed ?? {},
  };
}
