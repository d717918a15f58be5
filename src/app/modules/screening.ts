import { listRequests } from '../../adapters/lists/fetcher.js';
import { unpackLimits } from '../../adapters/lists/files.js';
import { operatorListLatencyRouter } from '../../http/routers/operator/list-latency.js';
import { operatorListsRouter } from '../../http/routers/operator/lists.js';
import { screeningRouter } from '../../http/routers/screening.js';
import { ListRefresher } from '../../reactors/list-refresh.js';
import type { Infrastructure } from '../infrastructure.js';
import type { Module } from '../module.js';
import { writeDeps, type Shared } from '../shared.js';

/** The lists: their versions loaded in this instance, their scheduled fetching, search and the operator's uploads. */
export function screeningModule(infra: Infrastructure, shared: Shared): Module & { listRefresher: ListRefresher } {
  const { config, log, blobStore, clock, logger } = infra;
  const { listCatalog, listImporters } = shared;
  const listRefresher = new ListRefresher({
    log,
    blobs: blobStore,
    importers: listImporters,
    catalog: listCatalog,
    clock,
    logger,
    urls: config.lists.urls,
    pollSeconds: config.lists.pollSeconds,
    fetch: { timeoutMs: config.lists.fetchTimeoutMs, maxBytes: config.lists.maxBytes, retries: 2, userAgent: config.lists.userAgent, requests: listRequests(config.lists.urls) },
    unpack: unpackLimits(config.lists),
    work: shared.worker,
  });
  return {
    name: 'screening',
    listRefresher,
    processors: [listCatalog],
    work: [listRefresher],
    close: () => listCatalog.close(),
    // recorded now, fetched by the worker: start-up never waits for a download
    ...(config.lists.refresh ? { start: () => listRefresher.schedule() } : {}),
    api: [screeningRouter({ listCatalog, clock })],
    operator: [operatorListsRouter({ ...writeDeps(infra, shared), blobStore, config, listCatalog, listImporters, listRefresher }), operatorListLatencyRouter({ readStore: infra.readStore, listCatalog })],
  };
}
