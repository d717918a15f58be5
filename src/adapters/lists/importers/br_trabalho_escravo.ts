import type { EntryDocument, EntrySanction } from '../../../domain/screening/entry.js';
import { brDate, brDocument, entityKey, entriesFrom, fold, isName, labelled, pickCsv, readTable, schemaOf, type Row, type RowFacts } from './br-common.js';
import type { ListImporter } from './port.js';

/**
 * MTE Cadastro de Empregadores, employers caught with workers in conditions analogous to
 * slavery (LAYOUTS.md 6). The current CSV starts with its header; the legacy one has banner
 * lines above it and footnotes below, so the header is searched for and the rows end at the
 * last numeric `ID`. `ID` is renumbered between editions: entries are keyed on the CPF/CNPJ and
 * the ID is kept nowhere, or every edition would change every entry.
 */
export const brTrabalhoEscravoImporter: ListImporter = {
  list_id: 'br_trabalho_escravo',
  async parse(files) {
    const file = pickCsv('br_trabalho_escravo', files);
    const table = readTable('br_trabalho_escravo', file, {
      required: ['ID', 'Empregador', 'CNPJ/CPF', 'Inclusão no Cadastro de Empregadores'],
      isHeader: (keys) => keys[0] === 'ID' && keys.includes('EMPREGADOR'),
    });
    const facts: RowFacts[] = [];
    // non-numeric IDs after the last record are the footer; between records, unreadable rows
    let pending = 0;
    let skipped = table.skipped;
    for (const row of table.rows) {
      const fact = row && /^\d+$/.test(row('ID') ?? '') ? factsOf(row) : null;
      if (fact) {
        facts.push(fact);
        skipped += pending;
        pending = 0;
      } else pending++;
    }
    return { entries: entriesFrom('br_trabalho_escravo', facts), published_at: updatedOn(table.preamble), skipped };
  },
};

const MTE: Omit<EntrySanction, 'start_date' | 'end_date'> = {
  program: 'Cadastro de Empregadores (trabalho análogo ao de escravo)',
  authority: 'Ministério do Trabalho e Emprego',
  category: null,
  legal_basis: null,
};

function factsOf(row: Row): RowFacts | null {
  // the PDF/TXT editions mark court-ordered inclusions with footnotes: `NAME (*1)`
  const name = row('Empregador')?.replace(/\s*\(\*\d+\)/g, '').trim() ?? null;
  const document = brDocument(row('CNPJ/CPF'));
  if (!isName(name) && !document) return null;
  const owner = ownerOf(name);
  const names = [name, owner?.name ?? null].filter(isName);
  const documents = [document, owner?.document ?? null].filter((d): d is EntryDocument => d !== null);
  const periods = inclusions(row('Inclusão no Cadastro de Empregadores'));
  const remark = labelled([
    ['ação fiscal', [row('Ano da ação fiscal'), row('UF')].filter(Boolean).join('/') || null],
    ['estabelecimento', row('Estabelecimento')],
    ['trabalhadores envolvidos', row('Trabalhadores envolvidos')],
    ['CNAE', row('CNAE')],
    ['decisão administrativa de procedência', row('Decisão administrativa de procedência')],
    ['inclusão', row('Inclusão no Cadastro de Empregadores')],
  ]);
  return {
    key: entityKey(document, names[0] ?? ''),
    order: remark,
    schema: schemaOf(document),
    names,
    documents,
    countries: ['BR'],
    sanctions: periods.map(([start, end]) => ({ ...MTE, start_date: start, end_date: end })),
    listed_on: periods.map(([start]) => start).filter((d): d is string => d !== null).sort()[0] ?? null,
    remark: remark || null,
  };
}

/**
 * The person behind a one-person firm: a MEI's name is its CNPJ root and the owner's name
 * (`27.111.222 JOSÉ CARLOS …`), some razões sociais end with the owner's CPF digits. The
 * owner's name is an alias, and a valid CPF a document, since the owner is the employer.
 */
function ownerOf(name: string | null): { name: string; document: EntryDocument | null } | null {
  const mei = name ? /^\d{2}\.?\d{3}\.?\d{3}\s+(\D.*)$/.exec(name) : null;
  if (mei?.[1]) return { name: mei[1], document: null };
  const withCpf = name ? /^(\D.*?)\s+(\d{11})$/.exec(name) : null;
  if (!withCpf?.[1] || !withCpf[2]) return null;
  const cpf = brDocument(withCpf[2]);
  return { name: withCpf[1], document: cpf?.type === 'cpf' ? cpf : null };
}

/** `05/04/2024 a 10/05/2024, 09/04/2025`: removed by an injunction and included again. */
function inclusions(raw: string | null): [string | null, string | null][] {
  const periods = (raw ?? '')
    .split(',')
    .map((period) => period.split(/\s+a\s+/i).map((d) => brDate(d.trim())))
    .filter(([start]) => start !== null)
    .map(([start, end]): [string | null, string | null] => [start ?? null, end ?? null]);
  // listed all the same: a row without a readable inclusion date still names an employer
  return periods.length > 0 ? periods : [[null, null]];
}

/** The legacy banner's `Cadastro atualizado em dd/mm/yyyy`. */
function updatedOn(preamble: readonly string[][]): string | null {
  for (const line of preamble) {
    const m = /ATUALIZADO EM (\d{1,2}\/\d{1,2}\/\d{4})/.exec(fold(line.join(';')));
    if (m) return brDate(m[1] ?? null);
  }
  return null;
}
