import { date, document as formatDoc } from '../../../reports/html.js';
import type { CnoTaskDoc } from '../../../projections/cno-tasks.js';
import { CNO_STATUS_LABELS } from '../labels.js';
import { when } from '../present.js';
import type { CnoTyped } from './forms.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "vence em 3 dias" / "vencido há 2 horas": a deadline against now, in whole days (hours under a day). */
export function clockText(dueAt: string, now: string): string {
  const diff = Date.parse(dueAt) - Date.parse(now);
  const abs = Math.abs(diff);
  const span = abs >= DAY_MS ? plural(Math.floor(abs / DAY_MS), 'dia', 'dias') : abs >= HOUR_MS ? plural(Math.floor(abs / HOUR_MS), 'hora', 'horas') : 'menos de 1 hora';
  return diff >= 0 ? `vence em ${span}` : `vencido há ${span}`;
}

/** A refused protocol form: the task it was for, the message (pt-BR) and what was typed. */
export interface CnoRefusal {
  stream: string;
  message: string;
  typed: CnoTyped;
}

/** The annual negative communication screen: the tasks (overdue first), each pending one with its protocol form, the proof of the others. */
export function cnoPage(input: { tasks: readonly (CnoTaskDoc & { overdue: boolean })[]; now: string; canRecord: boolean; userEmail: string; refusal: CnoRefusal | null }) {
  const { now, refusal } = input;
  return {
    canRecord: input.canRecord,
    tasks: input.tasks.map((t) => ({
      id: t.stream,
      year: t.year,
      cnpj: t.cnpj,
      cnpjText: formatDoc(t.cnpj),
      entity: t.entity_name,
      status: t.status,
      statusText: CNO_STATUS_LABELS[t.status],
      // the badge classes of app.css: danger, warning, done
      tone: t.overdue ? 'failed' : t.status === 'pending' ? 'pendente' : 'completed',
      due: t.due_at === null ? null : { date: date(t.due_at), full: when(t.due_at), clock: t.status === 'pending' ? clockText(t.due_at, now) : null, overdue: t.overdue },
      sent: t.status === 'sent' ? { protocol: t.protocol ?? '', at: when(t.sent_at), by: t.sent_by ?? '', note: t.note } : null,
      receipts: t.receipts.map((r) => ({ num: r.num_ocorrencia, coaf: r.numero_coaf ?? 'recibo ainda não conciliado', sent: when(r.sent_at), matched: r.receipt_matched_at ? when(r.receipt_matched_at) : '—' })),
      opened: when(t.created_at),
      form:
        t.status === 'pending'
          ? refusal?.stream === t.stream
            ? { typed: refusal.typed, error: refusal.message }
            : { typed: { protocol: '', sent_at: '', by: input.userEmail, note: '' }, error: null }
          : null,
    })),
  };
}
