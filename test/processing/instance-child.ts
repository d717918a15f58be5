/**
 * One instance of the service for the several-instances tests: the real services and HTTP app on
 * a shared data directory, with the sandbox source and the sandbox biometric provider wrapped so
 * every effect is written to a shared log file (`<effect> <key> <instance>`), appended atomically.
 *
 *   node --import tsx test/processing/instance-child.ts <dataDir> <name> <effectsFile>
 */
import { appendFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { BiometricProvider, FacialCheck, FacialImage } from '../../src/adapters/biometrics/port.js';
import { SandboxBiometricProvider } from '../../src/adapters/biometrics/sandbox.js';
import type { Source, SourceRequest } from '../../src/adapters/sources/port.js';
import { SandboxSource } from '../../src/adapters/sources/sandbox.js';
import { loadConfig } from '../../src/config.js';
import { createHttpApp } from '../../src/http/app.js';
import { silentLogger } from '../../src/logger.js';
import { createServices } from '../../src/services.js';

const [dataDir, name, effects] = process.argv.slice(2) as [string, string, string];
const record = (line: string) => appendFileSync(effects, `${line} ${name}\n`);

class RecordingSource implements Source {
  private readonly inner = new SandboxSource({ latencyMs: 5 });
  async query(request: SourceRequest, signal: AbortSignal) {
    record(`query ${request.run_id}:${request.source_id}`);
    return this.inner.query(request, signal);
  }
}

class RecordingBiometrics implements BiometricProvider {
  private readonly inner = new SandboxBiometricProvider();
  async check(check: FacialCheck, images: { user: FacialImage; ref?: FacialImage }) {
    record(`check ${images.user.file_name}:${check}`);
    return this.inner.check(check, images);
  }
}

const config = loadConfig({
  SVC_DATA_DIR: dataDir,
  SVC_SEED_DEMO: 'false',
  SVC_OPERATOR_TOKEN: 'op_instances',
  SVC_SECRET_KEY: 'instances-secret',
  SVC_WEBHOOK_ALLOW_INSECURE: 'true',
  SVC_RATE_LIMIT_PER_MINUTE: '1000000',
  SVC_LOG_REQUESTS: 'false',
  SVC_WORK_LEASE_MS: '1000',
  SVC_WORK_POLL_MS: '100',
  PORT: '0',
});
const services = await createServices(config, silentLogger, { sandboxSource: new RecordingSource(), sandboxBiometrics: new RecordingBiometrics() });
const server = createHttpApp(services).listen(0, '127.0.0.1');
await new Promise<void>((resolve) => server.once('listening', resolve));
process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
