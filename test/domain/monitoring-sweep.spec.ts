import { expect } from 'chai';
import { sweepDecider, sweepOf, sweepStream, type MonitoringSweepEvent, type SweepCursor } from '../../src/domain/monitoring/sweep.js';
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

describe('monitoring sweep: one per import of a version', () => {
  // the list's imports in stream order: v0, v1 (an entry added), v2 (changed), v0 again (removed), v1 again (listed again)
  const imports = [
    { version_id: 'v0', position: 10 },
    { version_id: 'v1', position: 20 },
    { version_id: 'v2', position: 30 },
    { version_id: 'v0', position: 40 },
    { version_id: 'v1', position: 50 },
    { version_id: 'v0', position: 60 },
  ];

  it('the first import of a version is swept under its version id, against the import before it', () => {
    expect(sweepOf(imports, 10)).to.deep.equal({ sweep_id: 'v0', current: imports[0], previous: null });
    expect(sweepOf(imports, 30)).to.deep.equal({ sweep_id: 'v2', current: imports[2], previous: imports[1] });
    expect(sweepStream(sweepOf(imports, 30)!.sweep_id)).to.equal('monitoring-v2');
  });

  it('a list back to an earlier content is a sweep of its own, against the import just before it (not the first import of that content)', () => {
    expect(sweepOf(imports, 40)).to.deep.equal({ sweep_id: 'v0.2', current: imports[3], previous: imports[2] });
    expect(sweepOf(imports, 50)).to.deep.equal({ sweep_id: 'v1.2', current: imports[4], previous: imports[3] });
    expect(sweepOf(imports, 60)!.sweep_id).to.equal('v0.3');
  });

  it('no import at that position: null', () => {
    expect(sweepOf(imports, 35)).to.equal(null);
  });
});
