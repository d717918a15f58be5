import { expect } from 'chai';
import { brCnepImporter } from '../../../src/adapters/lists/importers/br_cnep.js';
import { derivedEntryId } from '../../../src/adapters/lists/importers/port.js';
import { byDoc, byName, itBehavesLikeABrazilianImporter, rejects, sample } from './br-support.js';

const parse = () => brCnepImporter.parse([sample('cnep.csv')]);

describe('br_cnep importer (CGU CNEP)', () => {
  it('reads the 8 sample rows as 6 entries', async () => {
    const parsed = await parse();
    expect(parsed.entries).to.have.length(6);
    expect(parsed.skipped).to.equal(0);
  });

  it('merges the two sanctions of one CNPJ into one entry, the fine in the remarks (C1, 391204/391205)', async () => {
    const [entry, ...others] = byDoc(await parse(), '27864519000174');
    expect(others).to.have.length(0);
    expect(entry?.entry_id).to.equal(derivedEntryId('br_cnep', 'doc:27864519000174'));
    expect(entry?.schema).to.equal('company');
    expect(entry?.names).to.deep.equal([
      { name: 'CONSTRUTORA ÁGUA BRANCA LTDA', kind: 'primary' },
      { name: 'AGUA BRANCA ENGENHARIA', kind: 'alias' },
    ]);
    expect(entry?.sanctions.map((s) => s.category)).to.deep.equal(['Multa', 'Publicação extraordinária da decisão condenatória']);
    const [fine] = entry?.sanctions ?? [];
    expect(fine).to.deep.equal({
      program: 'CNEP',
      authority: 'Controladoria-Geral da União',
      category: 'Multa',
      start_date: '2026-04-14',
      end_date: null,
      // `;;` between two articles inside the quoted field
      legal_basis:
        'LEI 12846 - ART. 6º, I - MULTA, NO VALOR DE 0,1% (UM DÉCIMO POR CENTO) A 20% (VINTE POR CENTO) DO FATURAMENTO BRUTO DO ÚLTIMO EXERCÍCIO ANTERIOR AO DA INSTAURAÇÃO DO PROCESSO ADMINISTRATIVO, EXCLUÍDOS OS TRIBUTOS, A QUAL NUNCA SERÁ INFERIOR À VANTAGEM AUFERIDA, QUANDO FOR POSSÍVEL SUA ESTIMAÇÃO; LEI 12846 - ART. 5º, IV, D - NO TOCANTE A LICITAÇÕES E CONTRATOS: FRAUDAR LICITAÇÃO PÚBLICA OU CONTRATO DELA DECORRENTE',
    });
    expect(entry?.listed_on).to.equal('2026-04-20');
    expect(entry?.remarks?.split('\n')).to.have.length(2);
    expect(entry?.remarks).to.match(/^CNEP 391204: multa \(R\$\): 1234567,89; processo: 00190\.100987\/2025-12;/);
  });

  it('maps a natural person with her full CPF (P2, 384552)', async () => {
    const entry = byName(await parse(), 'MARIA APARECIDA DOS SANTOS OLIVEIRA');
    expect(entry.schema).to.equal('person');
    expect(entry.documents).to.deep.equal([{ type: 'cpf', value: '28173645035', masked: false, country: 'BR' }]);
    expect(entry.sanctions[0]).to.include({ authority: 'CAIXA ECONÔMICA FEDERAL', category: 'Multa', start_date: '2025-03-05', end_date: null });
    expect(entry.remarks).to.include('multa (R$): 15000,00');
  });

  it('keeps a 7-digit document of an empty TIPO DE PESSOA as other (372260), and merges duplicate rows (366001/366002)', async () => {
    const parsed = await parse();
    const nordic = byName(parsed, 'NORDIC OFFSHORE DRILLING AS');
    expect(nordic.schema).to.equal('other');
    expect(nordic.documents).to.deep.equal([{ type: 'other', value: '9876543', masked: false, country: null }]);
    expect(nordic.sanctions[0]?.category).to.equal('Dissolução compulsória da PJ');
    const serra = byName(parsed, 'TRANSPORTES SERRA DOURADA LTDA');
    expect(serra.sanctions).to.have.length(1);
    expect(serra.sanctions[0]).to.include({ start_date: '2024-06-06', end_date: null });
  });

  it('refuses a CEIS file (no VALOR DA MULTA) with ListFileError', async () => {
    await rejects(brCnepImporter, [sample('ceis.csv')], /lacks the column\(s\) VALOR DA MULTA/);
  });

  itBehavesLikeABrazilianImporter({
    importer: brCnepImporter,
    sample: 'cnep.csv',
    change: { edit: (t) => t.replace('"87500,00"', '"97500,00"'), entry: 'AGROPECUÁRIA BOA ESPERANÇA S/A' },
    zip: { name: '20261120_CNEP.zip', published_at: '2026-11-20' },
  });
});
