import type { ListId } from '../../../domain/screening/entry.js';
import {
  brDate,
  brDocument,
  entityKey,
  entriesFrom,
  isName,
  labelled,
  legalBasis,
  pickCsv,
  publishedFromName,
  readTable,
  schemaOf,
  type Row,
  type RowFacts,
} from './br-common.js';
import { ceafRecordFacts, parsePortalApi, portalApiFile, sanctionRecordFacts } from './br-portal-api.js';
import { ListFileError, type ListImporter } from './port.js';

/**
 * CEIS, CNEP and CEAF: the CGU's sanction registers, one row per sanction (LAYOUTS.md 5.1-5.4),
 * same generator, same core columns. Rows of one CPF/CNPJ merge into one entry with several
 * sanctions; the CGU's sanction code is per row, so entries are keyed on the document.
 */
export interface CguRegister {
  list_id: ListId;
  /** the `CADASTRO` column's value, also the sanctions' program */
  cadastro: string;
  /** columns beyond the common ones that tell this register's file from the others' */
  required: readonly string[];
  /** other names of the sanctioned party, as aliases */
  aliases: readonly string[];
  /** `[label, column]` of the facts that go to the entry's remarks */
  remarks: readonly (readonly [string, string])[];
}

const COMMON = [
  'CÓDIGO DA SANÇÃO',
  'CPF OU CNPJ DO SANCIONADO',
  'NOME DO SANCIONADO',
  'CATEGORIA DA SANÇÃO',
  'DATA INÍCIO SANÇÃO',
  'DATA FINAL SANÇÃO',
  'ÓRGÃO SANCIONADOR',
  'FUNDAMENTAÇÃO LEGAL',
];
const REGISTERS = ['CEIS', 'CNEP', 'CEAF', 'CEPIM'];

export const cguRegisterImporter = (register: CguRegister): ListImporter => ({
  list_id: register.list_id,
  async parse(files) {
    // the Portal da Transparência API's records (`ceis-api.json`, …): the same entries as the CSV's
    const api = portalApiFile(files);
    if (api) return parsePortalApi(register.list_id, api, (r) => (register.cadastro === 'CEAF' ? ceafRecordFacts(r) : sanctionRecordFacts(register.cadastro === 'CNEP' ? 'CNEP' : 'CEIS', r)));
    const file = pickCsv(register.list_id, files);
    const table = readTable(register.list_id, file, { required: [...COMMON, ...register.required] });
    let skipped = table.skipped;
    let foreign = 0;
    const facts: RowFacts[] = [];
    for (const row of table.rows) {
      if (!row) {
        skipped++;
        continue;
      }
      const cadastro = row('CADASTRO')?.toUpperCase() ?? register.cadastro;
      const another = cadastro !== register.cadastro && REGISTERS.includes(cadastro);
      if (another) foreign++;
      const fact = another ? null : factsOf(register, row);
      if (fact) facts.push(fact);
      else skipped++;
    }
    // a CNEP file uploaded as CEIS has every CEIS column: its CADASTRO column tells
    if (facts.length === 0 && foreign > 0) throw new ListFileError(register.list_id, `${file.name} holds another register's rows, not ${register.cadastro}`);
    return { entries: entriesFrom(register.list_id, facts), published_at: publishedFromName(file.name), skipped };
  },
});

function factsOf(register: CguRegister, row: Row): RowFacts | null {
  const document = brDocument(row('CPF OU CNPJ DO SANCIONADO'));
  const names = [row('NOME DO SANCIONADO'), ...register.aliases.map(row)].filter(isName);
  const [name] = names;
  if (!name) return null;
  const type = row('TIPO DE PESSOA')?.toUpperCase();
  const code = row('CÓDIGO DA SANÇÃO');
  const start = brDate(row('DATA INÍCIO SANÇÃO'));
  return {
    key: entityKey(document, name),
    order: `${(code ?? '').padStart(12, '0')}|${start ?? ''}`,
    schema: type === 'F' ? 'person' : type === 'J' ? 'company' : schemaOf(document),
    names,
    documents: document ? [document] : [],
    countries: document?.country ? [document.country] : [],
    sanctions: [
      {
        program: register.cadastro,
        authority: row('ÓRGÃO SANCIONADOR'),
        category: row('CATEGORIA DA SANÇÃO'),
        start_date: start,
        end_date: brDate(row('DATA FINAL SANÇÃO')),
        legal_basis: legalBasis(row('FUNDAMENTAÇÃO LEGAL')),
      },
    ],
    // the day the sanction entered the register; older or odd rows may only have the publication
    listed_on: brDate(row('DATA ORIGEM INFORMAÇÃO')) ?? brDate(row('DATA PUBLICAÇÃO')) ?? start,
    remark: `${register.cadastro} ${code ?? 's/ código'}: ${labelled(register.remarks.map(([label, column]) => [label, row(column)]))}`,
  };
}

/** Remarks common to the three registers, after each one's own. */
export const COMMON_REMARKS: readonly (readonly [string, string])[] = [
  ['processo', 'NÚMERO DO PROCESSO'],
  ['abrangência', 'ABRAGÊNCIA DA SANÇÃO'],
  ['UF do órgão', 'UF ÓRGÃO SANCIONADOR'],
  ['esfera', 'ESFERA ÓRGÃO SANCIONADOR'],
  ['publicação', 'DATA PUBLICAÇÃO'],
  ['meio', 'PUBLICAÇÃO'],
  ['detalhamento', 'DETALHAMENTO DO MEIO DE PUBLICAÇÃO'],
  ['trânsito em julgado', 'DATA DO TRÂNSITO EM JULGADO'],
  ['origem', 'ORIGEM INFORMAÇÕES'],
  ['observações', 'OBSERVAÇÕES'],
];
