import { brDate, brDocument, entityKey, entriesFrom, isName, labelled, pickCsv, publishedFromName, readTable, type Row, type RowFacts } from './br-common.js';
import type { ListImporter } from './port.js';

/**
 * CGU list of politically exposed persons (LAYOUTS.md 5.5): one row per person and role, CPF
 * masked `***.ddd.ddd-**`, so an entry is the masked CPF with the name (an exact homonym with
 * other visible digits is another person). A PEP is not a sanction: each role is a `sanctions`
 * item only so the list reads like the others, with program "PEP", the start of the exercise
 * and the end of the grace period (carência: office end + 5 years, the day the person stops
 * being a PEP; null while in office); the role, its organ and the exercise go to `remarks`.
 * A file named `YYYYMM_PEP.csv` states a month, not a day: `published_at` stays null then.
 */
export const brPepImporter: ListImporter = {
  list_id: 'br_pep',
  async parse(files) {
    const file = pickCsv('br_pep', files);
    const table = readTable('br_pep', file, {
      required: ['CPF', NAME, 'Descrição_Função', 'Nome_Órgão', 'Data_Início_Exercício', 'Data_Fim_Exercício'],
    });
    const facts = table.rows.map((row) => row && factsOf(row)).filter((f): f is RowFacts => f !== null);
    const skipped = table.skipped + table.rows.length - facts.length;
    return { entries: entriesFrom('br_pep', facts), published_at: publishedFromName(file.name), skipped };
  },
};

// an older edition spelled the headers with spaces (`NOME`, `SIGLA FUNÇÃO`); columnKey reads `_` as a space
const NAME = ['Nome_PEP', 'NOME'];

function factsOf(row: Row): RowFacts | null {
  const name = row(NAME);
  if (!isName(name)) return null;
  const document = brDocument(row('CPF'));
  const start = brDate(row('Data_Início_Exercício'));
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
    sanctions: [{ program: 'PEP', authority: null, category: null, start_date: start, end_date: brDate(row('Data_Fim_Carência')), legal_basis: null }],
    listed_on: start,
    remark: `PEP: ${role}`,
  };
}
