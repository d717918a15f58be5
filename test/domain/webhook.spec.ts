import { expect } from 'chai';
import {
  deliveryDecider,
  dueAttempt,
  owedAttempts,
  type DeliveryCommand,
  type DeliveryState,
} from '../../src/domain/webhook/decider.js';
import { signingSecrets, webhookEndpointsDecider } from '../../src/domain/webhook/endpoints.js';
import type { DeliveryEvent, DeliveryScheduledData, WebhookEndpointEvent, WebhookEventType } from '../../src/domain/webhook/events.js';
import { deliveryTarget, envelope, webhookFor } from '../../src/domain/webhook/plan.js';
import { spec } from '../helpers/decider-spec.js';

const T = '11111111-1111-4111-8111-111111111111';
const D = '22222222-2222-4222-8222-222222222222';
const NOW = '2026-11-22T12:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString();

describe('webhook endpoints decider', () => {
  const endpoints = spec(webhookEndpointsDecider);
  const DAY = 24 * 60 * 60 * 1000;
  const set = (events: ('run.completed' | 'run.failed' | 'biometric_check.completed')[], sealed = 'v1.sealed', url = 'https://hooks.example.com/svc') => ({
    type: 'SetWebhookEndpoint' as const,
    tenant_id: T,
    environment: 'sandbox' as const,
    url,
    events,
    secret_sealed: sealed,
    overlap_ms: DAY,
    now: NOW,
  });
  const change = (events: ('run.completed' | 'run.failed' | 'customer.monitoring_alert')[], url = 'https://hooks.example.com/svc') => ({
    type: 'ChangeWebhookEndpoint' as const,
    tenant_id: T,
    environment: 'sandbox' as const,
    url,
    events,
    secret_sealed: 'v1.unused',
    now: NOW,
  });
  const rotate = (sealed: string, environment: 'sandbox' | 'live' = 'sandbox') => ({ type: 'RotateWebhookSecret' as const, tenant_id: T, environment, secret_sealed: sealed, overlap_ms: DAY, now: NOW });
  const setEvent = (events: WebhookEventType[], sealed = 'v1.sealed'): WebhookEndpointEvent => ({
    type: 'WebhookEndpointSet',
    data: { tenant_id: T, environment: 'sandbox', url: 'https://hooks.example.com/svc', events, secret_sealed: sealed, set_at: NOW },
  });
  const rotated = (sealed: string, previous: string): WebhookEndpointEvent => ({
    type: 'WebhookSecretRotated',
    data: { tenant_id: T, environment: 'sandbox', secret_sealed: sealed, previous_secret_sealed: previous, previous_valid_until: at(DAY), rotated_at: NOW },
  });

  it('always subscribes run.completed and run.failed, once each, before the rest', () => {
    endpoints.given([]).when(set(['biometric_check.completed', 'run.failed'])).then([setEvent(['run.completed', 'run.failed', 'biometric_check.completed'])]);
    endpoints.given([]).when(set([])).then([setEvent(['run.completed', 'run.failed'])]);
  });

  it('every PUT brings a new secret: on an endpoint already set it is a rotation, the old secret signing for the overlap', () => {
    endpoints.given([setEvent(['run.completed', 'run.failed'], 'v1.old')]).when(set([], 'v1.new')).then([rotated('v1.new', 'v1.old')]);
    endpoints
      .given([setEvent(['run.completed', 'run.failed'], 'v1.old')])
      .when(set([], 'v1.new', 'https://other.example.com/'))
      .then([
        { type: 'WebhookEndpointChanged', data: { tenant_id: T, environment: 'sandbox', url: 'https://other.example.com/', events: ['run.completed', 'run.failed'], changed_at: NOW } },
        rotated('v1.new', 'v1.old'),
      ]);
  });

  it('a save (the dashboard) changes URL and events, never the secret; the first save of an environment sets it', () => {
    endpoints.given([]).when(change([])).then([setEvent(['run.completed', 'run.failed'], 'v1.unused')]);
    endpoints
      .given([setEvent(['run.completed', 'run.failed'], 'v1.kept')])
      .when(change(['customer.monitoring_alert']))
      .then([{ type: 'WebhookEndpointChanged', data: { tenant_id: T, environment: 'sandbox', url: 'https://hooks.example.com/svc', events: ['run.completed', 'run.failed', 'customer.monitoring_alert'], changed_at: NOW } }]);
    // the same URL and events again: nothing to record
    endpoints.given([setEvent(['run.completed', 'run.failed'], 'v1.kept')]).when(change(['run.failed'])).then([]);
    const state = [setEvent(['run.completed', 'run.failed'], 'v1.kept'), { type: 'WebhookEndpointChanged', data: { tenant_id: T, environment: 'sandbox', url: 'https://b.example.com/', events: ['run.completed', 'run.failed'], changed_at: at(5) } } as WebhookEndpointEvent].reduce(
      webhookEndpointsDecider.evolve,
      webhookEndpointsDecider.initialState,
    );
    expect(state.endpoints.sandbox).to.include({ url: 'https://b.example.com/', secret_sealed: 'v1.kept', previous: null });
  });

  it('a rotation needs an endpoint; the previous secret signs beside the new one until the overlap ends, then never', () => {
    endpoints.given([]).when(rotate('v1.new')).thenError('invalid_request');
    endpoints.given([setEvent(['run.completed', 'run.failed'], 'v1.old')]).when(rotate('v1.new')).then([rotated('v1.new', 'v1.old')]);
    const endpoint = [setEvent(['run.completed'], 'v1.old'), rotated('v1.new', 'v1.old')].reduce(webhookEndpointsDecider.evolve, webhookEndpointsDecider.initialState).endpoints.sandbox!;
    expect(signingSecrets(endpoint, new Date(NOW))).to.deep.equal(['v1.new', 'v1.old']);
    expect(signingSecrets(endpoint, new Date(at(DAY - 1)))).to.deep.equal(['v1.new', 'v1.old']);
    expect(signingSecrets(endpoint, new Date(at(DAY)))).to.deep.equal(['v1.new']);
    // a second rotation inside the overlap drops the oldest at once
    const twice = [setEvent(['run.completed'], 'v1.a'), rotated('v1.b', 'v1.a'), rotated('v1.c', 'v1.b')].reduce(webhookEndpointsDecider.evolve, webhookEndpointsDecider.initialState).endpoints.sandbox!;
    expect(signingSecrets(twice, new Date(NOW))).to.deep.equal(['v1.c', 'v1.b']);
  });

  it('keeps one endpoint per environment; the later one wins', () => {
    const live: WebhookEndpointEvent = { type: 'WebhookEndpointSet', data: { ...(setEvent([]).data as Extract<WebhookEndpointEvent, { type: 'WebhookEndpointSet' }>['data']), environment: 'live', url: 'https://live.example.com/' } };
    const state = [setEvent(['run.completed'], 'v1.a'), live, setEvent(['run.completed'], 'v1.b')].reduce(webhookEndpointsDecider.evolve, webhookEndpointsDecider.initialState);
    expect(state.endpoints.sandbox?.secret_sealed).to.equal('v1.b');
    expect(state.endpoints.live?.url).to.equal('https://live.example.com/');
  });
});

