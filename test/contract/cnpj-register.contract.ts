import { expect } from 'chai';
import { importDump, type ImportTarget } from '../../src/adapters/cnpj-register/importer.js';
import type { CnpjRegister } from '../../src/adapters/cnpj-register/port.js';
import { cnpjOf, corruptStoredZip, csvOf, empresa, estabelecimento, LOOKUPS, simples, socio, writeDump, writeZip, type DumpRows } from '../helpers/cnpj-dump.js';
import { tempDir } from '../helpers/temp.js';

/** A store under test: where imports go and a reader of it (a second reader stands for another process). */
export interface RegisterStores {
  target: ImportTarget;
  reader(): CnpjRegister;
  cleanup(): Promise<void>;
}

const ALNUM = cnpjOf('12ABC345', '0001');
const MATRIZ = cnpjOf('11222333', '0001');
const FILIAL = cnpjOf('11222333', '0002');
const PJ_PARTNER = cnpjOf('44555666', '0001');

/** A small dump with the awkward cases of the real one. */
function smallDump(razao = 'AÇÚCAR & CIA LTDA'): DumpRows {
  return {
    ...LOOKUPS,
    empresas: [empresa('11222333', razao, { capital: '1234567,89' }), empresa('12ABC345', 'ALFA BETA SERVIÇOS', { capital: '' }), empresa('44555666', 'HOLDING SA')],
    estabelecimentos: [
      estabelecimento(MATRIZ, { 5: 'PÃO; QUEIJO & CAFÉ', 7: '0', 11: '00000000', 30: '' }),
      estabelecimento(FILIAL, { 5: '', 13: '', 15: 'AVENIDA SÃO JOÃO', 21: '9999' }),
      estabelecimento(ALNUM, { 6: '08', 8: '01' }),
    ],
    socios: [
      socio('11222333', { 2: '2', 3: 'JOSÉ DA SILVA', 4: '***456789**' }),
      socio('11222333', { 2: '1', 3: 'HOLDING SA', 4: PJ_PARTNER, 5: '22' }),
      socio('11222333', { 2: '3', 3: 'JOHN SMITH', 4: '', 7: '249', 8: '***000000**', 9: '', 10: '00' }),
      socio('11222333', { 2: '2', 3: 'MENOR DE IDADE', 4: '***111222**', 8: '***333444**', 9: 'MÃE DO MENOR', 10: '05', 11: '1' }),
      socio('44555666', { 3: 'OUTRA PESSOA' }),
    ],
    simples: [simples('11222333', { 2: 'S', 3: '20210101', 4: '0', 5: 'N' })],
  };
}

