import { expect } from 'chai';
import { analyseFxOperation } from '../../src/domain/fx/analysis.js';
import { fxOperationDecider, LAUDO_DOWNLOADS_PER_HOUR } from '../../src/domain/fx/decider.js';
import type { FxAnalysisCompletedData, FxOperationData, FxOperationEvent, LaudoNumberEvent } from '../../src/domain/fx/events.js';
import { formatLaudoNumber, laudoNumbersDecider } from '../../src/domain/fx/laudo-numbers.js';
import { FX_NATURES } from '../../src/domain/fx/natures.js';
import { spec } from '../helpers/decider-spec.js';

const op: FxOperationData = {
  operation_id: 'op1',
  tenant_id: 't1',
  nature_code: '45401',
  direction: 'saida',
  currency: 'USD',
  amount: '12500.00',
  customer_id: null,
  counterparty: { name: 'Acme Engineering Inc.', country: 'US' },
  description: 'Assistência técnica',
  created_at: '2026-11-22T12:00:00.000Z',
};
const created: FxOperationEvent = { type: 'FxOperationCreated', data: op };
const submitted: FxOperationEvent = { type: 'FxOperationSubmitted', data: { operation_id: 'op1', submitted_at: '2026-11-22T12:01:00.000Z' } };
const requested: FxOperationEvent = { type: 'FxAnalysisRequested', data: { operation_id: 'op1', tenant_id: 't1', requested_at: '2026-11-22T12:02:00.000Z' } };
const result: FxAnalysisCompletedData = {
  operation_id: 'op1',
  ...(({ analysis, catalogued, table_revision, warnings }) => ({ analysis, catalogued, table_revision, warnings }))(analyseFxOperation(op)),
  laudo_number: '000001',
  laudo: { blob_key: 'laudos/op1/x.pdf', sha256: 'x', byte_size: 1, page_count: 2, file_name: 'laudo-45401-20261122-000001.pdf' },
  completed_at: '2026-11-22T12:02:01.000Z',
};
const completed: FxOperationEvent = { type: 'FxAnalysisCompleted', data: result };
const download = (at: string): FxOperationEvent => ({ type: 'LaudoDownloaded', data: { operation_id: 'op1', downloaded_at: at, key_id: 'k1' } });
const minutes = (m: number) => new Date(Date.parse('2026-11-22T13:00:00.000Z') + m * 60_000).toISOString();

describe('FX operation decider', () => {
  it('creates a draft once', () => {
    spec(fxOperationDecider).given([]).when({ type: 'CreateFxOperation', operation: op }).then([created]);
    spec(fxOperationDecider).given([created]).when({ type: 'CreateFxOperation', operation: op }).thenNothing();
  });

  it('submits a draft (registrada), and only once', () => {
    spec(fxOperationDecider).given([created]).when({ type: 'SubmitFxOperation', now: '2026-11-22T12:01:00.000Z' }).then([submitted]);
    spec(fxOperationDecider).given([created, submitted]).when({ type: 'SubmitFxOperation', now: 'later' }).thenNothing();
    spec(fxOperationDecider).given([]).when({ type: 'SubmitFxOperation', now: 'x' }).thenError('operation_not_found');
  });

  it('refuses the analysis of a draft; requests it once for a registered operation', () => {
    spec(fxOperationDecider).given([created]).when({ type: 'RequestFxAnalysis', now: 'x' }).thenError('operation_is_draft');
    spec(fxOperationDecider).given([created, submitted]).when({ type: 'RequestFxAnalysis', now: '2026-11-22T12:02:00.000Z' }).then([requested]);
    spec(fxOperationDecider).given([created, submitted, requested]).when({ type: 'RequestFxAnalysis', now: 'y' }).thenNothing();
  });

  it('completes a requested analysis once', () => {
    spec(fxOperationDecider).given([created, submitted, requested]).when({ type: 'CompleteFxAnalysis', result }).then([completed]);
    spec(fxOperationDecider).given([created, submitted, requested, completed]).when({ type: 'CompleteFxAnalysis', result }).thenNothing();
    spec(fxOperationDecider).given([created, submitted]).when({ type: 'CompleteFxAnalysis', result }).thenError('analysis_not_requested');
  });

  it('serves the laudo only for a registered operation whose analysis completed', () => {
    const cmd = { type: 'RecordLaudoDownload' as const, key_id: 'k1', now: minutes(0) };
    spec(fxOperationDecider).given([]).when(cmd).thenError('operation_not_found');
    spec(fxOperationDecider).given([created]).when(cmd).thenError('operation_is_draft');
    spec(fxOperationDecider).given([created, submitted]).when(cmd).thenError('analysis_not_requested');
    spec(fxOperationDecider)
      .given([created, submitted, requested])
      .when(cmd)
      .thenError('analysis_not_requested', (e) => expect(e.message).to.include('not completed'));
    spec(fxOperationDecider).given([created, submitted, requested, completed]).when(cmd).then([download(minutes(0))]);
  });

  it('allows 10 downloads in any hour; the 11th is refused with the seconds until a slot frees', () => {
    const ten = Array.from({ length: LAUDO_DOWNLOADS_PER_HOUR }, (_, i) => download(minutes(i * 5)));
    const history = [created, submitted, requested, completed, ...ten];
    spec(fxOperationDecider)
      .given(history)
      .when({ type: 'RecordLaudoDownload', key_id: 'k1', now: minutes(50) })
      .thenError('laudo_download_limit', (e) => expect(e.extra['retry_after']).to.equal(10 * 60));
    // the first download leaves the window an hour after it happened
    spec(fxOperationDecider).given(history).when({ type: 'RecordLaudoDownload', key_id: 'k2', now: minutes(60) }).then([{ type: 'LaudoDownloaded', data: { operation_id: 'op1', downloaded_at: minutes(60), key_id: 'k2' } }]);
  });
});

