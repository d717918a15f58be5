import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import type { EventMetadata } from '../../src/adapters/event-store/port.js';
import { SqliteEventStore } from '../../src/adapters/event-store/sqlite.js';
import { tempDir } from '../helpers/temp.js';
import { nodeArgs } from '../helpers/node-child.js';

const run = promisify(execFile);

/** `npm run audit -- export …` in a child process on a data directory: exit code, JSON lines, stderr. */
async function audit(dataDir: string, ...args: string[]): Promise<{ code: number; lines: Record<string, unknown>[]; stderr: string }> {
  const env = { ...process.env, SVC_DATA_DIR: dataDir, SVC_SECRET_KEY: 'test-secret-key', SVC_LISTS_REFRESH: 'off', SVC_SEED_DEMO: 'false' };
  const parse = (stdout: string) => stdout.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>);
  try {
    const { stdout, stderr } = await run(process.execPath, [...nodeArgs('scripts/audit.ts'), ...args], { env });
    return { code: 0, lines: parse(stdout), stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, lines: parse(failed.stdout), stderr: failed.stderr };
  }
}

const metadata = (tenantId: string): EventMetadata => ({ tenant_id: tenantId, actor: 'system', request_id: null, occurred_at: '2026-11-27T12:00:00.000Z', correlation_id: 'c', causation_id: null });

/** The audit CLI's export (decisions section 11): it continues from a cursor it printed, and from no other. */
describe('audit CLI: export --from', function () {
  this.timeout(60_000);

  it('prints a next cursor that a later run continues from, and refuses a --from that is no cursor it printed', async () => {
    const dir = tempDir();
    const store = new SqliteEventStore(`${dir}/events.sqlite`);
    const append = (tenant: string, type: string) => store.append(`thing-${randomUUID()}`, [{ id: randomUUID(), type, data: {}, metadata: metadata(tenant) }], 'no_stream');
    await append('t1', 'First');
    await append('t2', 'Other');
    const second = await append('t1', 'Second');

    const all = await audit(dir, 'export', '--tenant', 't1');
    expect(all.code).to.equal(0);
    expect(all.lines.map((l) => l['type'])).to.deep.equal(['First', 'Second']);
    const cursor = /next cursor: (\d+)/.exec(all.stderr)?.[1];
    expect(cursor).to.equal(String(second.position + 1));

    await append('t1', 'Third');
    await store.close();
    const later = await audit(dir, 'export', '--tenant', 't1', '--from', cursor!);
    expect(later.code).to.equal(0);
    expect(later.lines.map((l) => l['type'])).to.deep.equal(['Third']);

    // a position between events (EventStoreDB would refuse to read from it), or no number at all
    for (const from of [String(second.position + 1000), 'abc']) {
      const refused = await audit(dir, 'export', '--tenant', 't1', '--from', from);
      expect(refused.code, from).to.equal(2);
      expect(refused.stderr, from).to.contain('--from must be 0 or the "next cursor" a previous export printed');
      expect(refused.lines, from).to.deep.equal([]);
    }
  });
});
