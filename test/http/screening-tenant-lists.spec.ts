import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { verifyRun } from '../../src/queries/audit.js';
import { readableAnswer } from '../../src/domain/run/evaluate.js';
import { createTenant, startService, type TenantFixture, type TestService } from '../helpers/service.js';
import { createTemplate, eventually, getJson, postRun, type Json } from './runs-support.js';
import { nodeArgs } from '../helpers/node-child.js';

const CSV = [
  'name,schema,doc,birth_date,country,aliases,notes',
  'Rogério Tavares Quintanilha,person,529.982.247-25,1975-03-02,BR,Rogerio Quintanilha|R. T. Quintanilha,fraude em 2024',
  'Transportadora Vento Sul Ltda,company,11.444.777/0001-61,,BR,,chargebacks',
  'Anselmo Bezerra Falcão,person,***.456.789-**,,,,homônimo com CPF mascarado',
  'Zuleide Prates Amorim,,,,,,sem documento: schema obrigatório?',
].join('\n');
// the last row has no schema and no document: the whole file is refused until it says one
const GOOD_CSV = CSV.replace('Zuleide Prates Amorim,,', 'Zuleide Prates Amorim,person,');

/** Tenant lists (screening.md sections 3, 4, 5): a tenant's own blocklists, searched only for it. */
describe('tenant lists and the internal_lists source', function () {
  this.timeout(60_000);
  let service: TestService;
  let acme: TenantFixture;
  let other: TenantFixture;
  let acmeKey: string;
  let otherKey: string;
  let listId: string;

  const csvForm = (text: string, name = 'bloqueio.csv') => {
    const form = new FormData();
    form.append('file', new Blob([text]), name);
    return form;
  };
  const upload = (tenantId: string, id: string, text: string, query = '') => service.operator(`/tenants/${tenantId}/lists/${id}/versions${query}`, { method: 'POST', body: csvForm(text) });
  const search = (key: string, body: Json) => service.call('/api/v1/screening/search', { method: 'POST', headers: { 'x-api-key': key }, json: body });
  const errorOf = async (response: Response) => ((await response.json()) as { error: Json }).error;

  before(async () => {
    service = await startService({ env: { SVC_RATE_LIMIT_PER_MINUTE: '100000' } });
    acme = await createTenant(service, 'Acme');
    other = await createTenant(service, 'Other');
    acmeKey = (await acme.key({ scopes: ['screening:read'] })).api_key;
    otherKey = (await other.key({ scopes: ['screening:read'] })).api_key;
  });
  after(async () => service.close());

  it('the operator creates a list for a tenant (201); the same name again is the same list (200)', async () => {
    const created = await service.operator(`/tenants/${acme.tenant_id}/lists`, { method: 'POST', json: { name: 'Bloqueio interno' } });
    expect(created.status).to.equal(201);
    const body = (await created.json()) as Json;
    expect(body).to.include({ tenant_id: acme.tenant_id, name: 'Bloqueio interno', version_id: null, entries: 0, stale: false });
    expect(body['list_id']).to.match(/^tl_[0-9a-f]{20}$/);
    listId = body['list_id'];
    const again = await service.operator(`/tenants/${acme.tenant_id}/lists`, { method: 'POST', json: { name: '  bloqueio   INTERNO ' } });
    expect(again.status).to.equal(200);
    expect(((await again.json()) as Json)['list_id']).to.equal(listId);
    const listed = (await (await service.operator(`/tenants/${acme.tenant_id}/lists`)).json()) as Json;
    expect(listed['data'].map((l: Json) => l['list_id'])).to.deep.equal([listId]);
    expect(((await (await service.operator(`/tenants/${other.tenant_id}/lists`)).json()) as Json)['data']).to.deep.equal([]);
  });

  it('bad creation input: unknown tenant 404, malformed id 400, empty or missing name 400', async () => {
    expect((await service.operator('/tenants/6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5/lists', { method: 'POST', json: { name: 'x' } })).status).to.equal(404);
    const malformed = await service.operator('/tenants/nope/lists', { method: 'POST', json: { name: 'x' } });
    expect(malformed.status).to.equal(400);
    expect((await errorOf(malformed))['code']).to.equal('invalid_id');
    for (const json of [{ name: '   ' }, {}, { name: 'x'.repeat(201) }]) {
      const response = await service.operator(`/tenants/${acme.tenant_id}/lists`, { method: 'POST', json });
      expect(response.status, JSON.stringify(json)).to.equal(400);
    }
  });

  it('a CSV with a bad row is refused whole (400 invalid_list_file naming the line) and nothing is activated', async () => {
    const refused = await upload(acme.tenant_id, listId, CSV);
    expect(refused.status).to.equal(400);
    const error = await errorOf(refused);
    expect(error['code']).to.equal('invalid_list_file');
    expect(error['message']).to.include('line 5').and.include('schema');
    const badDoc = await upload(acme.tenant_id, listId, 'name,doc\nFulano de Tal,123.456.789-00\n');
    expect((await errorOf(badDoc))['message']).to.include('line 2').and.include('CPF');
    const badHeader = await upload(acme.tenant_id, listId, 'nome,documento\nFulano,1\n');
    expect((await errorOf(badHeader))['message']).to.include('unknown column');
    const status = (await (await service.operator(`/tenants/${acme.tenant_id}/lists`)).json()) as Json;
    expect(status['data'][0]).to.include({ version_id: null, entries: 0 });
  });

  it('a good CSV is a version (201, entries and delta); the same content again is 200', async () => {
    const imported = await upload(acme.tenant_id, listId, GOOD_CSV);
    expect(imported.status, await imported.clone().text()).to.equal(201);
    const body = (await imported.json()) as Json;
    expect(body).to.include({ list_id: listId, entries: 4 });
    expect(body['delta']).to.deep.equal({ added: 4, removed: 0, changed: 0 });
    const entries = service.services.listCatalog.version(listId)!.entries;
    const rogerio = entries.find((e) => e.names[0]!.name.startsWith('Rogério'))!;
    expect(rogerio).to.deep.include({ schema: 'person', birth_dates: ['1975-03-02'], countries: ['BR'], remarks: 'fraude em 2024' });
    expect(rogerio.documents).to.deep.equal([{ type: 'cpf', value: '52998224725', masked: false, country: 'BR' }]);
    expect(rogerio.names.map((n) => n.name)).to.deep.equal(['Rogério Tavares Quintanilha', 'Rogerio Quintanilha', 'R. T. Quintanilha']);
    expect(entries.find((e) => e.names[0]!.name.startsWith('Anselmo'))!.documents).to.deep.equal([{ type: 'cpf', value: '***456789**', masked: true, country: 'BR' }]);
    expect((await upload(acme.tenant_id, listId, GOOD_CSV)).status).to.equal(200);
  });

  it("another tenant's path to the list is 404 list_not_found, and reads no body", async () => {
    const response = await upload(other.tenant_id, listId, GOOD_CSV);
    expect(response.status).to.equal(404);
    expect((await errorOf(response))['code']).to.equal('list_not_found');
  });

  it('search finds the entries for the owner only; another tenant cannot name the list (400 invalid_list) nor see it', async () => {
    const found = (await (await search(acmeKey, { schema: 'person', name: 'Rogerio Tavares Quintanilha' })).json()) as Json;
    expect(found['results'][0]).to.include({ list_id: listId, match: true });
    expect(found['lists'].map((l: Json) => l['list_id'])).to.include(listId);
    // a tenant list's result carries its version too
    expect(found['results'][0]['version_id']).to.equal(found['lists'].find((l: Json) => l['list_id'] === listId)['version_id']).and.be.a('string');
    const byList = (await (await search(acmeKey, { schema: 'company', name: 'Transportadora Vento Sul', lists: [listId] })).json()) as Json;
    expect(byList['results'][0]).to.include({ list_id: listId, match: true });

    // the other tenant may search no loaded list here: 409 lists_not_loaded, which never names the owner's list
    const theirs = (await (await search(otherKey, { schema: 'person', name: 'Rogerio Tavares Quintanilha' })).json()) as Json;
    expect(theirs['error']['code']).to.equal('lists_not_loaded');
    expect(theirs['error']['missing_lists']).to.not.include(listId);
    const named = await search(otherKey, { schema: 'person', name: 'Rogerio Tavares Quintanilha', lists: [listId] });
    expect(named.status).to.equal(400);
    expect((await errorOf(named))['code']).to.equal('invalid_list');

    const acmeLists = (await (await service.call('/api/v1/screening/lists', { headers: { 'x-api-key': acmeKey } })).json()) as Json;
    expect(acmeLists['data'].find((l: Json) => l['list_id'] === listId)).to.include({ name: 'Bloqueio interno', entries: 4, publisher: 'tenant', stale: false });
    const otherLists = (await (await service.call('/api/v1/screening/lists', { headers: { 'x-api-key': otherKey } })).json()) as Json;
    expect(otherLists['data'].map((l: Json) => l['list_id'])).to.not.include(listId);
  });

  it('a masked CPF on the list tells a homonym apart', async () => {
    const agrees = (await (await search(acmeKey, { schema: 'person', name: 'Anselmo Bezerra Falcão', doc: '123.456.789-09', lists: [listId] })).json()) as Json;
    expect(agrees['results'][0]).to.include({ match: true });
    const homonym = (await (await search(acmeKey, { schema: 'person', name: 'Anselmo Bezerra Falcão', doc: '111.444.777-35', lists: [listId] })).json()) as Json;
    expect(homonym['results'].filter((r: Json) => r['match'])).to.deep.equal([]);
  });

  describe('the internal_lists source', () => {
    let template: string;
    let otherTemplate: string;
    const definition = { name: 'Modelo de bloqueio', subject_type: 'pf', parameters: ['name'], sources: [{ source_id: 'internal_lists', tier: 1 }], rules: [], risk_thresholds: { medio: 30, alto: 60 } };
    before(async () => {
      template = await createTemplate(service, { tenant_id: acme.tenant_id }, definition as never);
      otherTemplate = await createTemplate(service, { tenant_id: other.tenant_id }, definition as never);
      for (const t of [acme, other]) expect((await service.operator(`/tenants/${t.tenant_id}/credits`, { method: 'POST', json: { amount: 10, reason: 'test' } })).status).to.equal(201);
    });

    const run = async (tenant: TenantFixture, templateId: string, subject: Json, environment: 'live' | 'sandbox' = 'live') => {
      const key = (await tenant.key({ environment })).api_key;
      const response = await postRun(service, key, { template_id: templateId, subject: { type: 'pf', ...subject } });
      expect(response.status, await response.clone().text()).to.equal(202);
      const runId = ((await response.json()) as Json)['run_id'] as string;
      await eventually(async () => {
        const body = (await (await getJson(service, key, `/bureau/runs/${runId}`)).json()) as Json;
        expect(['queued', 'running']).to.not.include(body['status']);
      }, 15_000);
      const answered = (await service.services.log.readStream(`run-${runId}`)).find((e) => e.type === 'SourceAnswered')!;
      return { runId, answer: readableAnswer(answered.data as never) as Json };
    };
    const balance = async (tenant: TenantFixture) => ((await (await service.operator(`/tenants/${tenant.tenant_id}`)).json()) as Json)['credits'];

    it('a live run on a listed person: INVALID internal_list_hit naming the list, at no cost; verify-run re-derives it', async () => {
      const before = await balance(acme);
      const { runId, answer } = await run(acme, template, { doc: '52998224725', name: 'Rogério Tavares Quintanilha' });
      const check = (answer['checks'] as Json[])[0]!;
      expect(check).to.include({ check_id: 'internal_list_hit', status: 'INVALID', severity: 'high' });
      expect(check['title']).to.include('Bloqueio interno');
      expect(check['detail']).to.include('Bloqueio interno');
      expect(answer['data']['screening']['lists']).to.have.length(1);
      expect(answer['data']['screening']['lists'][0]).to.include({ list_id: listId, name: 'Bloqueio interno' });
      expect(await balance(acme)).to.deep.equal(before);
      const verified = (await verifyRun(service.services.log, runId, { blobs: service.services.blobStore, importers: service.services.listImporters }))!;
      expect(verified.match, JSON.stringify(verified.lists)).to.equal(true);
      expect(verified.lists.map((l) => l.source_id)).to.deep.equal(['internal_lists']);
    });

    it('a person on no list: VALID; sandbox keys answer from the tenant lists too', async () => {
      const clean = await run(acme, template, { doc: '11144477735', name: 'Mirela Sampaio Coutinho' });
      expect((clean.answer['checks'] as Json[])[0]).to.include({ status: 'VALID' });
      const sandbox = await run(acme, template, { doc: '52998224725', name: 'Rogério Tavares Quintanilha' }, 'sandbox');
      expect((sandbox.answer['checks'] as Json[])[0]).to.include({ check_id: 'internal_list_hit', status: 'INVALID' });
    });

    it("another tenant's run never sees the list: ERROR list_not_loaded (it has none)", async () => {
      const { answer } = await run(other, otherTemplate, { doc: '52998224725', name: 'Rogério Tavares Quintanilha' });
      expect(answer).to.include({ status: 'ERROR', error_code: 'list_not_loaded' });
    });
  });

  describe('restart', () => {
    it('npm run lists imports a tenant list version offline; after a restart it is loaded, still only for the owner', async () => {
      const dataDir = service.dataDir;
      await service.close();
      const csv = join(dataDir, 'nova.csv');
      writeFileSync(csv, `${GOOD_CSV}\nGraciliano Moura Bittencourt,person,,,,,incluído offline\n`);
      const env = { ...process.env, SVC_DATA_DIR: dataDir, SVC_SECRET_KEY: 'test-secret-key', SVC_LISTS_REFRESH: 'off' };
      const lists = (...args: string[]) => promisify(execFile)(process.execPath, [...nodeArgs('scripts/lists.ts'), ...args], { env });
      expect(JSON.parse((await lists('import', listId, csv)).stdout)).to.deep.include({ outcome: 'imported', list_id: listId, entries: 5 });
      const statuses = (await lists('status')).stdout.trim().split('\n').map((l) => JSON.parse(l) as Json);
      expect(statuses.find((l) => l['list_id'] === listId)).to.deep.include({ tenant_id: acme.tenant_id, name: 'Bloqueio interno', entries: 5 });

      service = await startService({ dataDir, env: { SVC_RATE_LIMIT_PER_MINUTE: '100000' } });
      const found = (await (await search(acmeKey, { schema: 'person', name: 'Rogerio Tavares Quintanilha' })).json()) as Json;
      expect(found['results'][0]).to.include({ list_id: listId, match: true });
      const offline = (await (await search(acmeKey, { schema: 'person', name: 'Graciliano Moura Bittencourt' })).json()) as Json;
      expect(offline['results'][0]).to.include({ list_id: listId, match: true });
      const theirs = await search(otherKey, { schema: 'person', name: 'Rogerio Tavares Quintanilha', lists: [listId] });
      expect(theirs.status).to.equal(400);
    });
  });
});
