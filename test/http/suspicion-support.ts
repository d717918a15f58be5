import { expect } from 'chai';
import type { TestService } from '../helpers/service.js';
import type { Json } from './runs-support.js';

/** The tenant's reporting entity and tables for the regulatory cases (issue 30), four-eyes as asked. */
export const REPORTING_CNPJ = '11222333000181';

export async function configureCompliance(service: TestService, tenantId: string, options: { fourEyes: boolean }): Promise<void> {
  const current = (await (await service.operator(`/tenants/${tenantId}/compliance_settings`)).json()) as Json;
  const body = {
    holidays: current['holidays'],
    reporting_entities: [{ cnpj: REPORTING_CNPJ, name: 'Banco Exemplo S.A.', ag_num: '0001', ag_nome: 'Matriz', ag_mun: 'São Paulo', ag_uf: 'SP', default: true }],
    tp_env: current['tp_env'],
    cod_enq: [{ code: '101', label: 'Depósitos em espécie fracionados', segment: 'BCB', known_from: 'instituição' }],
    cc4001_cod_enq: { 'CC4001-I.a': '101', 'CC4001-I.d': '101' },
    cos_four_eyes: options.fourEyes,
    note: 'Entidade comunicante e enquadramentos do Siscoaf',
  };
  const response = await service.operator(`/tenants/${tenantId}/compliance_settings`, { method: 'PUT', json: body });
  expect(response.status, await response.clone().text()).to.equal(200);
}

/** An operation with one titular (a valid CPF) in whole reais. */
export const operation = (over: Json = {}): Json => ({
  type: 'deposito_especie',
  value: 48000,
  date: '2026-11-20',
  channel: 'agencia',
  parties: [{ document: '52998224725', person_type: 'PF', name: 'Pessoa Exemplo da Silva', tp_env: '1', branch: '0001', account: '123456', account_opened_on: '2020-01-15' }],
  ...over,
});

/** Siscoaf's validation answer for one NumOcorrencia (STATUS 1 accepted, 2 with an error). */
export const resposta = (status: 1 | 2, origin?: string): string =>
  `<?xml version='1.0' encoding='iso-8859-1'?>\n<RESPOSTA>\n  <STATUS>${status}</STATUS>\n  <MENSAGENS>${
    status === 2 ? `\n    <MENSAGEM>\n      <COMUNICACAOORIGEM>${origin}</COMUNICACAOORIGEM>\n      <ERRO>23</ERRO>\n      <DESCRICAO>CPF/CNPJ envolvido inválido</DESCRICAO>\n    </MENSAGEM>\n  ` : ''
  }</MENSAGENS>\n</RESPOSTA>\n`;

/** A LOTERECIBO answer with one item per origin number. */
export const recibo = (items: { origem: string; coaf: string }[]): string =>
  `<?xml version='1.0' encoding='iso-8859-1'?>\n<RESPOSTA>\n  <MENSAGENS>\n${items
    .map((i) => `    <MENSAGEM>\n      <NUMEROORIGEM>${i.origem}</NUMEROORIGEM>\n      <NUMEROCOAF>${i.coaf}</NUMEROCOAF>\n      <AUTENTICACAO>78c9c00bcc9e0702e36316528aa56d1d</AUTENTICACAO>\n      <VALOR>48000</VALOR>\n      <STATUS>Ativa</STATUS>\n    </MENSAGEM>\n`)
    .join('')}  </MENSAGENS>\n</RESPOSTA>\n`;
