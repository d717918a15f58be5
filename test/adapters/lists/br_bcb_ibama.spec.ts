import { expect } from 'chai';
import { brBcbQgiImporter } from '../../../src/adapters/lists/importers/br_bcb_qgi.js';
import { brBcbQgpImporter } from '../../../src/adapters/lists/importers/br_bcb_qgp.js';
import { brIbamaEmbargosImporter } from '../../../src/adapters/lists/importers/br_ibama_embargos.js';
import { LIST_IMPORTERS } from '../../../src/adapters/lists/importers/index.js';
import type { ListFile } from '../../../src/adapters/lists/importers/port.js';
import { listFixture } from '../../helpers/list-fixtures.js';
import { byDoc, byName, rejects } from './br-support.js';

const sample = (name: string): ListFile => ({ name, data: listFixture(`br2/${name}`) });
const text = (name: string): string => listFixture(`br2/${name}`).toString('utf8');
const file = (name: string, body: string): ListFile => ({ name, data: Buffer.from(body, 'utf8') });
const BCB = { authority: 'Banco Central do Brasil', legal_basis: null };

describe('br_bcb_qgi / br_bcb_qgp importers (BCB Olinda OData)', () => {
  it('are registered for the scheduled fetch and the operator upload', () => {
    expect([...LIST_IMPORTERS.keys()]).to.include.members(['br_bcb_qgi', 'br_bcb_qgp', 'br_ibama_embargos']);
  });

  it('reads QGI: one entry per person, the masked CPF kept with the name, sorted by name', async () => {
    const parsed = await brBcbQgiImporter.parse([sample('bcb_qgi.json')]);
    expect(parsed.entries.map((e) => e.names[0]!.name)).to.deep.equal([
      'CLÁUDIO HENRIQUE VASCONCELOS',
      'FERNANDA LÚCIA KOIKE',
      "JOÃO PEDRO D'ÁVILA NETTO",
      'MARIA APARECIDA DOS SANTOS OLIVEIRA',
      'ROBERTO ALVES DE MENEZES',
    ]);
    expect(parsed.skipped).to.equal(0);
    expect(parsed.published_at).to.equal(null);
    const roberto = byName(parsed, 'ROBERTO ALVES DE MENEZES');
    expect(roberto.schema).to.equal('person');
    expect(roberto.documents).to.deep.equal([{ type: 'cpf', value: '***482913**', masked: true, country: 'BR' }]);
    expect(roberto.sanctions).to.deep.equal([{ ...BCB, program: 'PAS PE 151872', category: 'INABILITAÇÃO', start_date: '2023-04-18', end_date: '2028-04-18' }]);
    expect(roberto.remarks).to.equal('PAS PE 151872: INABILITAÇÃO; prazo: 5 anos; início do cumprimento: 18/04/2023; prazo final: 18/04/2028');
  });

  it('takes a "Consolidado" end from the line of the same person that has the real date', async () => {
    const claudio = byName(await brBcbQgiImporter.parse([sample('bcb_qgi.json')]), 'CLÁUDIO HENRIQUE VASCONCELOS');
    expect(claudio.sanctions).to.deep.equal([
      { ...BCB, program: 'PAS PE 160044', category: 'INABILITAÇÃO', start_date: '2022-09-01', end_date: '2030-09-01' },
      { ...BCB, program: 'PAS PE 171220', category: 'INABILITAÇÃO', start_date: '2024-02-15', end_date: '2030-09-01' },
    ]);
    expect(claudio.remarks).to.contain('prazo final: consolidado (01/09/2030)');
  });

  it('reads a double space and an apostrophe in a name as one name', async () => {
    const joao = byDoc(await brBcbQgiImporter.parse([sample('bcb_qgi.json')]), '***915284**');
    expect(joao).to.have.length(1);
    expect(joao[0]!.names).to.deep.equal([{ name: "JOÃO PEDRO D'ÁVILA NETTO", kind: 'primary' }]);
  });

  it('accepts a bare array, years as a string, dates with a time part, and gives the same entries in any order', async () => {
    const envelope = JSON.parse(text('bcb_qgi.json')) as { value: Record<string, unknown>[] };
    const variant = envelope.value
      .map((r) => ({ ...r, Prazo_em_anos: `${String(r['Prazo_em_anos'])}`, Inicio_do_cumprimento: `${String(r['Inicio_do_cumprimento'])}T00:00:00` }))
      .reverse();
    const a = await brBcbQgiImporter.parse([sample('bcb_qgi.json')]);
    const b = await brBcbQgiImporter.parse([file('qgi.json', JSON.stringify(variant))]);
    expect(b.entries).to.deep.equal(a.entries);
  });

  it('reads QGP: a company and its partner under one PAS, a company with two establishments as one entry', async () => {
    const parsed = await brBcbQgpImporter.parse([sample('bcb_qgp.json')]);
    expect(parsed.entries).to.have.length(4);
    const audicont = byName(parsed, 'AUDICONT AUDITORES INDEPENDENTES S/S');
    const ricardo = byName(parsed, 'RICARDO TAVARES BRANDÃO');
    expect(audicont.schema).to.equal('company');
    expect(audicont.documents).to.deep.equal([{ type: 'cnpj', value: '51827364000180', masked: false, country: 'BR' }]);
    expect(ricardo.schema).to.equal('person');
    expect(ricardo.documents).to.deep.equal([{ type: 'cpf', value: '***621904**', masked: true, country: 'BR' }]);
    expect(audicont.sanctions[0]!.program).to.equal('PAS PE 158830');
    expect(ricardo.sanctions).to.deep.equal(audicont.sanctions);
    const veritas = byName(parsed, 'VERITAS CONSULTORIA E AUDITORIA LTDA');
    expect(veritas.documents.map((d) => d.value)).to.deep.equal(['63091845000150', '63091845000230']);
    expect(veritas.sanctions).to.have.length(1);
    expect(byName(parsed, 'ÁGUIA AUDITORES ASSOCIADOS').sanctions[0]!.category).to.equal('PROIBIÇÃO');
  });

  it('rejects a malformed or truncated answer, an HTML page and a JSON of another shape (ListFileError)', async () => {
    const json = text('bcb_qgi.json');
    await rejects(brBcbQgiImporter, [file('qgi.json', json.slice(0, json.length - 40))], /not JSON/);
    await rejects(brBcbQgiImporter, [file('qgi.json', '<!DOCTYPE html><html><body>Manutenção</body></html>')], /not JSON/);
    await rejects(brBcbQgiImporter, [file('qgi.json', '{"error":{"code":"500"}}')], /no "value" array/);
    await rejects(brBcbQgpImporter, [file('qgp.json', '{"value":[{"a":1}]}')], /lacks the fields PAS and Nome/);
  });

  it('skips and counts lines without a name or PAS', async () => {
    const parsed = await brBcbQgiImporter.parse([file('qgi.json', '{"value":[{"PAS":"PE 1","Nome":"","CPF":"***482913**"},{"PAS":"PE 2","Nome":"ANA SOUZA","CPF":"***111222**"}]}')]);
    expect(parsed.entries).to.have.length(1);
    expect(parsed.skipped).to.equal(1);
  });
});

