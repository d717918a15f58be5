import type { EntryDocument, EntrySchema, ListId } from '../../../domain/screening/entry.js';
import { brDate, brDocument, clean, columnKey, decodeText, entityKey, entriesFrom, isName, labelled, pickCsv, type RowFacts } from './br-common.js';
import { ListFileError, type ListImporter } from './port.js';

/**
 * The TCU's lists (LAYOUTS-BR-2.md section 3): inidôneos (Lei 8.443/1992 art. 46, companies barred
 * from bidding) and inabilitados (art. 60, persons barred from public office). One published row
 * per (party × process); each party (its document, or its name when it has none) is one entry with
 * a sanction per process. Every published format is read, recognised by its content:
 * - the new platform's JSON array (`POST …/responsaveis-inidoneos`, the scheduled fetch),
 * - its paging envelope `{totalPaginas, …, elementos: […]}`,
 * - its CSV export (Windows-1252, `sep=|` first line, `|` separator, a trailing `|` on the header),
 * - the legacy ORDS envelope `{items, hasMore, …}` (ISO UTC instants, `AC-002180/2023-PL` deliberations).
 */
export interface TcuList {
  list_id: ListId;
  /** the sanction as a person reads it */
  category: string;
  legal_basis: string;
  /** what an entry without a document is */
  schema: EntrySchema;
  /** the CSV export's document column */
  documentColumn: string;
}

/** One published row, whatever the format. */
interface TcuRow {
  name: string | null;
  document: string | null;
  uf: string | null;
  municipio: string | null;
  processo: string | null;
  acordao: string | null;
  /** YYYY-MM-DD */
  data_acordao: string | null;
  transito: string | null;
  fim: string | null;
  link_deliberacoes: string | null;
  link_processo: string | null;
}

export const tcuImporter = (list: TcuList): ListImporter => ({
  list_id: list.list_id,
  async parse(files) {
    const file = pickCsv(list.list_id, files);
    const text = decodeText(file.data).trimStart();
    if (/^<(!doctype|html|\?xml|head|body)/i.test(text)) throw new ListFileError(list.list_id, `${file.name} is an HTML page, not the list (a firewall or captcha page?)`);
    const rows = text.startsWith('[') || text.startsWith('{') ? jsonRows(list, file.name, text) : csvRows(list, file.name, text);
    const facts: RowFacts[] = [];
    let skipped = 0;
    for (const row of rows) {
      const fact = row ? factsOf(list, row) : null;
      if (fact) facts.push(fact);
      else skipped++;
    }
    if (facts.length === 0) throw new ListFileError(list.list_id, `${file.name} has no row of the list`);
    return { entries: entriesFrom(list.list_id, facts), published_at: null, skipped };
  },
});

function factsOf(list: TcuList, row: TcuRow): RowFacts | null {
  const name = row.name;
  if (!isName(name)) return null;
  const document = fullDocument(row.document);
  const processo = row.processo ?? 's/ processo';
  return {
    key: entityKey(document, name),
    order: `${row.transito ?? ''}|${processo}`,
    schema: document?.type === 'cpf' ? 'person' : document?.type === 'cnpj' ? 'company' : list.schema,
    names: [name],
    documents: document ? [document] : [],
    countries: document ? ['BR'] : [],
    sanctions: [
      {
        program: 'TCU',
        authority: 'Tribunal de Contas da União',
        category: row.acordao ? `${list.category} (Acórdão ${row.acordao})` : list.category,
        start_date: row.transito,
        end_date: row.fim,
        legal_basis: list.legal_basis,
      },
    ],
    listed_on: row.transito ?? row.data_acordao,
    remark: `TCU processo ${processo}: ${labelled([
      ['acórdão', row.acordao],
      ['data do acórdão', shown(row.data_acordao)],
      ['trânsito em julgado', shown(row.transito)],
      ['fim da sanção', shown(row.fim)],
      ['UF', row.uf],
      ['município', row.municipio],
      ['deliberações', row.link_deliberacoes],
      ['acompanhamento', row.link_processo],
    ])}`,
  };
}

/** A CPF or CNPJ in full with valid check digits; anything else (empty, null, invalid) is no document: the name alone. */
function fullDocument(raw: string | null): EntryDocument | null {
  const document = brDocument(raw);
  return document && !document.masked && (document.type === 'cpf' || document.type === 'cnpj') ? document : null;
}

/** YYYY-MM-DD as dd/mm/aaaa. */
const shown = (iso: string | null): string | null => (iso ? iso.split('-').reverse().join('/') : null);

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON value as a cell: a string or number, cleaned; anything else null. */
const cell = (value: unknown): string | null => (typeof value === 'string' ? clean(value) : typeof value === 'number' && Number.isFinite(value) ? String(value) : null);

function jsonRows(list: TcuList, fileName: string, text: string): (TcuRow | null)[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new ListFileError(list.list_id, `${fileName} is not valid JSON (truncated file?): ${(error as Error).message}`);
  }
  if (Array.isArray(body)) return body.map((e) => (isObject(e) ? platformRow(e) : null));
  if (isObject(body) && Array.isArray(body['elementos'])) return body['elementos'].map((e) => (isObject(e) ? platformRow(e) : null));
  if (isObject(body) && Array.isArray(body['items'])) return body['items'].map((e) => (isObject(e) ? ordsRow(list, e) : null));
  throw new ListFileError(list.list_id, `${fileName} is JSON but neither a list of the TCU's rows nor a page of them (elementos, items)`);
}

