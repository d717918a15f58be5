import { expect } from 'chai';
import { loadState } from '../../src/commands/handle-command.js';
import { webhookEndpointsDecider, webhookEndpointsStream } from '../../src/domain/webhook/endpoints.js';
import { listTenantKeys } from '../../src/projections/api-keys.js';
import { importDump } from '../../src/adapters/cnpj-register/importer.js';
import { SqliteRegisterTarget } from '../../src/adapters/cnpj-register/sqlite.js';
import { signedIn } from './screens-support.js';
import { cnpjOf, empresa, estabelecimento, LOOKUPS, writeDump } from '../helpers/cnpj-dump.js';
import { tempDir } from '../helpers/temp.js';
import { dashboardUser, type Page, type SignedIn } from '../helpers/dashboard.js';
import { recordSensitive } from '../helpers/log-privacy.js';
import { startService, type TestService } from '../helpers/service.js';
import { createRun, pfSubject, world, type Json, type World } from '../http/runs-support.js';
import { deliveries, putEndpoint, startReceiver, startWebhookService, until, type Receiver } from '../http/webhooks-support.js';

const XSS_SCRIPT = '<script>alert(1)</script>';
const XSS_ATTR = '"><img src=x onerror=alert(1)>';

/** The one-time secret of an answer page (an API key or a webhook secret), recorded so no log may hold it. */
function shownSecret(page: Page, pattern: RegExp): string {
  const secret = pattern.exec(page.html)?.[1];
  if (!secret) throw new Error(`no secret on the page (${page.status})`);
  recordSensitive(secret);
  return secret;
}

const publicApi = (service: TestService, key: string) => service.call('/api/v1/screening/lists', { headers: { 'x-api-key': key } });
const tenantOf = async (service: TestService, tenantId: string) => (await (await service.operator(`/tenants/${tenantId}`)).json()) as Json;
const endpointsOf = async (service: TestService, tenantId: string) => (await loadState(service.services.log, webhookEndpointsStream(tenantId), webhookEndpointsDecider)).state.endpoints;

