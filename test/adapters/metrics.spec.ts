import { expect } from 'chai';
import type { BiometricProvider } from '../../src/adapters/biometrics/port.js';
import { Metrics } from '../../src/adapters/metrics.js';
import { SqliteEventStore } from '../../src/adapters/event-store/sqlite.js';
import { tempDir } from '../helpers/temp.js';
import { join } from 'node:path';

const lines = async (metrics: Metrics, name: string) => (await metrics.text()).split('\n').filter((l) => l.startsWith(name));

describe('metrics', () => {
  it('a source error is counted by its code when it is a plain code, as other otherwise (labels stay bounded)', async () => {
    const metrics = new Metrics();
    metrics.sourceQueried('receita_cpf', 0.2, 'timeout', true);
    metrics.sourceQueried('receita_cpf', 0.2, 'HTTP 502 from 10.0.0.1', true);
    metrics.sourceQueried('receita_cpf', 0.1, null, false);
    expect(await lines(metrics, 'svc_source_errors_total')).to.deep.equal([
      'svc_source_errors_total{source="receita_cpf",kind="timeout"} 1',
      'svc_source_errors_total{source="receita_cpf",kind="other"} 1',
    ]);
    expect(await lines(metrics, 'svc_source_duration_seconds_count')).to.deep.equal(['svc_source_duration_seconds_count{source="receita_cpf"} 3']);
  });

  it('counts facial checks by check and result; a provider that throws counts as Error and still throws', async () => {
    const metrics = new Metrics();
    let fail = false;
    const provider: BiometricProvider = {
      check: async () => {
        if (fail) throw new Error('down');
        return { status: 'Approved', score: 0.9, warnings: [], request_id: 'r' };
      },
    };
    const counted = metrics.countedBiometrics(provider);
    const image = { data: Buffer.from('x'), file_name: 'x.png', mime: 'image/png' };
    await counted.check('face_match', { user: image, ref: image }, AbortSignal.timeout(1000));
    fail = true;
    let thrown: unknown = null;
    await counted.check('passive_liveness', { user: image }, AbortSignal.timeout(1000)).catch((e: unknown) => (thrown = e));
    expect(thrown).to.be.instanceOf(Error);
    expect(await lines(metrics, 'svc_facial_checks_total')).to.deep.equal([
      'svc_facial_checks_total{check="face_match",result="Approved"} 1',
      'svc_facial_checks_total{check="passive_liveness",result="Error"} 1',
    ]);
  });

  it('times appends and passes every call through to the store', async () => {
    const metrics = new Metrics();
    const inner = new SqliteEventStore(join(tempDir(), 'events.sqlite'));
    const store = metrics.timedAppends(inner);
    try {
      const metadata = { tenant_id: null, actor: 'system', request_id: null, occurred_at: new Date().toISOString(), correlation_id: 'c', causation_id: null };
      await store.append('thing-1', [{ id: '00000000-0000-4000-8000-000000000001', type: 'ThingCreated', data: {}, metadata }], 'no_stream');
      expect(await store.headPosition()).to.equal(await inner.headPosition());
      expect((await store.readStream('thing-1')).map((e) => e.type)).to.deep.equal(['ThingCreated']);
      expect(await lines(metrics, 'svc_event_store_append_duration_seconds_count')).to.deep.equal(['svc_event_store_append_duration_seconds_count 1']);
    } finally {
      await store.close();
    }
  });

  it('every instance has its own registry', async () => {
    const a = new Metrics();
    const b = new Metrics();
    a.webhookAttempted('succeeded');
    expect(await lines(a, 'svc_webhook_attempts_total{')).to.deep.equal(['svc_webhook_attempts_total{result="succeeded"} 1']);
    expect(await lines(b, 'svc_webhook_attempts_total{')).to.deep.equal([]);
  });
});
