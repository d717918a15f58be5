import type { CaseKind } from '../../../domain/assignment/events.js';
import type { RunDoc } from '../../../projections/runs.js';
import { caseId, type CaseDoc, type Cursor, type QueueSection } from '../../../queries/case-queue.js';
import { scoreText } from '../../../reports/screening-section.js';
import { encodeCursor } from '../../paging.js';
import { listName } from '../hits/page.js';
import { BAND_LABEL, ENVIRONMENT_LABEL, ROLE_LABELS, STATUS_LABEL, label } from '../labels.js';
import { ageText, maskedDoc, nameText } from '../present.js';
import type { DashboardUserInfo } from '../queries.js';
import type { DashboardUser } from '../state.js';

/** The queue's sections: the filter's word for each kind of case, in the order shown. */
export const SECTIONS = [
  { filter: 'execucoes', kind: 'run', title: 'Execuções aguardando revisão', empty: 'Nenhuma execução aguardando revisão.' },
  { filter: 'alertas', kind: 'alert', title: 'Alertas de monitoramento abertos', empty: 'Nenhum alerta aberto.' },
  { filter: 'documentos', kind: 'document', title: 'Documentos pendentes', empty: 'Nenhum documento pendente.' },
] as const;
export type SectionFilter = (typeof SECTIONS)[number]['filter'];

const COUNT_CAP = 1000;

export interface QueueFilters {
  kind: SectionFilter | '';
  assignee: 'mine' | 'unassigned' | '';
  environment: 'live' | 'sandbox' | '';
}

/** What a case is and where it is worked. */
function describe(c: CaseDoc): { what: string; href: string } {
  switch (c.kind) {
    case 'run':
      return { what: runWhat(c.doc), href: `/dashboard/runs/${c.doc.run_id}` };
    case 'alert':
      return {
        // the list by its name (its id is no reading); a freeze alert is marked by the view (issue 29)
        what: `Alerta: ${c.doc.matched_name} (${listName(c.doc.list_id, null)}, pontuação ${scoreText(c.doc.score)})`,
        href: `/dashboard/customers/${c.doc.customer_id}#alerta-${c.doc.alert_id}`,
      };
    case 'document':
      return { what: `Documento ${c.doc.type ?? ''}`.trim(), href: `/dashboard/customers/${c.doc.customer_id}#documento-${c.doc.document_id}` };
  }
}

const runWhat = (run: RunDoc): string =>
  `${label(STATUS_LABEL, run.status)} · ${run.template_name} v${run.template_version}${run.risk_band ? ` · risco ${label(BAND_LABEL, run.risk_band).toLowerCase()}` : ''}`;

function olderLink(filters: { kind: string; assignee: string; environment: string }, cursor: Cursor): string {
  const query = new URLSearchParams({ kind: filters.kind, ...(filters.assignee ? { assignee: filters.assignee } : {}), ...(filters.environment ? { environment: filters.environment } : {}), cursor: encodeCursor(cursor) });
  return `/dashboard/?${query.toString()}`;
}

/** The rows of one section as the view prints them. */
export function caseRows(section: Pick<QueueSection, 'cases' | 'subjects' | 'assignees'>, users: ReadonlyMap<string, DashboardUserInfo>, now: Date) {
  return section.cases.map((c) => {
    const id = caseId(c);
    const subject = section.subjects.get(id);
    const assigneeId = section.assignees.get(id) ?? null;
    return {
      kind: c.kind,
      id,
      freeze: c.kind === 'alert' && c.doc.freeze_required === true,
      ...describe(c),
      environment: label(ENVIRONMENT_LABEL, c.kind === 'document' ? subject?.environment : c.doc.environment),
      name: nameText(subject?.name),
      doc: maskedDoc(subject?.doc),
      age: ageText(c.doc.created_at ?? now.toISOString(), now),
      created_at: c.doc.created_at ?? null,
      assignee: assigneeId,
      assigneeEmail: assigneeId ? (users.get(assigneeId)?.email ?? 'usuário removido') : null,
    };
  });
}

const sectionOf = (kind: CaseKind) => SECTIONS.find((s) => s.kind === kind)!;

/** The queue page: its sections (counted, one page each), the filters, whom a case may go to. */
export function queuePage(input: { sections: readonly QueueSection[]; filters: QueueFilters; users: ReadonlyMap<string, DashboardUserInfo>; user: DashboardUser; now: Date; back: string }) {
  const { filters, users, user, now } = input;
  return {
    sections: input.sections.map((s) => {
      const section = sectionOf(s.kind);
      return {
        ...section,
        count: s.total > COUNT_CAP ? `${COUNT_CAP}+` : String(s.total),
        rows: caseRows(s, users, now),
        more: s.next ? olderLink({ kind: section.filter, assignee: filters.assignee, environment: filters.environment }, s.next) : null,
      };
    }),
    filters,
    assignable: [...users.values()].filter((u) => u.status === 'active' && u.role !== 'viewer'),
    canAssign: user.role !== 'viewer',
    roleLabel: ROLE_LABELS[user.role],
    back: input.back,
    environments: ENVIRONMENT_LABEL,
  };
}
