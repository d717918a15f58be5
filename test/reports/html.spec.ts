import { expect } from 'chai';
import { document } from '../../src/reports/html.js';

describe('report formatting: documents', () => {
  it('formats a CPF and a CNPJ, an alphanumeric CNPJ with its letters, and leaves anything else as it came', () => {
    expect(document('52998224725')).to.equal('529.982.247-25');
    expect(document('11222333000181')).to.equal('11.222.333/0001-81');
    expect(document('12ABC34501DE35')).to.equal('12.ABC.345/01DE-35');
    expect(document('12ABC34501DE3A')).to.equal('12ABC34501DE3A');
  });

  it('punctuates a CPF masked as the Receita publishes it, and never shows the placeholder of a partner without a document', () => {
    expect(document('***456789**')).to.equal('***.456.789-**');
    expect(document('sem-documento-8')).to.equal('Não informado');
  });
});
