import { expect } from 'chai';
import { GotWebhookSender, type HostResolver } from '../../src/adapters/webhook-sender.js';
import type { TestService } from '../helpers/service.js';
import { createRun, getJson, pfSubject, world, type Json, type World } from './runs-support.js';
import { deliveries, putEndpoint, startReceiver, startWebhookService, until, type Receiver } from './webhooks-support.js';

/*
 * Issue 25: a webhook host whose address connect() refuses inside the call (an IPv6-only name
 * on an IPv4-only host, as on Docker's default network) made the socket fail before the
 * request listened, and the process died; the delivery's work item was retried after restart,
 * so it crash-looped. Any key with runs:write could do it with a per-call webhook_url.
 * Multicast addresses stand in for the unroutable address here: Linux refuses a TCP connect()
 * to them inside the call, and nothing leaves the machine.
 */
const UNREACHABLE: Record<string, string> = { 'v6only.test': 'ff02::1', 'v4only.test': '224.0.0.1' };

const resolve: HostResolver = async (host) => {
  const address = UNREACHABLE[host];
  if (address) return [{ address, family: address.includes(':') ? 6 : 4 }];
  if (host === '127.0.0.1') return [{ address: host, family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
};

describe('webhooks: a per-call webhook_url whose host cannot be connected to (issue 25)', () => {
  let service: TestService;
  let w: World;
  let rx: Receiver;

  before(async () => {
    rx = await startReceiver();
    service = await startWebhookService({ sender: (config) => new GotWebhookSender({ allowInsecure: config.webhookAllowInsecure, resolve }) });
    w = await world(service);
    await putEndpoint(service, w.tenant.tenant_id, 'sandbox', rx.url());
  });
  after(async () => {
    await service.close();
    await rx.close();
  });

  for (const [host, code] of [
    ['v6only.test', 'ENETUNREACH'],
    ['v4only.test', 'ENETUNREACH'],
  ] as const) {
    it(`${host}: the service keeps answering and the delivery records a failed attempt, connection failed (${code})`, async () => {
      const runId = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000191'), webhook_url: `http://${host}:8080/kyc` });
      const [delivery] = await until(
        () => deliveries(service, w.tenant.tenant_id),
        (all) => all.some((d) => d.url === `http://${host}:8080/kyc` && d.attempts.length >= 1),
        10_000,
      ).then((all) => all.filter((d) => d.url === `http://${host}:8080/kyc`));
      expect(delivery!.status).to.equal('pending');
      expect(delivery!.attempts[0]).to.include({ http_status: null, error: `connection failed (${code})` });
      // still answering, and the run is there
      const run = await getJson(service, w.key, `/bureau/runs/${runId}`);
      expect(run.status).to.be.oneOf([200, 202]);
      expect(((await run.json()) as Json).run_id).to.equal(runId);
      // nothing was sent to the endpoint's own receiver instead
      expect(rx.received.filter((r) => r.json.data?.id === runId)).to.deep.equal([]);
    });
  }
});
