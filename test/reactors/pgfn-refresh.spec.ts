import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ManualClock } from '../../src/adapters/clock.js';
import { loadConfig, PGFN_OPEN_DATA } from '../../src/config.js';
import { silentLogger } from '../../src/logger.js';
import { PgfnRefresher } from '../../src/reactors/pgfn-refresh.js';
import { tempDir } from '../helpers/temp.js';

describe('PGFN refresher (SVC_PGFN_FETCH)', () => {
  let server: Server;
  let url: string;
  before(async () => {
    server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<a href="2026_trimestre_01/">x</a><a href="2026_trimestre_02/">y</a>'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  after(() => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))));

  const refresher = (fetch: boolean, current: string | null, imported: string[]) =>
    new PgfnRefresher({
      config: { fetch, url, dir: tempDir('pgfn-refresh-') },
      clock: new ManualClock('2026-07-01T00:00:00.000Z'),
      logger: silentLogger,
      work: { schedule: async () => undefined },
      currentQuarter: async () => current,
      importDir: async (_dir, quarter) => imported.push(quarter),
      download: { idleTimeoutMs: 1_000, maxBytes: 1024, retries: 0, backoffMs: 1 },
    });

  it('is off by default, with the official host', () => {
    const config = loadConfig({ SVC_SECRET_KEY: 'x'.repeat(32) } as never);
    expect(config.pgfn).to.include({ fetch: false, url: PGFN_OPEN_DATA });
  });

  it('does nothing when off, waits a month when the latest quarter is served, retries later after a failure', async () => {
    const imported: string[] = [];
    expect(await refresher(false, null, imported).execute({} as never, new AbortController().signal)).to.deep.equal({ done: true });
    const served = await refresher(true, '2026_trimestre_02', imported).execute({} as never, new AbortController().signal);
    expect(served).to.deep.equal({ again_at: Date.parse('2026-07-01T00:00:00.000Z') + 30 * 24 * 3600_000 });
    // a newer quarter listed, but its zips answered with an HTML page (not a zip): a failure, tried again in six hours, nothing imported
    const failed = await refresher(true, '2026_trimestre_01', imported).execute({} as never, new AbortController().signal);
    expect(failed).to.deep.equal({ again_at: Date.parse('2026-07-01T00:00:00.000Z') + 6 * 3600_000 });
    expect(imported).to.deep.equal([]);
  });
});
