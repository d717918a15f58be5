import { expect } from 'chai';
import { brCeafImporter } from '../../../src/adapters/lists/importers/br_ceaf.js';
import { brCeisImporter } from '../../../src/adapters/lists/importers/br_ceis.js';
import { brCepimImporter } from '../../../src/adapters/lists/importers/br_cepim.js';
import { brCnepImporter } from '../../../src/adapters/lists/importers/br_cnep.js';
import { fold } from '../../../src/adapters/lists/importers/br-common.js';
import { ListFileError, type ListFile, type ListImporter } from '../../../src/adapters/lists/importers/port.js';
import type { ListEntry } from '../../../src/domain/screening/entry.js';
import { listFixture } from '../../helpers/list-fixtures.js';
import { sample } from './br-support.js';

/** The JSON a Portal da Transparência pass writes (`<endpoint>-api.json`), read by the CGU importers (LAYOUTS-BR-2.md 1.1-1.4). */
const api = (endpoint: string, name = `${endpoint}-api.json`): ListFile => ({ name, data: listFixture(`br2/pt_api_${endpoint}.json`) });

/** The entry holding the sanction or convênio whose remark starts with `marker`. */
const withRemark = (entries: readonly ListEntry[], marker: string): ListEntry => {
  const found = entries.filter((e) => (e.remarks ?? '').split('\n').some((r) => r.startsWith(marker)));
  expect(found, marker).to.have.length(1);
  return found[0]!;
};
const folded = (entry: ListEntry) => new Set(entry.names.map((n) => fold(n.name)));

