import type { EntryDocument, ListId } from '../../../domain/screening/entry.js';
import { brDate, brDocument, decodeText, entityKey, entriesFrom, fold, isName, labelled, type RowFacts } from './br-common.js';
import { ListFileError, type ListFile, type ListImporter, type ParsedList } from './port.js';

/**
 * Banco Central's Quadro Geral de Inabilitados (QGI) and de Proibidos (QGP), from its Olinda OData
 * service (LAYOUTS-BR-2.md section 2): `{"@odata.context": …, "value": [...]}` (a bare array is
 * read too), one line per person (or company) and PAS. An entry per person or company, a sanction
 * item per PAS (the penalty, its years, start and end). The CPF is masked by the BCB (the pattern
 * is unconfirmed: `***482913**` in the sample) and is kept masked, with the name, like the other
 * masked-CPF lists (br_pep, br_ceaf); in QGP a 14-digit `CPF_CNPJ` is a company, kept by its CNPJ
 * root so two establishments are one entry with both CNPJs. The service states no publication date.
 */
export function bcbImporter(listId: Extract<ListId, 'br_bcb_qgi' | 'br_bcb_qgp'>, documentField: string, penalty: string): ListImporter {
  return {
    list_id: listId,
    async parse(files) {
      return parseBcb(listId, documentField, penalty, pickJson(listId, files));
    },
  };
}

interface Line {
  pas: string;
  name: string;
  document: EntryDocument | null;
  penalty: string;
  years: number | null;
  start: string | null;
  /** null when absent, 'Consolidado' when another line of the person holds it */
  end: string | null;
  consolidated: boolean;
}

function pickJson(listId: ListId, files: readonly ListFile[]): ListFile {
  const json = files.length === 1 ? files : files.filter((f) => /\.json$/i.test(f.name));
  const [file] = json;
  if (!file || json.length > 1) throw new ListFileError(listId, `expected one JSON file, got ${files.map((f) => f.name).join(', ') || 'none'}`);
  return file;
}

function records(listId: ListId, file: ListFile): unknown[] {
  let body: unknown;
  try {
    body = JSON.parse(decodeText(file.data));
  } catch {
    throw new ListFileError(listId, `${file.name} is not JSON (an error page, or a truncated answer?)`);
  }
  const value = Array.isArray(body) ? body : typeof body === 'object' && body !== null ? (body as { value?: unknown }).value : undefined;
  if (!Array.isArray(value)) throw new ListFileError(listId, `${file.name} has no "value" array (not an OData answer of the Quadros Gerais)`);
  return value;
}

function parseBcb(listId: ListId, documentField: string, penalty: string, file: ListFile): ParsedList {
  const raw = records(listId, file);
  if (raw.length > 0 && !raw.some((r) => typeof r === 'object' && r !== null && 'Nome' in r && 'PAS' in r)) {
    throw new ListFileError(listId, `${file.name} lacks the fields PAS and Nome`);
  }
  // the service's order is not promised (OpenSanctions groups by name assuming it): sort by name, then PAS
  const lines = raw
    .map((r) => lineOf(r, documentField, penalty))
    .filter((l): l is Line => l !== null)
    .map((line) => ({ line, name: fold(line.name) }))
    .sort((a, b) => compare(a.name, b.name) || compare(a.line.pas, b.line.pas))
    .map(({ line }) => line);
  const byPerson = new Map<string, Line[]>();
  for (const line of lines) {
    const key = keyOf(line);
    const group = byPerson.get(key);
    if (group) group.push(line);
    else byPerson.set(key, [line]);
  }
  const facts = [...byPerson.values()].flatMap((group) => group.map((line) => factsOf(line, consolidatedEnd(group))));
  return { entries: entriesFrom(listId, facts), published_at: null, skipped: raw.length - lines.length };
}

/** A company by its CNPJ root (its establishments are one company); a person by the masked CPF with the name. */
function keyOf(line: Line): string {
  const d = line.document;
  return d?.type === 'cnpj' && !d.masked ? `cnpj-root:${d.value.slice(0, 8)}` : entityKey(d, line.name);
}

/**
 * Penalties served one after the other: the BCB writes `Consolidado` as the end of all but one
 * of the person's lines, and the end of the whole (the real date) on that one.
 */
const consolidatedEnd = (group: readonly Line[]): string | null =>
  group.some((l) => l.consolidated) ? (group.map((l) => l.end).filter((e): e is string => e !== null).sort().at(-1) ?? null) : null;

function lineOf(raw: unknown, documentField: string, penalty: string): Line | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  const name = text(r['Nome']);
  const pas = text(r['PAS']);
  if (!isName(name) || pas === null) return null;
  const end = text(r['Prazo_final_penalidade']);
  const consolidated = end !== null && fold(end) === 'CONSOLIDADO';
  return {
    pas,
    name,
    document: brDocument(text(r[documentField]) ?? text(r['CPF']) ?? text(r['CPF_CNPJ'])),
    penalty: text(r['Penalidade']) ?? penalty,
    years: years(r['Prazo_em_anos']),
    start: isoDay(text(r['Inicio_do_cumprimento'])),
    end: consolidated ? null : isoDay(end),
    consolidated,
  };
}

function factsOf(line: Line, consolidated: string | null): RowFacts {
  const end = line.consolidated ? consolidated : line.end;
  const company = line.document?.type === 'cnpj';
  return {
    key: keyOf(line),
    order: `${line.start ?? ''}|${line.pas}`,
    schema: company ? 'company' : 'person',
    names: [line.name],
    documents: line.document ? [line.document] : [],
    countries: ['BR'],
    sanctions: [{ program: `PAS ${line.pas}`, authority: 'Banco Central do Brasil', category: line.penalty, start_date: line.start, end_date: end, legal_basis: null }],
    listed_on: line.start,
    remark: `PAS ${line.pas}: ${labelled([
      ['', line.penalty],
      ['prazo', line.years === null ? null : `${line.years} ${line.years === 1 ? 'ano' : 'anos'}`],
      ['início do cumprimento', ptDate(line.start)],
      ['prazo final', line.consolidated ? `consolidado (${ptDate(end) ?? 'não informado'})` : ptDate(line.end)],
    ])}`,
  };
}

const text = (value: unknown): string | null => {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return null;
  const t = value.replace(/\s+/g, ' ').trim();
  return t === '' ? null : t;
};

/** `Prazo_em_anos`: a JSON number or a string (`"5"`, `"5 anos"`). */
function years(value: unknown): number | null {
  const m = typeof value === 'number' ? [String(value)] : typeof value === 'string' ? /\d+/.exec(value) : null;
  const n = m ? Number(m[0]) : NaN;
  return Number.isFinite(n) ? n : null;
}

/** `YYYY-MM-DD`, with an optional time part (`T00:00:00`, `T02:00:00Z`). */
const isoDay = (raw: string | null): string | null => brDate(raw === null ? null : raw.slice(0, 10));

/** YYYY-MM-DD as a person reads it: dd/mm/aaaa. */
export const ptDate = (iso: string | null): string | null => (iso === null ? null : `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`);

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
