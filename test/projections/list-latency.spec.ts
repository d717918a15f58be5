import { expect } from 'chai';
import { listLatencyProjection, sweepImportIndex, type ListLatencyDoc, type VersionImportTimes } from '../../src/projections/list-latency.js';
import { monitoringAlertsProjection } from '../../src/projections/monitoring-alerts.js';
import { deliveriesOf, latencySummary, percentile, versionLatency } from '../../src/queries/list-latency.js';
import { eventLog, projectionSpec } from '../helpers/projection-spec.js';

const V = 'a7a8f0a2-0000-5000-8000-000000000001';
const PUB = '2026-11-27T10:00:00.000Z';
const FETCHED = '2026-11-27T10:04:00.000Z';
const IMPORTED = '2026-11-27T10:04:02.000Z';
const INDEXED = '2026-11-27T10:04:03.000Z';
const STARTED = '2026-11-27T10:04:04.000Z';
const RAISED_1 = '2026-11-27T10:04:05.000Z';
const RAISED_2 = '2026-11-27T10:04:06.000Z';
const COMPLETED = '2026-11-27T10:04:10.000Z';

const imported = (versionId: string, at: string, published: string | null, source: Record<string, unknown> = { kind: 'upload' }) => ({
  list_id: 'un_sc',
  version_id: versionId,
  sha256: 'x',
  bytes: 1,
  source,
  published_at: published,
  imported_at: at,
  entries: 10,
  delta: { added: 1, removed: 0, changed: 0 },
  files: [],
  forced: false,
});
const evidence = { list_published_at: PUB, fetched_at: FETCHED, imported_at: IMPORTED, indexed_at: INDEXED };
const raised = (alertId: string, at: string, extra: Record<string, unknown> = {}) => ({
  customer_id: `c-${alertId}`,
  alert_id: alertId,
  tenant_id: 't1',
  environment: 'live',
  subject_ref: 's',
  list_id: 'un_sc',
  entry_id: 'e1',
  version_id: V,
  content_hash: 'h',
  matched_name: 'N',
  score: 0.9,
  explanation: [],
  trigger: 'list_version',
  raised_at: at,
  ...extra,
});
const row = (over: Partial<VersionImportTimes>): VersionImportTimes => ({
  position: 1,
  published_at: PUB,
  fetched_at: null,
  imported_at: IMPORTED,
  indexed_at: null,
  sweep_started_at: null,
  sweep_completed_at: null,
  customers_screened: 0,
  alerts_raised: 0,
  freeze_alerts: 0,
  first_alert_at: null,
  ...over,
});