/** The CNPJ register contract: SQLite always, MongoDB when SVC_TEST_MONGO names a server. */
export function describeCnpjRegisterContract(name: string, open: () => Promise<RegisterStores>): void {
  describe(`CnpjRegister contract: ${name}`, function () {
    this.timeout(60_000);
    let stores: RegisterStores;
    let register: CnpjRegister;
    let parent: string;

    beforeEach(async () => {
      stores = await open();
      register = stores.reader();
      parent = tempDir('cnpj-dump-');
    });
    afterEach(async () => {
      await register.close();
      await stores.cleanup();
    });

    it('serves nothing before the first import', async () => {
      expect(await register.current()).to.equal(null);
    });

    it('imports a dump and looks up establishments joined with their company, Simples and lookup tables', async () => {
      const loaded = await importDump(await writeDump(parent, '2026-05', smallDump()), stores.target);
      expect(loaded.month).to.equal('2026-05');
      expect(loaded.rows).to.include({ empresas: 3, estabelecimentos: 3, socios: 5, simples: 1, cnaes: 3, qualificacoes: 4 });
      expect(loaded.rejected).to.include({ empresas: 0, estabelecimentos: 0, socios: 0 });
      const view = (await register.current())!;
      expect(view.month).to.deep.equal(loaded);

      const matriz = (await view.establishment(MATRIZ))!;
      expect(matriz).to.deep.include({ cnpj: MATRIZ, basico: '11222333', matriz: true, razao_social: 'AÇÚCAR & CIA LTDA', nome_fantasia: 'PÃO; QUEIJO & CAFÉ' });
      expect(matriz.capital_social).to.equal(1234567.89);
      expect(matriz.data_situacao_cadastral).to.equal(null);
      expect(matriz.inicio_atividade).to.equal(null);
      expect(matriz.data_situacao_especial).to.equal(null);
      expect(matriz.natureza_juridica).to.deep.equal({ code: '2062', description: 'Sociedade Empresária Limitada' });
      expect(matriz.qualificacao_responsavel).to.deep.equal({ code: '49', description: 'Sócio-Administrador' });
      expect(matriz.cnae_principal).to.deep.equal({ code: '6201501', description: 'Desenvolvimento de programas de computador sob encomenda' });
      expect(matriz.cnaes_secundarios.map((c) => c.code)).to.deep.equal(['6202300', '6203100']);
      expect(matriz.cnaes_secundarios[1]!.description).to.equal('Desenvolvimento e licenciamento de programas de computador não-customizáveis');
      expect(matriz.endereco).to.deep.equal({ tipo_logradouro: 'RUA', logradouro: 'DAS FLORES', numero: '100', complemento: 'SALA 1', bairro: 'CENTRO', cep: '01001000', uf: 'SP', municipio: { code: '7107', description: 'SAO PAULO' } });
      expect(matriz.simples).to.deep.equal({ opcao_simples: true, data_opcao_simples: '2021-01-01', data_exclusao_simples: null, opcao_mei: false, data_opcao_mei: null, data_exclusao_mei: null });
      expect(matriz).to.include({ situacao_cadastral: '02', porte: '01', ente_federativo: null });
      // phones and e-mail are not copied: not needed for a KYC check, personal data
      expect(JSON.stringify(matriz)).to.not.include('contato@example.com').and.not.include('30000000');

      const filial = (await view.establishment(FILIAL))!;
      expect(filial).to.deep.include({ matriz: false, nome_fantasia: null, cnaes_secundarios: [], data_situacao_cadastral: '2020-01-15', inicio_atividade: '2020-01-10' });
      expect(filial.endereco.logradouro).to.equal('AVENIDA SÃO JOÃO');
      expect(filial.endereco.municipio).to.deep.equal({ code: '9999', description: null });

      const alnum = (await view.establishment(ALNUM))!;
      expect(alnum).to.deep.include({ cnpj: ALNUM, basico: '12ABC345', razao_social: 'ALFA BETA SERVIÇOS', capital_social: null, situacao_cadastral: '08', simples: null });
      expect(alnum.motivo_situacao).to.deep.equal({ code: '01', description: 'EXTINCAO POR ENCERRAMENTO LIQUIDACAO VOLUNTARIA' });

      expect(await view.establishment(cnpjOf('99888777'))).to.equal(null);
      expect(await view.companyName('44555666')).to.equal('HOLDING SA');
      expect(await view.companyName('99888777')).to.equal(null);
    });

    it('looks up the QSA in file order: PF masked CPF, PJ full CNPJ, foreign without document, no representative as null', async () => {
      await importDump(await writeDump(parent, '2026-05', smallDump(), { parts: 2 }), stores.target);
      const view = (await register.current())!;
      const qsa = await view.partners('11222333');
      expect(qsa.map((p) => p.nome)).to.deep.equal(['JOSÉ DA SILVA', 'HOLDING SA', 'JOHN SMITH', 'MENOR DE IDADE']);
      expect(qsa[0]).to.deep.include({ basico: '11222333', identificador: '2', documento: '***456789**', data_entrada: '2020-01-10', pais: null, representante: null, faixa_etaria: '5' });
      expect(qsa[0]!.qualificacao).to.deep.equal({ code: '49', description: 'Sócio-Administrador' });
      expect(qsa[1]).to.deep.include({ identificador: '1', documento: PJ_PARTNER, representante: null });
      expect(qsa[1]!.qualificacao).to.deep.equal({ code: '22', description: 'Sócio' });
      expect(qsa[2]).to.deep.include({ identificador: '3', documento: null, representante: null });
      expect(qsa[2]!.pais).to.deep.equal({ code: '249', description: 'ESTADOS UNIDOS' });
      expect(qsa[3]!.representante).to.deep.equal({ cpf: '***333444**', nome: 'MÃE DO MENOR', qualificacao: { code: '05', description: 'Administrador' } });
      expect(await view.partners('44555666')).to.have.length(1);
      expect(await view.partners('99888777')).to.deep.equal([]);
    });

    it('counts and skips unreadable rows; more than 1% of a table unreadable fails the import', async () => {
      const many = Array.from({ length: 150 }, (_, i) => estabelecimento(cnpjOf(`3${String(i).padStart(7, '0')}`)));
      const oneBad = { ...smallDump(), estabelecimentos: [...many, ['99', 'short row']] };
      const loaded = await importDump(await writeDump(parent, '2026-05', oneBad), stores.target);
      expect(loaded.rows['estabelecimentos']).to.equal(150);
      expect(loaded.rejected['estabelecimentos']).to.equal(1);

      const badCnpj = estabelecimento(cnpjOf('44444444'), { 1: '4444-44' });
      const twoBad = { ...smallDump('NOVA RAZÃO'), estabelecimentos: [...many.slice(0, 100), ['99', 'short row'], badCnpj] };
      let error: Error | undefined;
      await importDump(await writeDump(parent, '2026-06', twoBad), stores.target).catch((e: Error) => (error = e));
      expect(error?.message).to.match(/estabelecimentos: 2 of 102 rows unreadable/);
      const view = (await register.current())!;
      expect(view.month.month).to.equal('2026-05');
    });

    it('swaps to a new month while a view of the old one stays readable', async () => {
      await importDump(await writeDump(parent, '2026-05', smallDump()), stores.target);
      const other = stores.reader();
      const old = (await register.current())!;
      expect((await other.current())!.month.month).to.equal('2026-05');
      await importDump(await writeDump(parent, '2026-06', smallDump('AÇÚCAR NOVO LTDA')), stores.target);
      for (const reader of [register, other]) {
        const view = (await reader.current())!;
        expect(view.month.month).to.equal('2026-06');
        expect((await view.establishment(MATRIZ))!.razao_social).to.equal('AÇÚCAR NOVO LTDA');
      }
      // a run that started on May finishes on May
      expect(old.month.month).to.equal('2026-05');
      expect((await old.establishment(MATRIZ))!.razao_social).to.equal('AÇÚCAR & CIA LTDA');
      expect(await old.partners('11222333')).to.have.length(4);
      await other.close();
    });

    it('an import that fails mid-way (a corrupt partners file) leaves the old month serving', async () => {
      await importDump(await writeDump(parent, '2026-05', smallDump()), stores.target);
      const dir = await writeDump(parent, '2026-06', smallDump('AÇÚCAR NOVO LTDA'));
      const socios = await writeZip(dir, 'Socios0.zip', { 'SOCIOCSV': csvOf(smallDump().socios!) }, { compress: false });
      corruptStoredZip(socios);
      let error: Error | undefined;
      await importDump(dir, stores.target, { batchRows: 1 }).catch((e: Error) => (error = e));
      expect(error?.message).to.match(/Socios0\.zip: CRC-32 mismatch/);
      const view = (await register.current())!;
      expect(view.month.month).to.equal('2026-05');
      expect((await view.establishment(MATRIZ))!.razao_social).to.equal('AÇÚCAR & CIA LTDA');
    });

    it('resumes an interrupted import: the same rows, none twice', async () => {
      const partners = Array.from({ length: 40 }, (_, i) => socio('11222333', { 3: `SÓCIO ${i}` }));
      const rows = { ...smallDump(), socios: partners };
      const dir = await writeDump(parent, '2026-05', rows, { parts: 3 });
      const stop = new AbortController();
      let batches = 0;
      const interrupted = await importDump(dir, stores.target, {
        batchRows: 4,
        signal: stop.signal,
        onProgress: (p) => {
          if (p.table === 'socios' && ++batches === 5) stop.abort();
        },
      }).catch((e: Error) => e);
      expect(interrupted).to.be.instanceOf(Error);
      expect(await register.current()).to.equal(null);

      const seen: string[] = [];
      const loaded = await importDump(dir, stores.target, { batchRows: 4, onProgress: (p) => seen.push(`${p.file}:${p.read}`) });
      // the finished files are skipped, the unfinished one resumes after its committed rows
      expect(seen.filter((s) => s.startsWith('Socios0.zip'))).to.deep.equal([]);
      expect(seen.find((s) => s.startsWith('Socios1.zip'))).to.equal('Socios1.zip:8');
      expect(loaded.rows['socios']).to.equal(40);
      const qsa = await (await register.current())!.partners('11222333');
      expect(qsa.map((p) => p.nome)).to.deep.equal(partners.map((p) => p[2]));
    });
  });
}

