import { expect } from 'chai';
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

  itBehavesLikeABrazilianImporter({
    importer: brPepImporter,
    sample: 'pep.csv',
    change: { edit: (t) => t.replace('"SUDEMA"', '"SUDEMA-PB"'), entry: 'LÚCIA HELENA BRAGA' },
    // the zip's `202610_PEP.csv` names a month, not a day
    zip: { name: '202610_PEP.zip', published_at: null },
  });
});
