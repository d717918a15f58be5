import { expect } from 'chai';
import { reaisWithoutCents, siscoafDate, siscoafDocument, wholeReais } from '../../../src/domain/siscoaf/format.js';

describe('Siscoaf value formats', () => {
  it('writes dates dd/mm/aaaa', () => {
    expect(siscoafDate('2026-03-05')).to.equal('05/03/2026');
    expect(() => siscoafDate('05/03/2026')).to.throw(/YYYY-MM-DD/);
  });

  it('writes whole reais, refusing cents, and drops cents where the manual says so', () => {
    expect(wholeReais('250000')).to.equal('250000');
    expect(wholeReais('250000.00')).to.equal('250000');
    expect(wholeReais('007')).to.equal('7');
    expect(wholeReais('250000.50')).to.equal(undefined);
    expect(wholeReais('-1')).to.equal(undefined);
    expect(wholeReais('1.000,00')).to.equal(undefined);
    expect(reaisWithoutCents('1588417.99')).to.equal('1588417');
    expect(reaisWithoutCents('abc')).to.equal(undefined);
  });

  it('zero-pads CPF and CNPJ and writes PF/PJ when the number is unknown', () => {
    expect(siscoafDocument('123.456.01', 'pf')).to.equal('00012345601');
    expect(siscoafDocument('1234000145', 'pj')).to.equal('00001234000145');
    expect(siscoafDocument(null, 'pf')).to.equal('PF');
    expect(siscoafDocument('', 'pj')).to.equal('PJ');
  });
});
