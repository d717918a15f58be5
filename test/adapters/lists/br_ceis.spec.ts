import { expect } from 'chai';
import iconv from 'iconv-lite';
import { brCeisImporter } from '../../../src/adapters/lists/importers/br_ceis.js';
import { derivedEntryId } from '../../../src/adapters/lists/importers/port.js';
import { byDoc, byName, edited, itBehavesLikeABrazilianImporter, rejects, sample } from './br-support.js';

const parse = () => brCeisImporter.parse([sample('ceis.csv')]);

describe('br_ceis importer (CGU CEIS)', () => {
  it('reads the 12 sample rows as 11 entries: the two codes of one identical sanction merge', async () => {
    const parsed = await parse();
    expect(parsed.entries).to.have.length(11);
    expect(parsed.skipped).to.equal(0);
    expect(parsed.entries.every((e) => e.list_id === 'br_ceis')).to.equal(true);
  });

  it('maps a natural person with a full CPF field by field (P1, code 412877)', async () => {
    const entry = byName(await parse(), 'JOSÉ CARLOS DA SILVA PEREIRA');
    expect(entry.entry_id).to.equal(derivedEntryId('br_ceis', 'doc:41827593628'));
    expect(entry.schema).to.equal('person');
    expect(entry.names).to.deep.equal([{ name: 'JOSÉ CARLOS DA SILVA PEREIRA', kind: 'primary' }]);
    expect(entry.documents).to.deep.equal([{ type: 'cpf', value: '41827593628', masked: false, country: 'BR' }]);
    expect(entry.birth_dates).to.deep.equal([]);
    expect(entry.countries).to.deep.equal(['BR']);
    expect(entry.sanctions).to.have.length(1);
    const [sanction] = entry.sanctions;
    expect(sanction).to.include({
      program: 'CEIS',
      authority: 'Tribunal de Justiça do Estado de São Paulo / 1º Grau - TJSP / FORO CENTRAL / 5ª VARA DA FAZENDA PÚBLICA',
      category: 'Impedimento/proibição de contratar com prazo determinado',
      start_date: '2021-03-15',
      end_date: '2029-03-15',
    });
    expect(sanction?.legal_basis).to.match(/^LEI 8429 - ART\. 12 - .* PELO PRAZO NÃO SUPERIOR A 14 \(CATORZE\) ANOS\.$/);
    // DATA ORIGEM INFORMAÇÃO: the day it entered the register
    expect(entry.listed_on).to.equal('2021-06-10');
    expect(entry.remarks).to.equal(
      'CEIS 412877: processo: 00012345620198260100; UF do órgão: SP; esfera: ESTADUAL; trânsito em julgado: 15/03/2021; origem: Conselho Nacional de Justiça (CNJ-DF)',
    );
    expect(entry.content_hash).to.match(/^[0-9a-f]{64}$/);
  });

  it("keeps the organ's spelling and the Receita's names as aliases, 'Sem Informação' as nothing (C1, 451003)", async () => {
    const [entry, ...others] = byDoc(await parse(), '27864519000174');
    expect(others).to.have.length(0);
    expect(entry?.schema).to.equal('company');
    // RAZÃO SOCIAL `CONSTRUTORA AGUA BRANCA LTDA` is the primary name without its accent: not repeated
    expect(entry?.names).to.deep.equal([
      { name: 'CONSTRUTORA ÁGUA BRANCA LTDA', kind: 'primary' },
      { name: 'CONSTRUTORA ÁGUA BRANCA LTDA - EPP', kind: 'alias' },
      { name: 'AGUA BRANCA ENGENHARIA', kind: 'alias' },
    ]);
    expect(entry?.documents).to.deep.equal([{ type: 'cnpj', value: '27864519000174', masked: false, country: 'BR' }]);
    expect(entry?.sanctions[0]).to.include({ category: 'Suspensão', start_date: '2024-05-02', end_date: '2026-05-01' });
    expect(entry?.remarks).to.include('abrangência: Na Esfera e no Poder do órgão sancionador');
    // ";" inside the quoted OBSERVAÇÕES stays in the field
    expect(entry?.remarks).to.include('observações: Contrato rescindido; multa aplicada');
  });

  it('keeps a branch CNPJ (0002) as its own entry (468220)', async () => {
    const [branch] = byDoc(await parse(), '27864519000255');
    expect(branch?.names[0]).to.deep.equal({ name: 'CONSTRUTORA ÁGUA BRANCA LTDA', kind: 'primary' });
    expect(branch?.sanctions[0]?.start_date).to.equal('2025-01-10');
  });

  it('takes the name from the Receita register when NOME DO SANCIONADO holds a CNPJ (447305)', async () => {
    const [entry] = byDoc(await parse(), '37261489000165');
    expect(entry?.names).to.deep.equal([
      { name: 'TERRA NOVA EDITORA E GRAFICA LTDA', kind: 'primary' },
      { name: 'TERRA NOVA GRAFICA', kind: 'alias' },
    ]);
  });

  it('merges identical rows under two codes: one sanction, both codes in the remarks (462118/462119)', async () => {
    const entry = byName(await parse(), 'CONSTRUTORA LITORAL NORTE LTDA');
    expect(entry.sanctions).to.have.length(1);
    expect(entry.remarks?.split('\n').map((l) => l.split(':')[0])).to.deep.equal(['CEIS 462118', 'CEIS 462119']);
  });

  it('keeps a 9-digit document of an empty TIPO DE PESSOA as other, with no country (439954)', async () => {
    const entry = byName(await parse(), 'HANSEATIC MARINE SUPPLY GMBH');
    expect(entry.schema).to.equal('other');
    expect(entry.documents).to.deep.equal([{ type: 'other', value: '000458912', masked: false, country: null }]);
    expect(entry.countries).to.deep.equal([]);
  });

  it('keeps "com prazo" without an end date open, doubled quotes and commas in fields (433781, 459912)', async () => {
    const parsed = await parse();
    const rossi = byName(parsed, 'GIUSEPPE ROSSI IMPORTAÇÃO E EXPORTAÇÃO LTDA');
    expect(rossi.sanctions[0]).to.include({ category: 'Declaração de Inidoneidade com prazo determinado', start_date: '2023-07-14', end_date: null });
    expect(rossi.remarks).to.include('observações: Categoria "com prazo determinado" publicada sem data final.');
    expect(rossi.names.map((n) => n.name)).to.deep.equal(['GIUSEPPE ROSSI IMPORTAÇÃO E EXPORTAÇÃO LTDA', 'ROSSI IMPORTS']);
    expect(byName(parsed, 'MX SERVIÇOS, LOCAÇÃO E COMÉRCIO LTDA').documents[0]?.value).to.equal('19045632000108');
  });

  it('keeps a full CPF with wrong check digits as an other document, never as a cpf', async () => {
    const parsed = await brCeisImporter.parse([edited(sample('ceis.csv'), (t) => t.replace('"41827593628"', '"41827593629"'))]);
    const entry = byName(parsed, 'JOSÉ CARLOS DA SILVA PEREIRA');
    expect(entry.documents).to.deep.equal([{ type: 'other', value: '41827593629', masked: false, country: null }]);
    // TIPO DE PESSOA still says who it is
    expect(entry.schema).to.equal('person');
  });

  it('reads the same entries from a UTF-8 copy with BOM, LF line ends, blank lines and trailing separators', async () => {
    const text = iconv.decode(sample('ceis.csv').data, 'win1252');
    const tolerant = `\uFEFF${text.split('\r\n').map((line) => (line ? `${line};` : line)).join('\n\n')}`;
    const parsed = await brCeisImporter.parse([{ name: 'ceis.csv', data: Buffer.from(tolerant, 'utf8') }]);
    expect(parsed.entries).to.deep.equal((await parse()).entries);
    expect(parsed.skipped).to.equal(0);
    const headerOnly = await brCeisImporter.parse([edited(sample('ceis.csv'), (t) => t.replace('"OBSERVAÇÕES"\r\n', '"OBSERVAÇÕES";\r\n'))]);
    expect(headerOnly.entries).to.deep.equal((await parse()).entries);
  });

  it('skips and counts a row it cannot read (too few cells, no name) and keeps the others', async () => {
    const text = iconv.decode(sample('ceis.csv').data, 'win1252');
    const broken = `${text}"CEIS";"999001";"F";"12345678909"\r\n"CEIS";"999002";"J";"11222333000181";"";"";"";"";"";"Suspensão";"";"";"";"";"";"";"";"X";"";"";"";"";"";""\r\n`;
    const parsed = await brCeisImporter.parse([{ name: 'ceis.csv', data: iconv.encode(broken, 'win1252') }]);
    expect(parsed.entries).to.have.length(11);
    expect(parsed.skipped).to.equal(2);
  });

  it('refuses a truncated file (a quote left open) and a CNEP or CEAF file with ListFileError', async () => {
    const data = sample('ceis.csv').data;
    await rejects(brCeisImporter, [{ name: 'ceis.csv', data: data.subarray(0, data.length - 40) }], /truncated/);
    await rejects(brCeisImporter, [sample('cnep.csv')], /another register/);
    await rejects(brCeisImporter, [sample('ceaf.csv')], /lacks the column\(s\) NOME INFORMADO PELO ÓRGÃO SANCIONADOR/);
    await rejects(brCeisImporter, [sample('ceis.csv'), sample('cnep.csv')], /expected one CSV file/);
  });

  itBehavesLikeABrazilianImporter({
    importer: brCeisImporter,
    sample: 'ceis.csv',
    change: { edit: (t) => t.replace('"11/11/2031"', '"11/11/2032"'), entry: 'ANTÔNIO FERREIRA LIMA' },
    zip: { name: '20261120_CEIS.zip', published_at: '2026-11-20' },
  });
});
