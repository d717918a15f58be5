import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_LIST_URLS } from '../../src/config.js';
import { readableAnswer } from '../../src/domain/run/evaluate.js';
import { REFERENCE_PJ } from '../../src/domain/template/reference.js';
import { withCheckDigits } from '../../src/domain/values/document.js';
import { completoHtml } from '../../src/reports/run-report.js';
import { buildRunReportModel } from '../../src/reports/run-model.js';
import { establishment, fakeCnpjRegister, partner } from '../helpers/fake-cnpj-register.js';
import { createTenant, startService, type TenantFixture, type TestService } from '../helpers/service.js';
import { createCustomer, getCustomer } from './customers-support.js';
import { createTemplate, eventually, getJson, postRun, type Json } from './runs-support.js';
import { sample } from './screening-support.js';

const ROOT = withCheckDigits('778889990001');

/** A company whose director is ROBERTO ALVES DE MENEZES, in the QGI sample (masked CPF `***482913**`). */
const register = fakeCnpjRegister({
  month: '2026-10',
  establishments: [establishment(ROOT, { razao_social: 'FINANCEIRA HORIZONTE S.A.' })],
  partners: [
    partner(ROOT.slice(0, 8), 'ROBERTO ALVES DE MENEZES', { documento: '***482913**', qualificacao: { code: '10', description: 'Diretor' } }),
    partner(ROOT.slice(0, 8), 'LUCIANA PRADO ESTEVES', { documento: '***765432**' }),
  ],
});

const QGI_PATH = '/olinda/servico/Gepad_QuadrosGeraisInternet/versao/v1/odata/QuadroGeralInabilitados';

/**
 * A local Olinda: the QGI OData answer at its path (with `$format=json&$top=200000`), or, in mode
 * `html`, an error page at 200 as a portal in maintenance answers.
 */
async function olinda() {
  let mode: 'json' | 'html' = 'json';
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== QGI_PATH || url.searchParams.get('$format') !== 'json') return void res.writeHead(404).end();
    if (mode === 'html') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!DOCTYPE html><html><body><h1>Serviço em manutenção</h1></body></html>');
    res.writeHead(200, { 'content-type': 'application/json;odata.metadata=minimal' }).end(sample('br2/bcb_qgi.json'));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    set: (m: 'json' | 'html') => (mode = m),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** The issue-31 sources bcb_restrictions (QGI/QGP) and environmental_embargoes (IBAMA) through runs, reports and monitoring. */
