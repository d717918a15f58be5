import { expect } from 'chai';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { downloadAndImportQuarter, latestQuarter, quartersOf } from '../../../src/adapters/pgfn-register/download.js';
import { importQuarter } from '../../../src/adapters/pgfn-register/importer.js';
import { SqlitePgfnRegister, SqlitePgfnTarget } from '../../../src/adapters/pgfn-register/sqlite.js';
import { brDate, documentOf, headerMap, rowOf, valor } from '../../../src/adapters/pgfn-register/rows.js';
import { pgfnSample, pgfnZips } from '../../helpers/pgfn-quarter.js';
import { tempDir } from '../../helpers/temp.js';

const FAST = { idleTimeoutMs: 2_000, maxBytes: 10 * 1024 * 1024, retries: 2, backoffMs: 10 };

describe('PGFN register rows and quarter download', function () {
  this.timeout(15_000);

  it('maps the samples by header name: CNPJ, masked CPF (X or *), value with a point or a comma, dates dd/mm/yyyy', () => {
    const lines = pgfnSample('pgfn_arquivo_lai_SIDA_1_202606.csv').toString('latin1').split('\r\n');
    const map = headerMap(lines[0]!.split(';'), 'sida');
    const row = rowOf(lines[2]!.split(';'), map, 'nao_previdenciario')!;
    expect(row).to.include({ key: '275936', documento: '***275936**', tipo_pessoa: 'pf', tipo_devedor: 'corresponsavel', valor: 1845220.37, data_inscricao: '2025-03-14', ajuizado: 1 });
    expect(row.name_key).to.equal('jose carlos da silva pereira');
    expect(documentOf('***735.623**')).to.deep.equal({ documento: '***735623**', key: '735623', pessoa: 'pf' });
    expect(documentOf('27.864.519/0002-55')).to.deep.equal({ documento: '27864519000255', key: '27864519', pessoa: 'pj' });
    expect([valor('1845220.37'), valor('1845220,37'), valor('1.845.220,37'), valor('')]).to.deep.equal([1845220.37, 1845220.37, 1845220.37, null]);
    expect(brDate('01/10/1982')).to.equal('1982-10-01');
    const legacy = pgfnSample('pgfn_legacy_2020_nao_previdenciario_REAL.csv').toString('latin1').split('\r\n');
    expect(rowOf(legacy[1]!.split(';'), headerMap(legacy[0]!.split(';'), 'legacy'), 'nao_previdenciario')).to.include({ uf_devedor: 'AC', unidade_responsavel: 'ACRE' });
    expect(() => headerMap(['CPF_CNPJ', 'NOME_DEVEDOR'], 'x.csv')).to.throw(/NUMERO_INSCRICAO/);
  });

  describe('against a local open-data host', () => {
    let server: Server;
    let base: string;
    let zips: Record<string, Buffer>;
    const requests: IncomingMessage[] = [];
    let cutNext: string | null = null;
    let corrupt: string | null = null;

    before(async () => {
      zips = await pgfnZips();
      server = createServer((req, res) => {
        requests.push(req);
        serve(req, res);
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    });
    after(() => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))));

    function serve(req: IncomingMessage, res: ServerResponse): void {
      const path = decodeURIComponent(new URL(req.url!, 'http://x').pathname);
      if (path === '/') {
        res.writeHead(200, { 'content-type': 'text/html' }).end(['2025_trimestre_04', '2026_trimestre_01', '2026_trimestre_02'].map((q) => `<a href="${q}/">${q}/</a>`).join('\n'));
        return;
      }
      const name = path.split('/').pop()!;
      let data = zips[name];
      if (!data) return void res.writeHead(404).end();
      if (corrupt === name) {
        data = Buffer.from(data);
        // a byte of the first entry's deflated data changed: the central directory reads, the CRC-32 does not match
        data[60] = data[60]! ^ 0xff;
      }
      const etag = `"${name}-${data.length}"`;
      const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
      if (range && (!req.headers['if-range'] || req.headers['if-range'] === etag)) {
        const from = Number(range[1]);
        res.writeHead(206, { etag, 'content-length': data.length - from, 'content-range': `bytes ${from}-${data.length - 1}/${data.length}` }).end(data.subarray(from));
        return;
      }
      if (cutNext === name) {
        cutNext = null;
        res.writeHead(200, { etag, 'content-length': data.length });
        res.write(data.subarray(0, 100), () => res.socket?.destroy());
        return;
      }
      res.writeHead(200, { etag, 'content-length': data.length }).end(data);
    }

    it('finds the latest quarter in the listing', async () => {
      expect(quartersOf('<a href="2026_trimestre_02/">x</a><a href="../">up</a><a href="2020_trimestre_5/">bad</a>')).to.deep.equal(['2026_trimestre_02']);
      expect(await latestQuarter(base, FAST)).to.equal('2026_trimestre_02');
    });

    it('resumes a cut download with Range, imports the quarter, refuses a bad CRC keeping the last quarter, and a second instance does not import twice', async () => {
      const dataDir = tempDir('pgfn-dl-');
      const downloads = tempDir('pgfn-dl-zips-');
      const target = new SqlitePgfnTarget(dataDir);
      const register = new SqlitePgfnRegister(dataDir, { recheckMs: 0 });
      cutNext = 'Dados_abertos_FGTS.zip';
      requests.length = 0;
      await downloadAndImportQuarter(base, '2026_trimestre_02', downloads, (dir, quarter) => importQuarter(dir, target, { quarter }), FAST);
      // the cut attempt is retried (resumed with Range from what arrived, when bytes did: the shared downloadFile, tested on the CNPJ dump)
      expect(requests.filter((r) => r.url!.endsWith('FGTS.zip'))).to.have.length(2);
      expect((await register.current())!.quarter.quarter).to.equal('2026_trimestre_02');

      corrupt = 'Dados_abertos_Previdenciario.zip';
      await downloadAndImportQuarter(base, '2026_trimestre_03', downloads, (dir, quarter) => importQuarter(dir, target, { quarter }), FAST).then(
        () => expect.fail('a zip with a bad CRC was imported'),
        (error: Error) => expect(error.message).to.match(/Previdenciario\.zip: not a whole zip/),
      );
      corrupt = null;
      expect((await register.current())!.quarter.quarter).to.equal('2026_trimestre_02');

      // another instance importing (a live process holds the lock): this one refuses rather than import twice
      writeFileSync(join(dataDir, 'pgfn', 'import.lock'), String(process.ppid));
      const dir = tempDir('pgfn-dl-q-');
      const { writePgfnQuarter } = await import('../../helpers/pgfn-quarter.js');
      const quarterDir = await writePgfnQuarter(dir, '2026_trimestre_04');
      await importQuarter(quarterDir, new SqlitePgfnTarget(dataDir)).then(
        () => expect.fail('a second import ran beside the first'),
        (error: Error) => expect(error.message).to.match(/another import of the PGFN register is running/),
      );
      expect((await register.current())!.quarter.quarter).to.equal('2026_trimestre_02');
      await register.close();
    });
  });
});
