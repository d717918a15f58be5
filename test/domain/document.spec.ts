import { expect } from 'chai';
import { isValidCnpj, isValidCpf, maskDocument, parseDocument, withCheckDigits } from '../../src/domain/values/document.js';

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
