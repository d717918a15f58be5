import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { reportDecider } from '../../src/domain/report/decider.js';
import type { ReportGeneratedData } from '../../src/domain/report/events.js';
import { canonicalJson, historyDigest } from '../../src/domain/report/history.js';
import { spec } from '../helpers/decider-spec.js';

const report = (sha256: string): ReportGeneratedData => ({
  run_id: 'r1',
  tenant_id: 't1',
  environment: 'sandbox',
  mode: 'completo',
  blob_key: `reports/r1/completo-${sha256}.pdf`,
  sha256,
  byte_size: 100,
  page_count: 21,
  generated_at: '2026-11-22T12:00:00.000Z',
  history: { stream: 'run-r1', last_revision: 9, event_count: 10, sha256: 'h' },
});

describe('report decider', () => {
  it('records the first report of a run and mode', () => {
    spec(reportDecider).given([]).when({ type: 'RecordReport', report: report('a') }).then([{ type: 'ReportGenerated', data: report('a') }]);
  });

  it('never records a second one: the stored report is immutable', () => {
    spec(reportDecider).given([{ type: 'ReportGenerated', data: report('a') }]).when({ type: 'RecordReport', report: report('b') }).thenNothing();
  });
});

describe('history digest', () => {
  it('serialises canonically: sorted keys at every depth, no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: null, y: 'ç' }], c: true } })).to.equal('{"a":{"c":true,"d":[3,{"y":"ç","z":null}]},"b":1}');
  });

  it('is the SHA-256 of one canonical line per event, in revision order, whatever the key order given', () => {
    const events = [
      { revision: 1, position: 8, stream: 'run-x', type: 'RunStarted', data: { started_at: 't', run_id: 'x' }, metadata: { actor: 'system' }, recorded_at: 'r2' },
      { position: 5, revision: 0, stream: 'run-x', type: 'RunQueued', data: { run_id: 'x' }, metadata: { actor: 'operator', request_id: 'q' }, recorded_at: 'r1' },
    ];
    const lines =
      '{"data":{"run_id":"x"},"metadata":{"actor":"operator","request_id":"q"},"position":5,"recorded_at":"r1","revision":0,"stream":"run-x","type":"RunQueued"}\n' +
      '{"data":{"run_id":"x","started_at":"t"},"metadata":{"actor":"system"},"position":8,"recorded_at":"r2","revision":1,"stream":"run-x","type":"RunStarted"}\n';
    expect(historyDigest(events)).to.equal(createHash('sha256').update(lines, 'utf8').digest('hex'));
  });
});
