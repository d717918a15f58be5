import { expect } from 'chai';
import iconv from 'iconv-lite';
import { brasiliaDay, deliberation } from '../../../src/adapters/lists/importers/br-tcu.js';
import { brTcuInabilitadosImporter } from '../../../src/adapters/lists/importers/br_tcu_inabilitados.js';
import { brTcuInidoneosImporter } from '../../../src/adapters/lists/importers/br_tcu_inidoneos.js';
import { derivedEntryId, type ListFile } from '../../../src/adapters/lists/importers/port.js';
import { listFixture } from '../../helpers/list-fixtures.js';
import { byDoc, byName, rejects } from './br-support.js';

const br2 = (name: string): ListFile => ({ name, data: listFixture(`br2/${name}`) });
const text = (name: string, body: string): ListFile => ({ name, data: Buffer.from(body, 'utf8') });

describe('br_tcu_inidoneos importer (TCU, licitantes inidôneos)', () => {
  it('reads the real page of the new platform (paging envelope): 10 rows, 10 companies with their CNPJ in full', async () => {
    const parsed = await brTcuInidoneosImporter.parse([br2('tcu_certidoes_inidoneos_pagina1.json')]);
    expect(parsed.entries).to.have.length(10);
    expect(parsed.skipped).to.equal(0);
    const entry = byName(parsed, 'A. P. B. J. CONSTRUCOES E SERVICOS LTDA');
    expect(entry.list_id).to.equal('br_tcu_inidoneos');
    expect(entry.entry_id).to.equal(derivedEntryId('br_tcu_inidoneos', 'doc:07405573000144'));
    expect(entry.schema).to.equal('company');
    expect(entry.documents).to.deep.equal([{ type: 'cnpj', value: '07405573000144', masked: false, country: 'BR' }]);
    expect(entry.sanctions).to.deep.equal([
      {
        program: 'TCU',
        authority: 'Tribunal de Contas da União',
        category: 'Declaração de inidoneidade para licitar com a Administração Pública Federal (Acórdão 2099/2015-PL)',
        start_date: '2021-09-30',
        end_date: '2026-09-30',
        legal_basis: 'Lei 8.443/1992, art. 46',
      },
    ]);
    expect(entry.listed_on).to.equal('2021-09-30');
    expect(entry.remarks).to.equal(
      'TCU processo 007.720/2012-2: acórdão: 2099/2015-PL; data do acórdão: 19/08/2015; trânsito em julgado: 30/09/2021; fim da sanção: 30/09/2026; UF: CE; município: JUAZEIRO DO NORTE; ' +
        'deliberações: https://contas.tcu.gov.br/pesquisaJurisprudencia/#/resultado/acordao-completo/00772020122.PROC; acompanhamento: https://conecta-tcu.apps.tcu.gov.br/tvp/48116934',
    );
  });

  it('reads the plain JSON array (the default fetch) as the envelope gives it', async () => {
    const envelope = JSON.parse(listFixture('br2/tcu_certidoes_inidoneos_pagina1.json').toString('utf8')) as { elementos: unknown[] };
    const fromArray = await brTcuInidoneosImporter.parse([text('responsaveis-inidoneos', JSON.stringify(envelope.elementos))]);
    const fromEnvelope = await brTcuInidoneosImporter.parse([br2('tcu_certidoes_inidoneos_pagina1.json')]);
    expect(fromArray.entries).to.deep.equal(fromEnvelope.entries);
  });

  it('reads the CSV export (Windows-1252, sep=|, trailing | on the header): 11 rows, 10 parties', async () => {
    const parsed = await brTcuInidoneosImporter.parse([br2('tcu_inidoneos_export.csv')]);
    expect(parsed.entries).to.have.length(10);
    expect(parsed.skipped).to.equal(0);
    // accents of Windows-1252
    expect(byName(parsed, 'ALIANÇA COMUNICAÇÃO E CULTURA LTDA').documents[0]?.value).to.equal('10841500000100');
    // a branch is its own CNPJ
    expect(byDoc(parsed, '11260925000279')).to.have.length(1);
  });

  it('merges the duplicate CNPJ with two processes into one entry with one sanction per process', async () => {
    const parsed = await brTcuInidoneosImporter.parse([br2('tcu_inidoneos_export.csv')]);
    const [entry, ...others] = byDoc(parsed, '06145514000111');
    expect(others).to.have.length(0);
    expect(entry?.sanctions.map((s) => [s.category, s.start_date, s.end_date])).to.deep.equal([
      ['Declaração de inidoneidade para licitar com a Administração Pública Federal (Acórdão 2336/2020-PL)', '2023-03-04', '2027-03-04'],
      ['Declaração de inidoneidade para licitar com a Administração Pública Federal (Acórdão 440/2020-PL)', '2025-05-08', '2030-05-08'],
    ]);
    expect(entry?.remarks?.split('\n').map((r) => r.split(':')[0])).to.deep.equal(['TCU processo 021.160/2016-3', 'TCU processo 017.456/2016-9']);
  });

  it('keeps the foreign company without a document, UF or município by its name alone', async () => {
    const entry = byName(await brTcuInidoneosImporter.parse([br2('tcu_inidoneos_export.csv')]), 'CTU SECURITY LLC');
    expect(entry.documents).to.deep.equal([]);
    expect(entry.countries).to.deep.equal([]);
    expect(entry.schema).to.equal('company');
    expect(entry.entry_id).to.equal(derivedEntryId('br_tcu_inidoneos', 'name:CTU SECURITY LLC'));
  });

  it('reads the legacy ORDS envelope: AC-002180/2023-PL as 2180/2023-PL, UTC instants as Brasília days, its uf DF left out', async () => {
    const parsed = await brTcuInidoneosImporter.parse([br2('tcu_ords_inidoneos.json')]);
    expect(parsed.entries).to.have.length(7);
    const [ords] = byDoc(parsed, '30139983000102');
    const [platform] = byDoc(await brTcuInidoneosImporter.parse([br2('tcu_certidoes_inidoneos_pagina1.json')]), '30139983000102');
    // the same sanction from both services
    expect(ords?.sanctions).to.deep.equal(platform?.sanctions);
    expect(ords?.remarks).to.equal('TCU processo 011.773/2022-7: acórdão: 2180/2023-PL; data do acórdão: 25/10/2023; trânsito em julgado: 01/02/2025; fim da sanção: 01/02/2028');
  });

  it('the same rows in another order give the same entries', async () => {
    const rows = JSON.parse(listFixture('br2/tcu_certidoes_inidoneos_pagina1.json').toString('utf8')).elementos as unknown[];
    const a = await brTcuInidoneosImporter.parse([text('a.json', JSON.stringify(rows))]);
    const b = await brTcuInidoneosImporter.parse([text('b.json', JSON.stringify([...rows].reverse()))]);
    expect(new Set(b.entries.map((e) => e.content_hash))).to.deep.equal(new Set(a.entries.map((e) => e.content_hash)));
  });

  it('refuses a file it cannot read: an HTML (WAF) page, cut JSON, another JSON, an empty array, another CSV', async () => {
    await rejects(brTcuInidoneosImporter, [text('responsaveis-inidoneos', '<!DOCTYPE html><html><body>Request Rejected</body></html>')], /HTML page/);
    await rejects(brTcuInidoneosImporter, [text('x.json', listFixture('br2/tcu_certidoes_inabilitados.json').toString('utf8').slice(0, 500))], /not valid JSON/);
    await rejects(brTcuInidoneosImporter, [text('x.json', '{"value":[]}')], /neither a list/);
    await rejects(brTcuInidoneosImporter, [text('x.json', '[]')], /no row/);
    await rejects(brTcuInidoneosImporter, [text('x.csv', 'CPF_CNPJ;NOME\n123;X')], /lacks the column/);
  });

  it('skips a CSV row of the wrong width and reads the others', async () => {
    const csv = iconv.decode(listFixture('br2/tcu_inidoneos_export.csv'), 'win1252').replace('CTU SECURITY LLC||||', 'CTU SECURITY LLC|||');
    const parsed = await brTcuInidoneosImporter.parse([{ name: 'x.csv', data: iconv.encode(csv, 'win1252') }]);
    expect(parsed.skipped).to.equal(1);
    expect(parsed.entries).to.have.length(9);
  });
});

