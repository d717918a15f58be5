/**
 * Child process of the run-resume test: starts the services on a data directory with a
 * sandbox source whose answers arrive one after another, queues one run and waits to be killed.
 */
import * as E from 'fp-ts/lib/Either.js';
import { errorAnswer, type Source, type SourceRequest } from '../../src/adapters/sources/port.js';
import { SandboxSource } from '../../src/adapters/sources/sandbox.js';
import { queueRun } from '../../src/commands/runs.js';
import { createTemplate } from '../../src/commands/templates.js';
import { loadConfig } from '../../src/config.js';
import { REFERENCE_PF } from '../../src/domain/template/reference.js';
import { silentLogger } from '../../src/logger.js';
import { getTemplate } from '../../src/projections/templates.js';
import { composeApp } from '../../src/app/compose.js';
import { storesEnv } from '../helpers/engines.js';

const DELAYS: Record<string, number> = { receita_cpf: 50, sanctions: 150, pep: 60_000, legal_proceedings: 60_000, negative_media: 60_000 };

class Staggered implements Source {
  private readonly inner = new SandboxSource({ latencyMs: 0 });
  async query(request: SourceRequest, signal: AbortSignal) {
    process.stdout.write(`query ${request.source_id}\n`);
    try {
      await new Promise((resolve, reject) => {
        const timer = setTimeout(resolve, DELAYS[request.source_id] ?? 0);
        signal.addEventListener('abort', () => (clearTimeout(timer), reject(new Error('aborted'))));
      });
    } catch {
      return errorAnswer('timeout', 'aborted');
    }
    return this.inner.query(request, signal);
  }
}

const dataDir = process.argv[2]!;
const config = loadConfig({ SVC_DATA_DIR: dataDir, SVC_LISTS_REFRESH: 'off', SVC_SEED_DEMO: 'false', SVC_OPERATOR_TOKEN: 'x', SVC_SECRET_KEY: 'y', SVC_SOURCE_TIMEOUT_MS: '120000', SVC_WORK_LEASE_MS: '1000', ...storesEnv() });
const services = await composeApp(config, silentLogger, { sandboxSource: new Staggered() });
const context = (id: string) => ({
  metadata: { tenant_id: 't-crash', actor: 'system', request_id: null, occurred_at: new Date().toISOString(), correlation_id: id, causation_id: null },
  commandId: id,
});
// a global template: the commands refuse a template of a tenant that does not exist
const template = await createTemplate(services, { tenant_id: null, definition: REFERENCE_PF, published: true, active: true }, context('tpl'));
if (E.isLeft(template)) throw new Error(template.left.code);
await services.runner.waitFor(template.right.position);
const doc = (await getTemplate(services.readStore, template.right.template_id))!;
const queued = await queueRun(
  services.log,
  services.secretKey,
  { tenant_id: 't-crash', environment: 'sandbox', template: doc, subject: { type: 'pf', doc: '00000000191', name: 'Maria' }, external_id: null, metadata: {}, webhook_url: null, customer_id: null },
  context('run'),
);
if (E.isLeft(queued)) throw new Error(queued.left.code);
process.stdout.write(`queued ${queued.right.run_id}\n`);
