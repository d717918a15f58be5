import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Router from '@koa/router';
import type { BiometricProvider } from '../../src/adapters/biometrics/port.js';
import type { Clock } from '../../src/adapters/clock.js';
import type { PiiCodec } from '../../src/adapters/pii/port.js';
import type { Source } from '../../src/adapters/sources/port.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createHttpApp } from '../../src/http/app.js';
import type { RequestState } from '../../src/http/state.js';
import { memoryLogger } from '../../src/logger.js';
import { closeApp, composeApp, type Overrides, type App } from '../../src/app/compose.js';
import { contractValidator } from './openapi-contract.js';
import { recordRequest, recordResponse, recordSensitive, registerLogs } from './log-privacy.js';
import { tempDir } from './temp.js';

export interface TestService {
  base: string;
  services: App;
  logs: string[];
  dataDir: string;
  /** fetch against the service */
  call(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  /** fetch with the operator token */
  operator(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

export interface TestServiceOptions {
  env?: Record<string, string>;
  clock?: Clock;
  piiCodec?: PiiCodec;
  apiRouters?: (services: App) => Router<RequestState>[];
  dataDir?: string;
  /** the live source (default: the generic provider, unconfigured in tests) */
  liveSource?: Source;
  /** the sandbox source (default: the fixture sandbox) */
  sandboxSource?: Source;
  /** the live biometric provider (default: the HTTP provider, unconfigured in tests) */
  liveBiometrics?: BiometricProvider;
  /** any other adapter override (webhook sender, PDF renderer), made from the loaded config */
  overrides?: (config: Config) => Overrides;
}

/** The real koa app on the SQLite stores in a temporary directory, on an ephemeral port. */
export async function startService(options: TestServiceOptions = {}): Promise<TestService> {
  const dataDir = options.dataDir ?? tempDir();
  const config: Config = loadConfig({
    SVC_DATA_DIR: dataDir,
    // tests never reach the internet: list fetching is tested against local servers
    SVC_LISTS_REFRESH: 'off',
    SVC_SEED_DEMO: 'false',
    SVC_OPERATOR_TOKEN: 'op_test_token',
    SVC_SECRET_KEY: 'test-secret-key',
    SVC_SANDBOX_LATENCY_MS: '0',
    ...options.env,
  });
  const logger = memoryLogger();
  registerLogs(dataDir, logger.lines);
  const services = await composeApp(config, logger, {
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.piiCodec ? { piiCodec: options.piiCodec } : {}),
    ...(options.liveSource ? { liveSource: options.liveSource } : {}),
    ...(options.sandboxSource ? { sandboxSource: options.sandboxSource } : {}),
    ...(options.liveBiometrics ? { liveBiometrics: options.liveBiometrics } : {}),
    ...options.overrides?.(config),
  });
  recordSensitive(services.operatorToken);
  // test-only routers (probes) are not part of the contract the responses are checked against
  const testRouters = options.apiRouters?.(services) ?? [];
  const testOnly = (method: string, path: string) => path.startsWith('/api/v1/') && testRouters.some((router) => router.match(path.slice('/api/v1'.length), method).route);
  const app = createHttpApp(services, { extraApiRouters: testRouters, outermost: contractValidator(testOnly) });
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // what the tests send and receive is recorded for the log-privacy check of the whole run
  const call = async (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const { json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (json !== undefined) headers.set('content-type', 'application/json');
    recordRequest(path, json ?? rest.body);
    const response = await fetch(`${base}${path}`, { ...rest, headers, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) });
    const isJson = response.headers.get('content-type')?.includes('json') ?? false;
    recordResponse(response, isJson ? await response.clone().text().catch(() => null) : null);
    return response;
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
      await closeApp(services);
    },
  };
}

export interface TenantFixture {
  tenant_id: string;
  key(options?: { environment?: 'live' | 'sandbox'; scopes?: string[]; subject_type?: 'pf' | 'pj'; rate_limit_per_minute?: number }): Promise<{ key_id: string; api_key: string }>;
}

export const ALL_SCOPES = ['runs:write', 'runs:read', 'detail:read', 'customers:write', 'customers:read', 'biometria:write'];

/** A tenant made through the operator API, with a helper to make keys for it. */
export async function createTenant(service: TestService, name = 'Acme'): Promise<TenantFixture> {
  const response = await service.operator('/tenants', { method: 'POST', json: { name } });
  if (response.status !== 201) throw new Error(`tenant creation failed: ${response.status} ${await response.text()}`);
  const { tenant_id } = (await response.json()) as { tenant_id: string };
  return {
    tenant_id,
    key: async (options = {}) => {
      const r = await service.operator(`/tenants/${tenant_id}/api-keys`, {
        method: 'POST',
        json: { name: 'test key', environment: options.environment ?? 'sandbox', scopes: options.scopes ?? ALL_SCOPES, ...options },
      });
      if (r.status !== 201) throw new Error(`key creation failed: ${r.status} ${await r.text()}`);
      return (await r.json()) as { key_id: string; api_key: string };
    },
  };
}
