import { operacoesRouter } from '../../http/routers/operacoes.js';
import { operatorFxOperationsRouter } from '../../http/routers/operator/fx-operations.js';
import { FxAnalysisReactor } from '../../reactors/fx-analysis.js';
import type { Infrastructure } from '../infrastructure.js';
import type { Module } from '../module.js';
import { writeDeps, type Shared } from '../shared.js';

/** FX operations and their laudos. */
export function fxModule(infra: Infrastructure, shared: Shared): Module & { fxAnalysis: FxAnalysisReactor } {
  const { log, readStore, blobStore, clock, logger } = infra;
  const fxAnalysis = new FxAnalysisReactor({ log, readStore, blobs: blobStore, renderer: shared.pdfRenderer, clock, logger, work: shared.worker });
  return {
    name: 'fx',
    fxAnalysis,
    processors: [fxAnalysis],
    api: [operacoesRouter({ log, blobStore, clock })],
    operator: [operatorFxOperationsRouter(writeDeps(infra, shared))],
  };
}