describe('br_* importers: the Portal da Transparência API JSON', () => {
  it('CEIS: 8 records, names as informed and as in the Receita, CNPJ in full, CPF masked, "Sem informação" dates null', async () => {
    const parsed = await brCeisImporter.parse([api('ceis')]);
    expect(parsed.entries).to.have.length(8);
    expect(parsed.skipped).to.equal(0);
    expect(parsed.published_at).to.equal('2026-11-20');
    const nogueira = withRemark(parsed.entries, 'CEIS 127038');
    expect(nogueira.schema).to.equal('company');
    expect(nogueira.names.map((n) => n.name)).to.deep.equal(['CONSTRUTORA NOGUEIRA FRANCO LTDA', 'CONSTRUTORA NOGUEIRA FRANCO EIRELI']);
    expect(nogueira.documents).to.deep.equal([{ type: 'cnpj', value: '24250237000199', masked: false, country: 'BR' }]);
    expect(nogueira.sanctions[0]).to.include({
      program: 'CEIS',
      authority: 'Universidade Federal Rural do Rio de Janeiro',
      category: 'Impedimento/proibição de contratar com prazo determinado',
      start_date: '2021-10-19',
      end_date: '2026-10-19',
    });
    expect(nogueira.sanctions[0]!.legal_basis).to.match(/^LEI 10520 - ART\. 7º/);
    const indefinite = withRemark(parsed.entries, 'CEIS 101529');
    expect(indefinite.sanctions[0]!.end_date).to.equal(null);
    const person = withRemark(parsed.entries, 'CEIS 412877');
    expect(person.schema).to.equal('person');
    expect(person.documents).to.deep.equal([{ type: 'cpf', value: '***275936**', masked: true, country: 'BR' }]);
    // the informed name and the Receita's unaccented one are one name folded
    expect(person.names.map((n) => n.name)).to.deep.equal(['JOSE CARLOS DA SILVA PEREIRA']);
    const unpublished = withRemark(parsed.entries, 'CEIS 362411');
    expect(unpublished.remarks).not.to.match(/Sem informa/i);
  });

  it('CNEP: the fine `1.234.567,89` kept as the CSV writes it, the four real Santa Casa sanctions on one entry', async () => {
    const parsed = await brCnepImporter.parse([api('cnep')]);
    expect(parsed.entries).to.have.length(3);
    expect(withRemark(parsed.entries, 'CNEP 391204').remarks).to.include('CNEP 391204: multa (R$): 1234567,89;');
    const santaCasa = withRemark(parsed.entries, 'CNEP 338743');
    expect(santaCasa.documents[0]).to.include({ type: 'cnpj', value: '53524534000183' });
    expect(santaCasa.sanctions.length).to.be.at.least(2);
    expect(santaCasa.sanctions.every((s) => s.end_date === null && s.program === 'CNEP')).to.equal(true);
  });

  it('CEPIM: one sanction per convênio by the granting organ for its reason, an empty convênio read', async () => {
    const parsed = await brCepimImporter.parse([api('cepim')]);
    const c2 = withRemark(parsed.entries, 'CEPIM convênio 039516');
    expect(c2.documents).to.deep.equal([{ type: 'cnpj', value: '09173625000120', masked: false, country: 'BR' }]);
    expect(c2.sanctions.map((s) => s.authority)).to.include('Ministério da Saúde - Unidades com vínculo direto');
    expect(c2.sanctions.every((s) => s.start_date === null && s.program === 'CEPIM')).to.equal(true);
    expect(parsed.skipped).to.equal(0);
  });

  it('CEAF: the punished servant with the masked CPF, the punishment, the organ of lotação, `null` UF read', async () => {
    const parsed = await brCeafImporter.parse([api('ceaf')]);
    expect(parsed.entries).to.have.length(5);
    const p1 = withRemark(parsed.entries, 'CEAF 281904');
    expect(p1.documents).to.deep.equal([{ type: 'cpf', value: '***275936**', masked: true, country: 'BR' }]);
    expect(p1.sanctions[0]).to.include({ program: 'CEAF', category: 'Demissão', authority: 'Secretaria Especial da Receita Federal do Brasil', start_date: '2023-05-15', end_date: null });
    expect(p1.remarks).to.include('detalhamento: Seção 2, página 41');
    expect(p1.remarks).not.to.include('função ou cargo de confiança');
  });

  it('is recognised by its content too (a JSON array under another name), and refused when named for another endpoint', async () => {
    expect((await brCeisImporter.parse([api('ceis', 'export.json')])).entries).to.have.length(8);
    for (const [importer, file] of [
      [brCeisImporter, api('cnep')],
      [brCepimImporter, api('ceis')],
    ] as const) {
      try {
        await (importer as ListImporter).parse([file]);
        expect.fail('accepted');
      } catch (error) {
        expect(error).to.be.instanceOf(ListFileError);
        expect((error as Error).message).to.include('endpoint');
      }
    }
  });

  it('a truncated or non-array JSON file is unreadable', async () => {
    const data = listFixture('br2/pt_api_ceis.json');
    for (const file of [
      { name: 'ceis-api.json', data: data.subarray(0, data.length >> 1) },
      { name: 'ceis-api.json', data: Buffer.from('{"Erro na API":"Chave de API inválida!"}') },
    ]) {
      try {
        await brCeisImporter.parse([file]);
        expect.fail('accepted');
      } catch (error) {
        expect(error).to.be.instanceOf(ListFileError);
      }
    }
  });

  describe('agrees with the download CSV on the records both hold (same ids on purpose)', () => {
    const both = async (importer: ListImporter, csv: string, endpoint: string, code: string) => {
      const fromCsv = withRemark((await importer.parse([sample(csv)])).entries, code);
      const fromApi = withRemark((await importer.parse([api(endpoint)])).entries, code);
      return { csv: fromCsv, api: fromApi };
    };
    const sanctionOf = (entry: ListEntry, code: string) => {
      expect(entry.sanctions, code).to.have.length(1);
      return entry.sanctions[0]!;
    };

    it('CEIS 451003 (a company): names, CNPJ, sanction, listed on, remarks', async () => {
      const { csv, api: json } = await both(brCeisImporter, 'ceis.csv', 'ceis', 'CEIS 451003');
      expect(json.documents).to.deep.equal(csv.documents);
      expect(folded(json)).to.deep.equal(folded(csv));
      expect(json.schema).to.equal(csv.schema);
      expect(sanctionOf(json, '451003')).to.deep.equal(sanctionOf(csv, '451003'));
      expect(json.listed_on).to.equal(csv.listed_on);
      expect(json.remarks).to.equal(csv.remarks);
    });

    it('CEIS 405190 (a person): names, the CSV full CPF masked the API way, dates, organ, category', async () => {
      const { csv, api: json } = await both(brCeisImporter, 'ceis.csv', 'ceis', 'CEIS 405190');
      expect(folded(json)).to.deep.equal(folded(csv));
      expect(json.documents[0]!.value).to.equal(`***${csv.documents[0]!.value.slice(3, 9)}**`);
      const [a, b] = [sanctionOf(json, '405190'), sanctionOf(csv, '405190')];
      expect({ ...a, legal_basis: null }).to.deep.equal({ ...b, legal_basis: null });
      expect(json.listed_on).to.equal(csv.listed_on);
    });

    it('CNEP 391204: the fine, the sanction and the dates', async () => {
      const { csv, api: json } = await both(brCnepImporter, 'cnep.csv', 'cnep', 'CNEP 391204');
      expect(json.documents).to.deep.equal(csv.documents);
      expect(folded(json)).to.deep.equal(folded(csv));
      // the CSV has a second CNEP sanction of the same company (391205), not in the API sample
      const sanction = sanctionOf(json, '391204');
      expect(csv.sanctions).to.deep.include(sanction);
      expect(json.remarks).to.include('multa (R$): 1234567,89');
      expect(csv.remarks).to.include('multa (R$): 1234567,89');
    });

    it('CEAF 281904 and 276533: masked CPF, name, punishment, start, legal basis', async () => {
      for (const code of ['CEAF 281904', 'CEAF 276533']) {
        const { csv, api: json } = await both(brCeafImporter, 'ceaf.csv', 'ceaf', code);
        expect(json.entry_id, code).to.equal(csv.entry_id);
        expect(json.documents).to.deep.equal(csv.documents);
        expect(folded(json)).to.deep.equal(folded(csv));
        const [a, b] = [sanctionOf(json, code), sanctionOf(csv, code)];
        expect({ ...a, authority: null }).to.deep.equal({ ...b, authority: null });
      }
    });

    it('CEPIM 039516: the CNPJ, the name, the organ and the reason', async () => {
      const { csv, api: json } = await both(brCepimImporter, 'cepim.csv', 'cepim', 'CEPIM convênio 039516');
      expect(json.entry_id).to.equal(csv.entry_id);
      expect(json.documents).to.deep.equal(csv.documents);
      expect(folded(json)).to.deep.equal(folded(csv));
    });
  });
});