describe('laudo numbers', () => {
  const allocated = (operation_id: string, n: number): LaudoNumberEvent => ({ type: 'LaudoNumberAllocated', data: { operation_id, laudo_number: n, allocated_at: 't' } });

  it('are sequential per tenant and kept by an operation that asks again', () => {
    spec(laudoNumbersDecider).given([]).when({ type: 'AllocateLaudoNumber', operation_id: 'a', now: 't' }).then([allocated('a', 1)]);
    spec(laudoNumbersDecider).given([allocated('a', 1)]).when({ type: 'AllocateLaudoNumber', operation_id: 'b', now: 't' }).then([allocated('b', 2)]);
    spec(laudoNumbersDecider).given([allocated('a', 1), allocated('b', 2)]).when({ type: 'AllocateLaudoNumber', operation_id: 'a', now: 't' }).thenNothing();
  });

  it('print with six digits', () => {
    expect(formatLaudoNumber(1)).to.equal('000001');
    expect(formatLaudoNumber(123456)).to.equal('123456');
  });
});

describe('FX analysis on the nature table', () => {
  it('fills the eight laudo fields from the table entry, with its regulatory references', () => {
    const { analysis, catalogued, warnings } = analyseFxOperation(op);
    expect(catalogued).to.equal(true);
    expect(warnings).to.deep.equal([]);
    expect(Object.keys(analysis).sort()).to.deep.equal(['cide', 'main_characteristics', 'operation_nature', 'regulations', 'required_documents', 'siscoserv', 'taxation_iof', 'taxation_irrf']);
    expect(analysis.operation_nature).to.match(/^45401 — /);
    expect(analysis.cide).to.include('10%');
    expect(analysis.taxation_irrf).to.include('15%');
    expect(analysis.regulations.join(' ')).to.include('Resolução BCB nº 277/2022');
  });

  it('flags a direction that contradicts the nature', () => {
    expect(analyseFxOperation({ ...op, direction: 'entrada' }).warnings[0]).to.include('diverge');
  });

  it('completes for a code outside the table: not catalogued, manual classification, no rate', () => {
    const { analysis, catalogued } = analyseFxOperation({ ...op, nature_code: '99999' });
    expect(catalogued).to.equal(false);
    expect(analysis.operation_nature).to.include('não catalogada');
    expect(analysis.operation_nature).to.include('Classificação manual obrigatória');
    for (const text of [analysis.taxation_irrf, analysis.taxation_iof, analysis.cide]) expect(text).not.to.match(/\d+(,\d+)?\s*%/);
  });

  it('every entry: five digits, a direction, documents, and Resolução BCB 277/2022 among its references', () => {
    expect(Object.keys(FX_NATURES).length).to.be.at.least(20);
    for (const [code, nature] of Object.entries(FX_NATURES)) {
      expect(code).to.match(/^\d{5}$/);
      expect(nature.code).to.equal(code);
      expect(['entrada', 'saida', 'ambas']).to.include(nature.direction);
      expect(nature.documents.length, code).to.be.greaterThan(0);
      expect(nature.regulations.join(' '), code).to.include('Resolução BCB nº 277/2022');
      for (const field of [nature.irrf, nature.iof, nature.cide, nature.siscoserv, nature.characteristics]) expect(field.length, code).to.be.greaterThan(10);
    }
  });
});
