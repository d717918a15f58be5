/**
 * npm run rebuild -- <projection> [<projection> ...] | --all
 * Rebuilds read models from the event store, all those named in one pass over the log (each
 * event read and decrypted once). Stop the service first.
 */
import { EventLog } from '../src/adapters/event-store/event-log.js';
import { EncryptingPiiCodec } from '../src/adapters/pii/encrypting-codec.js';
import { loadConfig } from '../src/config.js';
import { rebuildProjections } from '../src/projections/rebuild.js';
import { loadOrCreateSecret } from '../src/secrets.js';
import { openKeyStore, openStores, PII_POLICY } from '../src/app/infrastructure.js';
import { projections } from '../src/app/modules/read-models.js';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const config = loadConfig();
  const secret = await loadOrCreateSecret(config.dataDir, 'secret-key', config.secretKey);
  const all = projections();
  const names = all.map((p) => p.name);
  const chosen = args.includes('--all') ? names : args;
  const unknown = chosen.filter((n) => !names.includes(n));
  if (chosen.length === 0 || unknown.length > 0) {
    console.error(`usage: npm run rebuild -- <projection>... | --all\nprojections: ${names.join(', ')}`);
    if (unknown.length) console.error(`unknown: ${unknown.join(', ')}`);
    process.exit(2);
  }
  const stores = await openStores(config);
  const keys = openKeyStore(config, stores.readStore, secret.value);
  const log = new EventLog(stores.eventStore, new EncryptingPiiCodec(keys), PII_POLICY);
  try {
    const results = await rebuildProjections(log, stores.readStore, all.filter((p) => chosen.includes(p.name)));
    for (const result of results) console.log(JSON.stringify(result));
  } finally {
    await stores.eventStore.close();
    await stores.readStore.close();
    await stores.blobStore.close();
    await keys.close();
    await stores.closeConnections();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
