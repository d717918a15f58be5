/**
 * Audit CLI (decisions section 11):
 *   npm run audit -- export --tenant <tenant_id> [--subject <cpf|cnpj>] [--from <cursor>]
 *       every event of the tenant (or of one subject), with its metadata, as JSON lines on
 *       stdout; then, on stderr, the cursor the next run passes as --from to continue after them
 *       (0, the default, is the start: EventStoreDB reads from no position but an event's)
 *   npm run audit -- verify-run <run_id>
 *       re-derives the run's decision from its stored events and compares it with the recorded one
 */
import { subjectHistory, verifyRun } from '../src/queries/audit.js';
import { loadConfig } from '../src/config.js';
import { auditedEvent, type AuditedEvent } from '../src/domain/report/history.js';
import { normalizeDocument } from '../src/domain/values/document.js';
import { LIST_IMPORTERS } from '../src/adapters/lists/importers/index.js';
import { openOffline } from '../src/app/infrastructure.js';
import { InvalidPositionError } from '../src/adapters/event-store/port.js';

const USAGE = 'usage: npm run audit -- export --tenant <tenant_id> [--subject <doc>] [--from <cursor>]\n       npm run audit -- verify-run <run_id>';
const BAD_CURSOR = '--from must be 0 or the "next cursor" a previous export printed';
/** events of the log per read */
const PAGE = 1000;

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
    const rawFrom = option(args, 'from') ?? '0';
    if (!tenant) {
      console.error(USAGE);
      return 2;
    }
    // as the audit API's next_cursor: an event's position plus one, so 0 is the start
    const from = /^\d{1,16}$/.test(rawFrom) ? Number(rawFrom) : NaN;
    if (!Number.isSafeInteger(from)) {
      console.error(BAD_CURSOR);
      return 2;
    }
    const after = from > 0 ? from - 1 : null;
    const toLine = (e: AuditedEvent) => line(auditedEvent(e));
    /** the furthest position read: the next run continues after it */
    let reached: number | null = after;
    try {
      if (subject) {
        // the cursor is checked as the tenant's export checks it, though the subject's streams are read whole
        await log.store.readAllPage({ after, limit: 1 });
        for (const e of await subjectHistory({ log, readStore: stores.readStore, secretKey: stores.secretKey }, tenant, subject, from, Number.MAX_SAFE_INTEGER)) {
          toLine(e);
          reached = e.position;
        }
      } else {
        // pages from positions the store handed out: EventStoreDB refuses to read from any other
        for (let next = after; ; ) {
          const page = await log.readAllPage({ after: next, limit: PAGE, tenantId: tenant });
          for (const e of page.events) toLine(e);
          const last = page.next ?? page.events.at(-1)?.position;
          if (last !== undefined) reached = Math.max(reached ?? 0, last);
          if (page.next === null) break;
          next = page.next;
        }
      }
    } catch (error) {
      if (!(error instanceof InvalidPositionError)) throw error;
      console.error(BAD_CURSOR);
      return 2;
    }
    console.error(`next cursor: ${reached === null ? 0 : reached + 1}`);
    return 0;
  } finally {
    await stores.close();
  }
}

process.exitCode = await main();
