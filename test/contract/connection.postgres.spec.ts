import { expect } from 'chai';
import pg from 'pg';
import { APPLICATION_NAME, openPool } from '../../src/adapters/postgres/connection.js';
import { freshDatabase, postgresUnavailable } from './postgres-database.js';

const unavailable = postgresUnavailable();
if (unavailable === null) {
  describe('PostgreSQL connections', function () {
    this.timeout(30_000);
    let database: NonNullable<Awaited<ReturnType<typeof freshDatabase>>>;
    before(async () => {
      database = (await freshDatabase('kyc_test_conn'))!;
    });
    after(async () => database.drop());

    it('name themselves and carry statement and idle-transaction timeouts', async () => {
      const pool = openPool(database.url);
      try {
        const { rows } = await pool.query<{ app: string; statement: string; idle: string }>(
          "SELECT current_setting('application_name') AS app, current_setting('statement_timeout') AS statement, current_setting('idle_in_transaction_session_timeout') AS idle",
        );
        expect(rows[0]).to.deep.equal({ app: APPLICATION_NAME, statement: '5min', idle: '1min' });
        const short = openPool(database.url, { statementTimeoutMs: 100 });
        await short.query('SELECT pg_sleep(1)').then(
          () => expect.fail('expected a statement timeout'),
          (error: Error) => expect(error.message).to.match(/statement timeout/),
        );
        await short.end();
      } finally {
        await pool.end();
      }
    });

    it('an idle connection the server ends is reported, not thrown, and the pool opens another', async () => {
      const errors: Error[] = [];
      const pool = openPool(database.url, { applicationName: 'kyc-idle-test', onIdleError: (error) => errors.push(error) });
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      try {
        await pool.query('SELECT 1'); // one idle client in the pool
        await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'kyc-idle-test'");
        for (let i = 0; errors.length === 0 && i < 200; i++) await new Promise((r) => setTimeout(r, 10));
        expect(errors).to.have.length(1);
        expect((await pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).to.equal(1);
      } finally {
        await admin.end();
        await pool.end();
      }
    });
  });
} else {
  describe('PostgreSQL connections', () => {
    it.skip(`skipped: ${unavailable}`);
  });
}

