import { sweepDecider, type MonitoringSweepEvent, type SweepCursor } from '../../src/domain/monitoring/sweep.js';
import { spec } from '../helpers/decider-spec.js';

const NOW = '2026-11-22T12:00:00.000Z';
const V = 'v1';
const started: MonitoringSweepEvent = {
  type: 'MonitoringSweepStarted',
  data: { list_id: 'br_ceis', version_id: V, tenant_id: null, delta: { added: 1, changed: 0, removed: 0 }, delisted: 0, started_at: NOW },
};
// newest first: each page's last customer is older than the one before
const page1: SweepCursor = { created_at: '2026-11-20T10:00:00.000Z', id: 'c-0500' };
const page2: SweepCursor = { created_at: '2026-11-19T10:00:00.000Z', id: 'c-1000' };
const page3: SweepCursor = { created_at: '2026-11-19T10:00:00.000Z', id: 'c-0999' };
const progressed = (cursor: SweepCursor): MonitoringSweepEvent => ({ type: 'MonitoringSweepProgressed', data: { version_id: V, cursor, screened: 500, alerts: 3, at: NOW } });
const progress = (cursor: SweepCursor) => ({ type: 'Progress' as const, version_id: V, cursor, screened: 500, alerts: 3, now: NOW });

describe('monitoring sweep (decider)', () => {
  it('records each next page, older than the last (ties on created_at ordered by id)', () => {
    spec(sweepDecider).given([started, progressed(page1)]).when(progress(page2)).then([progressed(page2)]);
    spec(sweepDecider).given([started, progressed(page1), progressed(page2)]).when(progress(page3)).then([progressed(page3)]);
  });

  it('a page recorded again (a retried append) counts once', () => {
    spec(sweepDecider).given([started, progressed(page1)]).when(progress(page1)).thenNothing();
  });

  it('a page before the last recorded one (an instance that took over an expired lease, behind the other) is not counted again', () => {
    spec(sweepDecider).given([started, progressed(page1), progressed(page2)]).when(progress(page1)).thenNothing();
    spec(sweepDecider).given([started, progressed(page1), progressed(page3)]).when(progress(page2)).thenNothing();
  });
});
