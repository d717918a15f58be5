import { expect } from 'chai';
import { ManualClock } from '../../src/adapters/clock.js';
import { GotWebhookSender } from '../../src/adapters/webhook-sender.js';
import type { TestService } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';
import { createRun, pfSubject, sleep, world, type Json, type World } from './runs-support.js';
import { deliveries, putEndpoint, startReceiver, startWebhookService, until, type Receiver } from './webhooks-support.js';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The retry schedule runs on the service clock: a manual clock here, moved by hand, with
 * `deliverDue()` called after each move (the scheduler's timer would notice within a second).
 */
describe('webhooks: retries on the service clock', () => {
  let clock: ManualClock;
  let service: TestService;
  let w: World;
  let rx: Receiver;
  let elsewhere: Receiver;

  before(async () => {
    [rx, elsewhere] = await Promise.all([startReceiver(), startReceiver()]);
    clock = new ManualClock(new Date());
    // the 10 s timeout, shortened for the receiver that hangs
    service = await startWebhookService({ clock, sender: (config) => new GotWebhookSender({ allowInsecure: config.webhookAllowInsecure, timeoutMs: 300 }) });
    w = await world(service);
    await putEndpoint(service, w.tenant.tenant_id, 'sandbox', rx.url());
  });
  after(async () => {
    await service.close();
    await Promise.all([rx.close(), elsewhere.close()]);
  });

  const forRun = (runId: string) => rx.received.filter((r) => r.json.data?.id === runId);
  /** Runs a run to its first attempt, recorded; returns the run id and its delivery. */
  const firstAttempt = async (): Promise<{ runId: string; delivery: Json }> => {
    const runId = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000191') });
    const [received] = await until(() => forRun(runId), (r) => r.length === 1);
    const [delivery] = await until(() => deliveries(service, w.tenant.tenant_id, `?event_id=${received!.json.id}`), (d) => d[0]?.attempts.length === 1);
    return { runId, delivery: delivery! };
  };
  const deliveryOf = async (eventId: string) => (await deliveries(service, w.tenant.tenant_id, `?event_id=${eventId}`))[0]!;
  const advance = async (ms: number) => {
    clock.advance(ms);
    await service.services.webhooks.deliverDue();
  };

  it('500 then 200: the second attempt only once the clock has moved 30 s, with the same event id and body', async () => {
    rx.answer(500);
    const { runId, delivery } = await firstAttempt();
    expect(delivery.status).to.equal('pending');
    const attempt = delivery.attempts[0];
    expect(attempt).to.include({ http_status: 500, error: 'HTTP 500 Internal Server Error' });
    expect(JSON.stringify(delivery)).not.to.include('RECEIVER-BODY-SECRET');
    expect(Date.parse(delivery.next_attempt_at) - Date.parse(attempt.attempted_at)).to.equal(30 * SECOND);

    await advance(29 * SECOND);
    await sleep(150);
    expect(forRun(runId)).to.have.length(1);

    await advance(1 * SECOND);
    const both = await until(() => forRun(runId), (r) => r.length === 2);
    expect(both[1]!.json.id).to.equal(both[0]!.json.id);
    expect(both[1]!.headers['webhook-id']).to.equal(both[0]!.headers['webhook-id']);
    expect(both[1]!.body).to.equal(both[0]!.body);
    expect(Number(both[1]!.headers['webhook-timestamp']) - Number(both[0]!.headers['webhook-timestamp'])).to.equal(30);
    const done = await until(() => deliveryOf(delivery.event_id), (d) => d.attempts.length === 2);
    expect(done).to.include({ status: 'succeeded', next_attempt_at: null });
    expect(done.attempts[1]).to.include({ http_status: 200, error: null });
    await advance(7 * HOUR);
    await sleep(100);
    expect(forRun(runId)).to.have.length(2);
  });

  it('a receiver that hangs: the attempt times out, with no status, and is retried later', async () => {
    rx.answer('hang');
    const { runId, delivery } = await firstAttempt();
    expect(delivery.status).to.equal('pending');
    expect(delivery.attempts[0]).to.include({ http_status: null, error: 'timed out after 300 ms' });
    expect(delivery.attempts[0].latency_ms).to.be.at.least(250);
    await advance(30 * SECOND);
    await until(() => deliveryOf(delivery.event_id), (d) => d.status === 'succeeded');
    expect(forRun(runId)).to.have.length(2);
  });

  it('a redirect is not followed: a failed attempt with its status; the target of the redirect gets nothing', async () => {
    rx.answer({ redirect: elsewhere.url('/moved') });
    const { delivery } = await firstAttempt();
    expect(delivery.status).to.equal('pending');
    expect(delivery.attempts[0]).to.include({ http_status: 302, error: 'redirect not followed (HTTP 302)' });
    await sleep(100);
    expect(elsewhere.received).to.have.length(0);
    await advance(30 * SECOND);
    await until(() => deliveryOf(delivery.event_id), (d) => d.status === 'succeeded');
  });

  it('five failed attempts at once, +30 s, +5 min, +1 h, +6 h, then failed; a redelivery then sends once more', async () => {
    rx.answer(500, 404, 503, 429, 500);
    const { runId, delivery } = await firstAttempt();
    const delays = [30 * SECOND, 5 * MINUTE, HOUR, 6 * HOUR];
    for (const [i, delay] of delays.entries()) {
      await advance(delay - SECOND);
      await sleep(50);
      expect(forRun(runId), `before attempt ${i + 2}`).to.have.length(i + 1);
      await advance(SECOND);
      await until(() => deliveryOf(delivery.event_id), (d) => d.attempts.length === i + 2);
    }
    const failed = await deliveryOf(delivery.event_id);
    expect(failed).to.include({ status: 'failed', next_attempt_at: null });
    expect(failed.attempts.map((a: Json) => a.http_status)).to.deep.equal([500, 404, 503, 429, 500]);
    const gaps = failed.attempts.slice(1).map((a: Json, i: number) => Date.parse(a.attempted_at) - Date.parse(failed.attempts[i].attempted_at));
    expect(gaps).to.deep.equal(delays);
    await advance(24 * HOUR);
    await sleep(100);
    expect(forRun(runId)).to.have.length(5);
    expect(new Set(forRun(runId).map((r) => r.json.id)).size).to.equal(1);

    const response = await service.operator(`/webhook-deliveries/${failed.delivery_id}/redeliver`, { method: 'POST' });
    expect(response.status).to.equal(202);
    await until(() => forRun(runId), (r) => r.length === 6);
    const redelivered = await until(() => deliveryOf(delivery.event_id), (d) => d.attempts.length === 6);
    expect(redelivered).to.include({ status: 'succeeded', next_attempt_at: null });
  });
});

describe('webhooks: a restart between attempts', () => {
  it('loses no delivery, keeps its schedule, and sends nothing again after a recorded 2xx', async () => {
    const dataDir = tempDir();
    const clock = new ManualClock(new Date());
    const rx = await startReceiver();
    const open = () => startWebhookService({ dataDir, clock });
    let service = await open();
    try {
      const w = await world(service);
      await putEndpoint(service, w.tenant.tenant_id, 'sandbox', rx.url());
      rx.answer(500);
      const runId = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000191') });
      const forRun = () => rx.received.filter((r) => r.json.data?.id === runId);
      const [first] = await until(forRun, (r) => r.length === 1);
      const eventId = first!.json.id as string;
      await until(() => deliveries(service, w.tenant.tenant_id, `?event_id=${eventId}`), (d) => d[0]?.attempts.length === 1);
      await service.close();

      // restarted before the retry is due: nothing is sent early
      service = await open();
      await sleep(200);
      await service.services.webhooks.deliverDue();
      expect(forRun()).to.have.length(1);
      expect((await deliveries(service, w.tenant.tenant_id, `?event_id=${eventId}`))[0]).to.include({ status: 'pending' });
      await service.close();

      // down while the retry fell due: the restart sends it at once (read back from the read model)
      clock.advance(45 * SECOND);
      service = await open();
      await until(forRun, (r) => r.length === 2, 3_000);
      expect(forRun()[1]!.body).to.equal(first!.body);
      const [done] = await until(() => deliveries(service, w.tenant.tenant_id, `?event_id=${eventId}`), (d) => d[0]?.status === 'succeeded');
      expect(done!.attempts.map((a: Json) => a.http_status)).to.deep.equal([500, 200]);
      await service.close();

      // after the 2xx was recorded, no restart and no amount of time sends it again
      clock.advance(10 * HOUR);
      service = await open();
      await sleep(300);
      await service.services.webhooks.deliverDue();
      expect(forRun()).to.have.length(2);
      expect((await deliveries(service, w.tenant.tenant_id, `?event_id=${eventId}`))[0]!.attempts).to.have.length(2);
    } finally {
      await service.close();
      await rx.close();
    }
  });
});
