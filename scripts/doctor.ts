/**
 * Going live: is every live source, official list and setting in place? On the configured stores
 * (SVC_DATA_DIR, SVC_EVENTSTORE, SVC_READSTORE) and the environment the service starts with;
 * safe beside a running service:
 *
 *   npm run doctor
 *
 * One line per live source, list and setting, `OK` or `MISSING` with the setting or the command
 * that fixes it (a live PF run needs receita_cpf, legal_proceedings and negative_media from a
 * provider: SVC_SOURCE_PROVIDER_URL or SVC_SOURCE_<SOURCE_ID>_URL). Secrets are never printed.
 * Exit 0 when every line is OK, 1 when something is missing.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LIST_IMPORTERS } from '../src/adapters/lists/importers/index.js';
import { liveReadiness, readinessText } from '../src/adapters/sources/readiness.js';
import { loadConfig } from '../src/config.js';
import { silentLogger } from '../src/logger.js';
import { ListCatalog } from '../src/projections/list-catalog.js';
import { openCnpjRegister, openOffline, openPgfnRegister } from '../src/app/infrastructure.js';

async function main(): Promise<number> {
  const config = loadConfig();
  const stores = await openOffline(config);
  const catalog = new ListCatalog({ log: stores.log, blobs: stores.blobStore, importers: LIST_IMPORTERS, logger: silentLogger });
  const { register } = openCnpjRegister(config, stores.readStore);
  const pgfn = openPgfnRegister(config, stores.readStore).register;
  try {
    await catalog.start();
    const month = (await register.current())?.month.month ?? null;
    const lines = liveReadiness({
      provider: config.sourceProvider,
      biometricUrl: config.biometricProvider.url,
      serpro: { cpf: config.serpro.cpf, datavalid: config.serpro.datavalid, url: config.serpro.url },
      lists: catalog.listIds().map((id) => ({ list_id: id, entries: catalog.version(id)?.version.entries ?? null })),
      registerMonth: month,
      pgfnQuarter: (await pgfn.current())?.quarter.quarter ?? null,
      operatorToken: config.operatorToken ? 'env' : existsSync(join(config.dataDir, 'operator-token')) ? 'generated' : null,
      publicBaseUrl: { value: config.publicBaseUrl, set: Boolean(process.env['SVC_PUBLIC_BASE_URL']) },
    });
    for (const line of lines) process.stdout.write(`${readinessText(line)}\n`);
    const missing = lines.filter((l) => !l.ok).length;
    process.stdout.write(missing === 0 ? 'Tudo pronto para produção.\n' : `${missing} item(ns) faltando.\n`);
    return missing === 0 ? 0 : 1;
  } finally {
    await register.close();
    await pgfn.close();
    await stores.close();
  }
}

process.exitCode = await main();