describe('webhook delivery decider', () => {
  const delivery = spec(deliveryDecider);
  const data: DeliveryScheduledData = {
    delivery_id: D,
    tenant_id: T,
    environment: 'sandbox',
    event_id: `evt_${'a'.repeat(32)}`,
    event: 'run.completed',
    source_event_id: '33333333-3333-4333-8333-333333333333',
    target: 'endpoint',
    url: 'https://hooks.example.com/svc',
    payload: '{"id":"evt_x"}',
    created_at: NOW,
  };
  const scheduled: DeliveryEvent = { type: 'WebhookDeliveryScheduled', data };
  const attempt = (key: string, outcome: 'succeeded' | 'failed' | 'refused', now: string, status: number | null = outcome === 'succeeded' ? 200 : 500): DeliveryCommand => ({
    type: 'RecordAttempt',
    attempt_key: key,
    url: data.url,
    attempted_at: now,
    http_status: status,
    latency_ms: 12,
    error: outcome === 'succeeded' ? null : 'HTTP 500',
    outcome,
    now,
  });
  const recorded = (
    key: string,
    number: number,
    outcome: 'succeeded' | 'failed' | 'refused',
    now: string,
    status: 'pending' | 'succeeded' | 'failed',
    next: string | null,
  ): DeliveryEvent => {
    const command = attempt(key, outcome, now, outcome === 'refused' ? null : undefined) as Extract<DeliveryCommand, { type: 'RecordAttempt' }>;
    return {
      type: 'WebhookAttemptRecorded',
      data: {
        delivery_id: D,
        attempt_key: key,
        trigger: key.startsWith('schedule') ? 'schedule' : 'redelivery',
        number,
        url: data.url,
        attempted_at: now,
        http_status: command.http_status,
        latency_ms: 12,
        error: command.error,
        outcome,
        status,
        next_attempt_at: next,
      },
    };
  };
  const fold = (events: DeliveryEvent[]): DeliveryState => events.reduce(deliveryDecider.evolve, deliveryDecider.initialState);

  it('schedules a delivery due at once; scheduling it again (a replayed source event) changes nothing', () => {
    delivery.given([]).when({ type: 'ScheduleDelivery', delivery: data, problem: null }).then([scheduled]);
    delivery.given([scheduled]).when({ type: 'ScheduleDelivery', delivery: data, problem: null }).thenNothing();
    expect(owedAttempts(fold([scheduled]))).to.deep.equal([{ key: 'schedule:1', trigger: 'schedule', due_at: NOW }]);
  });

  it('with a problem (no secret to sign with) records why and owes no attempt', () => {
    const reason = 'No sandbox webhook endpoint is configured.';
    delivery
      .given([])
      .when({ type: 'ScheduleDelivery', delivery: data, problem: reason })
      .then([scheduled, { type: 'WebhookDeliveryAbandoned', data: { delivery_id: D, reason, abandoned_at: NOW } }]);
    const state = fold([scheduled, { type: 'WebhookDeliveryAbandoned', data: { delivery_id: D, reason, abandoned_at: NOW } }]);
    expect(state.status).to.equal('failed');
    expect(owedAttempts(state)).to.deep.equal([]);
  });

  it('a 2xx ends it: succeeded, nothing more owed, and the same attempt recorded again changes nothing', () => {
    const ok = recorded('schedule:1', 1, 'succeeded', NOW, 'succeeded', null);
    delivery.given([scheduled]).when(attempt('schedule:1', 'succeeded', NOW)).then([ok]);
    delivery.given([scheduled, ok]).when(attempt('schedule:1', 'succeeded', NOW)).thenNothing();
    expect(owedAttempts(fold([scheduled, ok]))).to.deep.equal([]);
  });

  it('retries at +30 s, +5 min, +1 h, +6 h after each failure, then fails after the fifth attempt', () => {
    const history: DeliveryEvent[] = [scheduled];
    const delays = [30_000, 300_000, 3_600_000, 21_600_000];
    let now = NOW;
    for (let n = 1; n <= 5; n++) {
      const next = n < 5 ? new Date(Date.parse(now) + delays[n - 1]!).toISOString() : null;
      const expected = recorded(`schedule:${n}`, n, 'failed', now, next ? 'pending' : 'failed', next);
      delivery.given(history).when(attempt(`schedule:${n}`, 'failed', now)).then([expected]);
      history.push(expected);
      if (next) {
        expect(dueAttempt(fold(history), new Date(Date.parse(next) - 1).toISOString())).to.equal(null);
        expect(dueAttempt(fold(history), next)?.key).to.equal(`schedule:${n + 1}`);
        now = next;
      }
    }
    expect(fold(history).status).to.equal('failed');
    expect(owedAttempts(fold(history))).to.deep.equal([]);
  });

  it('an attempt that is not owed (out of order, or a stale one) changes nothing', () => {
    delivery.given([scheduled]).when(attempt('schedule:2', 'succeeded', NOW)).thenNothing();
    delivery.given([scheduled]).when(attempt('redelivery:r1', 'succeeded', NOW)).thenNothing();
  });

  it('a refused target (internal address) fails at once: it will not get better', () => {
    delivery.given([scheduled]).when(attempt('schedule:1', 'refused', NOW, null)).then([recorded('schedule:1', 1, 'refused', NOW, 'failed', null)]);
  });

  it('redelivery of a succeeded delivery: one more attempt now, then the status of that attempt', () => {
    const ok = recorded('schedule:1', 1, 'succeeded', NOW, 'succeeded', null);
    const asked: DeliveryEvent = { type: 'WebhookRedeliveryRequested', data: { delivery_id: D, request_id: 'r1', requested_at: at(60_000) } };
    delivery.given([scheduled, ok]).when({ type: 'RequestRedelivery', request_id: 'r1', now: at(60_000) }).then([asked]);
    // asking again before it ran changes nothing
    delivery.given([scheduled, ok, asked]).when({ type: 'RequestRedelivery', request_id: 'r2', now: at(61_000) }).thenNothing();
    expect(fold([scheduled, ok, asked]).status).to.equal('pending');
    expect(dueAttempt(fold([scheduled, ok, asked]), at(60_000))?.key).to.equal('redelivery:r1');
    delivery.given([scheduled, ok, asked]).when(attempt('redelivery:r1', 'succeeded', at(60_000))).then([recorded('redelivery:r1', 2, 'succeeded', at(60_000), 'succeeded', null)]);
    delivery.given([scheduled, ok, asked]).when(attempt('redelivery:r1', 'failed', at(60_000))).then([recorded('redelivery:r1', 2, 'failed', at(60_000), 'failed', null)]);
  });

  it('a failed redelivery of a pending delivery leaves its schedule as it was', () => {
    const first = recorded('schedule:1', 1, 'failed', NOW, 'pending', at(30_000));
    const asked: DeliveryEvent = { type: 'WebhookRedeliveryRequested', data: { delivery_id: D, request_id: 'r1', requested_at: at(1_000) } };
    delivery.given([scheduled, first, asked]).when(attempt('redelivery:r1', 'failed', at(1_000))).then([recorded('redelivery:r1', 2, 'failed', at(1_000), 'pending', at(30_000))]);
  });

  it('a scheduled attempt that ran while a redelivery was asked is still recorded, and the redelivery still owed', () => {
    const first = recorded('schedule:1', 1, 'failed', NOW, 'pending', at(30_000));
    const asked: DeliveryEvent = { type: 'WebhookRedeliveryRequested', data: { delivery_id: D, request_id: 'r1', requested_at: at(31_000) } };
    const second = recorded('schedule:2', 2, 'succeeded', at(31_000), 'pending', null);
    delivery.given([scheduled, first, asked]).when(attempt('schedule:2', 'succeeded', at(31_000))).then([second]);
    expect(owedAttempts(fold([scheduled, first, asked, second])).map((a) => a.key)).to.deep.equal(['redelivery:r1']);
  });

  it('redelivery of an unknown delivery is refused', () => {
    delivery.given([]).when({ type: 'RequestRedelivery', request_id: 'r1', now: NOW }).thenError('webhook_delivery_not_found');
  });
});

