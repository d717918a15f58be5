import { expect } from 'chai';
import { facialRoundWorkFor } from '../../src/reactors/facial-rounds.js';
import { fxAnalysisWorkFor } from '../../src/reactors/fx-analysis.js';
import { runWorkFor } from '../../src/reactors/run-executor.js';
import { eventLog } from '../helpers/projection-spec.js';

/** The reactors' decisions, pure: which event makes which work item (given event, then item). */
describe('reactors: events to work items', () => {
  const NOW = 1_795_000_000_000;

  it('a queued run is one item per run, due now, the same whichever instance or replay sees it', () => {
    const at = eventLog();
    const queued = at('run-r1', 'RunQueued', { run_id: 'r1' });
    expect(runWorkFor(queued, NOW)).to.deep.equal({ id: 'run:r1', kind: 'run', payload: { run_id: 'r1', causation: queued.id }, due_at: NOW });
    expect(runWorkFor({ ...queued, position: 99 }, NOW)!.id).to.equal('run:r1');
    for (const type of ['RunStarted', 'SourceAnswered', 'RunCompleted', 'RunCancelled']) expect(runWorkFor(at('run-r1', type, { run_id: 'r1' }), NOW), type).to.equal(null);
  });

  it('a selfie or identity upload rearms the customer’s one round item; other documents make none', () => {
    const at = eventLog();
    for (const type of ['selfie', 'identidade_frente', 'cnh_frente', 'passaporte']) {
      const uploaded = at('customer-c1', 'DocumentUploaded', { customer_id: 'c1', document_id: `d-${type}`, type });
      expect(facialRoundWorkFor(uploaded, NOW), type).to.deep.equal({
        id: 'facial-round:c1',
        kind: 'facial-round',
        payload: { customer_id: 'c1', causation: uploaded.id },
        due_at: NOW,
        rearm: true,
      });
    }
    for (const type of ['identidade_verso', 'comprovante_endereco', 'contrato_social']) {
      expect(facialRoundWorkFor(at('customer-c1', 'DocumentUploaded', { customer_id: 'c1', document_id: 'd', type }), NOW), type).to.equal(null);
    }
    expect(facialRoundWorkFor(at('customer-c1', 'CustomerRegistered', { customer_id: 'c1' }), NOW)).to.equal(null);
  });

  it('a requested FX analysis rearms the operation’s item (an analysis requested again runs again)', () => {
    const at = eventLog();
    const requested = at('fxop-o1', 'FxAnalysisRequested', { operation_id: 'o1', tenant_id: 't1', requested_at: 'x' });
    expect(fxAnalysisWorkFor(requested, NOW)).to.deep.equal({ id: 'fx-analysis:o1', kind: 'fx-analysis', payload: { operation_id: 'o1', causation: requested.id }, due_at: NOW, rearm: true });
    expect(fxAnalysisWorkFor(at('fxop-o1', 'FxOperationSubmitted', { operation_id: 'o1' }), NOW)).to.equal(null);
  });
});
