import { expect } from 'chai';
import { brTrabalhoEscravoImporter } from '../../../src/adapters/lists/importers/br_trabalho_escravo.js';
import { derivedEntryId } from '../../../src/adapters/lists/importers/port.js';
import { byDoc, byName, edited, itBehavesLikeABrazilianImporter, rejects, sample } from './br-support.js';

const importer = brTrabalhoEscravoImporter;
const parse = () => importer.parse([sample('cadastro_de_empregadores.csv')]);
const MTE = { program: 'Cadastro de Empregadores (trabalho análogo ao de escravo)', authority: 'Ministério do Trabalho e Emprego', category: null, legal_basis: null };

describe('br_trabalho_escravo importer (MTE Cadastro de Empregadores)', () => {
  it('reads the 14 sample records as 13 employers (one CNPJ has two establishments)', async () => {
    const parsed = await parse();
    expect(parsed.entries).to.have.length(13);
    expect(parsed.skipped).to.equal(0);
    expect(parsed.published_at).to.equal(null);
  });

  it('maps a person with a formatted CPF field by field, the Windows-1252 text decoded (ID 2)', async () => {
    const [entry, ...others] = byDoc(await parse(), '41827593628');
    expect(others).to.have.length(0);
    // keyed on the document: the ID is renumbered between editions
    expect(entry?.entry_id).to.equal(derivedEntryId('br_trabalho_escravo', 'doc:41827593628'));
    expect(entry?.schema).to.equal('person');
    expect(entry?.names).to.deep.equal([{ name: 'JOSÉ CARLOS DA SILVA PEREIRA', kind: 'primary' }]);
    expect(entry?.documents).to.deep.equal([{ type: 'cpf', value: '41827593628', masked: false, country: 'BR' }]);
    expect(entry?.countries).to.deep.equal(['BR']);
    expect(entry?.sanctions).to.deep.equal([{ ...MTE, start_date: '2025-04-09', end_date: null }]);
    expect(entry?.listed_on).to.equal('2025-04-09');
    expect(entry?.remarks).to.equal(
      'ação fiscal: 2023/MG; estabelecimento: FAZENDA SANTA LUZIA, ZONA RURAL, JANUÁRIA/MG; trabalhadores envolvidos: 7; CNAE: 0151-2/02; decisão administrativa de procedência: 25/10/2024; inclusão: 09/04/2025',
    );
  });

  it('splits an inclusion in several periods (removed by an injunction, included again: ID 5, ID 10)', async () => {
    const parsed = await parse();
    expect(byDoc(parsed, '55264091390')[0]?.sanctions).to.deep.equal([
      { ...MTE, start_date: '2024-04-05', end_date: '2024-05-10' },
      { ...MTE, start_date: '2025-04-09', end_date: null },
    ]);
    const moda = byName(parsed, 'MODA & ESTILO CONFECÇÕES, COMÉRCIO E SERVIÇOS LTDA');
    expect(moda.sanctions.map((s) => [s.start_date, s.end_date])).to.deep.equal([
      ['2025-10-06', '2026-02-05'],
      ['2026-08-19', null],
    ]);
    expect(moda.listed_on).to.equal('2025-10-06');
  });

  it('merges two establishments of one CNPJ, whatever the accents of the name (IDs 3-4)', async () => {
    const [entry, ...others] = byDoc(await parse(), '27864519000174');
    expect(others).to.have.length(0);
    expect(entry?.schema).to.equal('company');
    expect(entry?.names).to.have.length(1);
    expect(entry?.sanctions).to.have.length(1);
    expect(entry?.remarks?.split('\n')).to.have.length(2);
  });

  it("names a one-person firm's owner: MEI CNPJ root and razão social ending in a CPF (IDs 1, 13)", async () => {
    const parsed = await parse();
    expect(byDoc(parsed, '27111222000138')[0]?.names).to.deep.equal([
      { name: '27.111.222 JOSÉ CARLOS DA SILVA PEREIRA', kind: 'primary' },
      { name: 'JOSÉ CARLOS DA SILVA PEREIRA', kind: 'alias' },
    ]);
    const [nakamura] = byDoc(parsed, '38321065000101');
    expect(nakamura?.schema).to.equal('company');
    expect(nakamura?.names.map((n) => n.name)).to.deep.equal(['ROBERTO KENJI NAKAMURA 41852963042', 'ROBERTO KENJI NAKAMURA']);
    expect(nakamura?.documents).to.deep.equal([
      { type: 'cnpj', value: '38321065000101', masked: false, country: 'BR' },
      { type: 'cpf', value: '41852963042', masked: false, country: 'BR' },
    ]);
  });

  it('reads cp1252 quotes and dashes, doubled quotes, blank cells and double spaces (IDs 7, 8, 9, 12, 14)', async () => {
    const parsed = await parse();
    expect(byDoc(parsed, '44512087000151')[0]?.remarks).to.include('FAZENDA BOA ESPERANÇA – GLEBA 3');
    expect(byName(parsed, 'JOÃO PEDRO D’AVILA').remarks).to.include('PEDREIRA D’ÁGUA');
    expect(byName(parsed, 'FRANCISCO XAVIER DE ASSIS').remarks).to.equal('trabalhadores envolvidos: 2; inclusão: 10/04/2026');
    expect(byName(parsed, 'JOSIEL MENDES DE SOUSA').remarks).to.include('estabelecimento: EMBARCAÇÃO "ESTRELA DO NORTE", ATRACADA');
    expect(byDoc(parsed, '68449073000107')[0]?.remarks).to.include('AV. LUZITANA, 701, PQ. RIBEIRÃO PRETO');
  });

  it('finds the header under the legacy banner, ends at the footnotes, dates the file by its banner', async () => {
    const legacy = await importer.parse([sample('cadastro_de_empregadores.legacy-banner.csv')]);
    expect(legacy.entries).to.deep.equal((await parse()).entries);
    expect(legacy.skipped).to.equal(0);
    expect(legacy.published_at).to.equal('2026-11-20');
  });

  it('skips and counts an unreadable row between records; strips footnote marks from names', async () => {
    const parsed = await importer.parse([
      edited(sample('cadastro_de_empregadores.csv'), (t) =>
        t.replace('\r\n3;', '\r\nlinha quebrada sem separadores\r\n3;').replace('MARIA HELENA COSTA;', 'MARIA HELENA COSTA (*1);'),
      ),
    ]);
    expect(parsed.entries).to.have.length(13);
    expect(parsed.skipped).to.equal(1);
    expect(byDoc(parsed, '64287015371')[0]?.names).to.deep.equal([{ name: 'MARIA HELENA COSTA', kind: 'primary' }]);
  });

  it('refuses a file without the header line with ListFileError', async () => {
    await rejects(importer, [edited(sample('cadastro_de_empregadores.csv'), (t) => t.replace(/^ID;/, 'NUM;'))], /no header line/);
    await rejects(importer, [sample('ceis.csv')], /no header line/);
  });

  itBehavesLikeABrazilianImporter({
    importer,
    sample: 'cadastro_de_empregadores.csv',
    change: { edit: (t) => t.replace(';12;0151-2/01;', ';13;0151-2/01;'), entry: 'ANTÔNIO FERREIRA LIMA' },
  });
});
