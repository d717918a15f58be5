import { expect } from 'chai';
import { createTenant, type TenantFixture, type TestService } from '../helpers/service.js';
import { createCustomer, getCustomer, listCustomers, maskCnpj, maskCpf, patchTenant, pfBody, pjBody } from './customers-support.js';
import { cnpj, cpf, errorOf, eventually, getJson, ISO, sleep, startRunsService, waitForRun, world, type Json, type World } from './runs-support.js';

const ADDRESS = { street: 'Av. Paulista', number: '1000', complement: 'ap 12', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'sp', zip: '01310-100' };
const STORED_ADDRESS = { ...ADDRESS, state: 'SP', zip: '01310100' };
const idsOfPage = (page: Json) => (page.data as Json[]).map((c) => c.customer_id as string);
const COMMON_KEYS = ['customer_id', 'object', 'status', 'type', 'name', 'email', 'doc', 'external_id', 'metadata', 'created_at', 'updated_at'];

/** GET /api/v1/customers/{id}, GET /api/v1/customers and the customer status, over real HTTP. */
describe('HTTP customers: reads and status', () => {
  let service: TestService;
  let w: World;
  let n = 1000;
  const nextCpf = () => cpf(++n);
  const nextCnpj = () => cnpj(++n);

  before(async () => {
    service = await startRunsService();
    w = await world(service);
    await patchTenant(service, w.tenant.tenant_id, { default_templates: { pf: w.pf, pj: w.pj } });
  });
  after(async () => service.close());

  const get = (path: string, key = w.key) => getJson(service, key, path);
  const expectError = async (response: Response, status: number, code: string, param?: string) => {
    const text = await response.text();
    expect(response.status, text).to.equal(status);
    const error = (JSON.parse(text) as { error: Json }).error;
    expect(error.code, text).to.equal(code);
    if (param !== undefined) expect(error.param, text).to.equal(param);
  };
  /** once the customer reactor has recorded the run's end (birth_date from the source is its mark) and every projection has caught up */
  const settled = async (key: string, id: string): Promise<Json> => {
    await eventually(async () => {
      const c = await getCustomer(service, key, id);
      expect(c.latest_run?.completed_at).to.be.a('string');
      if (c.type === 'pf') expect(c.birth_date).to.be.a('string');
    });
    await service.services.runner.waitFor(await service.services.eventStore.headPosition());
    return getCustomer(service, key, id);
  };

  describe('GET /api/v1/customers/{id}', () => {
    it('shows every field of a pf sent in full, with the finished run as latest_run', async () => {
      const doc = nextCpf();
      const created = await createCustomer(
        service,
        w.key,
        pfBody(doc, {
          phone: '+55 11 98765-4321',
          external_id: 'ext-full-pf',
          metadata: { canal: 'app', campanha: 'x' },
          address: ADDRESS,
          birth_date: '1980-05-17',
          nationality: 'brasileira',
          occupation: 'médica',
          declared_income: '15000.50',
          run_bureau: true,
        }),
      );
      const run = await waitForRun(service, w.key, created.run_id);
      const c = await settled(w.key, created.customer_id);
      expect(c).to.have.all.keys(
        ...COMMON_KEYS, 'phone', 'birth_date', 'nationality', 'occupation', 'declared_income', 'address', 'documents', 'latest_run', 'open_alerts', 'sanctions_freeze', 'qualification', 'facial_verification', 'livemode',
      );
      expect(c).to.include({
        customer_id: created.customer_id,
        object: 'customer',
        type: 'pf',
        name: 'Maria da Silva',
        email: 'maria@example.com',
        phone: '+55 11 98765-4321',
        doc: maskCpf(doc),
        external_id: 'ext-full-pf',
        created_at: created.created_at,
        birth_date: '1980-05-17',
        nationality: 'brasileira',
        occupation: 'médica',
        declared_income: '15000.50',
        livemode: false,
      });
      expect(c.doc).to.match(/^\*{3}\d{6}\*{2}$/);
      expect(c.status).to.equal('em_analise');
      expect(c.metadata).to.deep.equal({ canal: 'app', campanha: 'x' });
      expect(c.updated_at).to.match(ISO);
      expect(c.updated_at >= c.created_at).to.equal(true);
      expect(c.address).to.deep.equal(STORED_ADDRESS);
      expect(c.documents).to.deep.equal([]);
      expect(c.latest_run).to.deep.equal({ run_id: created.run_id, status: 'completed', decision: 'approved', risk_band: 'baixo', completed_at: run.completed_at });
      expect(c.facial_verification).to.equal(null);
      expect(JSON.stringify(c)).not.to.include(doc);
    });

    it('shows a minimal pf draft without the optional fields, with latest_run and birth_date null', async () => {
      const created = await createCustomer(service, w.key, pfBody(nextCpf()));
      const c = await getCustomer(service, w.key, created.customer_id);
      expect(c).to.have.all.keys(...COMMON_KEYS, 'birth_date', 'documents', 'latest_run', 'open_alerts', 'sanctions_freeze', 'qualification', 'facial_verification', 'livemode');
      expect(c.status).to.equal('rascunho');
      expect(c.birth_date).to.equal(null);
      expect(c.latest_run).to.equal(null);
      expect(c.facial_verification).to.equal(null);
      expect(c.documents).to.deep.equal([]);
    });

    it('fills a pf birth_date from the cadastral source after a run when none was sent', async () => {
      const created = await createCustomer(service, w.key, pfBody(nextCpf(), { run_bureau: true }));
      expect((await getCustomer(service, w.key, created.customer_id)).birth_date).to.equal(null);
      const c = await settled(w.key, created.customer_id);
      expect(c.birth_date).to.match(/^(19[5-9]\d|200[0-2])-\d{2}-\d{2}$/);
    });

    it('shows a pj with its own fields and address, no pf fields, no birth_date and no facial_verification', async () => {
      const doc = nextCnpj();
      const created = await createCustomer(
        service,
        w.key,
        pjBody(doc, { email: 'contato@exemplo.com.br', address: ADDRESS, trade_name: 'Exemplo', annual_revenue: 1200000, business_activity: 'comércio varejista', employee_count: 12 }),
      );
      const c = await getCustomer(service, w.key, created.customer_id);
      expect(c).to.have.all.keys(...COMMON_KEYS, 'trade_name', 'annual_revenue', 'business_activity', 'employee_count', 'address', 'documents', 'latest_run', 'open_alerts', 'sanctions_freeze', 'qualification', 'livemode');
      expect(c).to.include({ type: 'pj', doc: maskCnpj(doc), email: 'contato@exemplo.com.br', trade_name: 'Exemplo', annual_revenue: 1200000, business_activity: 'comércio varejista', employee_count: 12 });
      expect(c.doc).to.match(/^\*{2}\d{8}\*{4}$/);
      expect(c.address).to.deep.equal(STORED_ADDRESS);
      expect(c).not.to.have.any.keys('facial_verification', 'birth_date', 'nationality', 'occupation', 'declared_income');
    });

    it('shows a pj without e-mail as email: null, never a placeholder', async () => {
      const created = await createCustomer(service, w.key, pjBody(nextCnpj(), { run_bureau: true }));
      const c = await settled(w.key, created.customer_id);
      expect(c.email).to.equal(null);
      expect(c).not.to.have.any.keys('trade_name', 'annual_revenue', 'business_activity', 'employee_count', 'address', 'phone');
      const item = ((await listCustomers(service, w.key, '?type=pj&limit=100')).data as Json[]).find((x) => x.customer_id === created.customer_id)!;
      expect(item.email).to.equal(null);
      expect(JSON.stringify(c) + JSON.stringify(item)).not.to.include('@');
    });

    it('404 customer_not_found for another tenant, a key of the other environment and an unknown id; 400 invalid_id', async () => {
      const created = await createCustomer(service, w.key, pfBody(nextCpf()));
      const other = await (await createTenant(service, 'Other')).key();
      await expectError(await get(`/customers/${created.customer_id}`, other.api_key), 404, 'customer_not_found');
      // a live customer is invisible to the sandbox key and the reverse
      const live = (await w.tenant.key({ environment: 'live' })).api_key;
      const liveCustomer = await createCustomer(service, live, pfBody(nextCpf()));
      expect(liveCustomer.livemode).to.equal(true);
      expect((await getCustomer(service, live, liveCustomer.customer_id)).livemode).to.equal(true);
      await expectError(await get(`/customers/${liveCustomer.customer_id}`), 404, 'customer_not_found');
      await expectError(await get(`/customers/${created.customer_id}`, live), 404, 'customer_not_found');
      await expectError(await get('/customers/00000000-0000-4000-8000-000000000000'), 404, 'customer_not_found');
      for (const id of ['not-a-uuid', '123', `${created.customer_id}x`]) await expectError(await get(`/customers/${id}`), 400, 'invalid_id');
    });

    it('403 insufficient_scope without customers:read', async () => {
      const created = await createCustomer(service, w.key, pfBody(nextCpf()));
      const key = (await w.tenant.key({ scopes: ['customers:write'] })).api_key;
      await expectError(await get(`/customers/${created.customer_id}`, key), 403, 'insufficient_scope');
      await expectError(await get('/customers', key), 403, 'insufficient_scope');
    });
  });

  describe('GET /api/v1/customers', () => {
    let tenant: TenantFixture;
    let key: string;
    const docs: Record<string, string> = {};
    const ids: Record<string, string> = {};
    const created: Record<string, Json> = {};
    const list = (query = '') => listCustomers(service, key, query);
    const idsOf = (page: Json) => (page.data as Json[]).map((c) => c.customer_id as string);

    before(async () => {
      const l = await world(service, 'Lists');
      tenant = l.tenant;
      key = l.key;
      await patchTenant(service, tenant.tenant_id, { default_templates: { pf: l.pf, pj: l.pj } });
      const bodies: Record<string, Json> = {
        pfDraft: pfBody((docs['pfDraft'] = nextCpf()), { external_id: 'list-a', phone: '11 3333-4444' }),
        pfRun: pfBody((docs['pfRun'] = nextCpf()), { external_id: 'list-b', run_bureau: true, occupation: 'professora' }),
        pjDraft: pjBody((docs['pjDraft'] = nextCnpj()), { external_id: 'list-c', email: 'c@exemplo.com' }),
        pjRun: pjBody((docs['pjRun'] = nextCnpj()), { run_bureau: true, trade_name: 'D' }),
      };
      for (const [name, body] of Object.entries(bodies)) {
        created[name] = await createCustomer(service, key, body);
        ids[name] = created[name]!.customer_id;
        await sleep(3); // distinct creation instants: the order and the date bounds below are exact
      }
      for (const name of ['pfRun', 'pjRun']) await settled(key, ids[name]!);
      // another tenant's and another environment's customers never show
      await createCustomer(service, w.key, pfBody(docs['pfDraft']!));
      await createCustomer(service, (await tenant.key({ environment: 'live' })).api_key, pfBody(docs['pfDraft']!));
    });

    it('lists newest first with the summary fields, email and phone, doc *** and no documents or latest_run', async () => {
      const page = await list();
      expect(page).to.have.all.keys('data', 'has_more', 'next_cursor', 'livemode');
      expect(idsOf(page)).to.deep.equal([ids['pjRun'], ids['pjDraft'], ids['pfRun'], ids['pfDraft']]);
      expect(page.has_more).to.equal(false);
      expect(page.next_cursor).to.equal(null);
      expect(page.livemode).to.equal(false);
      const byId = Object.fromEntries((page.data as Json[]).map((c) => [c.customer_id, c]));
      const pfDraft = byId[ids['pfDraft']!]!;
      expect(pfDraft).to.have.all.keys(...COMMON_KEYS, 'phone');
      expect(pfDraft).to.include({ object: 'customer', status: 'rascunho', type: 'pf', name: 'Maria da Silva', email: 'maria@example.com', phone: '11 3333-4444', doc: '***', external_id: 'list-a', created_at: created['pfDraft']!.created_at });
      expect(byId[ids['pfRun']!]).to.include({ status: 'em_analise', occupation: 'professora', doc: '***' });
      expect(byId[ids['pjDraft']!]).to.include({ email: 'c@exemplo.com', doc: '***' });
      expect(byId[ids['pjRun']!]).to.include({ email: null, trade_name: 'D', doc: '***' });
      for (const item of page.data as Json[]) expect(item).not.to.have.any.keys('documents', 'latest_run', 'facial_verification', 'address', 'birth_date');
    });

    it('filters by type, status, external_id and doc', async () => {
      expect(idsOf(await list('?type=pf'))).to.deep.equal([ids['pfRun'], ids['pfDraft']]);
      expect(idsOf(await list('?type=pj'))).to.deep.equal([ids['pjRun'], ids['pjDraft']]);
      expect(idsOf(await list('?status=em_analise'))).to.deep.equal([ids['pjRun'], ids['pfRun']]);
      expect(idsOf(await list('?status=em_analise&type=pf'))).to.deep.equal([ids['pfRun']]);
      expect(idsOf(await list('?status=aprovado'))).to.deep.equal([]);
      expect(idsOf(await list('?external_id=list-c'))).to.deep.equal([ids['pjDraft']]);
      expect(idsOf(await list('?external_id=list-zz'))).to.deep.equal([]);
      for (const name of ['pfDraft', 'pfRun', 'pjDraft', 'pjRun']) expect(idsOf(await list(`?doc=${docs[name]}`))).to.deep.equal([ids[name]]);
      expect(idsOf(await list(`?doc=${cpf(999_999)}`))).to.deep.equal([]);
    });

    it('refuses bad filter values with 400', async () => {
      const formattedCpf = docs['pfDraft']!.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
      for (const bad of [formattedCpf, docs['pfDraft']!.slice(0, 10), `${docs['pjDraft']}1`, 'abc']) {
        const response = await get(`/customers?doc=${encodeURIComponent(bad)}`, key);
        expect(response.status, bad).to.equal(400);
        expect((await errorOf(response)).param).to.equal('doc');
      }
      for (const status of ['rascunho', 'inactive', 'em_monitoramento', 'x']) {
        const response = await get(`/customers?status=${status}`, key);
        expect(response.status, status).to.equal(400);
        expect((await errorOf(response)).param).to.equal('status');
      }
      expect((await get('/customers?type=px', key)).status).to.equal(400);
    });

    it('filters by created_after / created_before (inclusive) and refuses invalid dates with 400 invalid_date', async () => {
      const pivot = created['pjDraft']!.created_at as string;
      const after = idsOf(await list(`?created_after=${encodeURIComponent(pivot)}`));
      expect(after).to.include(ids['pjDraft']).and.include(ids['pjRun']);
      expect(after).not.to.include(ids['pfDraft']);
      const before = idsOf(await list(`?created_before=${encodeURIComponent(pivot)}`));
      expect(before).to.include(ids['pjDraft']).and.include(ids['pfDraft']);
      expect(before).not.to.include(ids['pjRun']);
      expect(idsOf(await list(`?created_after=${encodeURIComponent(pivot)}&created_before=${encodeURIComponent(pivot)}`))).to.deep.equal([ids['pjDraft']]);
      expect(idsOf(await list('?created_after=2999-01-01T00:00:00Z'))).to.deep.equal([]);
      expect(idsOf(await list(`?created_after=${encodeURIComponent('2000-01-01T00:00:00-03:00')}`))).to.have.length(4);
      for (const [param, value] of [
        ['created_after', 'yesterday'],
        ['created_after', '2026-13-01T00:00:00Z'],
        ['created_before', '2026-02-30T00:00:00Z'],
        ['created_before', '1700000000'],
        ['created_after', ''],
      ] as const) {
        const response = await get(`/customers?${param}=${encodeURIComponent(value)}`, key);
        expect(response.status, `${param}=${value}`).to.equal(400);
        expect(await errorOf(response)).to.include({ code: 'invalid_date', param });
      }
    });

    it('refuses limit 0, 101, -1, 1.5 and x with 400 invalid_limit; accepts 1 and 100', async () => {
      for (const limit of ['0', '101', '-1', '1.5', 'x', '']) {
        const response = await get(`/customers?limit=${limit}`, key);
        expect(response.status, limit).to.equal(400);
        expect(await errorOf(response)).to.include({ code: 'invalid_limit', param: 'limit' });
      }
      const one = await list('?limit=1');
      expect(idsOf(one)).to.deep.equal([ids['pjRun']]);
      expect(one.has_more).to.equal(true);
      expect(one.next_cursor).to.be.a('string');
      expect(idsOf(await list('?limit=100'))).to.have.length(4);
    });

    it('pages ~30 customers newest first, each exactly once, through URL-encoded cursors', async () => {
      const paging = await createTenant(service, 'Paging');
      const pkey = (await paging.key()).api_key;
      const made: Json[] = [];
      // in concurrent batches, so some share a creation millisecond and the id breaks the tie
      for (let batch = 0; batch < 3; batch++) {
        made.push(...(await Promise.all(Array.from({ length: 10 }, () => createCustomer(service, pkey, pfBody(nextCpf()))))));
      }
      const expected = [...made].sort((a, b) => (a.created_at === b.created_at ? (a.customer_id < b.customer_id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1)).map((c) => c.customer_id);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: Json = await listCustomers(service, pkey, `?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        pages++;
        seen.push(...idsOf(page));
        if (page.has_more) {
          expect(page.next_cursor).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}\+00:00_[0-9a-f-]{36}$/);
          expect(page.data).to.have.length(7);
        } else {
          expect(page.next_cursor).to.equal(null);
        }
        cursor = page.next_cursor;
      } while (cursor);
      expect(pages).to.equal(5);
      expect(seen).to.have.length(30);
      expect(new Set(seen).size).to.equal(30);
      expect(seen).to.deep.equal(expected);
    });

    it('400 invalid_cursor for a cursor sent raw (its + decoded to a space) and for garbage', async () => {
      const first = await list('?limit=2');
      const cursor = first.next_cursor as string;
      expect(cursor).to.include('+');
      // sent without encoding: the query string decodes + to a space
      const raw = await get(`/customers?limit=2&cursor=${cursor}`, key);
      expect(raw.status).to.equal(400);
      expect(await errorOf(raw)).to.include({ code: 'invalid_cursor', param: 'cursor' });
      for (const garbage of ['garbage', 'MjAyNg', `${cursor}x`, cursor.replace(/_.*/, '_not-a-uuid'), '2026-99-99T00:00:00.000+00:00_00000000-0000-4000-8000-000000000000', '']) {
        const response = await get(`/customers?cursor=${encodeURIComponent(garbage)}`, key);
        expect(response.status, garbage).to.equal(400);
        expect((await errorOf(response)).code).to.equal('invalid_cursor');
      }
      const second = await list(`?limit=2&cursor=${encodeURIComponent(cursor)}`);
      expect(idsOf(second)).to.deep.equal([ids['pfRun'], ids['pfDraft']]);
    });

    it('a key restricted to a type lists only that type', async () => {
      const pjOnly = (await tenant.key({ subject_type: 'pj' })).api_key;
      expect(idsOf(await listCustomers(service, pjOnly))).to.deep.equal([ids['pjRun'], ids['pjDraft']]);
      const refused = await get('/customers?type=pf', pjOnly);
      expect(refused.status).to.equal(403);
      expect((await errorOf(refused)).code).to.equal('subject_type_not_allowed');
    });
  });

  describe('customer status', () => {
    it('follows the auto_decision_policy when the run ends: baixo -> aprovado, alto -> recusado', async () => {
      const policy = await world(service, 'Policy');
      await patchTenant(service, policy.tenant.tenant_id, { default_templates: { pf: policy.pf, pj: policy.pj }, auto_decision_policy: { baixo: 'aprovado', alto: 'recusado' } });
      const pf = await createCustomer(service, policy.key, pfBody('00000000191', { run_bureau: true }));
      expect(pf.status).to.equal('em_analise');
      const pj = await createCustomer(service, policy.key, pjBody('00000004000170', { run_bureau: true }));
      await eventually(async () => {
        expect((await getCustomer(service, policy.key, pf.customer_id)).status).to.equal('aprovado');
      });
      await eventually(async () => {
        expect((await getCustomer(service, policy.key, pj.customer_id)).status).to.equal('recusado');
      });
      const pfNow = await getCustomer(service, policy.key, pf.customer_id);
      expect(pfNow.latest_run).to.include({ run_id: pf.run_id, status: 'completed', decision: 'approved', risk_band: 'baixo' });
      const pjNow = await getCustomer(service, policy.key, pj.customer_id);
      expect(pjNow.latest_run).to.include({ run_id: pj.run_id, decision: 'review', risk_band: 'alto' });
      expect(idsOfPage(await listCustomers(service, policy.key, '?status=aprovado'))).to.deep.equal([pf.customer_id]);
      expect(idsOfPage(await listCustomers(service, policy.key, '?status=recusado'))).to.deep.equal([pj.customer_id]);
      // a band the policy does not name leaves em_analise (00000000787: completed, approved, medio)
      const medio = await createCustomer(service, policy.key, pfBody('00000000787', { run_bureau: true }));
      const settledMedio = await settled(policy.key, medio.customer_id);
      expect(settledMedio.latest_run.risk_band).to.equal('medio');
      expect(settledMedio.status).to.equal('em_analise');
    });

    it('stays em_analise after the run when no policy is configured', async () => {
      const created = await createCustomer(service, w.key, pfBody('00000000191', { run_bureau: true }));
      const c = await settled(w.key, created.customer_id);
      expect(c.latest_run).to.include({ status: 'completed', decision: 'approved', risk_band: 'baixo' });
      expect(c.status).to.equal('em_analise');
    });

    it('operator PATCH /operator/v1/customers/{id} sets any status and refuses an unknown one', async () => {
      const created = await createCustomer(service, w.key, pjBody(nextCnpj()));
      for (const status of ['pendencia', 'aprovado', 'recusado', 'em_monitoramento', 'inactive', 'em_analise', 'rascunho']) {
        const response = await service.operator(`/customers/${created.customer_id}`, { method: 'PATCH', json: { status } });
        const text = await response.text();
        expect(response.status, text).to.equal(200);
        expect((JSON.parse(text) as Json).status).to.equal(status);
        expect((await getCustomer(service, w.key, created.customer_id)).status).to.equal(status);
      }
      for (const body of [{ status: 'aprovada' }, { status: 'approved' }, {}, { status: null }]) {
        const response = await service.operator(`/customers/${created.customer_id}`, { method: 'PATCH', json: body });
        expect(response.status, JSON.stringify(body)).to.equal(400);
      }
      expect((await getCustomer(service, w.key, created.customer_id)).status).to.equal('rascunho');
      const unknown = await service.operator('/customers/00000000-0000-4000-8000-000000000000', { method: 'PATCH', json: { status: 'aprovado' } });
      expect(unknown.status).to.equal(404);
      expect((await errorOf(unknown)).code).to.equal('customer_not_found');
      // the operator needs the operator token, not an API key
      const withKey = await service.call(`/operator/v1/customers/${created.customer_id}`, { method: 'PATCH', headers: { 'x-api-key': w.key }, json: { status: 'aprovado' } });
      expect(withKey.status).to.equal(401);
    });
  });
});
