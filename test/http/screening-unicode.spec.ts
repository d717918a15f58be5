import { expect } from 'chai';
import { withCheckDigits } from '../../src/domain/values/document.js';
import { readableAnswer } from '../../src/domain/run/evaluate.js';
import { createTenant, startService, type TenantFixture, type TestService } from '../helpers/service.js';
import { EVASIONS } from '../helpers/unicode-evasions.js';
import { createCustomer, getCustomer } from './customers-support.js';
import { createTemplate, eventually, getJson, postRun, type Json } from './runs-support.js';
import { sample, SAMPLE_LISTS, uploadSampleLists } from './screening-support.js';

/**
 * Unicode evasion of every screening path: a listed name written with invisible characters
 * (zero-width space, soft hyphen, word joiner, BOM, variation selectors) or with Cyrillic and Greek
 * look-alike letters is found exactly as the plain name is, by the search, compare, the list
 * sources of a live run, a tenant list and the monitoring sweep; on the query side and the list
 * side alike.
 */
describe('Unicode evasion of every screening path', function () {
  this.timeout(180_000);
  let service: TestService;
  let tenant: TenantFixture;
  let screeningKey: string;
  let liveKey: string;
  let sandboxKey: string;
  let customersKey: string;
  let tenantList: string;

  /** names of people on no list, one per evasion, for the list-side cases */
  const LIST_SIDE = ['DJALMA VENTURA PRADO', 'ODETE MOREIRA BASTOS', 'TEOBALDO SAMPAIO NETO', 'MARCOLINO ARAUJO PESSOA', 'BERENICE TAVORA COSTA', 'OTACILIO BRANDAO MATOS', 'CATARINA ABREU MONTEIRO', 'HEITOR BARBOSA CAMPOS', 'ESMERALDA PIMENTA ROCHA'];
  const cpf = (n: number) => withCheckDigits(String(310_000_000 + n * 7919).padStart(9, '0'));

  before(async () => {
    service = await startService({ env: { SVC_RATE_LIMIT_PER_MINUTE: '100000', SVC_WORK_POLL_MS: '100' } });
    tenant = await createTenant(service, 'Unicode');
    expect((await service.operator(`/tenants/${tenant.tenant_id}/credits`, { method: 'POST', json: { amount: 1000, reason: 'test' } })).status).to.equal(201);
    screeningKey = (await tenant.key({ scopes: ['screening:read'] })).api_key;
    liveKey = (await tenant.key({ environment: 'live' })).api_key;
    sandboxKey = (await tenant.key({ environment: 'sandbox' })).api_key;
    customersKey = (await tenant.key({ scopes: ['customers:write', 'customers:read', 'runs:read'] })).api_key;
    await uploadSampleLists(service, SAMPLE_LISTS);
    // a tenant list: one plain name (evaded on the query side) and the list-side names, each evaded
    tenantList = ((await (await service.operator(`/tenants/${tenant.tenant_id}/lists`, { method: 'POST', json: { name: 'Bloqueio' } })).json()) as Json)['list_id'];
    const rows = ['name,schema,doc,birth_date,country,aliases,notes', 'ROSANGELA BITTENCOURT FARIAS,person,,,,,fraude', ...EVASIONS.map(([, evade], i) => `${evade(LIST_SIDE[i]!)},person,,,,,fraude`)];
    const form = new FormData();
    form.append('file', new Blob([rows.join('\n')]), 'bloqueio.csv');
    const uploaded = await service.operator(`/tenants/${tenant.tenant_id}/lists/${tenantList}/versions`, { method: 'POST', body: form });
    expect(uploaded.status, await uploaded.clone().text()).to.equal(201);
    expect(((await uploaded.json()) as Json)['entries']).to.equal(1 + EVASIONS.length);
  });
  after(async () => service.close());

  const ok = async (path: string, body: unknown): Promise<Json> => {
    const response = await service.call(`/api/v1/screening/${path}`, { method: 'POST', headers: { 'x-api-key': screeningKey }, json: body });
    const text = await response.text();
    expect(response.status, text).to.equal(200);
    return JSON.parse(text) as Json;
  };
  const best = (body: Json) => {
    const [first] = body['results'] as Json[];
    return first ? { list_id: first['list_id'], entry_id: first['entry']['entry_id'], score: first['score'], match: first['match'] } : null;
  };

  const LISTED = [
    { schema: 'person', name: 'ERIC BADEGE', list: 'ofac_sdn' },
    { schema: 'company', name: 'BANCO NACIONAL DE CUBA', list: 'ofac_sdn' },
    { schema: 'person', name: 'JOSE CARLOS DA SILVA PEREIRA', list: 'br_pep' },
    { schema: 'person', name: 'ROSANGELA BITTENCOURT FARIAS', list: '' }, // the tenant list
  ] as const;

  it('POST /screening/search: every evasion of a listed name finds the entry the plain name finds, with the same score', async () => {
    for (const { schema, name, list } of LISTED) {
      const lists = [list || tenantList];
      const plain = best(await ok('search', { schema, name, lists }));
      expect(plain, name).to.deep.include({ match: true });
      for (const [label, evade] of EVASIONS) {
        expect(best(await ok('search', { schema, name: evade(name), lists })), `${label}: ${JSON.stringify(evade(name))}`).to.deep.equal(plain);
      }
    }
  });

  it('POST /screening/compare: an evasion on either side scores as the plain pair does', async () => {
    for (const { schema, name } of LISTED) {
      const plain = await ok('compare', { schema, query: { name }, candidate: { name } });
      expect(plain).to.include({ match: true });
      for (const [label, evade] of EVASIONS) {
        for (const [query, candidate] of [[evade(name), name], [name, evade(name)]]) {
          const body = await ok('compare', { schema, query: { name: query }, candidate: { name: candidate } });
          expect([body['score'], body['match']], `${label}: ${JSON.stringify(query)} / ${JSON.stringify(candidate)}`).to.deep.equal([plain['score'], true]);
        }
      }
    }
  });

  it('documents: a CPF with invisible characters inside is the same CPF (an exact document match); a name of invisible characters only is blank (400)', async () => {
    const plain = best(await ok('search', { schema: 'person', name: 'J C S Pereira', doc: '418.275.936-28', lists: ['br_ceis'] }));
    expect(plain).to.deep.include({ score: 1, match: true });
    for (const doc of ['418.275\u200B.936-28', '\uFEFF41827593628', '418\u00AD275\u2060936\u200D28']) {
      expect(best(await ok('search', { schema: 'person', name: 'J C S Pereira', doc, lists: ['br_ceis'] })), JSON.stringify(doc)).to.deep.equal(plain);
    }
    for (const name of ['\u200B\u2060', '\uFEFF \u00AD', '\u{E0041}\uFE0F']) {
      const response = await service.call('/api/v1/screening/search', { method: 'POST', headers: { 'x-api-key': screeningKey }, json: { schema: 'person', name } });
      const error = ((await response.json()) as { error: Json }).error;
      expect([response.status, error['code'], error['param']], JSON.stringify(name)).to.deep.equal([400, 'invalid_request', 'name']);
    }
  });

  it('a tenant list whose entries were written with evasions is found by the plain names (the list side)', async () => {
    for (const [i, [label]] of EVASIONS.entries()) {
      const found = best(await ok('search', { schema: 'person', name: LIST_SIDE[i], lists: [tenantList] }));
      expect(found, label).to.deep.include({ list_id: tenantList, match: true });
      expect(found!['score'], label).to.be.greaterThan(0.99);
    }
  });

  /** Runs `template` on a subject and returns the readable answer of each source. */
  const run = async (key: string, templateId: string, subject: Json): Promise<Record<string, Json>> => {
    const response = await postRun(service, key, { template_id: templateId, subject: { type: 'pf', ...subject } });
    const text = await response.text();
    expect(response.status, text).to.equal(202);
    const runId = (JSON.parse(text) as Json)['run_id'] as string;
    await eventually(async () => {
      const body = (await (await getJson(service, key, `/bureau/runs/${runId}`)).json()) as Json;
      expect(['queued', 'running']).to.not.include(body['status']);
    }, 15_000);
    const answers = (await service.services.log.readStream(`run-${runId}`)).filter((e) => e.type === 'SourceAnswered');
    return Object.fromEntries(answers.map((e) => [String(e.data['source_id']), readableAnswer(e.data as never) as Json]));
  };
  /** what a list source found: its check's status and its best candidate */
  const finding = (answer: Json) => {
    const check = (answer['checks'] as Json[])[0]!;
    const candidate = (answer['data']?.['screening']?.['candidates'] as Json[] | undefined)?.[0];
    return { status: check['status'], check_id: check['check_id'], entry_id: candidate?.['entry_id'] ?? null, score: candidate?.['score'] ?? null };
  };

  it('a live run: the sanctions and PEP sources find every evasion as they find the plain name', async () => {
    const sources = [{ source_id: 'sanctions', tier: 1 }, { source_id: 'pep', tier: 2 }, { source_id: 'internal_lists', tier: 2 }];
    const template = await createTemplate(service, { tenant_id: tenant.tenant_id }, { name: 'Listas', subject_type: 'pf', parameters: ['name'], sources, rules: [], risk_thresholds: { medio: 30, alto: 60 } } as never);
    const subjects = [
      { name: 'ERIC BADEGE', doc: '52998224725', source: 'sanctions' },
      { name: 'JOSE CARLOS DA SILVA PEREIRA', doc: '41827593628', source: 'pep' },
      { name: 'ROSANGELA BITTENCOURT FARIAS', doc: '11144477735', source: 'internal_lists' },
    ];
    for (const { name, doc, source } of subjects) {
      const plain = finding((await run(liveKey, template, { name, doc }))[source]!);
      expect(plain, name).to.include({ status: 'INVALID' });
      for (const [label, evade] of EVASIONS) {
        const answers = await run(liveKey, template, { name: evade(name), doc });
        expect(finding(answers[source]!), `${label}: ${source} on ${JSON.stringify(evade(name))}`).to.deep.equal(plain);
      }
    }
  });

  it('the internal_lists source finds the list-side evasions by the plain names (sandbox keys answer from tenant lists too)', async () => {
    const template = await createTemplate(service, { tenant_id: tenant.tenant_id }, { name: 'Listas próprias', subject_type: 'pf', parameters: ['name'], sources: [{ source_id: 'internal_lists', tier: 1 }], rules: [], risk_thresholds: { medio: 30, alto: 60 } } as never);
    for (const [i, [label]] of EVASIONS.entries()) {
      const answers = await run(sandboxKey, template, { name: LIST_SIDE[i], doc: cpf(i) });
      expect(finding(answers['internal_lists']!), label).to.include({ status: 'INVALID', check_id: 'internal_list_hit' });
    }
  });

  describe('the monitoring sweep', () => {
    const alertsOf = async (): Promise<Json[]> => ((await (await service.operator(`/tenants/${tenant.tenant_id}/alerts?status=open&limit=100`)).json()) as Json)['data'];
    const monitored = async (doc: string, name: string): Promise<string> => {
      const created = await createCustomer(service, customersKey, { type: 'pf', doc, name, email: 'x@example.com' });
      await eventually(async () => {
        expect((await getCustomer(service, customersKey, created['customer_id']))['latest_run']?.['status'] ?? 'none').to.not.be.oneOf(['queued', 'running']);
      }, 15_000);
      const patched = await service.operator(`/customers/${created['customer_id']}`, { method: 'PATCH', json: { status: 'em_monitoramento' } });
      expect(patched.status, await patched.clone().text()).to.equal(200);
      return created['customer_id'] as string;
    };

    it('customers whose names carry an evasion raise the alert the plain name raises, against the tenant list, with the same score', async () => {
      const plainId = await monitored(cpf(100), 'Rosangela Bittencourt Farias');
      const ids = new Map<string, string>();
      for (const [i, [label, evade]] of EVASIONS.entries()) ids.set(await monitored(cpf(101 + i), evade('ROSANGELA BITTENCOURT FARIAS')), label);
      await eventually(async () => {
        const raised = new Set((await alertsOf()).filter((a) => a['list_id'] === tenantList).map((a) => a['customer_id']));
        expect([...ids].filter(([id]) => !raised.has(id)).map(([, label]) => label)).to.deep.equal([]);
      }, 30_000);
      const alerts = (await alertsOf()).filter((a) => a['list_id'] === tenantList);
      const plain = alerts.find((a) => a['customer_id'] === plainId)!;
      for (const [id, label] of ids) {
        const alert = alerts.find((a) => a['customer_id'] === id)!;
        expect([alert['entry_id'], alert['score']], label).to.deep.equal([plain['entry_id'], plain['score']]);
      }
    });

    it("a new official version whose rows carry evasions raises alerts for the plain-named customers (the sweep's list side)", async () => {
      const ids = new Map<string, string>();
      for (const [i, [label]] of EVASIONS.entries()) ids.set(await monitored(cpf(200 + i), LIST_SIDE[i]!.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase())), label);
      // CEIS rows without a CPF, names evaded; the file re-saved as UTF-8 (Cyrillic and Greek have no Latin-1 bytes)
      const row = (code: string, name: string) => `"CEIS";"${code}";"F";"";"${name}";"${name}";"";"";"0001";"Suspensão";"01/01/2026";"01/01/2030";"";"Sem Informação";"";"01/01/2026";"Sem Informação";"";"";"";"";"";"";""`;
      const lines = sample('br/ceis.csv').toString('latin1').trimEnd().split(/\r?\n/);
      const extra = EVASIONS.map(([, evade], i) => row(String(910_000 + i), evade(LIST_SIDE[i]!)));
      const form = new FormData();
      form.append('file', new Blob([Buffer.from([...lines, ...extra].join('\r\n'), 'utf8')]), '20261121_CEIS.csv');
      const uploaded = await service.operator('/lists/br_ceis/versions', { method: 'POST', body: form });
      expect(uploaded.status, await uploaded.clone().text()).to.equal(201);
      await eventually(async () => {
        const raised = new Set((await alertsOf()).filter((a) => a['list_id'] === 'br_ceis').map((a) => a['customer_id']));
        expect([...ids].filter(([id]) => !raised.has(id)).map(([, label]) => label)).to.deep.equal([]);
      }, 30_000);
      // as a plain row would: the name agrees whole
      const alerts = (await alertsOf()).filter((a) => a['list_id'] === 'br_ceis');
      for (const [id, label] of ids) expect(alerts.find((a) => a['customer_id'] === id)!['score'], label).to.be.greaterThan(0.99);
    });
  });
});
