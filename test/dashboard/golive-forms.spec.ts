import { expect } from 'chai';
import { listTenantKeys } from '../../src/projections/api-keys.js';
import { dashboardUser, type SignedIn } from '../helpers/dashboard.js';
import { startService, type TestService } from '../helpers/service.js';
import { createTenant } from '../helpers/service.js';

/**
 * Settings forms (issue 28): a refusal comes back next to its field, in pt-BR, with what was
 * typed kept; revoking a live key needs its confirmation box ticked.
 */
describe('settings forms keep what was typed and confirm a live key revocation', function () {
  this.timeout(60_000);
  let service: TestService;
  let admin: SignedIn;
  let tenantId: string;

  before(async () => {
    service = await startService();
    tenantId = (await createTenant(service, 'Formulários')).tenant_id;
    admin = await dashboardUser(service, tenantId, 'admin');
  });
  after(async () => service.close());

  const fieldErrors = (html: string) => [...html.matchAll(/<p class="field-error" id="([^"]+)"[^>]*>([^<]*)<\/p>/g)].map((m) => [m[1], m[2]]);

  it('a key without scopes: the message beside the scopes, in pt-BR; name, environment and subject type kept', async () => {
    await admin.get('/dashboard/settings');
    const page = await admin.post('/dashboard/settings/api-keys', { name: 'Integração do ERP', environment: 'live', subject_type: 'pj' });
    expect(page.status).to.equal(400);
    expect(fieldErrors(page.html)).to.deep.equal([['key-scopes-error', 'Escolha ao menos um escopo.']]);
    expect(page.html).to.contain('value="Integração do ERP"').and.contain('<option value="live" selected>').and.contain('<option value="pj" selected>');
    expect(page.html).to.not.contain('data-testid="form-error"');
  });

  it('a key without a name: the message beside the name; the scopes ticked stay ticked', async () => {
    await admin.get('/dashboard/settings');
    const page = await admin.post('/dashboard/settings/api-keys', { name: '', environment: 'sandbox', scopes: ['runs:read', 'screening:read'] });
    expect(page.status).to.equal(400);
    expect(fieldErrors(page.html)).to.deep.equal([['key-name-error', 'Dê um nome à chave (até 200 caracteres).']]);
    expect(page.html).to.contain('value="runs:read" checked').and.contain('value="screening:read" checked').and.not.contain('value="runs:write" checked');
    expect(page.html).to.contain('aria-describedby="key-name-error"');
  });

  it('a bad webhook URL: the message beside the URL, the URL typed kept', async () => {
    await admin.get('/dashboard/settings');
    const page = await admin.post('/dashboard/settings/webhooks/sandbox', { url: 'ftp://ruim.example/x', events: ['customer.monitoring_alert'] });
    expect(page.status).to.equal(400);
    const errors = fieldErrors(page.html);
    expect(errors.map(([id]) => id)).to.deep.equal(['url-sandbox-error']);
    expect(page.html).to.match(/id="url-sandbox"[^>]*value="ftp:\/\/ruim.example\/x"/);
    expect(page.html).to.contain('value="customer.monitoring_alert" checked');
  });

  it('revoking a live key without ticking the confirmation is refused beside it, the key still working; ticked, it is revoked', async () => {
    await admin.get('/dashboard/settings');
    const made = await admin.post('/dashboard/settings/api-keys', { name: 'Produção', environment: 'live', scopes: ['screening:read'] });
    expect(made.status).to.equal(201);
    const key = (await listTenantKeys(service.services.readStore, tenantId)).find((k) => k.name === 'Produção')!;
    const settings = await admin.get('/dashboard/settings');
    expect(settings.html).to.match(new RegExp(`api-keys/${key.key_id}/revoke"[\\s\\S]*?name="confirm" value="on" required`));
    const refused = await admin.post(`/dashboard/settings/api-keys/${key.key_id}/revoke`);
    expect(refused.status).to.equal(400);
    expect(fieldErrors(refused.html)).to.deep.equal([[`confirm-${key.key_id}-error`, 'Marque a confirmação para revogar uma chave de produção: as integrações que a usam param na hora.']]);
    expect((await listTenantKeys(service.services.readStore, tenantId)).find((k) => k.key_id === key.key_id)!.revoked_at).to.equal(null);
    const revoked = await admin.post(`/dashboard/settings/api-keys/${key.key_id}/revoke`, { confirm: 'on' });
    expect(revoked.status).to.equal(200);
    expect(revoked.html).to.contain('Chave revogada');
  });
});

describe('the invitation form keeps what was typed', function () {
  this.timeout(60_000);
  let service: TestService;
  let admin: SignedIn;

  before(async () => {
    service = await startService();
    admin = await dashboardUser(service, (await createTenant(service, 'Convites')).tenant_id, 'admin');
  });
  after(async () => service.close());

  it('a bad e-mail: the message beside the e-mail in pt-BR, the e-mail and the role kept', async () => {
    await admin.get('/dashboard/settings/users');
    const page = await admin.post('/dashboard/settings/users', { email: 'nao-e-email', role: 'viewer' });
    expect(page.status).to.equal(400);
    expect(page.html).to.match(/<p class="field-error" id="invite-email-error"[^>]*>E-mail inválido.<\/p>/);
    expect(page.html).to.contain('value="nao-e-email"').and.match(/<option value="viewer" selected>/);
  });
});
