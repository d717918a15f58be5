import { expect } from 'chai';
import pg from 'pg';
import { importQuarter } from '../../src/adapters/pgfn-register/importer.js';
import { PostgresPgfnRegister, PostgresPgfnTarget } from '../../src/adapters/pgfn-register/postgres.js';
import { writePgfnQuarter } from '../helpers/pgfn-quarter.js';
import { tempDir } from '../helpers/temp.js';
import { describePgfnRegisterContract } from './pgfn-register.contract.js';
import { freshDatabase, postgresUnavailable } from './postgres-database.js';

// on SVC_TEST_POSTGRES's server, else a throwaway cluster (see postgres-database.ts)
const unavailable = postgresUnavailable();
if (unavailable === null) {
  describePgfnRegisterContract('PostgreSQL', async () => {
    const database = (await freshDatabase('kyc_test_pgfn'))!;
    const pool = new pg.Pool({ connectionString: database.url });
    const readers: pg.Pool[] = [];
    return {
      target: new PostgresPgfnTarget(pool),
      // a reader on a pool of its own, as another instance would be; recheckMs 0: a swap shows at once
      reader: () => {
        const own = new pg.Pool({ connectionString: database.url });
        readers.push(own);
        return new PostgresPgfnRegister(own, { recheckMs: 0, ownsPool: true });
      },
      cleanup: async () => {
        await Promise.all(readers.map((r) => (r.ended ? undefined : r.end())));
        await pool.end();
        await database.drop();
      },
    };
  });

  describe('PostgreSQL PGFN register: several instances', function () {
    this.timeout(30_000);

    it('one import at a time: a second instance importing while a build is open is refused, then imports once it ends', async () => {
      const database = (await freshDatabase('kyc_test_pgfn'))!;
      const pools = [new pg.Pool({ connectionString: database.url }), new pg.Pool({ connectionString: database.url })];
      try {
        const dir = await writePgfnQuarter(tempDir('pgfn-race-'), '2026_trimestre_02');
        const open = await new PostgresPgfnTarget(pools[0]!).begin('2026_trimestre_02', 'another instance');
        const refused = await importQuarter(dir, new PostgresPgfnTarget(pools[1]!)).catch((e: Error) => e);
        expect(refused).to.be.instanceOf(Error);
        expect((refused as Error).message).to.equal('another import of the PGFN register is running');
        await open.close();
        const loaded = await importQuarter(dir, new PostgresPgfnTarget(pools[1]!));
        expect(loaded.rows).to.deep.equal({ nao_previdenciario: 16, previdenciario: 5, fgts: 5 });
        const register = new PostgresPgfnRegister(pools[0]!, { recheckMs: 0 });
        expect(await (await register.current())!.debtsOf('27864519000174')).to.have.length(4);
        const { rows } = await pools[0]!.query<{ n: string }>('SELECT count(*) AS n FROM pgfn_2026_trimestre_02.inscricoes');
        expect(Number(rows[0]!.n)).to.equal(26);
      } finally {
        await Promise.all(pools.map((p) => p.end()));
        await database.drop();
      }
    });
  });
} else {
  describe('PostgreSQL PGFN register', () => {
    it.skip(`skipped: ${unavailable}`);
  });
}
