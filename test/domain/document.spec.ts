import { expect } from 'chai';
import { isValidCnpj, isValidCpf, maskDocument, normalizeDocument, parseDocument, withCheckDigits } from '../../src/domain/values/document.js';

describe('CPF and CNPJ', () => {
  it('accepts valid CPFs, formatted or not, and refuses bad check digits and lengths', () => {
    for (const cpf of ['00000000191', '000.000.001-91', '52998224725', '529.982.247-25']) expect(isValidCpf(cpf), cpf).to.equal(true);
    for (const cpf of ['00000000192', '5299822472', '529982247250', 'abc00000000191', '']) expect(isValidCpf(cpf), cpf).to.equal(false);
  });

  it('accepts valid CNPJs, formatted or not, and refuses bad check digits', () => {
    for (const cnpj of ['00000001000136', '00.000.001/0001-36', '11222333000181', '11.222.333/0001-81']) expect(isValidCnpj(cnpj), cnpj).to.equal(true);
    for (const cnpj of ['00000001000137', '1122233300018', 'x11222333000181']) expect(isValidCnpj(cnpj), cnpj).to.equal(false);
  });

  it('validates every sandbox fixture document', () => {
    for (const cpf of ['00000000191', '00000000272', '00000000353', '00000000434', '00000000515', '00000000604', '00000000787', '00000000868', '00000000949']) {
      expect(isValidCpf(cpf), cpf).to.equal(true);
    }
    for (const cnpj of ['00000001000136', '00000002000180', '00000003000125', '00000004000170']) expect(isValidCnpj(cnpj), cnpj).to.equal(true);
  });

  it('computes check digits for generated documents', () => {
    expect(withCheckDigits('529982247')).to.equal('52998224725');
    expect(withCheckDigits('112223330001')).to.equal('11222333000181');
  });

  it('parses by type: missing, invalid for the type, or the digits', () => {
    expect(parseDocument('pf', undefined)).to.deep.equal({ problem: 'missing' });
    expect(parseDocument('pf', '11222333000181')).to.deep.equal({ problem: 'invalid' });
    expect(parseDocument('pj', '529.982.247-25')).to.deep.equal({ problem: 'invalid' });
    expect(parseDocument('pf', '529.982.247-25')).to.deep.equal({ doc: '52998224725' });
    expect(parseDocument('pj', 12345)).to.deep.equal({ problem: 'invalid' });
  });

  it('masks documents as the interface shows them', () => {
    expect(maskDocument('52998224725')).to.equal('***982247**');
    expect(maskDocument('11222333000181')).to.equal('**22233300****');
  });
});

/**
 * Alphanumeric CNPJ (IN RFB 2.229/2024). The expected check digits are not taken from the code
 * under test: a reference written the way Receita's note describes it (each character's value
 * from a table, weights 2..9 from the right and around again) computes them here, and Receita's
 * own published example is worked by hand below.
 *
 * 12ABC34501DE: values 1 2 17 18 19 3 4 5 0 1 20 21
 *   DV1: weights 5 4 3 2 9 8 7 6 5 4 3 2 -> 5+8+51+36+171+24+28+30+0+4+60+42 = 459;
 *        459 mod 11 = 8 -> 11-8 = 3
 *   DV2: weights 6 5 4 3 2 9 8 7 6 5 4 3 2 over ...,3 -> 6+10+68+54+38+27+32+35+0+5+80+63+6 = 424;
 *        424 mod 11 = 6 -> 11-6 = 5
 *   so 12.ABC.345/01DE-35.
 */
const LETTER_VALUES = Object.fromEntries([...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, i) => [letter, 17 + i]));
const referenceValue = (char: string): number => ('0123456789'.includes(char) ? '0123456789'.indexOf(char) : LETTER_VALUES[char]!);
function referenceDigit(chars: string): number {
  let sum = 0;
  for (let fromRight = 0; fromRight < chars.length; fromRight++) sum += referenceValue(chars[chars.length - 1 - fromRight]!) * (2 + (fromRight % 8));
  return sum % 11 < 2 ? 0 : 11 - (sum % 11);
}
const referenceCnpj = (base: string): string => {
  const first = `${base}${referenceDigit(base)}`;
  return `${first}${referenceDigit(first)}`;
};

