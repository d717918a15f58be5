import type { Server } from 'node:http';
import { ConfigError, loadConfig } from './config.js';
import { createHttpApp } from './http/app.js';
import { jsonLogger } from './logger.js';
import { reissueCommand, seedDemo } from './seed.js';
import { closeApp, composeApp } from './app/compose.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = jsonLogger();
  const services = await composeApp(config, logger);
  const demo = await seedDemo(services);
  const app = createHttpApp(services);
  const server: Server = app.listen(config.port, config.host);
  await new Promise<void>((resolve) => server.once('listening', resolve));
  logger.info('listening', { port: config.port, event_store: config.eventStore.kind, read_store: config.readStore.kind });

  const base = `http://localhost:${config.port}`;
  if (services.operatorTokenGenerated) {
    console.log(`\nOperator token (shown once, kept in ${config.dataDir}/operator-token):\n  ${services.operatorToken}`);
  }
  if (demo) {
    console.log(`\nDemo tenant ${demo.tenant_id} with a sandbox key (shown once):\n  ${demo.api_key}`);
    const token = config.operatorToken ? '$SVC_OPERATOR_TOKEN' : `$(cat ${config.dataDir}/operator-token)`;
    console.log(`\nTry it (a sandbox run of the reference PF template, then poll it):`);
    console.log(
      `  curl -s -H "x-api-key: ${demo.api_key}" -H "content-type: application/json" ${base}/api/v1/bureau/runs \\\n` +
        `    -d '{"template_id":"${demo.templates.pf}","subject":{"type":"pf","doc":"00000000191","name":"Maria Silva"}}'`,
    );
    console.log(`  curl -s -H "x-api-key: ${demo.api_key}" ${base}/api/v1/bureau/runs/<run_id>`);
    console.log(`  curl -s -H "Authorization: Bearer ${token}" ${base}/operator/v1/tenants/${demo.tenant_id}\n`);
    console.log(`Dashboard: set the password of ${demo.dashboard.email} (admin; link valid 72 hours, once), then sign in:`);
    console.log(`  ${base}/dashboard/invite/${demo.dashboard.invite_token}`);
    console.log(`Lost or expired link? Issue a new one (the old one stops working), or list the users:`);
    console.log(`  ${reissueCommand(base, token, demo.tenant_id, demo.dashboard.user_id)}`);
    console.log(`  curl -s -H "Authorization: Bearer ${token}" ${base}/operator/v1/tenants/${demo.tenant_id}/users\n`);
  }
  console.log(`API reference: ${base}/api/v1/reference (OpenAPI 3.1 at ${base}/api/v1/openapi.json)\n`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    // stop accepting, let in-flight requests finish, then checkpoint and close the stores
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await closeApp(services);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `configuration error: ${error.message}` : error);
  process.exit(1);
});