describe('list-latency projection (issue 29)', () => {
  const latency = projectionSpec(listLatencyProjection);

  it('one document per version: fetched, imported, swept, its alerts counted (freeze ones apart), the earliest alert and index time; replays change nothing', () => {
    const at = eventLog();
    const events = [
      at('list-un_sc', 'ListVersionImported', imported(V, IMPORTED, PUB, { kind: 'url', url: 'https://un.example/list.xml', fetched_at: FETCHED, download_ms: 900 })),
      at(`monitoring-${V}`, 'MonitoringSweepStarted', { list_id: 'un_sc', version_id: V, tenant_id: null, delta: { added: 1, changed: 0, removed: 0 }, delisted: 0, started_at: STARTED }),
      // two alerts of the sweep, recorded out of time order; one requires a freeze
      at('customer-c-a2', 'MonitoringAlertRaised', raised('a2', RAISED_2, { evidence: { ...evidence, indexed_at: '2026-11-27T10:04:03.500Z' } })),
      at('customer-c-a1', 'MonitoringAlertRaised', raised('a1', RAISED_1, { freeze_required: true, legal_basis: 'Lei 13.810/2019', evidence })),
      // an alert raised on a customer entering monitoring is not the version's
      at('customer-c-a3', 'MonitoringAlertRaised', raised('a3', RAISED_1, { trigger: 'customer' })),
      at(`monitoring-${V}`, 'MonitoringSweepProgressed', { version_id: V, cursor: { created_at: PUB, id: 'c' }, screened: 40, alerts: 2, at: RAISED_2 }),
      at(`monitoring-${V}`, 'MonitoringSweepCompleted', { version_id: V, screened: 40, alerts: 2, completed_at: COMPLETED }),
    ];
    const expected: ListLatencyDoc = {
      list_id: 'un_sc',
      version_id: V,
      created_at: IMPORTED,
      imports: [
        row({ fetched_at: FETCHED, indexed_at: INDEXED, sweep_started_at: STARTED, sweep_completed_at: COMPLETED, customers_screened: 40, alerts_raised: 2, freeze_alerts: 1, first_alert_at: RAISED_1 }),
      ],
    };
    latency.given(events).then({ [V]: expected }).andReplayChangesNothing();
    // while the sweep runs: the pages screened so far, no completion
    latency.given(events.slice(0, 6)).then({ [V]: { ...expected, imports: [{ ...expected.imports[0]!, sweep_completed_at: null }] } });
  });

  it('missing times stay null: a file that dates nothing, an upload, no sweep yet, no alert', () => {
    const at = eventLog();
    latency.given([at('list-un_sc', 'ListVersionImported', imported(V, IMPORTED, null))]).then({ [V]: { list_id: 'un_sc', version_id: V, created_at: IMPORTED, imports: [row({ published_at: null })] } });
    const view = versionLatency({ list_id: 'un_sc', version_id: V, created_at: IMPORTED, imports: [row({ published_at: null })] }, []);
    expect(view.latency_seconds).to.deep.equal({ publication_to_fetch: null, fetch_to_import: null, import_to_sweep_completed: null, publication_to_first_alert: null, publication_to_first_delivery: null });
    expect(view.deliveries).to.deep.equal({ count: 0, first_delivered_at: null, last_delivered_at: null });
  });

  it('an alert fills the publication and fetch times its evidence names where the import recorded none', () => {
    const at = eventLog();
    const events = [at('list-un_sc', 'ListVersionImported', imported(V, IMPORTED, null)), at('customer-c-a1', 'MonitoringAlertRaised', raised('a1', RAISED_1, { evidence }))];
    latency.given(events).then({ [V]: { list_id: 'un_sc', version_id: V, created_at: IMPORTED, imports: [row({ published_at: PUB, fetched_at: FETCHED, indexed_at: INDEXED, alerts_raised: 1, first_alert_at: RAISED_1 })] } });
  });

  it('a version imported again is a second import: its sweep (`<version>.2`) and the alerts after it are the second\'s; the document moves to the latest import', () => {
    const at = eventLog();
    const LATER = '2026-11-28T09:00:00.000Z';
    const events = [
      at('list-un_sc', 'ListVersionImported', imported(V, IMPORTED, PUB)),
      at(`monitoring-${V}`, 'MonitoringSweepCompleted', { version_id: V, screened: 5, alerts: 0, completed_at: COMPLETED }),
      at('list-un_sc', 'ListVersionImported', imported('other-version', '2026-11-27T20:00:00.000Z', PUB)),
      at('list-un_sc', 'ListVersionImported', imported(V, LATER, '2026-11-28T08:00:00.000Z')),
      at(`monitoring-${V}.2`, 'MonitoringSweepStarted', { list_id: 'un_sc', version_id: V, tenant_id: null, delta: { added: 1, changed: 0, removed: 0 }, delisted: 0, started_at: LATER }),
      at('customer-c-a1', 'MonitoringAlertRaised', raised('a1', '2026-11-28T09:00:01.000Z')),
      at(`monitoring-${V}.2`, 'MonitoringSweepCompleted', { version_id: V, screened: 6, alerts: 1, completed_at: '2026-11-28T09:00:02.000Z' }),
    ];
    const step = latency.given(events).andReplayChangesNothing();
    const doc = step.documents.get(V)!.doc!;
    expect(doc.created_at).to.equal(LATER);
    expect(doc.imports).to.deep.equal([
      row({ position: 1, sweep_completed_at: COMPLETED, customers_screened: 5 }),
      row({ position: 4, published_at: '2026-11-28T08:00:00.000Z', imported_at: LATER, sweep_started_at: LATER, sweep_completed_at: '2026-11-28T09:00:02.000Z', customers_screened: 6, alerts_raised: 1, first_alert_at: '2026-11-28T09:00:01.000Z' }),
    ]);
    const view = versionLatency(doc, []);
    expect(view).to.include({ imports: 2, imported_at: LATER, alerts_raised: 1 });
    expect(view.latency_seconds.publication_to_first_alert).to.equal(3601);
  });

  it('the sweep stream names the import: `monitoring-<v>` the first, `monitoring-<v>.<n>` the n-th; anything else none', () => {
    expect(sweepImportIndex(`monitoring-${V}`, V)).to.equal(0);
    expect(sweepImportIndex(`monitoring-${V}.3`, V)).to.equal(2);
    expect(sweepImportIndex(`monitoring-${V}.1`, V)).to.equal(null);
    expect(sweepImportIndex(`monitoring-${V}.x`, V)).to.equal(null);
    expect(sweepImportIndex(`customer-${V}`, V)).to.equal(null);
  });

  it('the latencies in seconds and the summary (nearest-rank p50/p99, max) of publication to first delivery', () => {
    const doc: ListLatencyDoc = { list_id: 'un_sc', version_id: V, created_at: IMPORTED, imports: [row({ fetched_at: FETCHED, sweep_completed_at: COMPLETED, first_alert_at: RAISED_1 })] };
    const alerts = [{ deliveries: [{ event: 'customer.monitoring_alert', delivery_id: 'd2', delivered_at: '2026-11-27T10:04:07.250Z' }] }, { deliveries: [{ event: 'customer.sanctions_freeze', delivery_id: 'd1', delivered_at: '2026-11-27T10:04:05.500Z' }] }, {}];
    const view = versionLatency(doc, alerts);
    expect(view.deliveries).to.deep.equal({ count: 2, first_delivered_at: '2026-11-27T10:04:05.500Z', last_delivered_at: '2026-11-27T10:04:07.250Z' });
    expect(view.latency_seconds).to.deep.equal({ publication_to_fetch: 240, fetch_to_import: 2, import_to_sweep_completed: 8, publication_to_first_alert: 245, publication_to_first_delivery: 245.5 });
    expect(deliveriesOf([])).to.deep.equal({ count: 0, first_delivered_at: null, last_delivered_at: null });
    expect(percentile([1, 2, 3, 4], 50)).to.equal(2);
    expect(percentile([1, 2, 3, 4], 99)).to.equal(4);
    expect(percentile([], 50)).to.equal(null);
    const none = versionLatency({ ...doc, imports: [row({ published_at: null })] }, alerts);
    expect(latencySummary([view, none])).to.deep.equal({ versions: 2, publication_to_first_delivery_seconds: { count: 1, p50: 245.5, p99: 245.5, max: 245.5 } });
  });
});