describe('bcb_restrictions and environmental_embargoes: live runs, the report, monitoring', function () {
  this.timeout(60_000);
  let service: TestService;
  let tenant: TenantFixture;
  let live: string;
  let sandbox: string;
  let reference: string;
  let both: (type: 'pf' | 'pj') => Promise<string>;
  let publisher: Awaited<ReturnType<typeof olinda>>;

  const upload = async (listId: string, name: string, data: Buffer): Promise<Json> => {
    const form = new FormData();
    form.append('file', new Blob([data]), name);
    const response = await service.operator(`/lists/${listId}/versions`, { method: 'POST', body: form });
    expect(response.status, await response.clone().text()).to.equal(201);
    return (await response.json()) as Json;
  };

  before(async () => {
    publisher = await olinda();
    // QGI fetched every second from the local Olinda; every other list points nowhere, polled once a week
    const nowhere = Object.keys(DEFAULT_LIST_URLS).filter((l) => l !== 'br_bcb_qgi').map((l) => [`SVC_LIST_${l.toUpperCase()}_URL`, `${publisher.base}/none/${l}`]);
    const env = {
      SVC_RATE_LIMIT_PER_MINUTE: '100000',
      SVC_WORK_POLL_MS: '100',
      SVC_LISTS_REFRESH: 'on',
      SVC_LISTS_POLL_SECONDS: '604800',
      SVC_LISTS_FETCH_TIMEOUT_MS: '2000',
      SVC_LIST_BR_BCB_QGI_POLL_SECONDS: '1',
      SVC_LIST_BR_BCB_QGI_URL: `${publisher.base}${QGI_PATH}?$format=json&$top=200000`,
      ...Object.fromEntries(nowhere),
    };
    service = await startService({ env, overrides: () => ({ cnpjRegister: register }) });
    tenant = await createTenant(service, 'Bcb');
    expect((await service.operator(`/tenants/${tenant.tenant_id}/credits`, { method: 'POST', json: { amount: 1000, reason: 'test' } })).status).to.equal(201);
    live = (await tenant.key({ environment: 'live' })).api_key;
    sandbox = (await tenant.key({ environment: 'sandbox' })).api_key;
    reference = await createTemplate(service, { tenant_id: tenant.tenant_id }, REFERENCE_PJ);
    const templates = new Map<string, string>();
    both = async (type) => {
      if (!templates.has(type)) {
        const sources = [
          { source_id: 'bcb_restrictions', tier: 1 },
          { source_id: 'environmental_embargoes', tier: 2 },
        ];
        templates.set(type, await createTemplate(service, { tenant_id: tenant.tenant_id }, { name: `BCB e IBAMA ${type}`, subject_type: type, parameters: ['name'], sources, rules: [], risk_thresholds: { medio: 30, alto: 60 } } as never));
      }
      return templates.get(type)!;
    };
    // QGI comes from the scheduled fetch; the operator upload takes each published format: the OData JSON, IBAMA's CSV
    await upload('br_bcb_qgp', 'bcb_qgp.json', sample('br2/bcb_qgp.json'));
    await upload('br_ibama_embargos', 'termo_de_embargo.csv', sample('br2/ibama_termo_de_embargo.csv'));
    await eventually(async () => {
      for (const list of ['br_bcb_qgi', 'br_bcb_qgp', 'br_ibama_embargos']) expect(service.services.listCatalog.searchedVersion(list), list).to.not.equal(null);
    }, 20_000);
  });
  after(async () => {
    await service.close();
    await publisher.close();
  });
  const status = async (listId: string): Promise<Json> => ((await (await service.operator('/lists')).json()) as { data: Json[] }).data.find((l) => l['list_id'] === listId)!;

  const run = async (key: string, template: string, subject: Json): Promise<{ id: string; body: Json }> => {
    const response = await postRun(service, key, { template_id: template, subject });
    const text = await response.text();
    expect(response.status, text).to.equal(202);
    const id = (JSON.parse(text) as Json)['run_id'] as string;
    let body: Json = {};
    await eventually(async () => {
      body = (await (await getJson(service, key, `/bureau/runs/${id}`)).json()) as Json;
      expect(['queued', 'running']).to.not.include(body['status']);
    }, 15_000);
    return { id, body };
  };
  const answers = async (runId: string): Promise<Record<string, Json>> => {
    const events = (await service.services.log.readStream(`run-${runId}`)).filter((e) => e.type === 'SourceAnswered');
    return Object.fromEntries(events.map((e) => [String(e.data['source_id']), readableAnswer(e.data as never) as Json]));
  };

  it('the reference PJ template finds the director in QGI through the CNPJ register: critical, naming the person, the role and the PAS; blocked', async () => {
    const { id, body } = await run(live, reference, { type: 'pj', doc: ROOT, name: 'Financeira Horizonte S.A.' });
    const bcb = (await answers(id))['bcb_restrictions']!;
    const [check] = bcb['checks'] as Json[];
    expect(check).to.include({ check_id: 'bcb_barred', status: 'INVALID', result_code: 'administrator_barred', severity: 'critical' });
    expect(check!['detail']).to.equal('ROBERTO ALVES DE MENEZES (Diretor) consta no BCB – Quadro Geral de Inabilitados: PAS PE 151872, até 18/04/2028, pontuação 1,00.');
    const administrators = bcb['data']['administrators'] as Json[];
    expect(administrators.map((a) => [a['name'], a['role'], a['barred']?.['pas'] ?? null])).to.deep.equal([
      ['ROBERTO ALVES DE MENEZES', 'Diretor', ['PE 151872']],
      ['LUCIANA PRADO ESTEVES', 'Sócio-Administrador', null],
    ]);
    expect(bcb['data']['register']).to.include({ month: '2026-10' });
    expect(bcb['cost']).to.equal(0);
    // tier 1 of the reference PJ template: a bar blocks
    expect(body['status']).to.equal('blocked');

    const html = completoHtml(buildRunReportModel(await service.services.log.readStream(`run-${id}`), 'completo', '2026-11-01T12:00:00.000Z'));
    expect(html).to.include('Banco Central (inabilitados e proibidos)').and.include('Sócios e administradores no Banco Central');
    expect(html).to.include('***.482.913-**').and.include('PAS PE 151872, até 18/04/2028');
  });

  it('a company in QGP, and one with an IBAMA embargo in force (pending review, tier 2)', async () => {
    const audicont = await run(live, await both('pj'), { type: 'pj', doc: '51827364000180', name: 'Audicont Auditores Independentes S/S' });
    const a = await answers(audicont.id);
    expect((a['bcb_restrictions']!['checks'] as Json[])[0]).to.include({ status: 'INVALID', result_code: 'listed', severity: 'critical' });
    expect((a['bcb_restrictions']!['checks'] as Json[])[0]!['title']).to.equal('Inabilitado ou proibido pelo Banco Central (BCB – Quadro Geral de Proibidos)');
    expect(audicont.body['status']).to.equal('blocked');

    const c3 = await run(live, await both('pj'), { type: 'pj', doc: '44512087000151', name: 'Agropecuária Boa Esperança S/A' });
    const answered = await answers(c3.id);
    expect((answered['bcb_restrictions']!['checks'] as Json[])[0]).to.include({ status: 'VALID', result_code: 'not_listed' });
    const [embargo] = answered['environmental_embargoes']!['checks'] as Json[];
    expect(embargo).to.include({ check_id: 'environmental_embargo', status: 'INVALID', severity: 'high', title: 'Embargo ambiental do IBAMA em vigor (IBAMA – Áreas embargadas)' });
    expect(answered['environmental_embargoes']!['cost']).to.equal(1);
    expect(c3.body['status']).to.equal('pending_review');
  });

  it('a person: an embargo in force is found, a lifted one is not (SINT0002)', async () => {
    const antonio = await answers((await run(live, await both('pf'), { type: 'pf', doc: '55264091390', name: 'Antônio Ferreira Lima' })).id);
    expect((antonio['environmental_embargoes']!['checks'] as Json[])[0]).to.include({ status: 'INVALID', result_code: 'listed' });
    const jose = await answers((await run(live, await both('pf'), { type: 'pf', doc: '41827593628', name: 'José Carlos da Silva Pereira' })).id);
    expect((jose['environmental_embargoes']!['checks'] as Json[])[0]).to.include({ status: 'VALID', result_code: 'not_listed' });
  });

  it('sandbox keys answer both sources from fixtures, deterministically', async () => {
    const first = await answers((await run(sandbox, await both('pj'), { type: 'pj', doc: '00000001000136', name: 'Empresa Teste' })).id);
    expect((first['bcb_restrictions']!['checks'] as Json[])[0]).to.include({ status: 'VALID', result_code: 'not_listed' });
    expect((first['environmental_embargoes']!['checks'] as Json[])[0]).to.include({ status: 'VALID', result_code: 'not_listed' });
  });

  it('a monitored customer raises an alert when a new IBAMA version embargoes them', async () => {
    const key = (await tenant.key({ scopes: ['customers:write', 'customers:read', 'runs:read'] })).api_key;
    const created = await createCustomer(service, key, { type: 'pf', doc: '41827593628', name: 'José Carlos da Silva Pereira', email: 'jose@example.com' });
    const customerId = created['customer_id'] as string;
    await eventually(async () => {
      expect((await getCustomer(service, key, customerId))['latest_run']?.['status'] ?? 'none').to.not.be.oneOf(['queued', 'running']);
    }, 15_000);
    const patched = await service.operator(`/customers/${customerId}`, { method: 'PATCH', json: { status: 'em_monitoramento' } });
    expect(patched.status, await patched.clone().text()).to.equal(200);
    await service.services.worker.idle();
    // SINT0002 (José Carlos, lifted by a court) is in force again in the new edition
    const csv = sample('br2/ibama_termo_de_embargo.csv').toString('utf8').replace('"S";"Judicial";"2025-03-10 16:20:00"', '"";"";""');
    const version = await upload('br_ibama_embargos', 'termo_de_embargo.csv', Buffer.from(csv, 'utf8'));
    expect(version['delta']).to.include({ added: 1 });
    await eventually(async () => {
      const alerts = ((await (await service.operator(`/tenants/${tenant.tenant_id}/alerts?status=open&limit=100`)).json()) as Json)['data'] as Json[];
      expect(alerts.filter((a) => a['list_id'] === 'br_ibama_embargos').map((a) => a['customer_id'])).to.deep.equal([customerId]);
    }, 20_000);
  });

  it('the scheduled fetch of QGI: an HTML page answered 200 is a recorded failure, the last good version keeps serving', async () => {
    const good = await status('br_bcb_qgi');
    expect(good).to.include({ entries: 5, last_error: null });
    publisher.set('html');
    await eventually(async () => {
      expect((await status('br_bcb_qgi'))['last_error']).to.match(/not JSON/);
    }, 15_000);
    const failed = await status('br_bcb_qgi');
    expect(failed).to.include({ version_id: good['version_id'], entries: 5 });
    expect(service.services.listCatalog.searchedVersion('br_bcb_qgi')!.version.version_id).to.equal(good['version_id']);
    publisher.set('json');
  });
});
