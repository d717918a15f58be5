import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import iconv from 'iconv-lite';
import { brPepImporter } from '../../../src/adapters/lists/importers/br_pep.js';
import { derivedEntryId } from '../../../src/adapters/lists/importers/port.js';
import { withCheckDigits } from '../../../src/domain/values/document.js';
import { byDoc, edited, itBehavesLikeABrazilianImporter, rejects, sample } from './br-support.js';

const parse = () => brPepImporter.parse([sample('pep.csv')]);

describe('br_pep importer (CGU PEP)', () => {
  it('reads the 9 sample rows (one per person and role) as 8 persons', async () => {
    const parsed = await parse();
    expect(parsed.entries).to.have.length(8);
    expect(parsed.entries.every((e) => e.schema === 'person' && e.countries[0] === 'BR')).to.equal(true);
  });

  it('merges the two roles of one person: the dates as PEP items, the roles in the remarks (P2)', async () => {
    const [entry, ...others] = byDoc(await parse(), '***736450**');
    expect(others).to.have.length(0);
    expect(entry?.entry_id).to.equal(derivedEntryId('br_pep', 'doc:***736450**:MARIA APARECIDA DOS SANTOS OLIVEIRA'));
    expect(entry?.names).to.deep.equal([{ name: 'MARIA APARECIDA DOS SANTOS OLIVEIRA', kind: 'primary' }]);
    expect(entry?.documents).to.deep.equal([{ type: 'cpf', value: '***736450**', masked: true, country: 'BR' }]);
    const pep = { program: 'PEP', authority: null, category: null, legal_basis: null };
    expect(entry?.sanctions).to.deep.equal([
      // councillor until 31/01/2023: a PEP until the grace period ends
      { ...pep, start_date: '2017-01-01', end_date: '2028-01-31' },
      // state deputy in office: "Não informada" is no end
      { ...pep, start_date: '2023-02-01', end_date: null },
    ]);
    expect(entry?.listed_on).to.equal('2017-01-01');
    expect(entry?.remarks).to.equal(
      [
        'PEP: VEREADOR; sigla: VEREAD; órgão: MUN. DE ANÁPOLIS-GO; início do exercício: 01/01/2017; fim do exercício: 31/01/2023; fim da carência: 31/01/2028',
        'PEP: DEPUTADO ESTADUAL; sigla: DEP_EST; órgão: ASSEMBLEIA LEGISLATIVA DO ESTADO DE GOIÁS; início do exercício: 01/02/2023; fim do exercício: não informado (em exercício)',
      ].join('\n'),
    );
  });

  it('keeps an exact homonym with other visible digits as another person (P2b), and accents apart from the mask (P1/P1b)', async () => {
    const parsed = await parse();
    const homonym = byDoc(parsed, '***519268**');
    expect(homonym).to.have.length(1);
    expect(homonym[0]?.names[0]?.name).to.equal('MARIA APARECIDA DOS SANTOS OLIVEIRA');
    expect(homonym[0]?.entry_id).not.to.equal(byDoc(parsed, '***736450**')[0]?.entry_id);
    expect(byDoc(parsed, '***275936**')[0]?.names[0]?.name).to.equal('JOSÉ CARLOS DA SILVA PEREIRA');
    expect(byDoc(parsed, '***914582**')[0]?.names[0]?.name).to.equal('JOSE CARLOS DA SILVA PEREIRA');
  });

  it('reads the older header spelled with spaces (NOME, DESCRIÇÃO FUNÇÃO...)', async () => {
    const spacedHeader = (header: string) => header.replace('Nome_PEP', 'NOME').replace(/_/g, ' ').toUpperCase();
    const spaced = edited(sample('pep.csv'), (t) => t.replace(/^[^\r\n]*/, spacedHeader));
    expect((await brPepImporter.parse([spaced])).entries).to.deep.equal((await parse()).entries);
  });

  it('reads a full-size file (70,000 rows) in a few seconds', async function () {
    this.timeout(60_000);
    const rows = ['"CPF";"Nome_PEP";"Sigla_Função";"Descrição_Função";"Nível_Função";"Nome_Órgão";"Data_Início_Exercício";"Data_Fim_Exercício";"Data_Fim_Carência"'];
    for (let i = 0; i < 70_000; i++) {
      // every tenth row is a second role of the person before
      const person = i % 10 === 9 ? i - 1 : i;
      const cpf = withCheckDigits(String(100_000_000 + person * 7919).slice(0, 9));
      rows.push(`"***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**";"PESSOA ${person} DA SILVA";"VEREAD";"VEREADOR";"";"MUN. DE CIDADE ${i % 5570}-SP";"01/01/2021";"31/12/2024";"31/12/2029"`);
    }
    const data = iconv.encode(rows.join('\r\n'), 'win1252');
    const started = performance.now();
    const parsed = await brPepImporter.parse([{ name: '202610_PEP.csv', data }]);
    const seconds = (performance.now() - started) / 1000;
    expect(parsed.entries).to.have.length(63_000);
    expect(parsed.skipped).to.equal(0);
    expect(seconds, `parsed in ${seconds.toFixed(2)} s`).to.be.below(20);
  });

  it('dates a file named with a full day (`YYYYMMDD_PEP.csv`), not one named with a month', async () => {
    const { data } = sample('pep.csv');
    expect((await brPepImporter.parse([{ name: '20261105_PEP.csv', data }])).published_at).to.equal('2026-11-05');
    expect((await brPepImporter.parse([{ name: '202610_PEP.csv', data }])).published_at).to.equal(null);
  });

  it('refuses a file that is not the PEP list with ListFileError', async () => {
    await rejects(brPepImporter, [sample('ceaf.csv')], /lacks the column\(s\) CPF, Nome_PEP, Descrição_Função/);
  });

  it('keeps each office typed in `pep`: role, sigla, organ, exercise and end of grace (P2: one person, two roles)', async () => {
    const [entry] = byDoc(await parse(), '***736450**');
    expect(entry?.pep).to.deep.equal({
      roles: [
        { role: 'VEREADOR', sigla: 'VEREAD', nivel: null, organ: 'MUN. DE ANÁPOLIS-GO', start: '2017-01-01', end_of_office: '2023-01-31', end_of_grace: '2028-01-31' },
        { role: 'DEPUTADO ESTADUAL', sigla: 'DEP_EST', nivel: null, organ: 'ASSEMBLEIA LEGISLATIVA DO ESTADO DE GOIÁS', start: '2023-02-01', end_of_office: null, end_of_grace: null },
      ],
    });
  });

  it('computes the end of grace (end of office + 5 years) when the file leaves the carência empty', async () => {
    const noGrace = edited(sample('pep.csv'), (t) => t.replace('"31/12/2022";"31/12/2027"', '"31/12/2022";"Não informada"'));
    const [entry] = byDoc(await brPepImporter.parse([noGrace]), '***275936**');
    expect(entry?.pep?.roles[0]?.end_of_grace).to.equal('2027-12-31');
    expect(entry?.sanctions[0]?.end_date).to.equal('2027-12-31');
  });

  describe('the Portal da Transparência API file (peps-api.json, PEPDTO)', () => {
    const api = (data: Buffer, name = 'peps-api.json') => brPepImporter.parse([{ name, data }]);
    const fixture = () => readFileSync(new URL('../../fixtures/lists/br2/pt_api_peps.json', import.meta.url));
    const records = () => JSON.parse(fixture().toString('utf8')) as Record<string, unknown>[];

    it('reads the 6 records as 5 persons: P1/P1b homonyms with other masked CPFs are two, P2 in two roles is one', async () => {
      const parsed = await api(fixture());
      expect(parsed.entries).to.have.length(5);
      expect(parsed.skipped).to.equal(0);
      expect(byDoc(parsed, '***275936**')).to.have.length(1);
      expect(byDoc(parsed, '***914582**')).to.have.length(1);
      const [p2, ...more] = byDoc(parsed, '***736450**');
      expect(more).to.have.length(0);
      expect(p2?.pep?.roles.map((r) => [r.sigla, r.end_of_office, r.end_of_grace])).to.deep.equal([
        ['VEREAD', '2023-01-31', '2028-01-31'],
        ['DEP_EST', null, null],
      ]);
    });

    it('gives the same entries as the CSV for the same persons', async () => {
      const fromCsv = await parse();
      const fromApi = await api(fixture());
      for (const entry of fromApi.entries) expect(fromCsv.entries.find((e) => e.entry_id === entry.entry_id)).to.deep.equal(entry);
    });

    it('accepts yyyy-mm-dd, null, "" and "Não informada" dates, and a JSON array under any name', async () => {
      const edited = records().map((r, i) =>
        i === 0 ? { ...r, dt_inicio_exercicio: '2021-01-01', dt_fim_exercicio: '2022-12-31', dt_fim_carencia: null } : i === 2 ? { ...r, dt_fim_exercicio: '', dt_fim_carencia: null } : r,
      );
      const parsed = await api(Buffer.from(JSON.stringify(edited)), 'upload.json');
      const [p1] = byDoc(parsed, '***275936**');
      expect(p1?.pep?.roles[0]).to.include({ start: '2021-01-01', end_of_office: '2022-12-31', end_of_grace: '2027-12-31' });
      const [p2] = byDoc(parsed, '***736450**');
      expect(p2?.pep?.roles.find((r) => r.sigla === 'DEP_EST')).to.include({ end_of_office: null, end_of_grace: null });
    });

    it('skips a record without a name or that is not an object; refuses a truncated file or one that is not an array', async () => {
      const parsed = await api(Buffer.from(JSON.stringify([...records(), { cpf: '***.111.222-**', nome: '' }, 42])));
      expect(parsed.entries).to.have.length(5);
      expect(parsed.skipped).to.equal(2);
      await rejects(brPepImporter, [{ name: 'peps-api.json', data: fixture().subarray(0, 200) }], /not valid JSON/);
      await rejects(brPepImporter, [{ name: 'peps-api.json', data: Buffer.from('{"Erro na API":"Chave de API inválida!"}') }], /not a JSON array/);
    });
  });

  itBehavesLikeABrazilianImporter({
    importer: brPepImporter,
    sample: 'pep.csv',
    change: { edit: (t) => t.replace('"SUDEMA"', '"SUDEMA-PB"'), entry: 'LÚCIA HELENA BRAGA' },
    // the zip's `202610_PEP.csv` names a month, not a day
    zip: { name: '202610_PEP.zip', published_at: null },
  });
});
