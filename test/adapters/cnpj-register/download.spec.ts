import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ZipFile } from 'yazl';
import { CnpjDownloadError, downloadMonth, latestMonth, monthsOf, zipFilesOf, type CnpjDownloadOptions } from '../../../src/adapters/cnpj-register/download.js';
import { tempDir } from '../../helpers/temp.js';

/** A zip of one stored (uncompressed) CSV, so its size is predictable and a cut lands mid-entry. */
async function zipOf(entry: string, content: Buffer): Promise<Buffer> {
  const zip = new ZipFile();
  zip.addBuffer(content, entry, { compress: false, mtime: new Date(Date.UTC(2026, 0, 1)) });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

interface TestServer {
  url: string;
  origin: string;
  requests: IncomingMessage[];
  handle: (h: Handler) => void;
  close: () => Promise<void>;
}

async function startServer(): Promise<TestServer> {
  let handler: Handler = (_req, res) => res.writeHead(404).end();
  const requests: IncomingMessage[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req);
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/dados/cnpj/dados_abertos_cnpj/`,
    origin,
    requests,
    handle: (h) => (handler = h),
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const listing = (names: string[]) => `<html><body><table>${names.map((n) => `<tr><td><a href="${n}">${n}</a></td></tr>`).join('')}</table></body></html>`;

/** Serves a file as a ranged-capable server does: 206 for a Range whose If-Range matches the ETag, 200 otherwise. */
function serveFile(req: IncomingMessage, res: ServerResponse, data: Buffer, etag: string): void {
  const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
  const ifRange = req.headers['if-range'];
  if (range && (!ifRange || ifRange === etag)) {
    const from = Number(range[1]);
    res.writeHead(206, { etag, 'content-length': data.length - from, 'content-range': `bytes ${from}-${data.length - 1}/${data.length}` });
    res.end(data.subarray(from));
    return;
  }
  res.writeHead(200, { etag, 'content-length': data.length });
  res.end(data);
}

/** Sends the headers of the whole file and its first `upTo` bytes, then drops the connection. */
function cutAt(res: ServerResponse, data: Buffer, etag: string, upTo: number): void {
  res.writeHead(200, { etag, 'content-length': data.length });
  res.write(data.subarray(0, upTo), () => res.socket?.destroy());
}

const FAST: CnpjDownloadOptions = { idleTimeoutMs: 2_000, maxBytes: 10 * 1024 * 1024, retries: 2, backoffMs: 10 };

describe('CNPJ register download (Receita open-data folder)', function () {
  this.timeout(15_000);
  let server: TestServer;
  let file: Buffer;
  const MONTH = '2026-10';

  beforeEach(async () => {
    server = await startServer();
    file = await zipOf('K3241.K03200Y0.D61011.EMPRECSV', randomBytes(256 * 1024));
  });
  afterEach(() => server.close());

  /** The month's folder lists `names`; each name's bytes come from `files` through `serve`. */
  const monthWith = (names: string[], serve: (name: string, req: IncomingMessage, res: ServerResponse) => void) =>
    server.handle((req, res) => {
      const path = new URL(req.url!, server.origin).pathname;
      const prefix = `/dados/cnpj/dados_abertos_cnpj/${MONTH}/`;
      if (path === prefix) return res.writeHead(200, { 'content-type': 'text/html' }).end(listing(names));
      if (path.startsWith(prefix)) return serve(decodeURIComponent(path.slice(prefix.length)), req, res);
      res.writeHead(404).end();
    });
  const fileRequests = () => server.requests.filter((r) => r.url!.endsWith('.zip'));

  describe('listings', () => {
    const hostile = listing([
      '../',
      '2026-09/',
      '2026-10/',
      '2026-13/',
      'http://evil.example/2027-01/',
      '/2027-02/',
      '../2027-03/',
      'Empresas0.zip',
      'Socios1.zip',
      '../secret.zip',
      '/etc/passwd.zip',
      'sub/Empresas2.zip',
      'http://evil.example/Empresas3.zip',
      '//evil.example/Empresas4.zip',
      '..zip',
      'LEIAME.txt',
    ]);

    it('takes only relative YYYY-MM/ folders and plain .zip names from an index', () => {
      expect(monthsOf(hostile)).to.deep.equal(['2026-09', '2026-10']);
      expect(zipFilesOf(hostile)).to.deep.equal(['Empresas0.zip', 'Socios1.zip']);
      expect(monthsOf(`<a href='2025-01/'>x</a> <A HREF=2026-02/>y</A>`)).to.deep.equal(['2025-01', '2026-02']);
    });

    it('finds the latest month of the folder, and fails clearly when there is none', async () => {
      server.handle((req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(req.url === '/dados/cnpj/dados_abertos_cnpj/' ? hostile : ''));
      expect(await latestMonth(server.url, FAST)).to.equal('2026-10');
      server.handle((_req, res) => res.writeHead(200).end(listing(['README.txt'])));
      const error = await latestMonth(server.url, FAST).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(CnpjDownloadError);
      expect((error as Error).message).to.contain('no YYYY-MM/ folder');
    });

    it('requests only the plain file names of a hostile month listing', async () => {
      const dest = tempDir('cnpj-dl-');
      const asked: string[] = [];
      monthWith(['../secret.zip', '/etc/passwd.zip', 'http://evil.example/E.zip', 'sub/E.zip', '//evil.example/F.zip', 'Empresas0.zip'], (name, req, res) => {
        asked.push(name);
        serveFile(req, res, file, '"v1"');
      });
      const result = await downloadMonth(server.url, MONTH, dest, FAST);
      expect(result.files).to.deep.equal(['Empresas0.zip']);
      expect(asked).to.deep.equal(['Empresas0.zip']);
      expect(server.requests.every((r) => r.url!.startsWith('/dados/cnpj/dados_abertos_cnpj/2026-10/'))).to.equal(true);
      expect(readFileSync(join(dest, MONTH, 'Empresas0.zip')).equals(file)).to.equal(true);
    });
  });

  describe('resuming', () => {
    it('resumes a download cut mid-body with Range from the exact byte it has and If-Range', async () => {
      const dest = tempDir('cnpj-dl-');
      let calls = 0;
      let held = -1;
      monthWith(['Empresas0.zip'], (_name, req, res) => {
        calls += 1;
        if (calls === 1) return cutAt(res, file, '"v1"', 100_000);
        held = statSync(join(dest, MONTH, 'Empresas0.zip.part')).size;
        serveFile(req, res, file, '"v1"');
      });
      await downloadMonth(server.url, MONTH, dest, FAST);
      const [first, second] = fileRequests();
      expect(first!.headers.range).to.equal(undefined);
      // what arrived before the cut was kept, and the resume asks for exactly the rest
      expect(held).to.be.within(1, 100_000);
      expect(second!.headers.range).to.equal(`bytes=${held}-`);
      expect(second!.headers['if-range']).to.equal('"v1"');
      expect(readFileSync(join(dest, MONTH, 'Empresas0.zip')).equals(file)).to.equal(true);
      expect(readdirSync(join(dest, MONTH))).to.deep.equal(['Empresas0.zip']);
    });

    it('resumes a .part left by an earlier run (a restart), and skips files already complete', async () => {
      const dest = tempDir('cnpj-dl-');
      let cut = true;
      monthWith(['Empresas0.zip', 'Socios0.zip'], (name, req, res) => {
        if (name === 'Socios0.zip' && cut) return cutAt(res, file, '"v1"', 100_000);
        serveFile(req, res, file, '"v1"');
      });
      const failed = await downloadMonth(server.url, MONTH, dest, { ...FAST, retries: 0 }).catch((e: unknown) => e);
      expect(failed).to.be.instanceOf(CnpjDownloadError);
      expect(existsSync(join(dest, MONTH, 'Socios0.zip.part'))).to.equal(true);
      cut = false;
      server.requests.length = 0;
      const held = statSync(join(dest, MONTH, 'Socios0.zip.part')).size;
      expect(held).to.be.within(1, 100_000);
      await downloadMonth(server.url, MONTH, dest, FAST);
      expect(fileRequests().map((r) => [r.url, r.headers.range])).to.deep.equal([[`/dados/cnpj/dados_abertos_cnpj/${MONTH}/Socios0.zip`, `bytes=${held}-`]]);
      expect(readFileSync(join(dest, MONTH, 'Socios0.zip')).equals(file)).to.equal(true);
      server.requests.length = 0;
      await downloadMonth(server.url, MONTH, dest, FAST);
      expect(fileRequests()).to.have.length(0);
    });

    it('starts over when the server ignores Range and answers 200 with the whole file', async () => {
      const dest = tempDir('cnpj-dl-');
      let calls = 0;
      monthWith(['Empresas0.zip'], (_name, _req, res) => {
        calls += 1;
        if (calls === 1) return cutAt(res, file, '"v1"', 100_000);
        res.writeHead(200, { etag: '"v1"', 'content-length': file.length }).end(file);
      });
      await downloadMonth(server.url, MONTH, dest, FAST);
      expect(fileRequests()[1]!.headers.range).to.match(/^bytes=\d+-$/);
      expect(readFileSync(join(dest, MONTH, 'Empresas0.zip')).equals(file)).to.equal(true);
    });

    it('starts over when the file changed on the server (If-Range no longer matches)', async () => {
      const dest = tempDir('cnpj-dl-');
      const changed = await zipOf('K3241.K03200Y0.D61111.EMPRECSV', randomBytes(200 * 1024));
      let calls = 0;
      monthWith(['Empresas0.zip'], (_name, req, res) => {
        calls += 1;
        if (calls === 1) return cutAt(res, file, '"v1"', 100_000);
        serveFile(req, res, changed, '"v2"');
      });
      await downloadMonth(server.url, MONTH, dest, FAST);
      expect(fileRequests()[1]!.headers['if-range']).to.equal('"v1"');
      expect(readFileSync(join(dest, MONTH, 'Empresas0.zip')).equals(changed)).to.equal(true);
    });

    it('refuses a 206 whose Content-Range does not start at the byte asked for', async () => {
      const dest = tempDir('cnpj-dl-');
      let calls = 0;
      monthWith(['Empresas0.zip'], (_name, _req, res) => {
        calls += 1;
        if (calls === 1) return cutAt(res, file, '"v1"', 100_000);
        res.writeHead(206, { etag: '"v1"', 'content-length': file.length - 90_000, 'content-range': `bytes 90000-${file.length - 1}/${file.length}` }).end(file.subarray(90_000));
      });
      const error = await downloadMonth(server.url, MONTH, dest, FAST).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(CnpjDownloadError);
      expect((error as Error).message).to.contain('Content-Range');
      expect(readdirSync(join(dest, MONTH))).to.deep.equal([]);
    });
  });

  describe('failures', () => {
    it('fails an attempt on a server that hangs mid-body within the idle timeout, and the next attempt resumes', async () => {
      const dest = tempDir('cnpj-dl-');
      let calls = 0;
      monthWith(['Empresas0.zip'], (_name, req, res) => {
        calls += 1;
        if (calls === 1) {
          res.writeHead(200, { etag: '"v1"', 'content-length': file.length });
          return void res.write(file.subarray(0, 70_000)); // and nothing more, ever
        }
        serveFile(req, res, file, '"v1"');
      });
      const started = Date.now();
      await downloadMonth(server.url, MONTH, dest, { ...FAST, idleTimeoutMs: 300 });
      expect(Date.now() - started).to.be.below(5_000);
      expect(fileRequests()[1]!.headers.range).to.equal('bytes=70000-');
      expect(readFileSync(join(dest, MONTH, 'Empresas0.zip')).equals(file)).to.equal(true);
    });

    it('gives up on a server that keeps hanging, with a timeout error, within the budget', async () => {
      const dest = tempDir('cnpj-dl-');
      monthWith(['Empresas0.zip'], (_name, _req, res) => {
        res.writeHead(200, { etag: '"v1"', 'content-length': file.length });
        res.write(file.subarray(0, 1000));
      });
      const started = Date.now();
      const error = await downloadMonth(server.url, MONTH, dest, { ...FAST, idleTimeoutMs: 200, retries: 1 }).catch((e: unknown) => e);
      expect(Date.now() - started).to.be.below(5_000);
      expect(error).to.be.instanceOf(CnpjDownloadError);
      expect((error as Error).message).to.contain('idle timeout').and.to.contain('Empresas0.zip');
    });

    it('refuses a corrupt zip (CRC mismatch), deletes it and names the file', async () => {
      const dest = tempDir('cnpj-dl-');
      const corrupt = Buffer.from(file);
      corrupt[120_000] = corrupt[120_000]! ^ 0xff; // inside the stored entry: only the CRC can tell
      monthWith(['Empresas0.zip', 'Socios0.zip'], (name, req, res) => serveFile(req, res, name === 'Socios0.zip' ? corrupt : file, '"v1"'));
      const error = await downloadMonth(server.url, MONTH, dest, FAST).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(CnpjDownloadError);
      expect((error as Error).message).to.contain('Socios0.zip').and.to.contain('CRC');
      expect(readdirSync(join(dest, MONTH))).to.deep.equal(['Empresas0.zip']);
    });

    it('refuses a truncated zip (no central directory)', async () => {
      const dest = tempDir('cnpj-dl-');
      const truncated = file.subarray(0, file.length - 200);
      monthWith(['Empresas0.zip'], (_name, req, res) => serveFile(req, res, truncated, '"v1"'));
      const error = await downloadMonth(server.url, MONTH, dest, FAST).catch((e: unknown) => e);
      expect((error as Error).message).to.contain('Empresas0.zip: not a whole zip');
      expect(readdirSync(join(dest, MONTH))).to.deep.equal([]);
    });

    it('refuses a zip holding more than one file', async () => {
      const dest = tempDir('cnpj-dl-');
      const zip = new ZipFile();
      zip.addBuffer(Buffer.from('"1";"2"\n'), 'a.csv');
      zip.addBuffer(Buffer.from('"1";"2"\n'), 'b.csv');
      zip.end();
      const chunks: Buffer[] = [];
      for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
      monthWith(['Empresas0.zip'], (_name, req, res) => serveFile(req, res, Buffer.concat(chunks), '"v1"'));
      const error = await downloadMonth(server.url, MONTH, dest, FAST).catch((e: unknown) => e);
      expect((error as Error).message).to.contain('expected exactly one CSV in the zip, found 2: a.csv, b.csv');
    });

    it('refuses a redirect to another origin without contacting it', async () => {
      const dest = tempDir('cnpj-dl-');
      const other = await startServer();
      try {
        other.handle((req, res) => serveFile(req, res, file, '"v1"'));
        monthWith(['Empresas0.zip'], (name, _req, res) => res.writeHead(302, { location: `${other.origin}/${name}` }).end());
        const error = await downloadMonth(server.url, MONTH, dest, FAST).catch((e: unknown) => e);
        expect(error).to.be.instanceOf(CnpjDownloadError);
        expect((error as Error).message).to.contain('redirect off');
        expect(other.requests).to.have.length(0);
      } finally {
        await other.close();
      }
    });

    it('follows a redirect on the same origin', async () => {
      const dest = tempDir('cnpj-dl-');
      server.handle((req, res) => {
        if (req.url === `/dados/cnpj/dados_abertos_cnpj/${MONTH}/`) return res.writeHead(200).end(listing(['Empresas0.zip']));
        if (req.url!.endsWith('/Empresas0.zip')) return res.writeHead(302, { location: '/storage/Empresas0.zip?sig=1' }).end();
        if (req.url!.startsWith('/storage/')) return serveFile(req, res, file, '"v1"');
        res.writeHead(404).end();
      });
      await downloadMonth(server.url, MONTH, dest, FAST);
      expect(readFileSync(join(dest, MONTH, 'Empresas0.zip')).equals(file)).to.equal(true);
    });

    it('refuses a file larger than the cap and keeps nothing of it', async () => {
      const dest = tempDir('cnpj-dl-');
      monthWith(['Empresas0.zip'], (_name, _req, res) => {
        // no declared length: the cap is checked as bytes arrive
        res.writeHead(200, { etag: '"v1"' });
        res.end(file);
      });
      const error = await downloadMonth(server.url, MONTH, dest, { ...FAST, maxBytes: 100_000 }).catch((e: unknown) => e);
      expect((error as Error).message).to.contain('larger than 100000 bytes');
      expect(readdirSync(join(dest, MONTH)).filter((f) => !f.endsWith('.json'))).to.deep.equal([]);
    });

    it('retries a 503 with backoff and then succeeds', async () => {
      const dest = tempDir('cnpj-dl-');
      let calls = 0;
      monthWith(['Empresas0.zip'], (_name, req, res) => {
        calls += 1;
        if (calls === 1) return res.writeHead(503).end();
        serveFile(req, res, file, '"v1"');
      });
      await downloadMonth(server.url, MONTH, dest, FAST);
      expect(calls).to.equal(2);
    });
  });
});
