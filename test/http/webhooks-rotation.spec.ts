import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { ManualClock } from '../../src/adapters/clock.js';
import { recordSensitive } from '../helpers/log-privacy.js';
import type { TestService } from '../helpers/service.js';
import { accepts, signaturesOf, signedWith } from './webhook-secret-support.js';
import { createRun, pfSubject, world, type World } from './runs-support.js';
import { putEndpoint, startReceiver, startWebhookService, until, type Receiver } from './webhooks-support.js';

const HOUR = 60 * 60 * 1000;

/**
 * Issue 25, over the operator API: every PUT of an endpoint brings a new secret (decisions
 * section 2), and on an endpoint already set that is a rotation: the replaced secret keeps
 * signing beside the new one for 24 hours, so receivers do not refuse deliveries meanwhile.
 */
describe('webhooks: a new secret by the operator PUT overlaps the previous one for 24 hours (issue 25)', () => {
  let clock: ManualClock;
  let service: TestService;
  let w: World;
  let rx: Receiver;

  before(async () => {
    clock = new ManualClock(new Date());
    service = await startWebhookService({ clock });
    rx = await startReceiver();
    w = await world(service, 'Banco Rotação');
  });
  after(async () => {
    await service.close();
    await rx.close();
  });

  const delivered = async () => {
    const runId = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000191') });
    return (await until(() => rx.received.find((r) => r.body.includes(runId)), (r) => r !== undefined, 10_000))!;
  };
  const put = async () => {
    const secret = await putEndpoint(service, w.tenant.tenant_id, 'sandbox', rx.url('/hook'));
    recordSensitive(secret);
    return secret;
  };

  it('signed with the new and the previous secret during the overlap; with the new one only afterwards', async () => {
    const old = await put();
    const only = await delivered();
    expect(signaturesOf(only)).to.have.length(1);
    expect(accepts(old, only)).to.equal(true);

    const next = await put();
    expect(next).not.to.equal(old);
    const during = await delivered();
    expect(signaturesOf(during)).to.have.length(2);
    expect(accepts(next, during), 'new secret').to.equal(true);
    expect(accepts(old, during), 'previous secret, within the overlap').to.equal(true);
    // the hex header holds one value: the new secret's
    expect(during.headers['x-svc-signature']).to.equal(`sha256=${createHmac('sha256', next).update(during.body).digest('hex')}`);

    clock.advance(24 * HOUR);
    const after = await delivered();
    expect(signaturesOf(after)).to.have.length(1);
    expect([signedWith(next, after), signedWith(old, after)]).to.deep.equal([true, false]);
  });
});
