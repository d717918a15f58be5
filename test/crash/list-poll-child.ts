/**
 * One instance of the service polling the official lists (test/crash/list-designation-kill.spec.ts):
 * the real services and HTTP app on a data directory, with the list settings given as JSON in
 * LIST_POLL_ENV, and an optional kill point (KILL_AFTER_APPEND=<event type>:<n>).
 *
 *   LIST_POLL_ENV='{"SVC_LIST_UN_SC_URL": ...}' [KILL_AFTER_APPEND=...] node --import tsx test/crash/list-poll-child.ts <dataDir>
 */
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config.js';
import { createHttpApp } from '../../src/http/app.js';
import { silentLogger } from '../../src/logger.js';
import { closeApp, composeApp } from '../../src/app/compose.js';
import { killAfterAppendOf } from '../processing/recording.js';
import { storesEnv } from '../helpers/engines.js';

const [dataDir] = process.argv.slice(2) as [string];
const config = loadConfig({
  SVC_DATA_DIR: dataDir,
  SVC_SEED_DEMO: 'false',
  SVC_OPERATOR_TOKEN: 'op_instances',
  SVC_SECRET_KEY: 'instances-secret',
  SVC_WEBHOOK_ALLOW_INSECURE: 'true',
  SVC_RATE_LIMIT_PER_MINUTE: '1000000',
  SVC_LOG_REQUESTS: 'false',
  // short, so the killed instance's work item is taken over soon after the restart
  SVC_WORK_LEASE_MS: '3000',
  SVC_WORK_POLL_MS: '100',
  PORT: '0',
  // the scenario's stores (SQLite in the data directory, or one PostgreSQL database)
  ...storesEnv(),
  ...(JSON.parse(process.env['LIST_POLL_ENV'] ?? '{}') as Record<string, string>),
});
const services = await composeApp(config, silentLogger, {});
if (process.env['KILL_AFTER_APPEND']) {
  const [type, n] = process.env['KILL_AFTER_APPEND'].split(':') as [string, string];
  killAfterAppendOf(services.log, type, Number(n), (line) => process.stdout.write(`${line}\n`));
}
const server = createHttpApp(services).listen(0, '127.0.0.1');
await new Promise<void>((resolve) => server.once('listening', resolve));
process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
process.once('SIGTERM', () => {
  server.close();
  void closeApp(services).finally(() => process.exit(0));
});
