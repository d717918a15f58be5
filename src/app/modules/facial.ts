import { facialRouter } from '../../http/routers/facial.js';
import { FacialRoundsReactor } from '../../reactors/facial-rounds.js';
import type { Infrastructure } from '../infrastructure.js';
import type { Module } from '../module.js';
import type { Shared } from '../shared.js';

/** Facial verification: the standalone API and the automatic rounds of a customer's documents. */
export function facialModule(infra: Infrastructure, shared: Shared): Module & { facialRounds: FacialRoundsReactor } {
  const { log, readStore, blobStore, clock, logger } = infra;
  const facialRounds = new FacialRoundsReactor({ log, readStore, blobs: blobStore, provider: shared.biometrics, clock, logger, work: shared.worker });
  return {
    name: 'facial',
    facialRounds,
    processors: [facialRounds],
    api: [facialRouter({ log, clock, docCache: shared.docCache, biometrics: shared.biometrics })],
  };
}