describe('monitoring-alerts projection: evidence and deliveries (issue 29)', () => {
  const alerts = projectionSpec(monitoringAlertsProjection);

  it('keeps the evidence the alert was raised with and each delivery once', () => {
    const at = eventLog();
    const delivered = (id: string, t: string) => ({ customer_id: 'c-a1', alert_id: 'a1', event: 'customer.monitoring_alert', delivery_id: id, delivered_at: t });
    const events = [
      at('customer-c-a1', 'MonitoringAlertRaised', raised('a1', RAISED_1, { evidence })),
      at('customer-c-a1', 'AlertWebhookDelivered', delivered('d1', RAISED_2)),
      at('customer-c-a1', 'AlertWebhookDelivered', delivered('d1', RAISED_2)),
      at('customer-c-a1', 'AlertWebhookDelivered', { ...delivered('d2', COMPLETED), event: 'customer.sanctions_freeze' }),
    ];
    const doc = alerts.given(events).andReplayChangesNothing().documents.get('a1')!.doc!;
    expect(doc.evidence).to.deep.equal(evidence);
    expect(doc.deliveries).to.deep.equal([
      { event: 'customer.monitoring_alert', delivery_id: 'd1', delivered_at: RAISED_2 },
      { event: 'customer.sanctions_freeze', delivery_id: 'd2', delivered_at: COMPLETED },
    ]);
    expect(alerts.given([at('customer-c-a9', 'MonitoringAlertRaised', { ...raised('a9', RAISED_1), alert_id: 'a9' })]).documents.get('a9')!.doc!.evidence).to.equal(null);
  });
});
