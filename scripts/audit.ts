/**
 * Audit CLI (decisions section 11):
 *   npm run audit -- export --tenant <tenant_id> [--subject <cpf|cnpj>] [--from <position>]
 *       every event of the tenant (or of one subject), with its metadata, as JSON lines
 *   npm run audit -- verify-run <run_id>
 *       re-derives the run's decision from its stored events and compares it with the recorded one
 */
import { subjectHistory, verifyRun } from '../src/commands/audit.js';
import { loadConfig } from '../src/config.js';
import { auditedEvent, type AuditedEvent } from '../src/domain/report/history.js';
import { normalizeDocument } from '../src/domain/values/document.js';
import { LIST_IMPORTERS } from '../src/adapters/lists/importers/index.js';
import { openOffline } from '../src/services.js';

const USAGE = 'usage: npm run audit -- export --tenant <tenant_id> [--subject <doc>] [--from <position>]\n       npm run audit -- verify-run <run_id>';

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (command !== 'export' && command !== 'verify-run') {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const stores = await openOffline(config);
  const log = stores.log;
  const line = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
  try {
    if (command === 'verify-run') {
      const result = args[0] ? await verifyRun(log, args[0], { blobs: stores.blobStore, importers: LIST_IMPORTERS }) : null;
      if (!result) {
        console.error('no such run');
        return 1;
      }
      line(result);
      return result.match ? 0 : 1;
    }
    const tenant = option(args, 'tenant');
    const rawSubject = option(args, 'subject');
    // the form subject hashes were made from (an alphanumeric CNPJ upper-cased)
    const subject = rawSubject === undefined ? undefined : normalizeDocument(rawSubject);
    const from = Number(option(args, 'from') ?? 0);
    if (!tenant || !Number.isSafeInteger(from) || from < 0) {
      console.error(USAGE);
      return 2;
    }
    const toLine = (e: AuditedEvent) => line(auditedEvent(e));
    if (subject) {
      for (const e of await subjectHistory({ log, readStore: stores.readStore, secretKey: stores.secretKey }, tenant, subject, from, Number.MAX_SAFE_INTEGER)) toLine(e);
      return 0;
    }
    let after = from > 0 ? from - 1 : null;
    for (;;) {
      const page = await log.readAll({ after, limit: 1000, tenantId: tenant });
      for (const e of page) toLine(e);
      if (page.length < 1000) return 0;
      after = page[page.length - 1]!.position;
    }
  } finally {
    await stores.close();
  }
}

process.exitCode = await main();