describe('webhook planning', () => {
  const summary = { total: 9, valid: 6, invalid: 1, no_data: 1, error: 1 };
  const result = {
    run_id: '44444444-4444-4444-8444-444444444444',
    tenant_id: T,
    environment: 'sandbox' as const,
    subject_type: 'pf' as const,
    template_id: '55555555-5555-4555-8555-555555555555',
    customer_id: null,
    external_id: null,
    metadata: {},
    webhook_url: null,
    checks_summary: summary,
    created_at: NOW,
    completed_at: at(5_000),
  };
  const meta = { occurred_at: at(5_000) };
  const runData = (status: string, decision: string | null, riskBand: string | null, completedAt = at(5_000)) => ({
    object: 'run',
    id: result.run_id,
    status,
    decision,
    risk_band: riskBand,
    subject_type: 'pf',
    template_id: result.template_id,
    external_id: null,
    metadata: {},
    checks_summary: summary,
    created_at: NOW,
    completed_at: completedAt,
  });

  it('RunCompleted (any of its statuses) is run.completed with the run data object, field by field', () => {
    const completed = {
      type: 'RunCompleted',
      data: { ...result, status: 'pending_review', decision: 'review', operative_decision: 'review', risk_band: 'medio', manual_review: true, summary_message: 'x', abandoned: [], cost: 0 },
      metadata: meta,
    };
    const webhook = webhookFor(completed)!;
    expect(webhook).to.deep.equal({ tenant_id: T, environment: 'sandbox', event: 'run.completed', created: Date.parse(at(5_000)) / 1000, data: runData('pending_review', 'review', 'medio'), per_call_url: null, customer_id: null });
    expect(Object.keys(webhook.data)).to.deep.equal(['object', 'id', 'status', 'decision', 'risk_band', 'subject_type', 'template_id', 'external_id', 'metadata', 'checks_summary', 'created_at', 'completed_at']);
    expect(envelope('evt_1', webhook)).to.deep.equal({ id: 'evt_1', object: 'event', event: 'run.completed', created: webhook.created, livemode: false, data: webhook.data });
  });

  it('RunReviewed is run.completed again: completed, with the analyst decision', () => {
    const reviewed = { type: 'RunReviewed', data: { ...result, completed_at: at(60_000), decision: 'approved', note: '', risk_band: 'medio', reviewed_at: at(60_000) }, metadata: meta };
    const webhook = webhookFor(reviewed)!;
    expect(webhook.event).to.equal('run.completed');
    expect(webhook.data).to.deep.equal(runData('completed', 'approved', 'medio', at(60_000)));
  });

  it('RunFailed is run.failed with decision and risk band null; a cancelled run reports nothing', () => {
    const failed = { type: 'RunFailed', data: { ...result, webhook_url: 'https://own.example.com/', reason: 'all_sources_failed', summary_message: 'x', cost: 0 }, metadata: meta };
    const webhook = webhookFor(failed)!;
    expect(webhook.event).to.equal('run.failed');
    expect(webhook.data).to.deep.equal(runData('failed', null, null));
    expect(webhook.per_call_url).to.equal('https://own.example.com/');
    expect(webhookFor({ type: 'RunCancelled', data: { run_id: result.run_id, cancelled_at: NOW }, metadata: meta })).to.equal(null);
    expect(webhookFor({ type: 'RunStarted', data: { run_id: result.run_id, started_at: NOW }, metadata: meta })).to.equal(null);
  });

  it('FacialRoundCompleted is biometric_check.completed with status, score and time per check only', () => {
    const round = {
      type: 'FacialRoundCompleted',
      data: {
        customer_id: 'c1',
        round_id: 'r1',
        tenant_id: T,
        environment: 'live',
        checks: { face_match: { status: 'Approved', score: 0.97, request_id: 'req', completed_at: NOW } },
        cost: 2,
        completed_at: NOW,
      },
      metadata: meta,
    };
    const webhook = webhookFor(round)!;
    expect(webhook.event).to.equal('biometric_check.completed');
    expect(webhook.customer_id).to.equal('c1');
    expect(envelope('evt_2', webhook)['livemode']).to.equal(true);
    expect(webhook.data).to.deep.equal({ object: 'facial_verification', customer_id: 'c1', round_id: 'r1', checks: { face_match: { status: 'Approved', score: 0.97, completed_at: NOW } } });
    expect(webhookFor({ ...round, data: { ...round.data, checks: 'bad' } })).to.equal(null);
  });

  it('targets: the endpoint; a per-call URL overrides it; without an endpoint a per-call URL is recorded as unsendable', () => {
    const endpoint = { url: 'https://hooks.example.com/', events: ['run.completed', 'run.failed'] as const };
    const run = { event: 'run.completed' as const, environment: 'sandbox' as const };
    expect(deliveryTarget(run, endpoint, null)).to.deep.equal({ target: 'endpoint', url: endpoint.url, problem: null });
    expect(deliveryTarget(run, endpoint, 'https://own.example.com/')).to.deep.equal({ target: 'per_call', url: 'https://own.example.com/', problem: null });
    expect(deliveryTarget(run, null, null)).to.equal(null);
    expect(deliveryTarget(run, null, 'https://own.example.com/')?.problem).to.match(/No sandbox webhook endpoint/);
  });

  it('biometric_check.completed goes only where the endpoint subscribes to it', () => {
    const facial = { event: 'biometric_check.completed' as const, environment: 'live' as const };
    expect(deliveryTarget(facial, { url: 'https://h.example.com/', events: ['run.completed', 'run.failed'] }, null)).to.equal(null);
    expect(deliveryTarget(facial, { url: 'https://h.example.com/', events: ['run.completed', 'run.failed', 'biometric_check.completed'] }, null)?.url).to.equal('https://h.example.com/');
    expect(deliveryTarget(facial, null, 'https://own.example.com/')).to.equal(null);
  });
});
