import { operatorErasureRouter } from '../../http/routers/operator/erasure.js';
import { ErasureScheduler } from '../../reactors/erasure-scheduler.js';
import { KeyCacheReactor } from '../../projections/key-cache.js';
import type { Infrastructure } from '../infrastructure.js';
import type { Module } from '../module.js';
import { writeDeps, type Shared } from '../shared.js';

/** Erasure of a subject's personal data (crypto-shredding) when the retention period ends or an operator asks. */
export function erasureModule(infra: Infrastructure, shared: Shared): Module & { erasures: ErasureScheduler } {
  const { config, log, readStore, blobStore, keyStore, secretKey, clock, logger } = infra;
  const { subjects } = shared;
  const erasures = new ErasureScheduler({ log, readStore, subjects, blobs: blobStore, keys: keyStore, secretKey, retentionYears: config.retentionYears }, shared.runner, clock, logger);
  return {
    name: 'erasure',
    erasures,
    // every instance forgets the keys of an erased subject
    processors: [new KeyCacheReactor(keyStore)],
    schedules: [erasures.schedule],
    // what fell due while no instance ran is carried out at start
    start: async () => void (await erasures.runDue()),
    operator: [operatorErasureRouter({ ...writeDeps(infra, shared), blobStore, keyStore, secretKey, config, docCache: shared.docCache, subjects })],
  };
}
