import type { ReadStore } from '../adapters/read-store/port.js';
import { CnoEvent, type CnoReceipt } from '../domain/cno/events.js';
import { isEventOf } from '../domain/shared/events.js';
import type { Projection } from './projector.js';

/** One annual negative communication (CNO) task: a reporting CNPJ's year (Circular 3.978 art. 54). */
export interface CnoTaskDoc extends Record<string, unknown> {
  stream: string;
  tenant_id: string;
  cnpj: string;
  entity_name: string;
  year: number;
  /** pending: required and not recorded yet; sent: the Siscoaf protocol recorded; not_required: receipts prove a communication */
  status: 'pending' | 'sent' | 'not_required';
  due_at: string | null;
  receipts: CnoReceipt[];
  protocol: string | null;
  sent_at: string | null;
  sent_by: string | null;
  note: string | null;
  recorded_at: string | null;
  created_at: string;
}

const isCnoEvent = isEventOf(CnoEvent);

/** The CNO tasks of every tenant, for the operator API, the dashboard and the clocks. */
export const cnoTasksProjection: Projection<CnoTaskDoc> = {
  name: 'cno_tasks',
  collection: 'cno_tasks',
  indexes: [{ fields: ['tenant_id'] }],
  documentIds: (event) => (event.stream.startsWith('cno-') && isCnoEvent(event) ? [event.stream] : []),
  evolve(doc, event) {
    if (!isCnoEvent(event)) return doc;
    if (event.type === 'CnoTaskOpened') {
      const d = event.data;
      return {
        stream: event.stream,
        tenant_id: d.tenant_id,
        cnpj: d.cnpj,
        entity_name: d.entity_name,
        year: d.year,
        status: d.requirement === 'required' ? 'pending' : 'not_required',
        due_at: d.due_at,
        receipts: d.receipts,
        protocol: null,
        sent_at: null,
        sent_by: null,
        note: null,
        recorded_at: null,
        created_at: d.opened_at,
      };
    }
    const d = event.data;
    return doc && { ...doc, status: 'sent', protocol: d.protocol, sent_at: d.sent_at, sent_by: d.by, note: d.note, recorded_at: d.recorded_at };
  },
};

/** The clock of a task at `now`: overdue when still pending past its deadline. */
export const cnoOverdue = (task: Pick<CnoTaskDoc, 'status' | 'due_at'>, now: string): boolean => task.status === 'pending' && task.due_at !== null && task.due_at < now;

/** The tenant's CNO tasks, overdue first, then by deadline, then the newest years. */
export async function listCnoTasks(readStore: ReadStore, tenantId: string, now: string): Promise<(CnoTaskDoc & { overdue: boolean })[]> {
  const tasks = await readStore.find<CnoTaskDoc>('cno_tasks', { where: { tenant_id: tenantId }, limit: 1_000 });
  const rank = (t: CnoTaskDoc & { overdue: boolean }) => (t.overdue ? 0 : t.status === 'pending' ? 1 : 2);
  return tasks
    .map((t) => ({ ...t, overdue: cnoOverdue(t, now) }))
    .sort((a, b) => rank(a) - rank(b) || (a.due_at ?? '').localeCompare(b.due_at ?? '') || b.year - a.year || a.cnpj.localeCompare(b.cnpj));
}
