import { expect } from 'chai';
import { ManualClock } from '../../src/adapters/clock.js';
import { webhookEndpointsStream } from '../../src/domain/webhook/endpoints.js';
import { dashboardUser, type Page, type SignedIn } from '../helpers/dashboard.js';
import { recordSensitive } from '../helpers/log-privacy.js';
import type { TestService } from '../helpers/service.js';
import { accepts, signaturesOf, signedWith } from '../http/webhook-secret-support.js';
import { createRun, pfSubject, world, type World } from '../http/runs-support.js';
import { startReceiver, startWebhookService, until, type Receiver } from '../http/webhooks-support.js';

const HOUR = 60 * 60 * 1000;

function shownSecret(page: Page): string {
  const secret = /id="webhook-secret-value"[^>]*value="(whsec_[A-Za-z0-9_-]+)"/.exec(page.html)?.[1];
  if (!secret) throw new Error(`no secret on the page (${page.status})`);
  recordSensitive(secret);
  return secret;
}

/**
 * Issue 25: saving the endpoint in the dashboard (even ticking one event) replaced its signing
 * secret, and receivers refused every delivery at once. Saving now keeps the secret; only the
 * explicit rotation replaces it, and the previous one signs beside the new for 24 hours.
 */
describe('dashboard: the webhook signing secret changes only on an explicit rotation (issue 25)', () => {
  let clock: ManualClock;
  let service: TestService;
  let w: World;
  let admin: SignedIn;
  let rx: Receiver;

  before(async () => {
    clock = new ManualClock(new Date());
    service = await startWebhookService({ clock });
    rx = await startReceiver();
    w = await world(service, 'Banco Segredos');
    admin = await dashboardUser(service, w.tenant.tenant_id, 'admin');
  });
  after(async () => {
    await service.close();
    await rx.close();
  });

  /** One run, and its delivery as the receiver got it. */
  const delivered = async () => {
    const runId = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000191') });
    return (await until(() => rx.received.find((r) => r.body.includes(runId)), (r) => r !== undefined, 10_000))!;
  };

  let first: string;

  it('saving the endpoint again, with one more event ticked, keeps the secret: a receiver verifying with it still accepts', async () => {
    await admin.get('/dashboard/settings');
    const created = await admin.post('/dashboard/settings/webhooks/sandbox', { url: rx.url('/hook') });
    expect(created.status).to.equal(200);
    first = shownSecret(created);

    await admin.get('/dashboard/settings');
    const saved = await admin.post('/dashboard/settings/webhooks/sandbox', { url: rx.url('/hook'), events: ['customer.monitoring_alert'] });
    expect(saved.status).to.equal(200);
    expect(saved.url).to.equal('/dashboard/settings');
    expect(saved.html).to.contain('O segredo de assinatura não mudou.');
    expect(saved.html).not.to.contain('webhook-secret-value');
    expect(saved.html).to.match(/data-testid="endpoint-sandbox">[\s\S]*?customer\.monitoring_alert/);

    const received = await delivered();
    expect(accepts(first, received)).to.equal(true);
    expect(signaturesOf(received)).to.have.length(1);
  });

  it('an explicit rotation shows the new secret once; for 24 hours either secret verifies, then only the new one', async () => {
    await admin.get('/dashboard/settings');
    const rotated = await admin.post('/dashboard/settings/webhooks/sandbox/rotate');
    expect(rotated.status).to.equal(200);
    const next = shownSecret(rotated);
    expect(next).not.to.equal(first);
    expect(rotated.html).to.contain('data-testid="webhook-secret-overlap"').and.to.contain('O segredo anterior continua assinando');

    // never shown again; the page says the previous one still signs
    const settings = await admin.get('/dashboard/settings');
    expect(settings.html).not.to.contain(next).and.not.to.contain(first);
    expect(settings.html).to.contain('data-testid="previous-secret-sandbox"');

    // the rotation is an event; both secrets rest in it sealed, never in clear
    const events = await service.services.log.readStream(webhookEndpointsStream(w.tenant.tenant_id));
    const rotation = events.find((e) => e.type === 'WebhookSecretRotated')!;
    expect(rotation.metadata.actor).to.equal(`user:${admin.user.user_id}`);
    expect(Date.parse(String(rotation.data['previous_valid_until'])) - Date.parse(String(rotation.data['rotated_at']))).to.equal(24 * HOUR);
    const stored = JSON.stringify(events);
    for (const secret of [first, next]) expect(stored).not.to.include(secret).and.not.to.include(secret.slice(6));

    const during = await delivered();
    expect(signaturesOf(during)).to.have.length(2);
    expect(accepts(next, during), 'new secret').to.equal(true);
    expect(accepts(first, during), 'previous secret, within the overlap').to.equal(true);

    clock.advance(24 * HOUR - 60_000);
    const late = await delivered();
    expect([signedWith(next, late), signedWith(first, late)]).to.deep.equal([true, true]);

    clock.advance(60_000);
    const after = await delivered();
    expect(signaturesOf(after)).to.have.length(1);
    expect([signedWith(next, after), signedWith(first, after)]).to.deep.equal([true, false]);
  });
});