describe('alphanumeric CNPJ', () => {
  it("Receita's published example 12.ABC.345/01DE-35 is valid; the reference agrees with the hand-worked digits", () => {
    expect(referenceCnpj('12ABC34501DE')).to.equal('12ABC34501DE35');
    expect(referenceCnpj('112223330001')).to.equal('11222333000181');
    expect(isValidCnpj('12.ABC.345/01DE-35')).to.equal(true);
    expect(isValidCnpj('12ABC34501DE35')).to.equal(true);
  });

  it('computes the check digits of alphanumeric bases as the reference does', () => {
    for (const base of ['12ABC34501DE', 'A1B2C3D4E5F6', 'ZZZZZZZZZZZZ', 'AAAAAAAAAAAA', '00000000000A', 'Q9W8E7R60001', 'KYC0AML00001']) {
      const expected = referenceCnpj(base);
      expect(withCheckDigits(base), base).to.equal(expected);
      expect(withCheckDigits(base.toLowerCase()), base).to.equal(expected);
      expect(isValidCnpj(expected), expected).to.equal(true);
    }
  });

  it('a table of valid and invalid alphanumeric CNPJs', () => {
    const table: [string, boolean, string][] = [
      ['12ABC34501DE35', true, 'unformatted'],
      ['12.ABC.345/01DE-35', true, 'formatted'],
      ['12.abc.345/01de-35', true, 'lower case is accepted'],
      ['12abc34501De35', true, 'mixed case'],
      ['  12.ABC.345/01DE-35\t', true, 'surrounding whitespace'],
      ['A1B2C3D4E5F6' + referenceCnpj('A1B2C3D4E5F6').slice(12), true, 'letters in the first positions'],
      ['12ABC34501DE36', false, 'wrong second check digit'],
      ['12ABC34501DE45', false, 'wrong first check digit'],
      ['12ABC34501DE53', false, 'check digits swapped'],
      ['12ABC34501DE3A', false, 'a letter in a check digit position'],
      ['12ABC34501DEA5', false, 'a letter in the first check digit position'],
      ['12ABC34501DE3', false, '13 characters'],
      ['12ABC34501DE355', false, '15 characters'],
      ['2ABC34501DE35', false, 'a character missing'],
      ['12AB*34501DE35', false, '`*` inside'],
      ['12ABC 34501DE35', false, 'a space inside'],
      ['12.ABC.345 01DE-35', false, 'a space in place of the slash'],
      ['12_ABC_345_01DE_35', false, 'other punctuation'],
      ['12ABÇ34501DE35', false, 'a letter outside A-Z'],
      ['12ıBC34501DE35', false, 'a dotless ı, which upper-cases to I'],
      ['12ABC34501DE35'.replace('A', 'a\u0301'), false, 'a combining accent'],
    ];
    for (const [value, valid, why] of table) expect(isValidCnpj(value), `${value}: ${why}`).to.equal(valid);
  });

  it('formatting strips only `.`, `/`, `-` and surrounding whitespace; CPFs stay digits only', () => {
    expect(isValidCpf(' 529.982.247-25 ')).to.equal(true);
    expect(isValidCpf('529 982 247 25')).to.equal(false);
    expect(isValidCpf('52998224725A')).to.equal(false);
    // the CPF value of the same check-digit rule, with a letter: no CPF has letters
    expect(isValidCpf('5299822A725')).to.equal(false);
  });

  it('parses a pj document to its normalized form: unpunctuated, upper case; never for a pf', () => {
    expect(parseDocument('pj', '12.abc.345/01de-35')).to.deep.equal({ doc: '12ABC34501DE35' });
    expect(parseDocument('pj', '12ABC34501DE35')).to.deep.equal({ doc: '12ABC34501DE35' });
    expect(parseDocument('pj', '12ABC34501DE36')).to.deep.equal({ problem: 'invalid' });
    expect(parseDocument('pf', '12ABC34501DE35')).to.deep.equal({ problem: 'invalid' });
    expect(normalizeDocument(' 12.abc.345/01de-35 ')).to.equal('12ABC34501DE35');
  });

  it('masks an alphanumeric CNPJ in the same positions, letters kept', () => {
    expect(maskDocument('12ABC34501DE35')).to.equal('**ABC34501****');
  });
});
