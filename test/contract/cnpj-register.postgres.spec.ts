import { expect } from 'chai';
import pg from 'pg';
import { importDump } from '../../src/adapters/cnpj-register/importer.js';
import { PostgresCnpjRegister, PostgresRegisterTarget } from '../../src/adapters/cnpj-register/postgres.js';
import { cnpjOf, empresa, estabelecimento, LOOKUPS, socio, writeDump } from '../helpers/cnpj-dump.js';
import { tempDir } from '../helpers/temp.js';
import { describeCnpjRegisterContract } from './cnpj-register.contract.js';
import { freshDatabase, postgresUnavailable } from './postgres-database.js';

// on SVC_TEST_POSTGRES's server, else a throwaway cluster (see postgres-database.ts)
const unavailable = postgresUnavailable();
if (unavailable === null) {
  describeCnpjRegisterContract('PostgreSQL', async () => {
    const database = (await freshDatabase('kyc_test_cnpj'))!;
    const pool = new pg.Pool({ connectionString: database.url });
    const readers: pg.Pool[] = [];
    return {
      target: new PostgresRegisterTarget(pool),
      // each reader on a pool of its own, as another instance would be; recheckMs 0: a swap shows at once
      reader: () => {
        const own = new pg.Pool({ connectionString: database.url });
        readers.push(own);
        return new PostgresCnpjRegister(own, { recheckMs: 0, ownsPool: true });
      },
      cleanup: async () => {
        await Promise.all(readers.map((r) => (r.ended ? undefined : r.end())));
        await pool.end();
        await database.drop();
      },
    };
  });

  describe('PostgreSQL CNPJ register: several instances', function () {
    this.timeout(60_000);

    it('two importers racing on one database import the month once; the loser says another import runs', async () => {
      const database = (await freshDatabase('kyc_test_cnpj'))!;
      const pools = [new pg.Pool({ connectionString: database.url }), new pg.Pool({ connectionString: database.url })];
      try {
        const cnpjs = Array.from({ length: 3_000 }, (_, i) => cnpjOf(`3${String(i).padStart(7, '0')}`));
        const dir = await writeDump(tempDir('cnpj-race-'), '2026-05', {
          ...LOOKUPS,
          empresas: [empresa('11222333', 'AÇÚCAR & CIA LTDA')],
          estabelecimentos: cnpjs.map((cnpj) => estabelecimento(cnpj)),
          socios: [socio('11222333', { 3: 'JOSÉ DA SILVA' })],
          simples: [],
        });
        // the second instance starts its import while the first is mid-way (after its first committed batch)
        let second = null as Promise<unknown> | null;
        const first = importDump(dir, new PostgresRegisterTarget(pools[0]!), {
          batchRows: 100,
          onProgress: () => void (second ??= importDump(dir, new PostgresRegisterTarget(pools[1]!), { batchRows: 100 }).catch((e: Error) => e)),
        });
        expect((await first).rows['estabelecimentos']).to.equal(3_000);
        const lost = await second;
        expect(lost).to.be.instanceOf(Error);
        expect((lost as Error).message).to.equal('another import of the CNPJ register is running');
        const { rows } = await pools[0]!.query<{ n: string }>('SELECT count(*) AS n FROM cnpj_2026_05.estabelecimentos');
        expect(Number(rows[0]!.n)).to.equal(3_000);
        const schemas = await pools[0]!.query<{ nspname: string }>("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'cnpj_%' ORDER BY nspname");
        expect(schemas.rows.map((r) => r.nspname)).to.deep.equal(['cnpj_2026_05']);
        // the lock is free again once the winner finished: a later import of the same month goes ahead, beside the served one
        const again = await importDump(dir, new PostgresRegisterTarget(pools[1]!), { batchRows: 1_000 });
        expect(again.rows['estabelecimentos']).to.equal(3_000);
        const register = new PostgresCnpjRegister(pools[0]!, { recheckMs: 0 });
        expect(await (await register.current())!.establishment(cnpjs[2_999]!)).to.deep.include({ cnpj: cnpjs[2_999] });
      } finally {
        await Promise.all(pools.map((p) => p.end()));
        await database.drop();
      }
    });

    it('importing again the month served before builds beside it: a view of it stays readable until the swap', async () => {
      const database = (await freshDatabase('kyc_test_cnpj'))!;
      const pool = new pg.Pool({ connectionString: database.url });
      try {
        const company = cnpjOf('11222333');
        const dump = (razao: string) => ({ ...LOOKUPS, empresas: [empresa('11222333', razao)], estabelecimentos: [estabelecimento(company)], socios: [], simples: [] });
        const parent = tempDir('cnpj-again-');
        await importDump(await writeDump(parent, '2026-05', dump('MAIO LTDA')), new PostgresRegisterTarget(pool));
        const register = new PostgresCnpjRegister(pool, { recheckMs: 0 });
        const may = (await register.current())!;
        await importDump(await writeDump(parent, '2026-06', dump('JUNHO LTDA')), new PostgresRegisterTarget(pool));
        // May again (a corrected publication): the view of May a run holds is not built over. It is
        // read once the new rows are loaded and indexed, before the swap (the swap retires it)
        let during: unknown = null;
        const target = new PostgresRegisterTarget(pool);
        const begin = target.begin.bind(target);
        target.begin = async (month, fingerprint) => {
          const build = await begin(month, fingerprint);
          const finish = build.finish.bind(build);
          build.finish = async () => {
            await finish();
            during = await may.establishment(company).then((e) => e?.razao_social, (e: Error) => e.message);
          };
          return build;
        };
        await importDump(await writeDump(tempDir('cnpj-again-fix-'), '2026-05', dump('MAIO CORRIGIDO LTDA')), target);
        expect(during).to.equal('MAIO LTDA');
        expect((await (await register.current())!.establishment(company))!.razao_social).to.equal('MAIO CORRIGIDO LTDA');
      } finally {
        await pool.end();
        await database.drop();
      }
    });

    it('loads a bigger dump in batches (rows per second printed)', async () => {
      const database = (await freshDatabase('kyc_test_cnpj'))!;
      const pool = new pg.Pool({ connectionString: database.url });
      try {
        const count = 50_000;
        const estabelecimentos = Array.from({ length: count }, (_, i) => estabelecimento(cnpjOf(`4${String(i).padStart(7, '0')}`)));
        const dir = await writeDump(tempDir('cnpj-rate-'), '2026-07', { ...LOOKUPS, empresas: [], estabelecimentos, socios: [], simples: [] });
        const started = performance.now();
        const loaded = await importDump(dir, new PostgresRegisterTarget(pool));
        const seconds = (performance.now() - started) / 1000;
        expect(loaded.rows['estabelecimentos']).to.equal(count);
        console.log(`      PostgreSQL CNPJ import: ${count} establishments in ${seconds.toFixed(2)} s, ${Math.round(count / seconds)} rows/s`);
      } finally {
        await pool.end();
        await database.drop();
      }
    });
  });
} else {
  describe('PostgreSQL CNPJ register', () => {
    it.skip(`skipped: ${unavailable}`);
  });
}
