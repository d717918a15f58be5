import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../../src/adapters/clock.js';
import { loadConfig } from '../../src/config.js';
import { createHttpApp } from '../../src/http/app.js';
import { memoryLogger } from '../../src/logger.js';
import { closeServices, createServices } from '../../src/services.js';
import { borrowedRenderer } from '../helpers/pdf.js';
import type { TestService } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';

/**
 * The service as test/helpers/service.ts starts it, with the test run's one browser lent to
 * it, so every report and laudo test prints through the same Chromium.
 */
export async function startPdfService(options: { clock?: Clock; env?: Record<string, string> } = {}): Promise<TestService> {
  const dataDir = tempDir();
  const config = loadConfig({
    SVC_DATA_DIR: dataDir,
    SVC_SEED_DEMO: 'false',
    SVC_OPERATOR_TOKEN: 'op_test_token',
    SVC_SECRET_KEY: 'test-secret-key',
    SVC_SANDBOX_LATENCY_MS: '0',
    SVC_RATE_LIMIT_PER_MINUTE: '1000000',
    SVC_PUBLIC_BASE_URL: 'https://files.example.test',
    ...options.env,
  });
  const logger = memoryLogger();
  const services = await createServices(config, logger, { pdfRenderer: borrowedRenderer(), ...(options.clock ? { clock: options.clock } : {}) });
  const server: Server = createHttpApp(services).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const call = (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const { json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (json !== undefined) headers.set('content-type', 'application/json');
    return fetch(`${base}${path}`, { ...rest, headers, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) });
  };
  return {
    base,
    services,
    logs: logger.lines,
    dataDir,
    call,
    operator: (path, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('authorization', `Bearer ${config.operatorToken}`);
      return call(`/operator/v1${path}`, { ...init, headers });
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await closeServices(services);
    },
  };
}

/** A signed file URL of the service, fetched from this test's server (the public base is not reachable). */
export function localFileUrl(service: TestService, location: string): string {
  const path = new URL(location).pathname;
  return `${service.base}${path}`;
}
