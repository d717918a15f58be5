import { operatorAlertsRouter } from '../../http/routers/operator/alerts.js';
import { MonitoringReactor } from '../../reactors/monitoring.js';
import { PeriodicReviewer, PeriodicReviewSweep } from '../../reactors/periodic-review.js';
import type { Infrastructure } from '../infrastructure.js';
import type { Module } from '../module.js';
import { writeDeps, type Shared } from '../shared.js';

/** Ongoing monitoring: customers re-screened on every new list version, alerts, periodic reviews. */
export function monitoringModule(infra: Infrastructure, shared: Shared): Module {
  const { config, log, readStore, blobStore, clock, logger, workQueue, secretKey } = infra;
  const monitoring = new MonitoringReactor({ log, readStore, blobs: blobStore, catalog: shared.listCatalog, runner: shared.runner, clock, logger, work: shared.worker, queue: workQueue });
  const reviews = { log, readStore, clock, logger, secretKey, intervalMs: config.periodicReview.intervalMs, work: shared.worker };
  const reviewSweep = new PeriodicReviewSweep(reviews);
  return {
    name: 'monitoring',
    processors: [monitoring],
    work: [monitoring.customerHandler, reviewSweep, new PeriodicReviewer(reviews)],
    start: () => reviewSweep.schedule(),
    operator: [operatorAlertsRouter(writeDeps(infra, shared))],
  };
}
