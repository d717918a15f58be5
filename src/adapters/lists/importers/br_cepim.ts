import { brDocument, entityKey, entriesFrom, isName, labelled, pickCsv, publishedFromName, readTable, type Row, type RowFacts } from './br-common.js';
import { cepimRecordFacts, parsePortalApi, portalApiFile } from './br-portal-api.js';
import type { ListImporter } from './port.js';

/**
 * CGU CEPIM, private non-profits barred from agreements (LAYOUTS.md 5.3): one row per
 * convênio, no dates at all (being listed is the impediment). Rows of one CNPJ merge; each
 * row is a sanction by the granting organ for its reason; branch CNPJs stay separate entries.
 */
export const brCepimImporter: ListImporter = {
  list_id: 'br_cepim',
  async parse(files) {
    // the Portal da Transparência API's records (`cepim-api.json`): the same entries as the CSV's
    const api = portalApiFile(files);
    if (api) return parsePortalApi('br_cepim', api, cepimRecordFacts);
    const file = pickCsv('br_cepim', files);
    const table = readTable('br_cepim', file, { required: ['CNPJ ENTIDADE', 'NOME ENTIDADE', 'ÓRGÃO CONCEDENTE', 'MOTIVO DO IMPEDIMENTO'] });
    const facts = table.rows.map((row) => row && factsOf(row)).filter((f): f is RowFacts => f !== null);
    const skipped = table.skipped + table.rows.length - facts.length;
    return { entries: entriesFrom('br_cepim', facts), published_at: publishedFromName(file.name), skipped };
  },
};

function factsOf(row: Row): RowFacts | null {
  const name = row('NOME ENTIDADE');
  if (!isName(name)) return null;
  const document = brDocument(row('CNPJ ENTIDADE'));
  // leading zeros matter: the convênio number is an identifier, not a number
  const convenio = row('NÚMERO CONVÊNIO');
  const authority = row('ÓRGÃO CONCEDENTE');
  const reason = row('MOTIVO DO IMPEDIMENTO');
  return {
    key: entityKey(document, name),
    order: `${convenio ?? ''}|${authority ?? ''}|${reason ?? ''}`,
    schema: 'company',
    names: [name],
    documents: document ? [document] : [],
    countries: document?.country ? [document.country] : [],
    sanctions: [{ program: 'CEPIM', authority, category: reason, start_date: null, end_date: null, legal_basis: null }],
    listed_on: null,
    // which convênio goes with which organ and reason: the merged sanctions lose the pairing
    remark: `CEPIM convênio ${convenio ?? 's/ número'}: ${labelled([['órgão concedente', authority], ['motivo', reason]])}`,
  };
}
