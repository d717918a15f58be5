import type { ListEntry } from '../../../domain/screening/entry.js';
import { dispositionKey, type RecordedCandidate } from '../../../domain/screening/disposition.js';
import type { HitDispositionsDoc } from '../../../projections/hit-dispositions.js';
import { date, document as formatDoc } from '../../../reports/html.js';
import { DISPOSITION_LABEL, LIST_LABEL, NAME_KIND_LABEL } from '../labels.js';
import { maskedDoc, nameText, when } from '../present.js';

/** What an analyst typed in a disposition form that was refused, and why, shown again next to the fields. */
export interface HitFormState {
  list_id: string;
  entry_id: string;
  disposition: string;
  reason: string;
  errors: Partial<Record<'disposition' | 'reason', string>>;
}

export interface HitInputs {
  candidates: readonly RecordedCandidate[];
  entryOf(listId: string, entryId: string): ListEntry | null;
  /** a tenant list's name (an official list is named by LIST_LABEL) */
  tenantListName(listId: string): string | null;
  /** the run's subject as it was screened */
  subject: Record<string, unknown>;
  dispositions: HitDispositionsDoc | null;
  form: HitFormState | null;
  canAct: boolean;
}

const text = (value: unknown): string => (typeof value === 'string' && value !== '' ? value : '—');
const listed = (values: readonly string[]): string => (values.length > 0 ? values.join(', ') : '—');

/** A list's name as a person reads it; its id stays a tooltip. */
export const listName = (listId: string, tenantListName: string | null): string => tenantListName ?? LIST_LABEL[listId] ?? 'Lista interna';

/** The entry as the list publishes it: names and aliases with their quality, dates, countries, programmes and remarks. */
function entryView(entry: ListEntry) {
  return {
    names: entry.names.map((n) => ({ name: n.name, kind: NAME_KIND_LABEL[n.kind] ?? n.kind, kindCode: n.kind })),
    birthDates: listed(entry.birth_dates.map(date)),
    countries: listed(entry.countries),
    documents: listed(entry.documents.map((d) => `${d.type.toUpperCase()} ${formatDoc(d.value)}`)),
    listedOn: entry.listed_on ? date(entry.listed_on) : '—',
    remarks: text(entry.remarks),
    sanctions: entry.sanctions.map((s) => ({
      program: text(s.program),
      isPep: s.program === 'PEP',
      authority: text(s.authority),
      category: text(s.category),
      start: s.start_date ? date(s.start_date) : '—',
      end: s.end_date ? date(s.end_date) : '—',
      legalBasis: text(s.legal_basis),
    })),
  };
}

/** The customer's data beside the entry's, row by row. */
function sideBySide(subject: Record<string, unknown>, entry: ListEntry | null) {
  const primary = entry?.names.find((n) => n.kind === 'primary')?.name ?? entry?.names[0]?.name;
  return [
    { field: 'Nome', customer: nameText(subject['name']), entry: text(primary) },
    { field: 'Documento', customer: maskedDoc(subject['doc']), entry: entry ? listed(entry.documents.map((d) => formatDoc(d.value))) : '—' },
    { field: 'Data de nascimento', customer: subject['birth_date'] ? date(subject['birth_date']) : '—', entry: entry ? listed(entry.birth_dates.map(date)) : '—' },
    { field: 'Nacionalidade', customer: text(subject['nationality']), entry: entry ? listed(entry.countries) : '—' },
    { field: 'País', customer: text(subject['country'] ?? (subject['address'] as Record<string, unknown> | undefined)?.['country']), entry: entry ? listed(entry.countries) : '—' },
  ];
}

/** Each list hit of a run (at or above the threshold, or cleared by the customer's memory) with the entry, the comparison and its disposition form. */
export function hitsView(inputs: HitInputs) {
  return inputs.candidates
    .filter((c) => c.match)
    .map((c, index) => {
      const entry = inputs.entryOf(c.list_id, c.entry_id);
      const current = inputs.dispositions?.latest[dispositionKey(c.list_id, c.entry_id)] ?? null;
      const typed = inputs.form && inputs.form.list_id === c.list_id && inputs.form.entry_id === c.entry_id ? inputs.form : null;
      const memory = c.cleared ?? c.confirmed ?? null;
      return {
        id: `hit-${index}`,
        listId: c.list_id,
        entryId: c.entry_id,
        list: listName(c.list_id, inputs.tenantListName(c.list_id)),
        name: c.name,
        score: c.score.toFixed(2).replace('.', ','),
        entry: entry && entryView(entry),
        comparison: sideBySide(inputs.subject, entry),
        // the memory the run screened with: cleared (no hit) or confirmed
        screenedWith: memory && { label: DISPOSITION_LABEL[memory.disposition] ?? memory.disposition, reason: memory.reason, by: memory.by, at: when(memory.at) },
        disposition: current && { label: DISPOSITION_LABEL[current.disposition] ?? current.disposition, code: current.disposition, reason: current.reason, by: current.by, at: when(current.disposed_at) },
        form: { disposition: typed?.disposition ?? '', reason: typed?.reason ?? '', errors: typed?.errors ?? {} },
        canAct: inputs.canAct,
      };
    });
}
export type HitsView = ReturnType<typeof hitsView>;
