import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cnpjOf, empresa, estabelecimento, LOOKUPS, socio, writeDump } from '../../helpers/cnpj-dump.js';
import { tempDir } from '../../helpers/temp.js';

type Failure = { code: number; stdout: string; stderr: string };

describe('npm run cnpj: import and status on the configured store', function () {
  this.timeout(60_000);

  it('imports a dump directory, reports the month, and fails clearly (exit 1 or 2) otherwise', async () => {
    const dataDir = tempDir('cnpj-cli-');
    const env = { ...process.env, SVC_DATA_DIR: dataDir, SVC_READSTORE: 'sqlite' };
    const cnpj = (...args: string[]) => promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/cnpj.ts', ...args], { env });
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

    const url = await failed('import', 'https://arquivos.receitafederal.gov.br/dados/cnpj/dados_abertos_cnpj/2026-05/');
    expect(url?.code).to.equal(1);
    expect(url?.stderr).to.include('not supported yet');
    for (const args of [[], ['import'], ['import', dir, '--month'], ['frobnicate']]) {
      const usage = await failed(...args);
      expect(usage?.code, args.join(' ')).to.equal(2);
    }
  });
});
