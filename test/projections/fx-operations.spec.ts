import { fxOperationsProjection, type FxOperationDoc } from '../../src/projections/fx-operations.js';
import { eventLog, projectionSpec } from '../helpers/projection-spec.js';

const T0 = '2026-11-22T12:00:00.000Z';
const T1 = '2026-11-22T12:01:00.000Z';
const T2 = '2026-11-22T12:02:00.000Z';
const T3 = '2026-11-22T12:03:00.000Z';

const created = {
  operation_id: 'op1',
  tenant_id: 't1',
  nature_code: '12345',
  direction: 'saida',
  currency: 'USD',
  amount: '1000.00',
  customer_id: 'c1',
  counterparty: { name: 'Supplier Inc', country: 'US' },
  description: 'Importação',
  created_at: T0,
};
const draft: FxOperationDoc = {
  ...created,
  direction: 'saida',
  status: 'rascunho',
  analysis_status: null,
  analysis: null,
  analysis_catalogued: null,
  analysis_warnings: [],
  laudo_number: null,
  laudo_file_name: null,
  submitted_at: null,
  analysis_requested_at: null,
  analysis_completed_at: null,
};
const analysis = {
  operation_nature: 'Importação de serviços',
  taxation_irrf: '15%',
  taxation_iof: '0,38%',
  main_characteristics: 'x',
  required_documents: ['fatura'],
  cide: 'não',
  siscoserv: 'não',
  regulations: ['Lei 1'],
};

describe('fx operations projection', () => {
  const operations = projectionSpec(fxOperationsProjection);

  it('created as rascunho; submitted is registrada', () => {
    const at = eventLog();
    operations
      .given([at('fxop-op1', 'FxOperationCreated', created), at('fxop-op1', 'FxOperationSubmitted', { operation_id: 'op1', submitted_at: T1 })])
      .then({ op1: { ...draft, status: 'registrada', submitted_at: T1 } })
      .andReplayChangesNothing();
  });

  it('the analysis is requested, then completed with its laudo; downloads do not touch the document', () => {
    const at = eventLog();
    operations
      .given([
        at('fxop-op1', 'FxOperationCreated', created),
        at('fxop-op1', 'FxOperationSubmitted', { operation_id: 'op1', submitted_at: T1 }),
        at('fxop-op1', 'FxAnalysisRequested', { operation_id: 'op1', tenant_id: 't1', requested_at: T2 }),
        at('fxop-op1', 'FxAnalysisCompleted', {
          operation_id: 'op1',
          analysis,
          catalogued: true,
          table_revision: 'r1',
          warnings: ['w'],
          laudo_number: 'LAUDO-1',
          laudo: { blob_key: 'b', sha256: 's', byte_size: 10, page_count: 2, file_name: 'laudo-1.pdf' },
          completed_at: T3,
        }),
        at('fxop-op1', 'LaudoDownloaded', { operation_id: 'op1', downloaded_at: T3, key_id: 'k1' }),
      ])
      .then({
        op1: {
          ...draft,
          status: 'registrada',
          submitted_at: T1,
          analysis_status: 'completed',
          analysis,
          analysis_catalogued: true,
          analysis_warnings: ['w'],
          laudo_number: 'LAUDO-1',
          laudo_file_name: 'laudo-1.pdf',
          analysis_requested_at: T2,
          analysis_completed_at: T3,
        },
      })
      .andReplayChangesNothing();
  });

  it('events of an operation never created make no document', () => {
    const at = eventLog();
    operations.given([at('fxop-op1', 'FxOperationSubmitted', { operation_id: 'op1', submitted_at: T1 })]).then({ op1: null });
  });
});
