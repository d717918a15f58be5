import { expect } from 'chai';
import { brCeafImporter } from '../../../src/adapters/lists/importers/br_ceaf.js';
import { derivedEntryId } from '../../../src/adapters/lists/importers/port.js';
import { byName, edited, itBehavesLikeABrazilianImporter, rejects, sample } from './br-support.js';

const parse = () => brCeafImporter.parse([sample('ceaf.csv')]);

describe('br_ceaf importer (CGU CEAF, expulsions)', () => {
  it('reads the 8 sample rows as 8 persons', async () => {
    const parsed = await parse();
    expect(parsed.entries).to.have.length(8);
    expect(parsed.entries.every((e) => e.schema === 'person')).to.equal(true);
  });

  it('maps an expelled servant with a masked CPF field by field (P1, 281904)', async () => {
    const entry = byName(await parse(), 'JOSÉ CARLOS DA SILVA PEREIRA');
    // a masked CPF is not unique: the entry is the visible digits with the name
    expect(entry.entry_id).to.equal(derivedEntryId('br_ceaf', 'doc:***275936**:JOSE CARLOS DA SILVA PEREIRA'));
    expect(entry.documents).to.deep.equal([{ type: 'cpf', value: '***275936**', masked: true, country: 'BR' }]);
    expect(entry.countries).to.deep.equal(['BR']);
    expect(entry.sanctions).to.deep.equal([
      {
        program: 'CEAF',
        authority: 'Ministério da Fazenda',
        category: 'Demissão',
        start_date: '2023-05-15',
        end_date: null,
        // `;` between articles, written one way
        legal_basis:
          'ESTATUTO - ART. 132, IV - IMPROBIDADE ADMINISTRATIVA; ESTATUTO - ART. 117, IX - VALER-SE DO CARGO PARA LOGRAR PROVEITO PESSOAL OU DE OUTREM, EM DETRIMENTO DA DIGNIDADE DA FUNÇÃO PÚBLICA',
      },
    ]);
    expect(entry.listed_on).to.equal('2023-05-22');
    expect(entry.remarks).to.equal(
      'CEAF 281904: portaria: Portaria nº 1.204, de 12/05/2023; cargo efetivo: AUDITOR-FISCAL DA RECEITA FEDERAL DO BRASIL; órgão de lotação: Secretaria Especial da Receita Federal do Brasil; processo: 10768.000360/2021-05; esfera: FEDERAL; publicação: 15/05/2023; meio: Diário Oficial da União; detalhamento: Seção 2, página 41; origem: Controladoria-Geral da União',
    );
  });

  it('keeps near-identical names with other visible digits apart, the post of confidence in the remarks', async () => {
    const parsed = await parse();
    expect(byName(parsed, 'MARIA APARECIDA DOS SANTOS').documents[0]?.value).to.equal('***845327**');
    expect(byName(parsed, 'MARIA APARECIDA DOS SANTOS OLIVEIRA').sanctions[0]?.category).to.equal('Cassação de aposentadoria');
    const ana = byName(parsed, 'ANA PAULA CAVALCANTI DE ALBUQUERQUE');
    expect(ana.sanctions[0]).to.include({ category: 'Destituição de cargo em comissão', authority: 'Controladoria-Geral da União' });
    expect(ana.remarks).to.include('função ou cargo de confiança: DIRETORA DE PROGRAMA; órgão de lotação: Ministério do Turismo');
    expect(ana.remarks).not.to.include('cargo efetivo');
    expect(byName(parsed, 'CLÁUDIO ROBERTO MÜLLER').remarks).to.include('observações: Servidor respondeu ao PAD em liberdade; decisão "mantida" em recurso hierárquico.');
  });

  it('matches the header whatever the spaces (DETALHAMENTO  DO MEIO with one or two)', async () => {
    const oneSpace = await brCeafImporter.parse([edited(sample('ceaf.csv'), (t) => t.replace('DETALHAMENTO  DO', 'DETALHAMENTO DO'))]);
    expect(oneSpace.entries).to.deep.equal((await parse()).entries);
  });

  it('refuses a CEIS file given as CEAF with ListFileError', async () => {
    await rejects(brCeafImporter, [sample('ceis.csv')], /lacks the column\(s\) CARGO EFETIVO/);
  });

  itBehavesLikeABrazilianImporter({
    importer: brCeafImporter,
    sample: 'ceaf.csv',
    change: { edit: (t) => t.replace('"TÉCNICO DO SEGURO SOCIAL"', '"ANALISTA DO SEGURO SOCIAL"'), entry: 'RAIMUNDO NONATO BEZERRA' },
    zip: { name: '20261120_CEAF.zip', published_at: '2026-11-20' },
  });
});
