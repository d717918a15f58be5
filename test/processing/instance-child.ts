/**
 * One instance of the service for the several-instances and crash tests: the real services and HTTP app on
 * a shared data directory (and the stores its environment names: test/helpers/engines.ts), with the sandbox source and the sandbox biometric provider wrapped so
 * every effect is written to a shared log file (`<effect> <key> <instance>`), appended atomically.
 *
 *   [BLOCK_APPEND_TYPE=<event type>] [KILL_AFTER_APPEND=<event type>:<n>]
 *     node --import tsx test/processing/instance-child.ts <dataDir> <name> <effectsFile>
 */
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config.js';
import { createHttpApp } from '../../src/http/app.js';
import { silentLogger } from '../../src/logger.js';
import { closeApp, composeApp } from '../../src/app/compose.js';
import { storesEnv } from '../helpers/engines.js';
import { blockAppendsOf, killAfterAppendOf, recorder, RecordingBiometrics, RecordingSource } from './recording.js';

const [dataDir, name, effects] = process.argv.slice(2) as [string, string, string];
const record = recorder(effects, name);

const config = loadConfig({
  SVC_DATA_DIR: dataDir,
  // tests never reach the internet: list fetching is tested against local servers
  SVC_LISTS_REFRESH: 'off',
  SVC_SEED_DEMO: 'false',
  SVC_OPERATOR_TOKEN: 'op_instances',
  SVC_SECRET_KEY: 'instances-secret',
  SVC_WEBHOOK_ALLOW_INSECURE: 'true',
  SVC_RATE_LIMIT_PER_MINUTE: '1000000',
  SVC_LOG_REQUESTS: 'false',
  // short, so a killed instance's work is taken over soon; renewed every third of it (a CPU-starved
  // machine must not let a live instance's lease lapse, or its items run twice)
  SVC_WORK_LEASE_MS: '3000',
  SVC_WORK_POLL_MS: '100',
  PORT: '0',
  // the engine of the scenario (SVC_EVENTSTORE/SVC_READSTORE/SVC_BLOBSTORE: test/helpers/engines.ts)
  ...storesEnv(),
  // any other setting a test gives as JSON (the CNPJ fetch of the CNPJ race)
  ...(JSON.parse(process.env['INSTANCE_ENV'] ?? '{}') as Record<string, string>),
});
// live runs too (billed): the live source recorded like the sandbox one
const services = await composeApp(config, silentLogger, {
  sandboxSource: new RecordingSource(record),
  liveSource: new RecordingSource(record),
  sandboxBiometrics: new RecordingBiometrics(record),
});
// a kill point for the crash tests (test/crash/reactors-kill.spec.ts)
if (process.env['BLOCK_APPEND_TYPE']) blockAppendsOf(services.log, process.env['BLOCK_APPEND_TYPE'], (line) => process.stdout.write(`${line}\n`));
// and another: SIGKILL right after the nth append of a type (test/crash/monitoring-kill.spec.ts)
if (process.env['KILL_AFTER_APPEND']) {
  const [type, n] = process.env['KILL_AFTER_APPEND'].split(':') as [string, string];
  killAfterAppendOf(services.log, type, Number(n), (line) => process.stdout.write(`${line}\n`));
}
const server = createHttpApp(services).listen(0, '127.0.0.1');
await new Promise<void>((resolve) => server.once('listening', resolve));
process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
// graceful stop, as main.ts does (a browser launched for laudos would otherwise keep it alive)
process.once('SIGTERM', () => {
  server.close();
  void closeApp(services).finally(() => process.exit(0));
});
