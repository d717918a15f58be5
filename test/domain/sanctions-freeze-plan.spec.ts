import { expect } from 'chai';
import type { CustomerEvent } from '../../src/domain/customer/events.js';
import { UN_FREEZE_BASIS } from '../../src/domain/customer/freeze.js';
import { sweepDecider, type MonitoringSweepEvent, type SweepCursor } from '../../src/domain/monitoring/sweep.js';
import { tenantDecider } from '../../src/domain/tenant/decider.js';
import type { TenantEvent } from '../../src/domain/tenant/events.js';
import { deliveryTarget, webhookFor, webhooksFor } from '../../src/domain/webhook/plan.js';
import { spec } from '../helpers/decider-spec.js';

const NOW = '2026-11-27T12:00:00.000Z';
const LATER = '2026-11-27T12:30:00.000Z';
const meta = { occurred_at: NOW };

describe('sanctions freeze (issue 29): tenant setting, sweep passes, webhooks', () => {
  const created: TenantEvent = { type: 'TenantCreated', data: { tenant_id: 't1', name: 'Alfa', facial_verification_master: false, created_at: NOW } };
  const changed = (lists: string[]): TenantEvent => ({ type: 'TenantSettingsChanged', data: { tenant_id: 't1', changes: { sanctions_freeze_lists: lists }, changed_at: NOW } });

  it('a tenant names official freeze lists: un_sc kept first and never removed, unknown ids refused, the same lists again change nothing', () => {
    spec(tenantDecider).given([created]).when({ type: 'ChangeTenantSettings', changes: { sanctions_freeze_lists: ['ofac_sdn'] }, now: NOW }).then([changed(['un_sc', 'ofac_sdn'])]);
    spec(tenantDecider).given([created]).when({ type: 'ChangeTenantSettings', changes: { sanctions_freeze_lists: ['ofac_sdn', 'un_sc', 'ofac_sdn'] }, now: NOW }).then([changed(['un_sc', 'ofac_sdn'])]);
    spec(tenantDecider).given([created]).when({ type: 'ChangeTenantSettings', changes: { sanctions_freeze_lists: ['un_sc'] }, now: NOW }).thenNothing();
    spec(tenantDecider).given([created]).when({ type: 'ChangeTenantSettings', changes: { sanctions_freeze_lists: [] }, now: NOW }).thenNothing();
    spec(tenantDecider).given([created, changed(['un_sc', 'ofac_sdn'])]).when({ type: 'ChangeTenantSettings', changes: { sanctions_freeze_lists: [] }, now: NOW }).then([changed(['un_sc'])]);
    spec(tenantDecider).given([created]).when({ type: 'ChangeTenantSettings', changes: { sanctions_freeze_lists: ['tl_abc'] }, now: NOW }).thenError('invalid_list');
  });

  it("a sweep's active-customers pass comes after every page of the monitored ones, and is resumed like them", () => {
    const started: MonitoringSweepEvent = {
      type: 'MonitoringSweepStarted',
      data: { list_id: 'un_sc', version_id: 'v1', tenant_id: null, delta: { added: 1, changed: 1, removed: 0 }, delisted: 0, started_at: NOW },
    };
    const progressed = (cursor: SweepCursor): MonitoringSweepEvent => ({ type: 'MonitoringSweepProgressed', data: { version_id: 'v1', cursor, screened: 1, alerts: 0, at: NOW } });
    const progress = (cursor: SweepCursor) => ({ type: 'Progress' as const, version_id: 'v1', cursor, screened: 1, alerts: 0, now: NOW });
    const monitoredPage: SweepCursor = { created_at: '2026-11-20T00:00:00.000Z', id: 'c1' };
    const activePage: SweepCursor = { created_at: '2026-11-26T00:00:00.000Z', id: 'c9', status: 'aprovado' };
    spec(sweepDecider).given([started, progressed(monitoredPage)]).when(progress(activePage)).then([progressed(activePage)]);
    spec(sweepDecider).given([started, progressed(activePage)]).when(progress(monitoredPage)).thenNothing();
    spec(sweepDecider).given([started, progressed(activePage)]).when(progress(activePage)).thenNothing();
  });

  const raised = (freeze: boolean): CustomerEvent => ({
    type: 'MonitoringAlertRaised',
    data: {
      customer_id: 'c1',
      alert_id: 'a1',
      tenant_id: 't1',
      environment: 'live',
      subject_ref: 's',
      list_id: 'un_sc',
      entry_id: 'e1',
      version_id: 'v1',
      content_hash: 'h',
      matched_name: 'ANA LIMA',
      score: 0.97,
      explanation: [],
      trigger: 'list_version',
      raised_at: NOW,
      ...(freeze ? { freeze_required: true, legal_basis: UN_FREEZE_BASIS } : {}),
    },
  });
  const facts = { tenant_id: 't1', environment: 'live' as const, list_id: 'un_sc', entry_id: 'e1', legal_basis: UN_FREEZE_BASIS, since: NOW };
  const freezeData = (status: string, createdAt: string) => ({ object: 'sanctions_freeze', status, customer_id: 'c1', alert_id: 'a1', list_id: 'un_sc', entry_id: 'e1', legal_basis: UN_FREEZE_BASIS, since: NOW, created_at: createdAt });

  it('a freeze alert raised calls for customer.monitoring_alert and customer.sanctions_freeze (required), told apart by key; an ordinary one for the first only', () => {
    const hooks = webhooksFor({ ...raised(true), metadata: meta });
    expect(hooks.map((h) => [h.event, h.key ?? null])).to.deep.equal([
      ['customer.monitoring_alert', null],
      ['customer.sanctions_freeze', 'sanctions_freeze'],
    ]);
    expect(hooks[1]!.data).to.deep.equal(freezeData('required', NOW));
    expect(webhookFor({ ...raised(true), metadata: meta })!.event).to.equal('customer.monitoring_alert');
    expect(webhooksFor({ ...raised(false), metadata: meta }).map((h) => h.event)).to.deep.equal(['customer.monitoring_alert']);
  });

  it('a freeze confirmed, cleared or delisted calls for customer.sanctions_freeze confirmed or lifted; an ordinary resolution for nothing', () => {
    const resolution = (r: 'true_positive' | 'false_positive', withFreeze = true) => ({
      type: 'MonitoringAlertResolved',
      data: { customer_id: 'c1', alert_id: 'a1', subject_ref: 's', resolution: r, note: 'n', resolved_at: LATER, ...(withFreeze ? { freeze_required: true, freeze: facts } : {}) },
      metadata: meta,
    });
    expect(webhooksFor(resolution('true_positive')).map((h) => h.data)).to.deep.equal([freezeData('confirmed', LATER)]);
    expect(webhooksFor(resolution('false_positive')).map((h) => h.data)).to.deep.equal([freezeData('lifted', LATER)]);
    expect(webhooksFor(resolution('true_positive', false))).to.deep.equal([]);
    const delisted = { type: 'MonitoringAlertDelisted', data: { customer_id: 'c1', alert_id: 'a1', list_id: 'un_sc', entry_id: 'e1', version_id: 'v2', delisted_at: LATER, freeze_required: true, freeze: facts }, metadata: meta };
    expect(webhooksFor(delisted).map((h) => h.data)).to.deep.equal([freezeData('lifted', LATER)]);
  });

  it('customer.sanctions_freeze is opt-in: only where the endpoint subscribes to it', () => {
    const hook = { event: 'customer.sanctions_freeze' as const, environment: 'live' as const };
    expect(deliveryTarget(hook, { url: 'https://x.example', events: ['customer.monitoring_alert'] }, null)).to.equal(null);
    expect(deliveryTarget(hook, { url: 'https://x.example', events: ['customer.sanctions_freeze'] }, null)).to.deep.equal({ target: 'endpoint', url: 'https://x.example', problem: null });
  });
});
