import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { importDump } from '../../src/adapters/cnpj-register/importer.js';
import { PostgresRegisterTarget } from '../../src/adapters/cnpj-register/postgres.js';
import { importQuarter } from '../../src/adapters/pgfn-register/importer.js';
import { PostgresPgfnTarget } from '../../src/adapters/pgfn-register/postgres.js';
import { cnpjOf, empresa, estabelecimento, LOOKUPS, writeDump } from '../helpers/cnpj-dump.js';
import { writePgfnQuarter } from '../helpers/pgfn-quarter.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';
import { freshDatabase, postgresUnavailable } from '../contract/postgres-database.js';
import { createTemplate, postRun, sourceAnswersOf, type Json } from './runs-support.js';

const COMPANY = cnpjOf('31222333');
/** a company of the PGFN samples (test/helpers/pgfn-quarter.ts) with debts in three systems */
const DEBTOR = '27864519000174';

/**
 * With the read models on PostgreSQL (issue 32), the CNPJ and PGFN registers are that database's:
 * a month and a quarter imported there by another process (the CLI, another instance) are what
 * the live `receita_cnpj` and `tax_debts` sources answer from, and nothing is kept in the data directory.
 */
const unavailable = postgresUnavailable();
if (unavailable === null) {
  describe('the CNPJ and PGFN registers with the read models on PostgreSQL', function () {
    this.timeout(60_000);
    let database: NonNullable<Awaited<ReturnType<typeof freshDatabase>>>;
    let service: TestService;
    let live: string;
    let tenantId: string;
    const dataDir = tempDir('pg-registers-');

    before(async () => {
      database = (await freshDatabase('kyc_test_registers'))!;
      const pool = new pg.Pool({ connectionString: database.url });
      try {
        const dump = { ...LOOKUPS, empresas: [empresa('31222333', 'EMPRESA MAIO LTDA')], estabelecimentos: [estabelecimento(COMPANY)], socios: [], simples: [] };
        await importDump(await writeDump(tempDir('pg-registers-dump-'), '2026-05', dump), new PostgresRegisterTarget(pool));
        await importQuarter(await writePgfnQuarter(tempDir('pg-registers-pgfn-'), '2026_trimestre_02'), new PostgresPgfnTarget(pool));
      } finally {
        await pool.end();
      }
      service = await startService({ dataDir, env: { SVC_READSTORE: database.url, SVC_RATE_LIMIT_PER_MINUTE: '100000' } });
      const tenant = await createTenant(service, 'Registers on PostgreSQL');
      tenantId = tenant.tenant_id;
      expect((await service.operator(`/tenants/${tenantId}/credits`, { method: 'POST', json: { amount: 1000, reason: 'test' } })).status).to.equal(201);
      live = (await tenant.key({ environment: 'live' })).api_key;
    });
    after(async () => {
      await service?.close();
      await database?.drop();
    });

    const answers = async (template: string, subject: Json): Promise<Record<string, Json>> => {
      const response = await postRun(service, live, { template_id: template, subject });
      const text = await response.text();
      expect(response.status, text).to.equal(202);
      const runId = (JSON.parse(text) as Json)['run_id'] as string;
      return sourceAnswersOf(service, live, runId);
    };

    it('answers receita_cnpj and tax_debts from the month and the quarter imported into the database', async () => {
      const sources = [
        { source_id: 'receita_cnpj', tier: 1 },
        { source_id: 'tax_debts', tier: 2 },
      ];
      const template = await createTemplate(service, { tenant_id: tenantId }, { name: 'PJ', subject_type: 'pj', parameters: ['name'], sources, rules: [], risk_thresholds: { medio: 30, alto: 60 } } as never);
      const company = await answers(template, { type: 'pj', doc: COMPANY, name: 'Empresa Maio Ltda' });
      expect(company['receita_cnpj']!['data']['register']).to.include({ month: '2026-05' });
      expect(company['receita_cnpj']!['checks'].map((c: Json) => [c['check_id'], c['status']])).to.deep.equal([
        ['cnpj_active', 'VALID'],
        ['name_match', 'VALID'],
      ]);
      const debtor = await answers(template, { type: 'pj', doc: DEBTOR, name: 'Construtora Água Branca Ltda' });
      expect(debtor['tax_debts']!['data']['register']).to.include({ quarter: '2026_trimestre_02' });
      expect(debtor['tax_debts']!['data']['total']).to.equal(1890938.87);
      // nothing of either register in the data directory
      expect(existsSync(join(dataDir, 'cnpj'))).to.equal(false);
      expect(existsSync(join(dataDir, 'pgfn'))).to.equal(false);
    });
  });
} else {
  describe('the CNPJ and PGFN registers with the read models on PostgreSQL', () => {
    it.skip(`skipped: ${unavailable}`);
  });
}
