import { expect } from 'chai';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importQuarter, type PgfnImportTarget } from '../../src/adapters/pgfn-register/importer.js';
import { totalsOf, type PgfnRegister } from '../../src/adapters/pgfn-register/port.js';
import { cpfWithMiddle, writePgfnQuarter } from '../helpers/pgfn-quarter.js';
import { tempDir } from '../helpers/temp.js';

export interface PgfnRegisterUnderTest {
  target: PgfnImportTarget;
  reader: () => PgfnRegister;
  cleanup: () => Promise<void>;
}

/** What every store of the PGFN register does, whatever keeps the rows. */
export function describePgfnRegisterContract(name: string, make: () => Promise<PgfnRegisterUnderTest>): void {
  describe(`PGFN register contract (${name})`, function () {
    this.timeout(20_000);
    let store: PgfnRegisterUnderTest;
    let register: PgfnRegister;
    const root = tempDir('pgfn-contract-');

    before(async () => {
      store = await make();
      register = store.reader();
    });
    after(async () => {
      await register.close();
      await store.cleanup();
    });

    it('serves nothing before a quarter is imported', async () => {
      expect(await register.current()).to.equal(null);
    });

    it('imports a quarter and finds a company by its CNPJ básico, each inscription counted once', async () => {
      const loaded = await importQuarter(await writePgfnQuarter(root, '2026_trimestre_02'), store.target);
      expect(loaded.rows).to.deep.equal({ nao_previdenciario: 16, previdenciario: 5, fgts: 5 });
      const view = (await register.current())!;
      expect(view.quarter.quarter).to.equal('2026_trimestre_02');
      const debts = await view.debtsOf('27.864.519/0001-74');
      // the principal row of the head office, its branch as SOLIDARIO, the PREV and FGTS inscriptions
      expect(debts.map((d) => `${d.system}:${d.numero}:${d.tipo_devedor}`)).to.have.members([
        'nao_previdenciario:7062501234567:principal',
        'nao_previdenciario:7062501234567:solidario',
        'previdenciario:143451912:principal',
        'fgts:FGMG202500231:principal',
      ]);
      const sida = debts.find((d) => d.system === 'nao_previdenciario')!;
      expect(sida).to.include({ valor: 1845220.37, ajuizado: true, data_inscricao: '2025-03-14', situacao: 'ATIVA AJUIZADA', tipo_situacao: 'Em cobrança', receita: 'Receita da dívida ativa - COFINS', uf_devedor: 'MG' });
      const totals = totalsOf(debts);
      expect(totals.systems.nao_previdenciario).to.deep.equal({ count: 1, total: 1845220.37 });
      expect(totals.total).to.equal(1890938.87);
    });

    it('finds a person by the middle six CPF digits and the name, not a homonym with other digits', async () => {
      const view = (await register.current())!;
      const jose = await view.debtsOf(cpfWithMiddle('275936'), 'José Carlos da Silva Pereira');
      expect(jose.map((d) => `${d.system}:${d.numero}:${d.tipo_devedor}`)).to.have.members(['nao_previdenciario:7062501234567:corresponsavel', 'fgts:FGMG000051231:principal']);
      expect(jose[0]!.documento).to.equal('***275936**');
      expect(await view.debtsOf(cpfWithMiddle('275936'), 'Maria Aparecida dos Santos Oliveira')).to.deep.equal([]);
      expect(await view.debtsOf(cpfWithMiddle('275936'))).to.deep.equal([]);
      const other = await view.debtsOf(cpfWithMiddle('914582'), 'JOSE CARLOS DA SILVA PEREIRA');
      expect(other.map((d) => d.numero)).to.deep.equal(['4162300123498']);
    });

    it('reads the 2020 header (UF_UNIDADE_RESPONSAVEL) by name', async () => {
      const view = (await register.current())!;
      const club = await view.debtsOf('04044236000180');
      expect(club.map((d) => d.numero)).to.have.members(['2261500019989', '2261800028797']);
      expect(club[0]!.uf_devedor).to.equal('AC');
    });

    it('swaps in a new quarter whole; a refused import leaves the previous one serving', async () => {
      const dir = await writePgfnQuarter(root, '2026_trimestre_03', { lf: true });
      await importQuarter(dir, store.target);
      expect((await register.current())!.quarter.quarter).to.equal('2026_trimestre_03');
      expect(await (await register.current())!.debtsOf('27864519000174')).to.have.length(4);
      const broken = await writePgfnQuarter(root, '2026_trimestre_04');
      writeFileSync(join(broken, 'Dados_abertos_FGTS.zip'), Buffer.from('PK not a zip'));
      await importQuarter(broken, store.target).then(
        () => expect.fail('a quarter with a broken zip was imported'),
        (error: Error) => expect(error.message).to.match(/Dados_abertos_FGTS\.zip/),
      );
      rmSync(join(broken, 'Dados_abertos_FGTS.zip'));
      await importQuarter(broken, store.target).then(
        () => expect.fail('a quarter without its FGTS zip was imported'),
        (error: Error) => expect(error.message).to.match(/lacks Dados_abertos_FGTS\.zip/),
      );
      expect((await register.current())!.quarter.quarter).to.equal('2026_trimestre_03');
    });
  });
}