describe('br_tcu_inabilitados importer (TCU, inabilitados para função pública)', () => {
  it('reads the platform array: 6 persons with the CPF in full, checked', async () => {
    const parsed = await brTcuInabilitadosImporter.parse([br2('tcu_certidoes_inabilitados.json')]);
    expect(parsed.entries).to.have.length(6);
    const entry = byName(parsed, 'JOSÉ CARLOS DA SILVA PEREIRA');
    expect(entry.schema).to.equal('person');
    expect(entry.documents).to.deep.equal([{ type: 'cpf', value: '41827593628', masked: false, country: 'BR' }]);
    expect(entry.sanctions[0]).to.include({ category: 'Inabilitação para cargo em comissão ou função de confiança na Administração Pública Federal (Acórdão 1922/2022-PL)', end_date: '2031-05-20', legal_basis: 'Lei 8.443/1992, art. 60' });
  });

  it('keeps the foreigner with a null CPF and UF as a person by name only', async () => {
    const entry = byName(await brTcuInabilitadosImporter.parse([br2('tcu_certidoes_inabilitados.json')]), 'KLAUS DIETER HAUPTMANN');
    expect(entry.schema).to.equal('person');
    expect(entry.documents).to.deep.equal([]);
    expect(entry.countries).to.deep.equal([]);
    expect(entry.remarks).to.not.include('UF:');
  });

  it('an invalid CPF is no document: the name alone', async () => {
    const body = listFixture('br2/tcu_certidoes_inabilitados.json').toString('utf8').replace('418.275.936-28', '418.275.936-29');
    const entry = byName(await brTcuInabilitadosImporter.parse([text('x.json', body)]), 'JOSÉ CARLOS DA SILVA PEREIRA');
    expect(entry.documents).to.deep.equal([]);
  });

  it('reads the ORDS items: the T02:00:00Z trânsito em julgado is 30/11/2019 in Brasília, as on the new platform', async () => {
    const ords = byName(await brTcuInabilitadosImporter.parse([br2('tcu_ords_inabilitados.json')]), "JOÃO PEDRO D'ÁVILA NETTO");
    const platform = byName(await brTcuInabilitadosImporter.parse([br2('tcu_certidoes_inabilitados.json')]), "JOÃO PEDRO D'ÁVILA NETTO");
    expect(ords.sanctions).to.deep.equal(platform.sanctions);
    expect(ords.sanctions[0]?.start_date).to.equal('2019-11-30');
    expect(ords.documents[0]?.value).to.equal('20891528423');
  });

  it('reads a CSV export with the CPF column', async () => {
    const csv = 'sep=|\nNome|CPF|UF|Município|Processo|Link do processo|Acórdão|Data do acórdão|Link dos acórdãos|Trânsito em julgado|Data final da sanção|\nROBERTO ALVES DE MENEZES|521.482.913-27|RJ|NITEROI|014.402/2020-1|l1|615/2024-PL|27/03/2024|l2|02/09/2024|02/09/2029';
    const parsed = await brTcuInabilitadosImporter.parse([{ name: 'inabilitados.csv', data: iconv.encode(csv, 'win1252') }]);
    expect(parsed.entries[0]?.documents[0]?.value).to.equal('52148291327');
    expect(parsed.entries[0]?.sanctions[0]?.end_date).to.equal('2029-09-02');
  });
});

describe('TCU dates and deliberations', () => {
  it('takes the Brasília day of an ISO instant (local midnights at 03:00Z and, with summer time, 02:00Z)', () => {
    expect(brasiliaDay('2025-02-01T03:00:00Z')).to.equal('2025-02-01');
    expect(brasiliaDay('2015-11-30T02:00:00Z')).to.equal('2015-11-30');
    expect(brasiliaDay('2019-11-30T02:00:00Z')).to.equal('2019-11-30');
    expect(brasiliaDay('2023-10-25T17:30:00Z')).to.equal('2023-10-25');
    expect(brasiliaDay('2023-10-26T01:30:00Z')).to.equal('2023-10-25');
    expect(brasiliaDay('30/11/2019')).to.equal('2019-11-30');
    expect(brasiliaDay('nonsenseT')).to.equal(null);
  });

  it('writes AC-000615/2024-PL as 615/2024-PL and leaves other forms alone', () => {
    expect(deliberation('AC-000615/2024-PL')).to.equal('615/2024-PL');
    expect(deliberation('615/2024-PL')).to.equal('615/2024-PL');
  });
});
