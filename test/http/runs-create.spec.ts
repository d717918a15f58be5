import { expect } from 'chai';
import { GotWebhookSender } from '../../src/adapters/webhook-sender.js';
import { REFERENCE_PF, REFERENCE_PJ } from '../../src/domain/template/reference.js';
import { createTenant, type TestService } from '../helpers/service.js';
import {
  UUID,
  cpf,
  createRun,
  createTemplate,
  errorOf,
  getJson,
  pfSubject,
  pjSubject,
  postRun,
  startRunsService,
  waitForRun,
  world,
  type Json,
  type World,
} from './runs-support.js';

describe('POST /api/v1/bureau/runs: creation and validation', () => {
  let service: TestService;
  let w: World;
  before(async () => {
    // a per-call webhook_url's host is resolved at the call: every name is public here, and no DNS is asked
    const resolve = async () => [{ address: '8.8.8.8', family: 4 as const }];
    service = await startRunsService({ overrides: (config) => ({ webhookSender: new GotWebhookSender({ allowInsecure: config.webhookAllowInsecure, resolve }) }) });
    w = await world(service);
  });
  after(async () => service.close());

  /** Every run of the tenant's sandbox environment, through the list. */
  const runCount = async () => ((await (await getJson(service, w.key, '/bureau/runs?limit=100')).json()) as Json).data.length as number;

  /** POSTs, expects the error, and checks nothing was created. */
  async function refused(body: unknown, status: number, code: string, key = w.key): Promise<Json> {
    const before = await runCount();
    const response = await postRun(service, key, body);
    const error = await errorOf(response);
    expect(response.status, JSON.stringify(error)).to.equal(status);
    expect(error.code).to.equal(code);
    expect(error.type).to.equal(status === 403 ? 'authorization_error' : 'invalid_request_error');
    expect(await runCount()).to.equal(before);
    return error;
  }

  const valid = (overrides: Json = {}): Json => ({ template_id: w.pf, subject: pfSubject('00000000191'), ...overrides });

  it('answers 202 with exactly {run_id, status: queued, estimated_seconds, livemode}', async () => {
    const response = await postRun(service, w.key, valid());
    expect(response.status).to.equal(202);
    const body = (await response.json()) as Json;
    expect(Object.keys(body).sort()).to.deep.equal(['estimated_seconds', 'livemode', 'run_id', 'status']);
    expect(body.run_id).to.match(UUID);
    expect(body.status).to.equal('queued');
    // the slowest enabled source of the reference PF template is legal_proceedings (12 s)
    expect(body.estimated_seconds).to.equal(12);
    expect(body.livemode).to.equal(false);
    await waitForRun(service, w.key, body.run_id);
  });

  it('echoes external_id and metadata on GET and names the template', async () => {
    const runId = await createRun(service, w.key, valid({ external_id: 'cliente-42', metadata: { origem: 'onboarding', canal: 'app' } }));
    const run = await waitForRun(service, w.key, runId);
    expect(run).to.include({ external_id: 'cliente-42', template_name: 'PF padrão' });
    expect(run.metadata).to.deep.equal({ origem: 'onboarding', canal: 'app' });
    // without them: null and {}
    const bare = await waitForRun(service, w.key, await createRun(service, w.key, valid()));
    expect(bare.external_id).to.equal(null);
    expect(bare.metadata).to.deep.equal({});
  });

  it('accepts formatted documents and a subject without type (taken from the template)', async () => {
    const formatted = await waitForRun(service, w.key, await createRun(service, w.key, valid({ subject: { type: 'pf', doc: '000.000.002-72', name: 'Fulano' } })));
    expect(formatted.status).to.equal('blocked'); // the 00000000272 fixture: the doc was normalised
    const untyped = await createRun(service, w.key, { template_id: w.pj, subject: { doc: '00.000.001/0001-36', name: 'Empresa' } });
    expect((await waitForRun(service, w.key, untyped)).status).to.equal('completed');
  });

  it('missing or non-string template_id: 400 missing_template_id', async () => {
    for (const template_id of [undefined, 123, null, '', { id: w.pf }, [w.pf]]) {
      const error = await refused({ subject: pfSubject('00000000191'), ...(template_id === undefined ? {} : { template_id }) }, 400, 'missing_template_id');
      expect(error.param).to.equal('template_id');
    }
  });

  it('unknown, malformed, inactive, unpublished or another tenant\'s template: 400 template_not_found', async () => {
    const other = await createTenant(service, 'Other');
    const othersTemplate = await createTemplate(service, { tenant_id: other.tenant_id }, REFERENCE_PF);
    const unpublished = await createTemplate(service, { tenant_id: w.tenant.tenant_id }, REFERENCE_PF, { published: false });
    const inactive = await createTemplate(service, { tenant_id: w.tenant.tenant_id }, REFERENCE_PF);
    // usable until deactivated
    await waitForRun(service, w.key, await createRun(service, w.key, valid({ template_id: inactive })));
    const patched = await service.operator(`/templates/${inactive}`, { method: 'PATCH', json: { active: false } });
    expect(patched.status).to.equal(200);
    for (const template_id of ['5b0c3f5e-8d2a-4c4e-9a51-2f7f3f0b9c11', 'not-a-uuid', othersTemplate, unpublished, inactive]) {
      const error = await refused(valid({ template_id }), 400, 'template_not_found');
      expect(error.param).to.equal('template_id');
    }
    // publishing makes the unpublished one usable
    expect((await service.operator(`/templates/${unpublished}`, { method: 'PATCH', json: { published: true } })).status).to.equal(200);
    await waitForRun(service, w.key, await createRun(service, w.key, valid({ template_id: unpublished })));
  });

  it('a global template is usable by every tenant', async () => {
    const global = await createTemplate(service, { global: true }, { ...REFERENCE_PJ, name: 'PJ global' });
    const other = await createTenant(service, 'Third');
    const otherKey = (await other.key()).api_key;
    for (const key of [w.key, otherKey]) {
      const run = await waitForRun(service, key, await createRun(service, key, { template_id: global, subject: pjSubject('00000001000136') }));
      expect(run).to.include({ status: 'completed', template_name: 'PJ global' });
    }
  });

  it('subject missing or not an object: 400 invalid_parametros', async () => {
    for (const subject of [undefined, null, 'x', ['00000000191']]) {
      const error = await refused({ template_id: w.pf, ...(subject === undefined ? {} : { subject }) }, 400, 'invalid_parametros');
      expect(error.invalid_params).to.be.an('array').that.is.not.empty;
    }
  });

  it('subject without doc: 400 missing_document', async () => {
    for (const doc of [undefined, null, '']) {
      const error = await refused(valid({ subject: { type: 'pf', name: 'Maria', ...(doc === undefined ? {} : { doc }) } }), 400, 'missing_document');
      expect(error.param).to.equal('subject.doc');
    }
    await refused({ template_id: w.pj, subject: { type: 'pj', name: 'Empresa' } }, 400, 'missing_document');
  });

  it('wrong digit count, bad check digit, non-string or the other person type: 400 invalid_document', async () => {
    const cases: Json[] = [
      { type: 'pf', doc: '123', name: 'Maria' },
      { type: 'pf', doc: '000000001911', name: 'Maria' },
      { type: 'pf', doc: '00000000192', name: 'Maria' }, // check digit off by one
      { type: 'pf', doc: 191, name: 'Maria' },
      { type: 'pf', doc: '00000001000136', name: 'Maria' }, // a CNPJ as the pf document
      { type: 'pj', doc: '00000001000136', name: 'Empresa' }, // a pj subject on a pf template
    ];
    for (const subject of cases) await refused(valid({ subject }), 400, 'invalid_document');
    await refused({ template_id: w.pj, subject: pjSubject('00000001000137') }, 400, 'invalid_document');
    await refused({ template_id: w.pj, subject: pjSubject('00000000191') }, 400, 'invalid_document');
  });

  it('a missing template parameter or an unknown subject field: 400 invalid_parametros listing them in invalid_params', async () => {
    const missing = await refused(valid({ subject: { type: 'pf', doc: '00000000191' } }), 400, 'invalid_parametros');
    expect(missing.invalid_params).to.deep.equal(['name']);
    const blank = await refused(valid({ subject: { type: 'pf', doc: '00000000191', name: '   ' } }), 400, 'invalid_parametros');
    expect(blank.invalid_params).to.deep.equal(['name']);
    const unknown = await refused(valid({ subject: { ...pfSubject('00000000191'), nickname: 'Mari' } }), 400, 'invalid_parametros');
    expect(unknown.invalid_params).to.deep.equal(['nickname']);
    const both = await refused(valid({ subject: { type: 'pf', doc: '00000000191', mother_name: 'Ana', email: 'a@b.c' } }), 400, 'invalid_parametros');
    expect(both.invalid_params).to.have.members(['name', 'mother_name', 'email']);
    expect(both.invalid_params).to.have.length(3);
  });

  it('external_id over 255 characters is refused; 255 is accepted', async () => {
    const error = await refused(valid({ external_id: 'x'.repeat(256) }), 400, 'invalid_request');
    expect(error.param).to.equal('external_id');
    await refused(valid({ external_id: 42 }), 400, 'invalid_request');
    const run = await waitForRun(service, w.key, await createRun(service, w.key, valid({ external_id: 'y'.repeat(255) })));
    expect(run.external_id).to.equal('y'.repeat(255));
  });

  it('metadata over 10 pairs, or a value over 500 characters, is refused; 10 pairs of 500 are accepted', async () => {
    const pairs = (n: number, length = 5) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'v'.repeat(length)]));
    expect((await refused(valid({ metadata: pairs(11) }), 400, 'invalid_request')).param).to.equal('metadata');
    expect((await refused(valid({ metadata: { note: 'n'.repeat(501) } }), 400, 'invalid_request')).param).to.equal('metadata');
    await refused(valid({ metadata: { count: 3 } }), 400, 'invalid_request');
    await refused(valid({ metadata: ['a'] }), 400, 'invalid_request');
    const run = await waitForRun(service, w.key, await createRun(service, w.key, valid({ metadata: pairs(10, 500) })));
    expect(run.metadata).to.deep.equal(pairs(10, 500));
  });

  it('webhook_url over http://, or to a loopback, private or metadata address: 400 invalid_webhook_url', async () => {
    for (const webhook_url of ['http://example.com/hook', 'https://127.0.0.1/hook', 'https://localhost/hook', 'https://10.0.0.8/hook', 'https://169.254.169.254/latest', 'https://[::1]/hook', 'not a url', 7]) {
      const error = await refused(valid({ webhook_url }), 400, 'invalid_webhook_url');
      expect(error.param).to.equal('webhook_url');
    }
    await waitForRun(service, w.key, await createRun(service, w.key, valid({ webhook_url: 'https://hooks.example.com/kyc' })));
  });

  it('an unknown top-level field: 400 invalid_request naming it', async () => {
    const error = await refused(valid({ callback: 'https://hooks.example.com' }), 400, 'invalid_request');
    expect(error.param).to.equal('callback');
  });

  it('malformed JSON, or a body that is not an object: 400 invalid_json', async () => {
    const before = await runCount();
    for (const body of ['{"template_id": ', 'not json', '[1,2]', '"text"']) {
      const response = await service.call('/api/v1/bureau/runs', { method: 'POST', headers: { 'x-api-key': w.key, 'content-type': 'application/json' }, body });
      expect(response.status, body).to.equal(400);
      expect((await errorOf(response)).code).to.equal('invalid_json');
    }
    expect(await runCount()).to.equal(before);
  });

  it('a key without runs:write: 403 insufficient_scope', async () => {
    const readOnly = (await w.tenant.key({ scopes: ['runs:read', 'detail:read'] })).api_key;
    await refused(valid(), 403, 'insufficient_scope', readOnly);
  });

  it('a key restricted to pj on a pf template: 403 subject_type_not_allowed (and it still runs pj)', async () => {
    const pjOnly = (await w.tenant.key({ scopes: ['runs:write', 'runs:read'], subject_type: 'pj' })).api_key;
    await refused(valid(), 403, 'subject_type_not_allowed', pjOnly);
    await refused(valid({ subject: { doc: '00000000191', name: 'Maria' } }), 403, 'subject_type_not_allowed', pjOnly);
    const runId = await createRun(service, pjOnly, { template_id: w.pj, subject: pjSubject('00000001000136') });
    // and the pf-only key cannot read that pj run
    const pfOnly = (await w.tenant.key({ scopes: ['runs:read'], subject_type: 'pf' })).api_key;
    expect((await getJson(service, pfOnly, `/bureau/runs/${runId}`)).status).to.equal(403);
    await waitForRun(service, pjOnly, runId);
  });

  it('a run of another valid document outside the fixtures runs like the first fixture', async () => {
    const run = await waitForRun(service, w.key, await createRun(service, w.key, valid({ subject: pfSubject(cpf(77)) })));
    expect(run).to.include({ status: 'completed', decision: 'approved', risk_band: 'baixo' });
  });
});
