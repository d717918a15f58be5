import { expect } from 'chai';
import { date, dateTime, document } from '../../src/reports/html.js';

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

describe('report formatting: times in Brasília', () => {
  it('prints an instant in America/Sao_Paulo with the zone named, whatever the machine zone', () => {
    expect(dateTime('2026-11-27T19:30:05.000Z')).to.equal('27/11/2026 16:30:05 (horário de Brasília)');
    // past midnight UTC is still the day before in Brasília
    expect(dateTime('2026-11-28T01:15:00Z')).to.equal('27/11/2026 22:15:00 (horário de Brasília)');
    // 2018 had daylight saving time (-02:00 on 2018-12-01): the zone's rules, not a fixed -3
    expect(dateTime('2018-12-01T12:00:00Z')).to.equal('01/12/2018 10:00:00 (horário de Brasília)');
    expect(dateTime('not a time')).to.equal('—');
  });

  it('prints a date as dd/mm/aaaa, an instant by its day in Brasília', () => {
    expect(date('1980-02-03')).to.equal('03/02/1980');
    expect(date('2026-11-28T01:15:00Z')).to.equal('27/11/2026');
  });
});