describe('br_ibama_embargos importer (SIFISC termo de embargo CSV)', () => {
  const parse = () => brIbamaEmbargosImporter.parse([sample('ibama_termo_de_embargo.csv')]);

  it('keeps one entry per embargoed party in force; rows without a person are skipped and counted', async () => {
    const parsed = await parse();
    // the 12 real rows had the person blanked (AGRO), SINT0002 is lifted by a court: 2 parties in force
    expect(parsed.entries.map((e) => e.names[0]!.name)).to.have.members(['AGROPECUÁRIA BOA ESPERANÇA S/A', 'ANTÔNIO FERREIRA LIMA']);
    expect(parsed.skipped).to.equal(12);
    expect(parsed.published_at).to.equal('2026-09-23');
  });

  it('normalises a formatted CNPJ and CPF to digits, a company and a person by length', async () => {
    const parsed = await parse();
    const c3 = byName(parsed, 'AGROPECUÁRIA BOA ESPERANÇA S/A');
    expect(c3.schema).to.equal('company');
    expect(c3.documents).to.deep.equal([{ type: 'cnpj', value: '44512087000151', masked: false, country: 'BR' }]);
    expect(c3.sanctions).to.deep.equal([{ program: 'Termo de embargo SINT0001', authority: 'IBAMA', category: 'Embargo ambiental – Sorriso/MT', start_date: '2025-08-14', end_date: null, legal_basis: null }]);
    expect(c3.remarks).to.contain('área embargada: 412,3000 ha').and.contain('data: 14/08/2025').and.contain('processo: 02013009999202511');
    const p3 = byName(parsed, 'ANTÔNIO FERREIRA LIMA');
    expect(p3.schema).to.equal('person');
    expect(p3.documents[0]!.value).to.equal('55264091390');
    // the `;` inside the quoted DES_LOCALIZACAO is text
    expect(p3.remarks).to.contain('localização: Sítio Ferreira; Estrada Geral do Arraial, km 3');
  });

  it('leaves a lifted embargo out (judicial lifting of SINT0002), and a cancelled or AIe-excluded term', async () => {
    expect(byDoc(await parse(), '41827593628')).to.have.length(0);
    // the real cancelled rows, named: still out; the lavrado twin of MONT4450 and the AIe "Impresso" term are in
    const named = text('ibama_termo_de_embargo.csv')
      .split('\n')
      .map((line) => line.replace(/^("[^"]*";){11}"";""/, (m) => m.slice(0, m.length - 5) + '"FULANO DE TAL";"44512087000151"'))
      .join('\n');
    const parsed = await brIbamaEmbargosImporter.parse([file('termo_de_embargo.csv', named)]);
    const terms = parsed.entries.flatMap((e) => e.sanctions.map((s) => s.program));
    expect(terms).to.include.members(['Termo de embargo MONT4450', 'Termo de embargo 7727TQTC', 'Termo de embargo 66922-C']);
    expect(terms).to.not.include.members(['Termo de embargo 29728-E', 'Termo de embargo 754789', 'Termo de embargo IWP2MDYZ', 'Termo de embargo 3UYWBU18', 'Termo de embargo SINT0002']);
    expect(parsed.skipped).to.equal(0);
  });

  it('keeps a dirty year as published, flagged', async () => {
    const edited = text('ibama_termo_de_embargo.csv').replace('"2025-08-14 10:30:00";"";"Pessoalmente"', '"2080-08-14 10:30:00";"";"Pessoalmente"');
    const c3 = byName(await brIbamaEmbargosImporter.parse([file('termo_de_embargo.csv', edited)]), 'AGROPECUÁRIA BOA ESPERANÇA S/A');
    expect(c3.sanctions[0]!.start_date).to.equal('2080-08-14');
    expect(c3.remarks).to.contain('2080-08-14 10:30:00 (data suspeita, como publicada)');
  });

  it('rejects a truncated CSV and a file without the columns (ListFileError)', async () => {
    const csv = text('ibama_termo_de_embargo.csv');
    await rejects(brIbamaEmbargosImporter, [file('termo_de_embargo.csv', csv.slice(0, csv.indexOf('Sítio Ferreira;')))], /truncated/);
    await rejects(brIbamaEmbargosImporter, [file('termo_de_embargo.csv', '<html><body>captcha</body></html>\n')], /lacks the column/);
  });
});
