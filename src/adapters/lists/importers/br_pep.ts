import type { ListEntry, PepRole } from '../../../domain/screening/entry.js';
import { endOfGrace } from '../../../domain/screening/pep.js';
import { brDate, brDocument, clean, decodeText, entityKey, entriesFrom, isName, labelled, pickCsv, publishedFromName, readTable, type Row, type RowFacts } from './br-common.js';
import { ListFileError, type ListFile, type ListImporter } from './port.js';

/**
 * CGU list of politically exposed persons (LAYOUTS.md 5.5): one row per person and role, CPF
 * masked `***.ddd.ddd-**`, so an entry is the masked CPF with the name (an exact homonym with
 * other visible digits is another person). Each office goes to the entry's typed `pep` block
 * (role, sigla, nível, organ, start, end of office, end of grace: the day the person stops being
 * a PEP, the published `data fim carência` or else the end of office + 5 years). For readers of
 * the older shape it is also a `sanctions` item (program "PEP", start of the exercise, end of
 * grace) and a line of `remarks`. A file named `YYYYMM_PEP.csv` states a month, not a day:
 * `published_at` stays null then.
 *
 * The Portal da Transparência API's `peps-api.json` (LAYOUTS-BR-2.md 1.5: a JSON array of PEPDTO
 * records, snake_case) is read through the same row facts; its value formats are UNCONFIRMED:
 * dates `dd/mm/yyyy` or `yyyy-mm-dd`, and null, "" or "Não informada" for none.
 */
export const brPepImporter: ListImporter = {
  list_id: 'br_pep',
  async parse(files) {
    const json = apiFile(files);
    if (json) {
      const { rows, skipped } = apiRows(json);
      const facts = rows.map(factsOf).filter((f): f is Facts => f !== null);
      return { entries: withRoles(facts), published_at: null, skipped: skipped + rows.length - facts.length };
    }
    const file = pickCsv('br_pep', files);
    const table = readTable('br_pep', file, {
      required: ['CPF', NAME, 'Descrição_Função', 'Nome_Órgão', 'Data_Início_Exercício', 'Data_Fim_Exercício'],
    });
    const facts = table.rows.map((row) => row && factsOf(row)).filter((f): f is Facts => f !== null);
    const skipped = table.skipped + table.rows.length - facts.length;
    return { entries: withRoles(facts), published_at: publishedFromName(file.name), skipped };
  },
};

// an older edition spelled the headers with spaces (`NOME`, `SIGLA FUNÇÃO`); columnKey reads `_` as a space
const NAME = ['Nome_PEP', 'NOME'];

type Facts = RowFacts & { role: PepRole };

function factsOf(row: Row): Facts | null {
  const name = row(NAME);
  if (!isName(name)) return null;
  const document = brDocument(row('CPF'));
  const start = brDate(row('Data_Início_Exercício'));
  const endOfOffice = brDate(row('Data_Fim_Exercício'));
  const grace = endOfGrace(endOfOffice, brDate(row('Data_Fim_Carência')));
  const role = labelled([
    ['', row('Descrição_Função')],
    ['sigla', row('Sigla_Função')],
    ['nível', row('Nível_Função')],
    ['órgão', row('Nome_Órgão')],
    ['início do exercício', row('Data_Início_Exercício')],
    ['fim do exercício', row('Data_Fim_Exercício') ?? 'não informado (em exercício)'],
    ['fim da carência', row('Data_Fim_Carência')],
  ]);
  return {
    key: entityKey(document, name),
    order: `${start ?? ''}|${role}`,
    schema: 'person',
    names: [name],
    documents: document ? [document] : [],
    // a Brazilian public office: whatever the document says
    countries: ['BR'],
    sanctions: [{ program: 'PEP', authority: null, category: null, start_date: start, end_date: grace, legal_basis: null }],
    listed_on: start,
    remark: `PEP: ${role}`,
    role: {
      role: row('Descrição_Função'),
      sigla: row('Sigla_Função'),
      nivel: row('Nível_Função'),
      organ: row('Nome_Órgão'),
      start,
      end_of_office: endOfOffice,
      end_of_grace: endOfOffice === null ? null : grace,
    },
  };
}

/** The entries with each person's offices (by start, then role, without repeats), hashed with them. */
function withRoles(facts: readonly Facts[]): ListEntry[] {
  return entriesFrom('br_pep', facts, (rows) => {
    const roles: PepRole[] = [];
    for (const { role } of rows) if (!roles.some((r) => sameRole(r, role))) roles.push(role);
    return { pep: { roles: roles.sort((a, b) => roleOrder(a).localeCompare(roleOrder(b))) } };
  });
}

const sameRole = (a: PepRole, b: PepRole): boolean =>
  a.role === b.role && a.sigla === b.sigla && a.nivel === b.nivel && a.organ === b.organ && a.start === b.start && a.end_of_office === b.end_of_office && a.end_of_grace === b.end_of_grace;

const roleOrder = (r: PepRole): string => [r.start ?? '', r.role ?? '', r.organ ?? '', r.end_of_office ?? ''].join('\u001f');

/** The API's file: named `…-api.json`, or any file that holds a JSON array. */
function apiFile(files: readonly ListFile[]): ListFile | null {
  return files.find((f) => /-api\.json$/i.test(f.name)) ?? files.find((f) => /^\s*\[/.test(decodeText(f.data.subarray(0, 64)))) ?? null;
}

/** The CSV columns the PEPDTO fields fill. */
const API_FIELDS: Readonly<Record<string, string>> = {
  CPF: 'cpf',
  Nome_PEP: 'nome',
  Sigla_Função: 'sigla_funcao',
  Descrição_Função: 'descricao_funcao',
  Nível_Função: 'nivel_funcao',
  Nome_Órgão: 'nome_orgao',
  Data_Início_Exercício: 'dt_inicio_exercicio',
  Data_Fim_Exercício: 'dt_fim_exercicio',
  Data_Fim_Carência: 'dt_fim_carencia',
};

/** Each PEPDTO record as a CSV row; a record that is not an object, or has no name, is skipped. */
function apiRows(file: ListFile): { rows: Row[]; skipped: number } {
  let records: unknown;
  try {
    records = JSON.parse(decodeText(file.data));
  } catch {
    throw new ListFileError('br_pep', `${file.name} is not valid JSON (truncated file?)`);
  }
  if (!Array.isArray(records)) throw new ListFileError('br_pep', `${file.name} is not a JSON array of PEP records`);
  const objects = records.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null && !Array.isArray(r));
  const rows = objects.map((record): Row => (column) => {
    const name = (typeof column === 'string' ? [column] : column).map((c) => API_FIELDS[c]).find((f) => f !== undefined);
    return name === undefined ? null : apiValue(record[name]);
  });
  return { rows, skipped: records.length - objects.length };
}

/** A PEPDTO value as a cell: a date with a time keeps its day; null, "" and "Não informada" are none. */
function apiValue(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return null;
  const text = clean(value);
  return text !== null && /^\d{4}-\d{2}-\d{2}T/.test(text) ? text.slice(0, 10) : text;
}
