import { expect } from 'chai';
import { withCheckDigits } from '../../src/domain/values/document.js';
import type { SignedIn } from '../helpers/dashboard.js';
import type { TestService } from '../helpers/service.js';
import type { Json } from '../http/runs-support.js';

/** What the COAF screens' tests share (issue 30). */

export const CNPJ = withCheckDigits('112223330001');
/** The operation typed on the new-case form: a past date, whole reais, the titular with a valid CPF. */
export const OPERATION = { op_type: 'Depósito em espécie', op_value: '50.000', op_date: '2026-11-02', op_channel: 'agência', party_name: 'Fulano Suspeito da Silva', party_type: 'PF', party_document: withCheckDigits('123456789') };

/** Sets the tenant's compliance settings: a reporting entity, CodEnq 232 for CC4001-I.a, four-eyes on. */
export async function complianceReady(service: TestService, tenantId: string, fourEyes = true): Promise<void> {
  const path = `/tenants/${tenantId}/compliance_settings`;
  const current = (await (await service.operator(path)).json()) as Json;
  const response = await service.operator(path, {
    method: 'PUT',
    json: {
      holidays: current['holidays'],
      reporting_entities: [{ cnpj: CNPJ, name: 'Banco COAF S.A.', ag_num: '0001', ag_nome: 'Matriz', ag_mun: 'São Paulo', ag_uf: 'SP', default: true }],
      tp_env: current['tp_env'],
      cod_enq: [{ code: '232', label: 'Movimentação incompatível com a renda', segment: 'BCB', known_from: 'tela do Siscoaf da instituição' }],
      cc4001_cod_enq: { 'CC4001-I.a': '232' },
      cos_four_eyes: fourEyes,
      note: 'tabelas do Siscoaf',
      base_version: current['version'],
    },
  });
  expect(response.status, await response.clone().text()).to.equal(200);
}

/** Multipart POST of one file through a signed-in client (the form's _csrf as a field). */
export async function postFile(client: SignedIn, path: string, file: { name: string; type: string; body: Buffer | string }, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append('_csrf', client.csrfToken ?? '');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([file.body], { type: file.type }), file.name);
  const response = await fetch(new URL(path, client.base), { method: 'POST', body: form, redirect: 'manual', headers: { cookie: [...client.cookies].map(([n, v]) => `${n}=${v}`).join('; ') } });
  const location = response.headers.get('location');
  if (response.status === 303 && location) return client.get(location);
  return { status: response.status, html: await response.text() };
}

