/**
 * Lists for air-gapped installs (screening.md section 4), on the configured stores
 * (SVC_DATA_DIR, SVC_EVENTSTORE, SVC_READSTORE); safe beside a running service:
 *
 *   npm run lists -- import <list_id> <file> [<file>...] [--force]
 *   npm run lists -- status
 *
 * `<list_id>` is an official list or a tenant list (`tl_…`, created through the operator API).
 *
 * `import` records the version exactly as the operator upload does (zip unwrapped, refusal rule,
 * raw files kept); every running instance loads it from the log. Exit 1 when the file cannot be
 * read or the version is refused, 2 for a usage error.
 */
import * as E from 'fp-ts/lib/Either.js';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { unpackLimits } from '../src/adapters/lists/files.js';
import { LIST_IMPORTERS } from '../src/adapters/lists/importers/index.js';
import { importListVersion } from '../src/commands/lists.js';
import { loadConfig } from '../src/config.js';
import { listStatusView, tenantListView } from '../src/http/screening-views.js';
import { silentLogger } from '../src/logger.js';
import { ListCatalog } from '../src/projections/list-catalog.js';
import { openOffline } from '../src/app/infrastructure.js';

const USAGE = 'usage: npm run lists -- import <list_id> <file> [<file>...] [--force] | status';

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (command !== 'import' && command !== 'status') {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const stores = await openOffline(config);
  const log = stores.log;
  const catalog = new ListCatalog({ log, blobs: stores.blobStore, importers: LIST_IMPORTERS, logger: silentLogger });
  const line = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
  try {
    if (command === 'status') {
      await catalog.start();
      for (const listId of catalog.listIds()) line(listStatusView(catalog, listId, new Date()));
      for (const list of catalog.allTenantLists()) line(tenantListView(catalog, list));
      return 0;
    }
    const [listId, ...rest] = args;
    const paths = rest.filter((a) => a !== '--force');
    await catalog.start();
    const importer = listId ? catalog.importerFor(listId) : null;
    if (!importer || paths.length === 0) {
      console.error(importer ? USAGE : `unknown list: ${listId ?? '(none)'}; lists: ${[...LIST_IMPORTERS.keys()].join(', ')} or a tenant list (tl_…)`);
      return 2;
    }
    const files = await Promise.all(paths.map(async (p) => ({ name: basename(p), data: await readFile(p) })));
    const now = new Date().toISOString();
    const result = await importListVersion(
      { log, blobs: stores.blobStore, importer, active: (id) => catalog.version(id)?.hashes ?? null, limits: unpackLimits(config.lists) },
      { files, source: { kind: 'upload' }, force: rest.includes('--force') },
      { metadata: { tenant_id: null, actor: 'operator', request_id: null, occurred_at: now, correlation_id: `lists-cli:${now}`, causation_id: null }, commandId: `lists-cli:${listId}:${now}` },
    );
    if (E.isLeft(result)) {
      console.error(result.left.message);
      return 1;
    }
    line(result.right);
    return result.right.outcome === 'refused' ? 1 : 0;
  } finally {
    await stores.close();
  }
}

process.exitCode = await main();
