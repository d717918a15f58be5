import { listRequests } from '../../adapters/lists/fetcher.js';
import { unpackLimits } from '../../adapters/lists/files.js';
import type { ListImporter } from '../../adapters/lists/importers/port.js';
import { fetchPortalList, PORTAL_ENDPOINTS, REAL_TIMER, RequestSpacing } from '../../adapters/lists/portal-api.js';
import type { Config } from '../../config.js';
import { operatorListLatencyRouter } from '../../http/routers/operator/list-latency.js';
import { operatorListsRouter } from '../../http/routers/operator/lists.js';
import { screeningRouter } from '../../http/routers/screening.js';
import { ListRefresher, type ListFetcher } from '../../reactors/list-refresh.js';
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
    ...portalFetchers(config, listImporters),
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

/**
 * With a Portal da Transparência key, CEIS, CNEP, CEPIM, CEAF and PEP are fetched through the API
 * (one spacing for the five: the rate limit is the key's); without one, from the download files.
 */
function portalFetchers(config: Config, importers: ReadonlyMap<string, ListImporter>): { fetchers: ReadonlyMap<string, ListFetcher>; fetcherTimeoutMs: number } | Record<string, never> {
  const { key, url, requestsPerMinute } = config.portalTransparencia;
  if (!key) return {};
  const spacing = new RequestSpacing(60_000 / requestsPerMinute, REAL_TIMER);
  const options = { baseUrl: url, key, requestsPerMinute, timeoutMs: config.lists.fetchTimeoutMs, retries: 5, spacing };
  const fetchers = Object.entries(PORTAL_ENDPOINTS)
    .filter(([listId]) => importers.has(listId))
    .map(([listId, endpoint]): [string, ListFetcher] => [listId, (previous, now) => fetchPortalList(endpoint, previous, now, options)]);
  // a PEP pass is thousands of paced pages: hours at most, never the download's minutes
  return { fetchers: new Map(fetchers), fetcherTimeoutMs: 6 * 3_600_000 };
}
