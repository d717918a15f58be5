import { expect } from 'chai';
import { CC4001_INCISOS, CC4001_ITEMS, OTHER_REASON, cc4001Citation, cc4001Item, isReasonCode } from '../../../src/domain/siscoaf/cc4001.js';
import { SISCOAF_ERRORS, siscoafErrorDescription } from '../../../src/domain/siscoaf/errors.js';

describe('Carta Circular 4.001 reason codes', () => {
  it('holds the 151 items of v2 and the 7 gold items of IN BCB 461/2024', () => {
    const v2 = CC4001_ITEMS.filter((item) => item.inciso !== 'XVIII');
    expect(v2).to.have.length(151);
    expect(CC4001_ITEMS.filter((item) => item.inciso === 'XVIII').map((item) => item.alinea)).to.deep.equal(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(CC4001_ITEMS).to.have.length(158);
    expect(new Set(CC4001_ITEMS.map((item) => item.code)).size).to.equal(158);
  });

  it('counts the alíneas of each inciso as the Carta Circular does', () => {
    const counts = Object.fromEntries(CC4001_INCISOS.map(({ inciso }) => [inciso, CC4001_ITEMS.filter((item) => item.inciso === inciso).length]));
    expect(counts).to.deep.equal({
      I: 14, II: 9, III: 14, IV: 31, V: 5, VI: 8, VII: 4, VIII: 9, IX: 8, X: 16, XI: 6, XII: 8, XIII: 4, XIV: 4, XV: 4, XVI: 4, XVII: 3, XVIII: 7,
    });
  });

  it('keeps the text and heading verbatim', () => {
    const item = cc4001Item('CC4001-IV.e')!;
    expect(item.text).to.equal('movimentação de quantia significativa por meio de conta até então pouco movimentada ou de conta que acolha depósito inusitado;');
    expect(item.heading).to.equal(
      'IV - situações relacionadas com a movimentação de contas de depósito e de contas de pagamento em moeda nacional, que digam respeito a',
    );
    expect(cc4001Item('CC4001-IV.aa')!.text).to.match(/^operações atípicas em contas de clientes/);
    expect(cc4001Item('CC4001-XVII.c')!.text).to.equal('operação atípica em municípios localizados em outras regiões de risco.');
    expect(cc4001Item('CC4001-XVIII.g')!.note).to.be.a('string');
  });

  it('recognises listed codes only; "outra situação" is separate', () => {
    expect(isReasonCode('CC4001-I.a')).to.equal(true);
    expect(isReasonCode('CC4001-IV.ae')).to.equal(true);
    expect(isReasonCode('CC4001-IV.af')).to.equal(false);
    expect(isReasonCode('CC4001-XIX.a')).to.equal(false);
    expect(isReasonCode('cc4001-i.a')).to.equal(false);
    expect(isReasonCode(OTHER_REASON)).to.equal(false);
    expect(OTHER_REASON).to.equal('outra_situacao');
    expect(cc4001Citation('CC4001-IV.e')).to.equal('Carta Circular BCB 4.001, art. 1º, IV, "e"');
  });
});

describe('Siscoaf error table', () => {
  it('describes the codes of the manual in pt-BR', () => {
    expect(SISCOAF_ERRORS.get(41)).to.equal('CNPJ Comunicante inválido');
    expect(SISCOAF_ERRORS.get(74)).to.equal('Faltando TAG CODENQ');
    expect(siscoafErrorDescription(515, '100')).to.equal('Não é permitido palavras com mais de 100 caracteres');
    expect(siscoafErrorDescription(9999)).to.match(/9999/);
    for (const code of [...range(1, 96), 98, 99, 100, 106, ...range(500, 521)]) expect(SISCOAF_ERRORS.has(code), `code ${code}`).to.equal(true);
  });
});

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