/** An element of the new platform (`certidoes.apps.tcu.gov.br`): dd/mm/yyyy dates. */
function platformRow(e: Json): TcuRow {
  return {
    name: cell(e['nome']),
    document: cell(e['numeroRegistro']),
    uf: cell(e['uf']),
    municipio: cell(e['municipio']),
    processo: cell(e['numeroProcessoFormatado']),
    acordao: cell(e['numeroAcordaoFormatado']),
    data_acordao: brDate(cell(e['dataAcordao'])),
    transito: brDate(cell(e['dataTransitoEmJulgado'])),
    fim: brDate(cell(e['dataFinalSancao'])),
    link_deliberacoes: cell(e['linkDeliberacoesProcesso']),
    link_processo: cell(e['linkAcompanhamentoProcesso']),
  };
}

/** An item of the legacy ORDS service: ISO UTC instants, `AC-002180/2023-PL`; its inidôneos' `uf` is always DF (not the company's). */
function ordsRow(list: TcuList, e: Json): TcuRow {
  return {
    name: cell(e['nome']),
    document: cell(e['cpf_cnpj']) ?? cell(e['cpf']) ?? cell(e['cnpj']),
    uf: list.list_id === 'br_tcu_inidoneos' ? null : cell(e['uf']),
    municipio: cell(e['municipio']),
    processo: cell(e['processo']),
    acordao: deliberation(cell(e['deliberacao'])),
    data_acordao: brasiliaDay(cell(e['data_acordao'])),
    transito: brasiliaDay(cell(e['data_transito_julgado'])),
    fim: brasiliaDay(cell(e['data_final'])),
    link_deliberacoes: null,
    link_processo: null,
  };
}

/** `AC-002180/2023-PL` as the new platform writes it: `2180/2023-PL`. */
export function deliberation(raw: string | null): string | null {
  const m = raw ? /^AC-0*(\d+\/\d{4}-[A-Z0-9]+)$/i.exec(raw) : null;
  return m ? m[1]!.toUpperCase() : raw;
}

const BRASILIA = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });

/**
 * An ISO instant's day in Brasília (America/Sao_Paulo), the published dates being local midnights
 * stored in UTC (`T03:00:00Z`, `T02:00:00Z` under summer time). An instant at 23:00 local is a
 * midnight the publisher wrote with summer time where the zone database has none (an old record's
 * `T02:00:00Z` after 2019): its day is the next one. A plain `YYYY-MM-DD` or `dd/mm/yyyy` is taken as is.
 */
export function brasiliaDay(raw: string | null): string | null {
  if (!raw) return null;
  if (!/T/.test(raw)) return brDate(raw);
  const time = Date.parse(raw);
  if (!Number.isFinite(time)) return null;
  const parts = (at: number) => Object.fromEntries(BRASILIA.formatToParts(new Date(at)).map((p) => [p.type, p.value]));
  const local = parts(time);
  const day = local['hour'] === '23' ? parts(time + 3_600_000) : local;
  return `${day['year']}-${day['month']}-${day['day']}`;
}

/** The CSV export: `sep=|`, a `|`-separated header (trailing `|`), no quoting; rows of the wrong width are skipped. */
function csvRows(list: TcuList, fileName: string, text: string): (TcuRow | null)[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (/^sep=/i.test(lines[0] ?? '')) lines.shift();
  const header = (lines.shift() ?? '').split('|').map(columnKey);
  while (header.length > 0 && header[header.length - 1] === '') header.pop();
  const documentColumns = [list.documentColumn, 'CPF/CNPJ', 'CPF', 'CNPJ'].map(columnKey);
  const at = (name: string) => header.indexOf(columnKey(name));
  const documentAt = documentColumns.map((c) => header.indexOf(c)).find((i) => i >= 0) ?? -1;
  const missing = ['Nome', 'Processo', 'Acórdão', 'Data final da sanção'].filter((c) => at(c) < 0);
  if (documentAt < 0) missing.push(list.documentColumn);
  if (missing.length > 0) throw new ListFileError(list.list_id, `${fileName} is not the TCU's CSV export: it lacks the column(s) ${missing.join(', ')}`);
  return lines.map((line): TcuRow | null => {
    const cells = line.split('|');
    if (cells.length < header.length || cells.slice(header.length).some((c) => c.trim() !== '')) return null;
    const get = (name: string) => clean(cells[at(name)]);
    return {
      name: get('Nome'),
      document: clean(cells[documentAt]),
      uf: get('UF'),
      municipio: get('Município'),
      processo: get('Processo'),
      acordao: get('Acórdão'),
      data_acordao: brDate(get('Data do acórdão')),
      transito: brDate(get('Trânsito em julgado')),
      fim: brDate(get('Data final da sanção')),
      link_deliberacoes: get('Link dos acórdãos'),
      link_processo: get('Link do processo'),
    };
  });
}
