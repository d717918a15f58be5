/**
 * Crash-test child: `node --import tsx test/crash/append-child.ts <dataDir> [workers]`.
 *
 * Opens the real services on <dataDir> and, with several concurrent workers, creates tenants and
 * adds credits through the command functions as fast as it can. One line per acknowledged
 * command goes to stdout, written only after the append promise resolved:
 *
 *   ack tenant <tenant_id> <position>
 *   ack credit <tenant_id> <position> <amount>
 *
 * `ready` is printed once the services are open; a command that fails prints `error ...` (an
 * exhausted retry on a concurrent update prints `conflict ...`, which is allowed). The parent
 * kills this process with SIGKILL; it never exits by itself.
 */
import { randomUUID } from 'node:crypto';
import * as E from 'fp-ts/lib/Either.js';
import { WrongExpectedRevisionError } from '../../src/adapters/event-store/port.js';
import type { CommandContext } from '../../src/commands/handle-command.js';
import { addCredits, createTenant } from '../../src/commands/tenants.js';
import { loadConfig } from '../../src/config.js';
import { silentLogger } from '../../src/logger.js';
import type { TenantDoc } from '../../src/projections/tenants.js';
import { composeApp } from '../../src/app/compose.js';
import { storesEnv } from '../helpers/engines.js';

const dataDir = process.argv[2];
const workerCount = Number(process.argv[3] ?? 4);
if (!dataDir || !Number.isInteger(workerCount) || workerCount < 1) {
  process.stderr.write('usage: append-child.ts <dataDir> [workers]\n');
  process.exit(2);
}

// stdout to a pipe is synchronous on Linux: a line written here is in the pipe before the next append
const say = (line: string) => process.stdout.write(`${line}\n`);

function context(): CommandContext {
  const commandId = randomUUID();
  return {
    commandId,
    metadata: {
      tenant_id: null,
      actor: 'system',
      request_id: null,
      occurred_at: new Date().toISOString(),
      correlation_id: commandId,
      causation_id: null,
    },
  };
}

const services = await composeApp(
  // on the stores the environment names (test/helpers/engines.ts), else SQLite in <dataDir>
  loadConfig({ SVC_DATA_DIR: dataDir, SVC_LISTS_REFRESH: 'off', SVC_SEED_DEMO: 'false', SVC_OPERATOR_TOKEN: 'x', SVC_SECRET_KEY: 'y', ...storesEnv() }),
  silentLogger,
);
const { log } = services;

// tenants every worker may credit: those of earlier runs on this directory, then the new ones
const shared: string[] = (await services.readStore.listCollection<TenantDoc>('tenants')).map((d) => d.id);

say('ready');

function report(what: string, error: unknown): void {
  if (error instanceof WrongExpectedRevisionError) say(`conflict ${what} ${error.stream}`);
  else say(`error ${what} ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`.replace(/\n/g, ' '));
}

async function credit(tenantId: string, amount: number): Promise<void> {
  try {
    const result = await addCredits(log, tenantId, { amount, reason: 'crash test' }, context());
    if (E.isLeft(result)) return report('credit', new Error(`${result.left.code}: ${result.left.message}`));
    say(`ack credit ${tenantId} ${result.right.position} ${amount}`);
  } catch (error) {
    report('credit', error);
  }
}

async function worker(n: number): Promise<never> {
  for (let i = 0; ; i++) {
    let own: string | null = null;
    try {
      const created = await createTenant(log, { name: `crash ${n}.${i}`, facial_verification_master: i % 2 === 0 }, context());
      if (E.isLeft(created)) report('tenant', new Error(`${created.left.code}: ${created.left.message}`));
      else {
        own = created.right.value.tenant_id;
        say(`ack tenant ${own} ${created.right.position}`);
        shared.push(own);
      }
    } catch (error) {
      report('tenant', error);
    }
    // a few credits to the new tenant, and one to any tenant (so workers meet on ledger streams)
    if (own) for (let c = 0; c < 1 + (i % 3); c++) await credit(own, 1 + ((i * 7 + c) % 50));
    const any = shared[Math.floor(Math.random() * shared.length)];
    if (any) await credit(any, 100);
  }
}

await Promise.all(Array.from({ length: workerCount }, (_, n) => worker(n)));
