import { expect } from 'chai';
import { systemContext } from '../../src/processing/system-context.js';

describe('processing: systemContext, the metadata of a command the service issues itself', () => {
  const metadata = { tenant_id: 't1', actor: 'api_key:k1', request_id: 'req-1', occurred_at: '2026-11-27T10:00:00.000Z', correlation_id: 'corr-1', causation_id: null };

  it('caused by an event: its tenant, time and correlation carry on, the event is the causation, no request', () => {
    expect(systemContext({ event: { id: 'ev-1', metadata } }, 'billing:ev-1')).to.deep.equal({
      metadata: { tenant_id: 't1', actor: 'system', request_id: null, occurred_at: '2026-11-27T10:00:00.000Z', correlation_id: 'corr-1', causation_id: 'ev-1' },
      commandId: 'billing:ev-1',
    });
  });

  it('caused by a piece of work: correlated by its id, at the step’s time, with its causation when known', () => {
    expect(systemContext({ tenant_id: null, correlation_id: 'list-refresh:ofac_sdn', at: new Date('2026-11-27T11:00:00Z') }, 'list-refresh:ofac_sdn:1:checked')).to.deep.equal({
      metadata: { tenant_id: null, actor: 'system', request_id: null, occurred_at: '2026-11-27T11:00:00.000Z', correlation_id: 'list-refresh:ofac_sdn', causation_id: null },
      commandId: 'list-refresh:ofac_sdn:1:checked',
    });
    const context = systemContext({ tenant_id: 't1', actor: 'system:monitoring', correlation_id: 'run-1', causation_id: 'ev-2', at: '2026-11-27T12:00:00.000Z' }, 'run-1:start');
    expect(context.metadata).to.deep.equal({ tenant_id: 't1', actor: 'system:monitoring', request_id: null, occurred_at: '2026-11-27T12:00:00.000Z', correlation_id: 'run-1', causation_id: 'ev-2' });
  });
});