describe('dashboard: settings', () => {
  let service: TestService;
  let w: World;
  let other: World;
  let admin: SignedIn;
  let analyst: SignedIn;
  let viewer: SignedIn;

  before(async () => {
    // the default settings: webhook targets must be public HTTPS hosts
    service = await startService({ env: { SVC_RATE_LIMIT_PER_MINUTE: '1000000' } });
    w = await world(service, 'Banco Configurações');
    other = await world(service, 'Outro Banco');
    ({ admin, analyst, viewer } = await signedIn(service, w.tenant.tenant_id));
  });
  after(async () => service.close());

  it('creates a key shown once, in the answer only; it works against the public API; the settings page never shows it again', async () => {
    const page = await admin.post('/dashboard/settings/api-keys', { name: 'Integração ERP', environment: 'sandbox', scopes: ['screening:read', 'runs:read'], subject_type: '' });
    expect(page.status).to.equal(201);
    expect(page.url).to.equal('/dashboard/settings/api-keys');
    const key = shownSecret(page, /data-testid="new-api-key">[\s\S]*?value="(sk_test_[A-Za-z0-9_-]+)"/);
    expect((await publicApi(service, key)).status).to.equal(200);
    const keys = await listTenantKeys(service.services.readStore, w.tenant.tenant_id);
    const made = keys.find((k) => k.name === 'Integração ERP')!;
    expect(made).to.include({ environment: 'sandbox', subject_type: null, revoked_at: null });
    expect(made.scopes).to.deep.equal(['screening:read', 'runs:read']);
    const created = (await service.services.log.readStream(`tenant-${w.tenant.tenant_id}`)).find((e) => e.type === 'ApiKeyCreated' && e.data['key_id'] === made.key_id)!;
    expect(created.metadata.actor).to.equal(`user:${admin.user.user_id}`);
    for (const client of [admin, viewer]) {
      const settings = await client.get('/dashboard/settings');
      expect(settings.status).to.equal(200);
      expect(settings.html).not.to.contain(key);
      expect(settings.html).to.contain(made.key_hint).and.to.contain('Integração ERP');
    }
    // nothing of the key went into a cookie (no flash through a redirect)
    expect(page.setCookies.join('\n')).not.to.contain(key.slice(-12));
  });

  it('revokes a key: it stops working at once (401)', async () => {
    const page = await admin.post('/dashboard/settings/api-keys', { name: 'Para revogar', environment: 'sandbox', scopes: ['screening:read'] });
    const key = shownSecret(page, /value="(sk_test_[A-Za-z0-9_-]+)"/);
    expect((await publicApi(service, key)).status).to.equal(200);
    const keyId = (await listTenantKeys(service.services.readStore, w.tenant.tenant_id)).find((k) => k.name === 'Para revogar')!.key_id;
    await admin.get('/dashboard/settings');
    const revoked = await admin.post(`/dashboard/settings/api-keys/${keyId}/revoke`);
    expect(revoked.status).to.equal(200);
    expect(revoked.html).to.contain('Chave revogada');
    expect(new RegExp(`data-key-id="${keyId}">[\\s\\S]*?data-testid="key-revoked">\\d`).test(revoked.html)).to.equal(true);
    expect((await publicApi(service, key)).status).to.equal(401);
  });

  it('answers a key form the codec refuses with 400 and its message on the page; no key made', async () => {
    const before = (await listTenantKeys(service.services.readStore, w.tenant.tenant_id)).length;
    const noScopes = await admin.post('/dashboard/settings/api-keys', { name: 'Sem escopo', environment: 'sandbox' });
    expect(noScopes.status).to.equal(400);
    // beside its field, in pt-BR (issue 28)
    expect(noScopes.html).to.contain('data-testid="field-error"').and.to.contain('Escolha ao menos um escopo.');
    const badEnvironment = await admin.post('/dashboard/settings/api-keys', { name: 'Ambiente', environment: 'producao', scopes: ['runs:read'] });
    expect(badEnvironment.status).to.equal(400);
    expect(badEnvironment.html).to.contain('Escolha o ambiente: sandbox ou live.');
    expect((await listTenantKeys(service.services.readStore, w.tenant.tenant_id)).length).to.equal(before);
  });

  it("refuses another tenant's key (404) and leaves it working", async () => {
    const theirs = await other.tenant.key({ scopes: ['screening:read'] });
    recordSensitive(theirs.api_key);
    await admin.get('/dashboard/settings');
    const page = await admin.post(`/dashboard/settings/api-keys/${theirs.key_id}/revoke`);
    expect(page.status).to.equal(404);
    // the same page as an unknown key's
    const unknown = await admin.post('/dashboard/settings/api-keys/00000000-0000-4000-8000-000000000000/revoke');
    expect(unknown.status).to.equal(404);
    expect(page.html).to.contain('<h1>Não encontrado</h1>').and.to.contain('No such API key for this tenant.');
    expect(page.html.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '')).to.equal(unknown.html.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ''));
    expect((await publicApi(service, theirs.api_key)).status).to.equal(200);
  });

  it('refuses every settings action to viewers and analysts (403) and without the CSRF token (403); nothing changes', async () => {
    const [key] = await listTenantKeys(service.services.readStore, w.tenant.tenant_id);
    const actions: [string, Record<string, string | string[]>][] = [
      ['/dashboard/settings/api-keys', { name: 'Proibida', environment: 'sandbox', scopes: ['runs:read'] }],
      [`/dashboard/settings/api-keys/${key!.key_id}/revoke`, {}],
      ['/dashboard/settings/webhooks/sandbox', { url: 'https://hooks.example.com/x' }],
      ['/dashboard/settings/webhooks/sandbox/rotate', {}],
      ['/dashboard/settings/policy', { four_eyes: 'on' }],
      ['/dashboard/settings/webhook-deliveries/00000000-0000-4000-8000-000000000000/redeliver', {}],
    ];
    const keysBefore = JSON.stringify(await listTenantKeys(service.services.readStore, w.tenant.tenant_id));
    const tenantBefore = JSON.stringify((await tenantOf(service, w.tenant.tenant_id)).settings);
    for (const client of [viewer, analyst]) {
      await client.get('/dashboard/settings');
      for (const [path, fields] of actions) expect((await client.post(path, fields)).status, `${path} as ${client.user.email}`).to.equal(403);
    }
    await admin.get('/dashboard/settings');
    for (const [path, fields] of actions) {
      const page = await admin.post(path, fields, { csrf: false });
      expect(page.status, path).to.equal(403);
      expect(page.html).to.contain('O formulário expirou');
    }
    expect(JSON.stringify(await listTenantKeys(service.services.readStore, w.tenant.tenant_id))).to.equal(keysBefore);
    expect(JSON.stringify((await tenantOf(service, w.tenant.tenant_id)).settings)).to.equal(tenantBefore);
    expect(await endpointsOf(service, w.tenant.tenant_id)).to.deep.equal({});
    // and they see no forms to act with
    const page = await viewer.get('/dashboard/settings');
    expect(page.html).not.to.contain('data-testid="key-create-form"').and.not.to.contain('/redeliver').and.not.to.contain('Salvar configurações');
  });

  it("refuses a webhook URL to 127.0.0.1 with the command's message on the page; nothing written", async () => {
    await admin.get('/dashboard/settings');
    const page = await admin.post('/dashboard/settings/webhooks/sandbox', { url: 'https://127.0.0.1/hook', events: ['customer.monitoring_alert'] });
    expect(page.status).to.equal(400);
    // beside the URL field (issue 28)
    expect(page.html).to.contain('data-testid="field-error"').and.to.contain('webhook_url must not point to an internal address.');
    const plain = await admin.post('/dashboard/settings/webhooks/live', { url: 'http://127.0.0.1:9/hook' });
    expect(plain.status).to.equal(400);
    expect(plain.html).to.contain('webhook_url must use HTTPS.');
    expect((await admin.post('/dashboard/settings/webhooks/staging', { url: 'https://hooks.example.com/x' })).status).to.equal(404);
    expect(await endpointsOf(service, w.tenant.tenant_id)).to.deep.equal({});
  });

  it('names the freeze lists (issue 29): the UN list always on, OFAC ticked and unticked; an unknown id refused on the page', async () => {
    const page = await admin.get('/dashboard/settings');
    expect(page.html).to.match(/name="freeze_lists" value="un_sc" checked disabled/);
    expect(page.html).to.contain('title="ofac_sdn">OFAC – Lista SDN (EUA)</span>');
    const saved = await admin.post('/dashboard/settings/policy', { freeze_lists: 'ofac_sdn' });
    expect(saved.status).to.equal(200);
    expect((await tenantOf(service, w.tenant.tenant_id)).settings.sanctions_freeze_lists).to.deep.equal(['un_sc', 'ofac_sdn']);
    expect(saved.html).to.match(/name="freeze_lists" value="ofac_sdn" checked/);
    const refused = await admin.post('/dashboard/settings/policy', { freeze_lists: 'tl_nope' });
    expect(refused.status).to.equal(400);
    expect(refused.html).to.contain('data-testid="form-error"').and.to.contain('Unknown list');
    await admin.post('/dashboard/settings/policy', {});
    expect((await tenantOf(service, w.tenant.tenant_id)).settings.sanctions_freeze_lists).to.deep.equal(['un_sc']);
  });

  it('saves the auto-decision policy, periodic review, four-eyes and default templates; a bad value is refused on the page', async () => {
    await admin.get('/dashboard/settings');
    const saved = await admin.post('/dashboard/settings/policy', {
      policy_baixo: 'aprovado',
      policy_medio: 'pendencia',
      policy_alto: '',
      review_baixo: '365',
      review_medio: '',
      review_alto: '90',
      four_eyes: 'on',
      default_pf: w.pf,
      default_pj: '',
    });
    expect(saved.status).to.equal(200);
    expect(saved.html).to.contain('Configurações salvas.');
    const settings = (await tenantOf(service, w.tenant.tenant_id)).settings;
    expect(settings).to.deep.include({ auto_decision_policy: { baixo: 'aprovado', medio: 'pendencia' }, periodic_review: { baixo: 365, alto: 90 }, four_eyes: true });
    expect(settings.default_templates).to.deep.equal({ pf: w.pf, pj: null });
    // the page shows what is saved
    expect(saved.html).to.match(/data-testid="four-eyes" checked/);
    expect(saved.html).to.match(/data-testid="review-alto"/).and.to.contain('value="90"');

    const refused = await admin.post('/dashboard/settings/policy', { review_baixo: '0' });
    expect(refused.status).to.equal(400);
    expect(refused.html).to.contain('data-testid="form-error"').and.to.contain('periodic_review');
    const wrongType = await admin.post('/dashboard/settings/policy', { default_pj: w.pf });
    expect(wrongType.status).to.equal(400);
    expect(wrongType.html).to.contain('default_templates.pj must name a pj template');
    expect((await tenantOf(service, w.tenant.tenant_id)).settings).to.deep.equal(settings);
    // off again
    await admin.post('/dashboard/settings/policy', { default_pf: w.pf });
    expect((await tenantOf(service, w.tenant.tenant_id)).settings).to.deep.include({ auto_decision_policy: null, periodic_review: null, four_eyes: false });
  });

  it("shows each list with its version and age, the tenant's own lists included, names inert", async () => {
    const created = await service.operator(`/tenants/${w.tenant.tenant_id}/lists`, { method: 'POST', json: { name: `Lista ${XSS_SCRIPT} ${XSS_ATTR}` } });
    expect(created.status).to.equal(201);
    const listId = ((await created.json()) as Json).list_id as string;
    await service.services.runner.waitFor(await service.services.eventStore.headPosition());
    await service.services.listCatalog.settled();
    const page = await viewer.get('/dashboard/settings');
    const lists = /data-testid="settings-lists">([\s\S]*?)<\/section>/.exec(page.html)![1]!;
    expect(lists).to.contain('data-list-id="ofac_sdn"').and.to.contain('OFAC – Lista SDN (EUA)').and.to.contain('title="ofac_sdn — US Treasury OFAC (SDN)"');
    // polled every 5 minutes (sanctions) or every hour (Brazilian lists); a tenant's list is uploaded, never polled
    expect(/data-list-id="un_sc"[\s\S]*?<\/tr>/.exec(lists)![0]).to.contain('(a cada 5 min)');
    expect(/data-list-id="br_pep"[\s\S]*?<\/tr>/.exec(lists)![0]).to.contain('(a cada 1 h)');
    expect(new RegExp(`data-list-id="${listId}"[\\s\\S]*?</tr>`).exec(lists)![0]).to.contain('enviada pela instituição');
    expect(lists).to.contain(`data-list-id="${listId}"`).and.to.contain('Lista &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.html).not.to.contain(XSS_SCRIPT).and.not.to.contain('<img src=x');
  });

  it('shows which month of the CNPJ register live keys read, or that none is loaded', async () => {
    const before = await viewer.get('/dashboard/settings');
    expect(/data-testid="settings-register">([\s\S]*?)<\/p>/.exec(before.html)![1]).to.contain('Nenhuma publicação carregada');
    const rows = { ...LOOKUPS, empresas: [empresa('11222333', 'PAINEL LTDA')], estabelecimentos: [estabelecimento(cnpjOf('11222333'))], socios: [], simples: [] };
    await importDump(await writeDump(tempDir('settings-cnpj-'), '2026-10', rows), new SqliteRegisterTarget(service.dataDir));
    // the service looks at the register's current month every few seconds
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    const after = await viewer.get('/dashboard/settings');
    const shown = /data-testid="settings-register">([\s\S]*?)<\/p>/.exec(after.html)![1]!;
    expect(shown).to.contain('Publicação <strong>2026-10</strong>').and.contain('1 estabelecimentos').and.contain('Em dia.');
  });
});

