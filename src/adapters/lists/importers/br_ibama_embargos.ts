import { brDate, brDocument, entityKey, entriesFrom, fold, isName, labelled, pickCsv, readTable, type Row, type RowFacts } from './br-common.js';
import { ptDate } from './br-bcb.js';
import type { ListImporter } from './port.js';

/**
 * IBAMA's termos de embargo, the SIFISC open-data CSV (LAYOUTS-BR-2.md section 5): UTF-8 with a
 * BOM, `;`, every field quoted (a `;` inside a quoted field is text), 51 columns, one row per term.
 * An entry per embargoed party (`CPF_CNPJ_EMBARGADO` to digits, a CPF or CNPJ by its length; a
 * name alone when no document), a sanction item per term (its number, date, municipality/UF), the
 * area, property and process in the remarks. A row that names no one is skipped and counted.
 *
 * Only a live embargo is kept: a term `Lavrado` (or, made in the electronic AIe system, with an
 * empty form status and an AIe status other than excluded/cancelled), not cancelled
 * (`SIT_CANCELADO` `S`) and not lifted (`SIT_DESEMBARGO` `S`, administrative or judicial). A
 * cancelled, replaced or lifted term stays in IBAMA's file but is not an embargo in force, so it
 * is kept out of the entry rather than marked ended: screening reports what the entry holds, and
 * a party whose every term was lifted is then no entry at all (monitoring sees it leave the list).
 */
export const brIbamaEmbargosImporter: ListImporter = {
  list_id: 'br_ibama_embargos',
  async parse(files) {
    const file = pickCsv('br_ibama_embargos', files);
    const table = readTable('br_ibama_embargos', file, {
      required: ['NUM_TAD', 'DES_STATUS_FORMULARIO', 'SIT_CANCELADO', 'NOME_EMBARGADO', 'CPF_CNPJ_EMBARGADO', 'DAT_EMBARGO', 'SIT_DESEMBARGO'],
    });
    const generated = generatedOn(table.rows);
    let skipped = table.skipped;
    const facts: RowFacts[] = [];
    for (const row of table.rows) {
      const named = row && (isName(row('NOME_EMBARGADO')) || row('CPF_CNPJ_EMBARGADO') !== null);
      if (!row || !named) skipped++;
      else if (inForce(row)) facts.push(factsOf(row, generated));
    }
    return { entries: entriesFrom('br_ibama_embargos', facts), published_at: generated, skipped };
  },
};

const yes = (value: string | null): boolean => value !== null && fold(value) === 'S';

export function inForce(row: Row): boolean {
  if (yes(row('SIT_CANCELADO')) || yes(row('SIT_DESEMBARGO'))) return false;
  const status = row('DES_STATUS_FORMULARIO');
  if (status !== null) return fold(status) === 'LAVRADO';
  const aie = row('DES_STATUS_FORMULARIO_AIE');
  return aie !== null && !/^(EXCLUID|CANCELAD|SUBSTITUID)/.test(fold(aie));
}

/** `YYYY-MM-DD HH:MM:SS` -> the day; a dirty year (2080, 1667) is still a calendar day and is kept, flagged in the remarks. */
const day = (raw: string | null): string | null => brDate(raw === null ? null : raw.slice(0, 10));

/** `1818165.0000000000` -> `1818165` */
const id = (raw: string | null): string | null => (raw === null ? null : raw.replace(/\.0+$/, ''));

/** `generated`: the edition's day, after which an embargo date is a typo (2080, 2925). */
function factsOf(row: Row, generated: string | null): RowFacts {
  const rawDoc = row('CPF_CNPJ_EMBARGADO');
  const digits = rawDoc?.replace(/\D/g, '') ?? '';
  // the publisher's format is unconfirmed (formatted or digits): digits, a CPF by 11, a CNPJ by 14
  const document = brDocument(digits.length === 11 || digits.length === 14 ? digits : rawDoc);
  const name = isName(row('NOME_EMBARGADO')) ? row('NOME_EMBARGADO')! : (rawDoc ?? '');
  const term = [row('NUM_TAD'), row('SER_TAD')].filter((p) => p !== null).join('-');
  const place = [row('MUNICIPIO'), row('UF')].filter((p) => p !== null).join('/');
  const date = day(row('DAT_EMBARGO'));
  const year = Number(date?.slice(0, 4));
  const suspect = date !== null && (year < 1980 || (generated !== null && date > generated));
  return {
    key: entityKey(document, name),
    order: `${date ?? ''}|${term}|${id(row('SEQ_TAD')) ?? ''}`,
    schema: document?.type === 'cnpj' ? 'company' : document?.type === 'cpf' ? 'person' : 'other',
    names: [name],
    documents: document ? [document] : [],
    countries: ['BR'],
    sanctions: [{ program: `Termo de embargo ${term}`, authority: 'IBAMA', category: place ? `Embargo ambiental – ${place}` : 'Embargo ambiental', start_date: date, end_date: null, legal_basis: null }],
    listed_on: date,
    remark: `Termo de embargo ${term}: ${labelled([
      ['situação', row('DES_STATUS_FORMULARIO') ?? row('DES_STATUS_FORMULARIO_AIE')],
      ['data', suspect ? `${row('DAT_EMBARGO')} (data suspeita, como publicada)` : (ptDate(date) ?? row('DAT_EMBARGO'))],
      ['município', place || null],
      ['área embargada', row('QTD_AREA_EMBARGADA') === null ? null : `${row('QTD_AREA_EMBARGADA')} ha`],
      ['imóvel', row('NOME_IMOVEL')],
      ['localização', row('DES_LOCALIZACAO')],
      ['processo', row('NUM_PROCESSO')],
      ['auto de infração', row('NUM_AUTO_INFRACAO')],
    ])}`,
  };
}

/** The edition's generation time (`ULTIMA_ATUALIZACAO_RELATORIO`, the same on every row): its day. */
function generatedOn(rows: readonly (Row | null)[]): string | null {
  const stamps = rows.map((r) => r && day(r('ULTIMA_ATUALIZACAO_RELATORIO'))).filter((d): d is string => d !== null);
  return stamps.sort().at(-1) ?? null;
}
