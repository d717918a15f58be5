import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { cnpjOf, empresa, estabelecimento, LOOKUPS, socio, writeDump } from '../../helpers/cnpj-dump.js';
import { tempDir } from '../../helpers/temp.js';
import { freshDatabase, postgresUnavailable } from '../../contract/postgres-database.js';
import { nodeArgs } from '../../helpers/node-child.js';

type Failure = { code: number; stdout: string; stderr: string };

describe('npm run cnpj: import and status on the configured store', function () {
  this.timeout(60_000);

  it('imports a dump directory, reports the month, and fails clearly (exit 1 or 2) otherwise', async () => {
    const dataDir = tempDir('cnpj-cli-');
    const env = { ...process.env, SVC_DATA_DIR: dataDir, SVC_READSTORE: 'sqlite' };
    const cnpj = (...args: string[]) => promisify(execFile)(process.execPath, [...nodeArgs('scripts/cnpj.ts'), ...args], { env });
    const failed = (...args: string[]) => cnpj(...args).then(() => null, (error: Failure) => error);

    expect(JSON.parse((await cnpj('status')).stdout)).to.deep.equal({ current: null });
    const rows = { ...LOOKUPS, empresas: [empresa('11222333', 'CLI LTDA')], estabelecimentos: [estabelecimento(cnpjOf('11222333'))], socios: [socio('11222333')], simples: [] };
    const dir = await writeDump(tempDir('cnpj-cli-dump-'), 'dump', rows);

    const noMonth = await failed('import', dir);
    expect(noMonth?.code).to.equal(1);
    expect(noMonth?.stderr).to.include('cannot tell the month from the directory name dump');

    const imported = await cnpj('import', dir, '--month', '2026-05', '--batch-rows=2');
    expect(JSON.parse(imported.stdout)).to.deep.include({ month: '2026-05' });
    expect(JSON.parse(imported.stdout).rows).to.include({ empresas: 1, estabelecimentos: 1, socios: 1 });
    expect(imported.stderr).to.include('"file":"Estabelecimentos0.zip"');
    const status = JSON.parse((await cnpj('status')).stdout) as { current: { month: string } };
    expect(status.current.month).to.equal('2026-05');

    // a URL: the latest month of the folder downloaded, verified, imported, its zips deleted
    const published = await writeDump(tempDir('cnpj-cli-pub-'), '2026-06', { ...rows, empresas: [empresa('11222333', 'CLI NOVA LTDA')] });
    const folder = await serveFolder({ '2026-05': dir, '2026-06': published });
    try {
      const fromUrl = await cnpj('import', `${folder.url}/dados/`);
      expect(JSON.parse(fromUrl.stdout)).to.deep.include({ month: '2026-06' });
      expect(fromUrl.stderr).to.include('"downloading":"2026-06"');
      expect(JSON.parse((await cnpj('status')).stdout).current.month).to.equal('2026-06');
      expect(existsSync(join(dataDir, 'cnpj', '2026-06')), 'the downloaded zips are deleted once imported').to.equal(false);
      // a corrupt zip on the server: refused before a row is written, the month in service stays
      folder.corrupt('2026-05', 'Socios0.zip');
      const corrupt = await failed('import', `${folder.url}/dados/2026-05/`);
      expect(corrupt?.code).to.equal(1);
      expect(corrupt?.stderr).to.match(/Socios0\.zip/);
      expect(JSON.parse((await cnpj('status')).stdout).current.month).to.equal('2026-06');
    } finally {
      await folder.close();
    }
    for (const args of [[], ['import'], ['import', dir, '--month'], ['frobnicate']]) {
      const usage = await failed(...args);
      expect(usage?.code, args.join(' ')).to.equal(2);
    }
  });

  it('imports into the PostgreSQL of the read models when SVC_READSTORE names one, nothing in the data directory', async function () {
    if (postgresUnavailable() !== null) this.skip();
    const database = (await freshDatabase('kyc_test_cnpj_cli'))!;
    try {
      const dataDir = tempDir('cnpj-cli-pg-');
      const env = { ...process.env, SVC_DATA_DIR: dataDir, SVC_READSTORE: database.url };
      const cnpj = (...args: string[]) => promisify(execFile)(process.execPath, [...nodeArgs('scripts/cnpj.ts'), ...args], { env });
      expect(JSON.parse((await cnpj('status')).stdout)).to.deep.equal({ current: null });
      const rows = { ...LOOKUPS, empresas: [empresa('11222333', 'CLI LTDA')], estabelecimentos: [estabelecimento(cnpjOf('11222333'))], socios: [socio('11222333')], simples: [] };
      const dir = await writeDump(tempDir('cnpj-cli-pg-dump-'), '2026-05', rows);
      expect(JSON.parse((await cnpj('import', dir)).stdout)).to.deep.include({ month: '2026-05' });
      expect(JSON.parse((await cnpj('status')).stdout).current.month).to.equal('2026-05');
      expect(existsSync(join(dataDir, 'cnpj'))).to.equal(false);
    } finally {
      await database.drop();
    }
  });
});

/** The Receita's folder over loopback: an index of months, each an index of its zips. */
async function serveFolder(months: Record<string, string>) {
  const files = new Map<string, Buffer>();
  for (const [month, dir] of Object.entries(months)) for (const name of readdirSync(dir)) files.set(`/dados/${month}/${name}`, readFileSync(join(dir, name)));
  const index = (links: string[]) => `<html><body>${links.map((l) => `<a href="${l}">${l}</a>`).join('\n')}</body></html>`;
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/dados/') return res.end(index(Object.keys(months).map((m) => `${m}/`)));
    const month = /^\/dados\/(\d{4}-\d{2})\/$/.exec(path)?.[1];
    if (month && months[month]) return res.end(index(readdirSync(months[month]!)));
    const file = files.get(path);
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, { 'content-length': file.length }).end(file);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** flips bytes in the middle of a zip's compressed data: the central directory still opens */
    corrupt(month: string, name: string) {
      const data = Buffer.from(files.get(`/dados/${month}/${name}`)!);
      // the local header is 30 bytes, then the file name and the extra field (their lengths at 26 and 28)
      const at = 30 + data.readUInt16LE(26) + data.readUInt16LE(28) + 2;
      data[at] = data[at]! ^ 0xff;
      files.set(`/dados/${month}/${name}`, data);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