describe('dashboard: settings, webhooks to a local receiver', () => {
  let service: TestService;
  let w: World;
  let other: World;
  let admin: SignedIn;
  let viewer: SignedIn;
  let rx: Receiver;

  before(async () => {
    service = await startWebhookService();
    rx = await startReceiver();
    w = await world(service, 'Banco Webhooks');
    other = await world(service, 'Outro Banco');
    admin = await dashboardUser(service, w.tenant.tenant_id, 'admin');
    viewer = await dashboardUser(service, w.tenant.tenant_id, 'viewer');
  });
  after(async () => {
    await service.close();
    await rx.close();
  });

  it('configures the endpoint (secret shown once), rotates the secret, and shows the endpoint', async () => {
    await admin.get('/dashboard/settings');
    const page = await admin.post('/dashboard/settings/webhooks/sandbox', { url: rx.url('/hook'), events: ['customer.monitoring_alert'] });
    expect(page.status).to.equal(200);
    const secret = shownSecret(page, /id="webhook-secret-value"[^>]*value="(whsec_[A-Za-z0-9_-]+)"/);
    const endpoint = (await endpointsOf(service, w.tenant.tenant_id)).sandbox!;
    expect(endpoint.url).to.equal(rx.url('/hook'));
    expect(endpoint.events).to.deep.equal(['run.completed', 'run.failed', 'customer.monitoring_alert']);
    const settings = await viewer.get('/dashboard/settings');
    expect(settings.html).not.to.contain(secret);
    expect(/data-testid="endpoint-sandbox">[\s\S]*?hook[\s\S]*?customer\.monitoring_alert/.test(settings.html)).to.equal(true);

    await admin.get('/dashboard/settings');
    const rotated = await admin.post('/dashboard/settings/webhooks/sandbox/rotate');
    expect(rotated.status).to.equal(200);
    const next = shownSecret(rotated, /id="webhook-secret-value"[^>]*value="(whsec_[A-Za-z0-9_-]+)"/);
    expect(next).not.to.equal(secret);
    expect((await endpointsOf(service, w.tenant.tenant_id)).sandbox!.url).to.equal(rx.url('/hook'));
    // rotating an environment never configured is refused on the page
    const none = await admin.post('/dashboard/settings/webhooks/live/rotate');
    expect(none.status).to.equal(400);
    expect(none.html).to.contain('Configure o endpoint deste ambiente');
  });

  it('redelivers a failed delivery: a new attempt appears in the log on the page', async () => {
    await putEndpoint(service, w.tenant.tenant_id, 'sandbox', rx.url('/hook'));
    rx.answer(500);
    const runId = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000191') });
    const received = await until(
      () => rx.received.find((r) => r.body.includes(runId)),
      (r) => r !== undefined,
    );
    const [delivery] = await until(
      () => deliveries(service, w.tenant.tenant_id, `?event_id=${received!.json.id}`),
      (found) => found.length === 1 && found[0]!.attempts.length === 1,
    );
    expect(delivery!.attempts.map((a: Json) => a.http_status)).to.deep.equal([500]);
    const before = await admin.get('/dashboard/settings');
    expect(new RegExp(`data-delivery-id="${delivery!.delivery_id}">[\\s\\S]*?<li>[^<]*: 500 \\(HTTP 500`).test(before.html)).to.equal(true);

    const page = await admin.post(`/dashboard/settings/webhook-deliveries/${delivery!.delivery_id}/redeliver`);
    expect(page.status).to.equal(200);
    expect(page.html).to.contain('Nova tentativa de entrega pedida.');
    const after = await until(
      async () => (await deliveries(service, w.tenant.tenant_id)).find((d) => d.delivery_id === delivery!.delivery_id)!,
      (d) => d.attempts.length === 2,
    );
    expect(after.attempts.map((a: Json) => a.http_status)).to.deep.equal([500, 200]);
    expect(after.status).to.equal('succeeded');
    const shown = await viewer.get('/dashboard/settings');
    const row = new RegExp(`data-delivery-id="${delivery!.delivery_id}">([\\s\\S]*?)</tr>`).exec(shown.html)![1]!;
    expect(row.match(/<li>/g)).to.have.length(2);
    expect(row).to.contain('succeeded');
  });

  it("answers another tenant's delivery (and an unknown one) with 404; nothing is sent", async () => {
    const theirs = await other.tenant.key();
    recordSensitive(theirs.api_key);
    const putOther = await service.operator(`/tenants/${other.tenant.tenant_id}/webhook-endpoints/sandbox`, { method: 'PUT', json: { url: rx.url('/other'), events: [] } });
    expect(putOther.status).to.equal(200);
    await createRun(service, theirs.api_key, { template_id: other.pf, subject: pfSubject('00000000191') });
    const [delivery] = await until(
      () => deliveries(service, other.tenant.tenant_id),
      (d) => d.length === 1 && d[0]!.attempts.length === 1,
    );
    const sent = rx.received.length;
    await admin.get('/dashboard/settings');
    for (const id of [delivery!.delivery_id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const page = await admin.post(`/dashboard/settings/webhook-deliveries/${id}/redeliver`);
      expect(page.status, id).to.equal(404);
      expect(page.html).to.contain('Entrega não encontrada.');
    }
    await service.services.worker.idle();
    expect(rx.received.length).to.equal(sent);
    expect((await deliveries(service, other.tenant.tenant_id))[0]!.attempts).to.have.length(1);
    // and the other tenant's log is not on this tenant's page
    expect((await admin.get('/dashboard/settings')).html).not.to.contain(delivery!.delivery_id);
  });
});
