import { expect } from 'chai';
import { brCepimImporter } from '../../../src/adapters/lists/importers/br_cepim.js';
import { derivedEntryId } from '../../../src/adapters/lists/importers/port.js';
import { byDoc, itBehavesLikeABrazilianImporter, rejects, sample } from './br-support.js';

const parse = () => brCepimImporter.parse([sample('cepim.csv')]);

describe('br_cepim importer (CGU CEPIM)', () => {
  it('reads the 8 sample rows (one per convênio) as 5 entities', async () => {
    const parsed = await parse();
    expect(parsed.entries).to.have.length(5);
    expect(parsed.entries.every((e) => e.schema === 'company' && e.countries[0] === 'BR')).to.equal(true);
  });

  it('merges the three convênios of one CNPJ, with no dates at all (C2)', async () => {
    const [entry, ...others] = byDoc(await parse(), '09173625000120');
    expect(others).to.have.length(0);
    expect(entry?.entry_id).to.equal(derivedEntryId('br_cepim', 'doc:09173625000120'));
    expect(entry?.names).to.deep.equal([{ name: 'INSTITUTO SOCIAL CORACAO DE MARIA', kind: 'primary' }]);
    expect(entry?.documents).to.deep.equal([{ type: 'cnpj', value: '09173625000120', masked: false, country: 'BR' }]);
    expect(entry?.sanctions).to.have.length(3);
    expect(entry?.sanctions).to.deep.include({
      program: 'CEPIM',
      authority: 'Ministério da Saúde - Unidades com vínculo direto',
      category: 'INSTAURACAO DE TOMADA DE CONTAS ESPECIAL',
      start_date: null,
      end_date: null,
      legal_basis: null,
    });
    expect(entry?.listed_on).to.equal(null);
    // the convênio number keeps its leading zero, and its pairing with organ and reason
    expect(entry?.remarks?.split('\n')[0]).to.equal(
      'CEPIM convênio 039516: órgão concedente: Ministério da Saúde - Unidades com vínculo direto; motivo: INSTAURACAO DE TOMADA DE CONTAS ESPECIAL',
    );
  });

  it('keeps branch CNPJs of one association as two entries, a comma inside a name', async () => {
    const parsed = await parse();
    expect(byDoc(parsed, '11804562000104')).to.have.length(1);
    expect(byDoc(parsed, '11804562000376')).to.have.length(1);
    expect(byDoc(parsed, '06391847000120')[0]?.names[0]?.name).to.equal('ASSOCIACAO DE PAIS, AMIGOS E EDUCADORES DE SANTA LUZIA');
  });

  it('refuses a CEIS file given as CEPIM with ListFileError', async () => {
    await rejects(brCepimImporter, [sample('ceis.csv')], /lacks the column\(s\) CNPJ ENTIDADE/);
  });

  itBehavesLikeABrazilianImporter({
    importer: brCepimImporter,
    sample: 'cepim.csv',
    change: { edit: (t) => t.replace('"TEVE A PRESTACAO DE CONTAS IMPUGNADA"', '"MOTIVO NÃO ESPECIFICADO"'), entry: 'FUNDACAO CULTURAL VALE DO SAO FRANCISCO' },
    zip: { name: '20261120_CEPIM.zip', published_at: '2026-11-20' },
  });
});
