import { expect } from 'chai';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_LIST_URLS } from '../../src/config.js';
import { readableAnswer } from '../../src/domain/run/evaluate.js';
import { date } from '../../src/reports/html.js';
import { createTenant, startService, type TenantFixture, type TestService } from '../helpers/service.js';
import { createCustomer, getCustomer } from './customers-support.js';
import { createTemplate, eventually, getJson, postRun, type Json } from './runs-support.js';
import { sample } from './screening-support.js';

type Answer = (req: IncomingMessage, body: string, res: ServerResponse) => void;

/** The TCU platform (LAYOUTS-BR-2.md 3.1) on a local port: POST with a JSON body only (a GET is 405); each test sets the answer. */
async function tcuPlatform(): Promise<{ server: Server; base: string; set(a: Answer): void; requests: { method: string; body: string; agent: string }[] }> {
  let answer: Answer = (_req, _body, res) => res.writeHead(503).end();
  const requests: { method: string; body: string; agent: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      if (!req.url?.startsWith('/api/publico/')) return void res.writeHead(404).end();
      requests.push({ method: req.method ?? '', body, agent: String(req.headers['user-agent']) });
      if (req.method !== 'POST') return void res.writeHead(405, { allow: 'POST' }).end();
      if (req.headers['content-type'] !== 'application/json' || body !== '{}') return void res.writeHead(415).end();
      answer(req, body, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, set: (a) => (answer = a), requests };
}

const inidoneos = JSON.stringify((JSON.parse(sample('br2/tcu_certidoes_inidoneos_pagina1.json').toString('utf8')) as { elementos: unknown[] }).elementos);
const WAF_PAGE = '<html><head><title>Request Rejected</title></head><body>The requested URL was rejected. Your support ID is: 1234</body></html>';

/**
 * The TCU lists end to end through one service: the scheduled fetch by POST (1 s poll), a WAF
 * page keeping the last version, the operator's uploads of each format, a monitoring alert from a
 * new inabilitados version, and a ceis_cnep run finding an inidôneo by CNPJ.
 */
describe('TCU lists: fetch, upload, monitoring and the ceis_cnep source', function () {
  this.timeout(60_000);
  let service: TestService;
  let platform: Awaited<ReturnType<typeof tcuPlatform>>;
  let tenant: TenantFixture;
  let key: string;

  before(async () => {
    platform = await tcuPlatform();
    platform.set((_req, _body, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(inidoneos));
    const others = Object.keys(DEFAULT_LIST_URLS).filter((l) => l !== 'br_tcu_inidoneos').map((l) => l.toUpperCase());
    service = await startService({
      env: {
        SVC_RATE_LIMIT_PER_MINUTE: '100000',
        SVC_WORK_POLL_MS: '50',
        SVC_LISTS_REFRESH: 'on',
        SVC_LISTS_USER_AGENT: 'Mozilla/5.0 (teste)',
        SVC_LIST_BR_TCU_INIDONEOS_URL: `${platform.base}/api/publico/responsaveis-inidoneos`,
        SVC_LIST_BR_TCU_INIDONEOS_POLL_SECONDS: '1',
        ...Object.fromEntries(others.flatMap((l) => [[`SVC_LIST_${l}_URL`, `${platform.base}/none/${l}`], [`SVC_LIST_${l}_POLL_SECONDS`, '604800']])),
      },
    });
    tenant = await createTenant(service, 'TCU');
    key = (await tenant.key({ environment: 'live', scopes: ['customers:write', 'customers:read', 'runs:read', 'runs:write'] })).api_key;
    expect((await service.operator(`/tenants/${tenant.tenant_id}/credits`, { method: 'POST', json: { amount: 1000, reason: 'test' } })).status).to.equal(201);
  });
  after(async () => {
    await service?.close();
    platform?.server.close();
  });

  const state = (listId: string) => {
    const list = service.services.listCatalog.state(listId);
    return { version: list.active?.version_id ?? null, entries: list.active?.entries ?? 0, error: list.last_error };
  };
  const upload = async (listId: string, name: string, data: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([data]), name);
    return service.operator(`/lists/${listId}/versions`, { method: 'POST', body: form });
  };

  it('the scheduled fetch POSTs {} as JSON with the configured User-Agent and imports the answer', async () => {
    await eventually(async () => {
      expect(state('br_tcu_inidoneos').entries).to.equal(10);
    }, 20_000);
    expect(state('br_tcu_inidoneos').error).to.equal(null);
    expect(platform.requests[0]).to.deep.equal({ method: 'POST', body: '{}', agent: 'Mozilla/5.0 (teste)' });
    const status = ((await (await service.operator('/lists')).json()) as Json)['data'] as Json[];
    expect(status.find((l) => l['list_id'] === 'br_tcu_inidoneos')).to.include({ publisher: 'TCU (inidôneos)' });
  });

  it('a 200 HTML page of the firewall is a failed fetch with a clear error; the last good version keeps serving', async () => {
    const good = state('br_tcu_inidoneos');
    platform.set((_req, _body, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(WAF_PAGE));
    await eventually(async () => {
      expect(state('br_tcu_inidoneos').error ?? '').to.match(/HTML page/);
    }, 20_000);
    expect(state('br_tcu_inidoneos')).to.deep.include({ version: good.version, entries: 10 });
    expect(service.services.listCatalog.version('br_tcu_inidoneos')!.entries).to.have.length(10);
  });

  it('the operator uploads the CSV export (Windows-1252, sep=|); a cut JSON file is 400 invalid_list_file', async () => {
    const csv = await upload('br_tcu_inidoneos', 'tcu_inidoneos_export.csv', sample('br2/tcu_inidoneos_export.csv'));
    expect(csv.status, await csv.clone().text()).to.equal(201);
    expect(await csv.json()).to.include({ list_id: 'br_tcu_inidoneos', entries: 10 });
    const cut = await upload('br_tcu_inabilitados', 'inabilitados.json', sample('br2/tcu_certidoes_inabilitados.json').subarray(0, 400));
    expect(cut.status).to.equal(400);
    const error = ((await cut.json()) as Json)['error'] as Json;
    expect(error['code']).to.equal('invalid_list_file');
    expect(error['message']).to.match(/not valid JSON/);
    expect(state('br_tcu_inabilitados').version).to.equal(null);
  });

  it('a monitored customer whose CPF comes in a new inabilitados version (the JSON upload) gets an alert', async () => {
    const created = await createCustomer(service, key, { type: 'pf', doc: '52148291327', name: 'Roberto Alves de Menezes', email: 'r@example.com' });
    const id = created['customer_id'] as string;
    await eventually(async () => {
      expect((await getCustomer(service, key, id))['latest_run']?.['status'] ?? 'none').to.not.be.oneOf(['queued', 'running']);
    }, 15_000);
    expect((await service.operator(`/customers/${id}`, { method: 'PATCH', json: { status: 'em_monitoramento' } })).status).to.equal(200);
    const json = await upload('br_tcu_inabilitados', 'responsaveis-inabilitados.json', sample('br2/tcu_certidoes_inabilitados.json'));
    expect(json.status, await json.clone().text()).to.equal(201);
    expect(await json.json()).to.include({ entries: 6 });
    await eventually(async () => {
      const alerts = ((await (await service.operator(`/tenants/${tenant.tenant_id}/alerts?status=open&limit=100`)).json()) as Json)['data'] as Json[];
      const alert = alerts.find((a) => a['list_id'] === 'br_tcu_inabilitados');
      expect(alert).to.include({ customer_id: id, trigger: 'list_version', score: 1 });
    }, 20_000);
  });

  it('a ceis_cnep run finds a TCU inidôneo by CNPJ: the finding names the list, the acórdão and the end of the sanction', async () => {
    const template = await createTemplate(service, { tenant_id: tenant.tenant_id }, { name: 'PJ TCU', subject_type: 'pj', parameters: ['name'], sources: [{ source_id: 'ceis_cnep', tier: 1 }], rules: [], risk_thresholds: { medio: 30, alto: 60 } } as never);
    const response = await postRun(service, key, { template_id: template, subject: { type: 'pj', doc: '28025673000115', name: 'Alfatec Serviços Ltda' } });
    expect(response.status, await response.clone().text()).to.equal(202);
    const runId = ((await response.json()) as Json)['run_id'] as string;
    await eventually(async () => {
      const body = (await (await getJson(service, key, `/bureau/runs/${runId}`)).json()) as Json;
      expect(['queued', 'running']).to.not.include(body['status']);
    }, 15_000);
    const answered = (await service.services.log.readStream(`run-${runId}`)).find((e) => e.type === 'SourceAnswered' && e.data['source_id'] === 'ceis_cnep')!;
    const answer = readableAnswer(answered.data as never) as Json;
    const check = (answer['checks'] as Json[])[0]!;
    expect(check).to.include({ check_id: 'ceis_cnep_listed', status: 'INVALID', severity: 'high' });
    expect(check['title']).to.equal('Consta no CEIS, CNEP, CEPIM ou nas listas do TCU (TCU – Licitantes inidôneos)');
    expect(check['detail']).to.include(`TCU inidôneo: Acórdão 1610/2025-PL, sanção até ${date('2029-06-02')}.`);
    expect(answer['data']['screening']['candidates'][0]).to.include({ list_id: 'br_tcu_inidoneos', score: 1, match: true });
  });
});
