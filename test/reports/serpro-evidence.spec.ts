import { expect } from 'chai';
import { cpfAnswer } from '../../src/adapters/sources/serpro-cpf.js';
import { date } from '../../src/reports/html.js';
import { sourceData } from '../../src/reports/source-sections.js';
import { cpfRecord } from '../helpers/serpro-fake.js';

describe('report: receita_cpf answered by Serpro', () => {
  it('shows the normalized fields in pt-BR and Serpro JSON as returned, labelled', () => {
    const answer = cpfAnswer(200, JSON.stringify(cpfRecord('12345678909', 'MARIA DA SILVA', '0', 'Regular', { obito: '2021' })), 'Maria da Silva');
    const html = sourceData('receita_cpf', answer.data, { doc: '12345678909', name: 'Maria da Silva' }).value;
    expect(html).to.include('Situação cadastral').and.include('Código da situação').and.include('Ano do óbito').and.include('Serpro Consulta CPF');
    expect(html).to.include('Resposta do Serpro (como retornada)').and.include('14111970');
    expect(html).to.include(date('1970-11-14')).and.include('CPF (ni)').and.include('***.456.789-**');
    expect(html).not.to.include('123.456.789-09');
  });
});
