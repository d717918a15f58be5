import { expect } from 'chai';
import { date } from '../../../src/reports/html.js';
import type { PartnerRecord } from '../../../src/adapters/cnpj-register/port.js';
import type { CheckAnswer } from '../../../src/domain/run/answers.js';
import { RegisterSource } from '../../../src/adapters/sources/cnpj-register.js';
import type { RegisterPartner } from '../../../src/adapters/sources/cnpj-register-partners.js';
import type { Source, SourceAnswer, SourceRequest } from '../../../src/adapters/sources/port.js';
import type { ListVersionImportedData } from '../../../src/domain/list/events.js';
import type { EntryDocument } from '../../../src/domain/screening/entry.js';
import { buildIndex, search } from '../../../src/domain/screening/match/index.js';
import { DEFAULT_TOKEN_WEIGHTS } from '../../../src/domain/screening/match/weights.js';
import { withCheckDigits } from '../../../src/domain/values/document.js';
import type { LoadedVersion } from '../../../src/domain/screening/port.js';
import { companyPartner, establishment, fakeCnpjRegister, partner } from '../../helpers/fake-cnpj-register.js';
import { listEntry, listVersion } from '../../helpers/list-version.js';

const maskedCpf = (value: string): EntryDocument => ({ type: 'cpf', value, masked: true, country: 'BR' });

const ENTRIES = [
  listEntry('ofac_sdn', '7001', 'CARLOS ALBERTO MENDES FARIA'),
  listEntry('br_pep', 'pep-1', 'JOSÉ CARLOS DA SILVA PEREIRA', [maskedCpf('***275936**')]),
  listEntry('br_pep', 'pep-2', 'JOSE CARLOS DA SILVA PEREIRA', [maskedCpf('***914582**')]),
  // a former office holder: a PEP until 31/12/2027 (issue 31)
  {
    ...listEntry('br_pep', 'pep-3', 'LUCIA HELENA BRAGA', [maskedCpf('***318246**')]),
    pep: { roles: [{ role: 'SECRETÁRIO MUNICIPAL', sigla: 'SECMUN', nivel: null, organ: 'MUN. DE JANUÁRIA-MG', start: '2021-01-01', end_of_office: '2022-12-31', end_of_grace: '2027-12-31' }] },
  },
];

const version = (list_id: string): ListVersionImportedData => listVersion(list_id, `${list_id}-v1`, list_id.padEnd(64, '0'), '2026-05-20');

/** A catalog with `loaded` lists indexed, the others not loaded. */
function catalog(loaded: readonly string[] = ['ofac_sdn', 'br_pep']) {
  const index = buildIndex(ENTRIES.filter((e) => loaded.includes(e.list_id)), { weights: DEFAULT_TOKEN_WEIGHTS });
  return {
    search: (_tenant: string | null, query: Parameters<typeof search>[1], options: Parameters<typeof search>[2]) => search(index, query, options),
    version: (listId: string): LoadedVersion | null => (loaded.includes(listId) ? { version: version(listId), entries: [], hashes: new Map() } : null),
  };
}

class Fallback implements Source {
  calls: string[] = [];
  async query(request: SourceRequest): Promise<SourceAnswer> {
    this.calls.push(request.source_id);
    return { status: 'ANSWERED', checks: [], data: { from: 'fallback' }, error_code: null, error_message: null };
  }
}

const ROOT = withCheckDigits('112223330001');
const HOLDING = withCheckDigits('445556660001');
const SUB = withCheckDigits('778889990001');
const DEEP = withCheckDigits('121212120001');
const GHOST = withCheckDigits('909090900001');
const basico = (cnpj: string) => cnpj.slice(0, 8);

const signal = () => new AbortController().signal;
const request = (source_id: string, subject: Record<string, unknown> = {}): SourceRequest =>
  ({ run_id: 'run_1', tenant_id: 'ten_1', source_id, subject: { type: 'pj', doc: ROOT, name: 'Comercial Aurora Ltda', ...subject } }) as SourceRequest;
const check = (answer: SourceAnswer, id: string): CheckAnswer => answer.checks.find((c) => c.check_id === id)!;

function source(establishments = [establishment(ROOT)], partners: readonly PartnerRecord[] = [], loaded?: readonly string[]) {
  const fallback = new Fallback();
  const register = fakeCnpjRegister({ month: '2026-05', establishments, partners });
  return { source: new RegisterSource(register, catalog(loaded), fallback), fallback, register };
}

describe('RegisterSource: receita_cnpj from the CNPJ register', () => {
  it('an active company whose name matches: VALID ativa and match; the card in the sandbox shape plus the register month', async () => {
    const { source: s } = source();
    const answer = await s.query(request('receita_cnpj'), signal());
    expect(answer.status).to.equal('ANSWERED');
    expect(check(answer, 'cnpj_active')).to.include({ status: 'VALID', result_code: 'ativa' });
    expect(check(answer, 'name_match')).to.include({ status: 'VALID', result_code: 'match' });
    expect(check(answer, 'name_match').result_label).to.match(/pontuação 1,00/);
    expect(answer.data).to.deep.include({
      razao_social: 'COMERCIAL AURORA LTDA',
      nome_fantasia: 'AURORA',
      situacao_cadastral: 'ATIVA',
      abertura: '2015-03-10',
      natureza_juridica: '2062 - Sociedade Empresária Limitada',
      capital_social: 150000,
      porte: 'Empresa de pequeno porte',
      matriz_filial: 'Matriz',
      register: { source: 'Receita Federal — Dados abertos do CNPJ', month: '2026-05', imported_at: '2026-05-20T03:00:00.000Z' },
    });
    expect(answer.data['cnaes']).to.deep.equal([
      { code: '4711-3/02', description: 'Comércio varejista de mercadorias em geral, com predominância de produtos alimentícios - supermercados', primary: true },
      { code: '4721-1/02', description: 'Padaria e confeitaria com predominância de revenda', primary: false },
    ]);
    expect(answer.data['endereco']).to.deep.equal({ logradouro: 'RUA DAS FLORES', numero: '120', complemento: 'SALA 2', bairro: 'CENTRO', municipio: 'SAO PAULO', uf: 'SP', cep: '01310-100' });
    expect(answer.data['simples']).to.include({ opcao_simples: true, opcao_mei: false });
  });

  it('a company not active: INVALID critical with the situation, its date and the motivo', async () => {
    const { source: s } = source([establishment(ROOT, { situacao_cadastral: '04', data_situacao_cadastral: '2021-06-01', motivo_situacao: { code: '63', description: 'OMISSAO DE DECLARACOES' } })]);
    const answer = await s.query(request('receita_cnpj'), signal());
    expect(check(answer, 'cnpj_active')).to.deep.equal({
      check_id: 'cnpj_active',
      status: 'INVALID',
      result_code: 'inapta',
      result_label: 'CNPJ inapto',
      severity: 'critical',
      title: 'CNPJ inapto na Receita Federal',
      detail: 'Situação cadastral INAPTA desde 2021-06-01: OMISSAO DE DECLARACOES.',
    });
    expect(answer.data).to.include({ situacao_cadastral: 'INAPTA', data_situacao: '2021-06-01', motivo_situacao: 'OMISSAO DE DECLARACOES' });
  });

  it('a baixada company is INVALID too', async () => {
    const { source: s } = source([establishment(ROOT, { situacao_cadastral: '08' })]);
    expect(check(await s.query(request('receita_cnpj'), signal()), 'cnpj_active')).to.include({ status: 'INVALID', result_code: 'baixada', severity: 'critical' });
  });

  it('a name matching neither the razão social nor the nome fantasia: INVALID mismatch (medium) naming both and the score', async () => {
    const { source: s } = source();
    const c = check(await s.query(request('receita_cnpj', { name: 'Transportadora Netuno S.A.' }), signal()), 'name_match');
    expect(c).to.include({ status: 'INVALID', result_code: 'mismatch', severity: 'medium' });
    expect(c.detail).to.include('"Transportadora Netuno S.A."').and.include('"COMERCIAL AURORA LTDA"').and.include('"AURORA"').and.match(/melhor pontuação \d,\d\d/);
  });

  it('a name matching the nome fantasia only: VALID', async () => {
    const { source: s } = source([establishment(ROOT, { nome_fantasia: 'SUPERMERCADO BOA COMPRA' })]);
    const c = check(await s.query(request('receita_cnpj', { name: 'Supermercado Boa Compra' }), signal()), 'name_match');
    expect(c).to.include({ status: 'VALID', result_code: 'match' });
  });

  it('a run without a name: name_match NO_DATA no_name', async () => {
    const { source: s } = source();
    const answer = await s.query(request('receita_cnpj', { name: undefined }), signal());
    expect(check(answer, 'name_match')).to.include({ status: 'NO_DATA', result_code: 'no_name' });
    expect(check(answer, 'cnpj_active')).to.include({ status: 'VALID' });
  });

  it('a CNPJ not in the register: both checks NO_DATA no_record naming the month', async () => {
    const { source: s } = source([establishment(HOLDING)]);
    const answer = await s.query(request('receita_cnpj'), signal());
    expect(answer.checks.map((c) => [c.check_id, c.status, c.result_code])).to.deep.equal([
      ['cnpj_active', 'NO_DATA', 'no_record'],
      ['name_match', 'NO_DATA', 'no_record'],
    ]);
    for (const c of answer.checks) expect(c.result_label).to.include('2026-05');
  });

  it("an individual entrepreneur's razão social: the owner's CPF masked in the data, the name matched without it", async () => {
    const { source: s } = source([establishment(ROOT, { razao_social: 'MARIA DE FATIMA SOUZA 52998224725', nome_fantasia: null, natureza_juridica: { code: '2135', description: 'Empresário (Individual)' } })]);
    const answer = await s.query(request('receita_cnpj', { name: 'Maria de Fátima Souza' }), signal());
    expect(answer.data['razao_social']).to.equal('MARIA DE FATIMA SOUZA ***982247**');
    expect(JSON.stringify(answer)).to.not.include('52998224725');
    expect(check(answer, 'name_match')).to.include({ status: 'VALID', result_code: 'match' });
    const mismatch = await s.query(request('receita_cnpj', { name: 'Joaquim Barbosa Lima' }), signal());
    expect(JSON.stringify(mismatch)).to.not.include('52998224725');
  });

  it('no month loaded: receita_cnpj and partners go to the fallback; so do other sources and pf subjects', async () => {
    const fallback = new Fallback();
    const empty = new RegisterSource(fakeCnpjRegister(null), catalog(), fallback);
    expect((await empty.query(request('receita_cnpj'), signal())).data).to.deep.equal({ from: 'fallback' });
    expect((await empty.query(request('partners'), signal())).data).to.deep.equal({ from: 'fallback' });
    const { source: s, fallback: f2, register } = source();
    await s.query(request('sanctions'), signal());
    await s.query({ ...request('receita_cpf'), subject: { type: 'pf', doc: '52998224725', name: 'Ana' } } as SourceRequest, signal());
    expect(f2.calls).to.deep.equal(['sanctions', 'receita_cpf']);
    expect(fallback.calls).to.deep.equal(['receita_cnpj', 'partners']);
    expect(register.views).to.equal(0);
  });

  it('a register that fails: an ERROR answer, never a throw', async () => {
    const failing = { current: async () => Promise.reject(new Error('disk gone')), close: async () => {} };
    const answer = await new RegisterSource(failing, catalog(), new Fallback()).query(request('receita_cnpj'), signal());
    expect(answer).to.include({ status: 'ERROR', error_code: 'register_unavailable' });
    const broken = fakeCnpjRegister({ month: '2026-05', establishments: [] });
    const view = (await broken.current())!;
    const throwing = { current: async () => ({ ...view, establishment: async () => Promise.reject(new Error('corrupt page')) }), close: async () => {} };
    const partners = await new RegisterSource(throwing, catalog(), new Fallback()).query(request('partners'), signal());
    expect(partners).to.include({ status: 'ERROR', error_code: 'register_unavailable' });
  });

  it('reads one view per query', async () => {
    const { source: s, register } = source();
    await s.query(request('receita_cnpj'), signal());
    await s.query(request('partners'), signal());
    expect(register.views).to.equal(2);
  });
});

describe('RegisterSource: partners from the QSA', () => {
  const nodes = (answer: SourceAnswer) => answer.data['partners'] as RegisterPartner[];
  const byName = (answer: SourceAnswer, name: string) => nodes(answer).find((p) => p.name === name)!;

  // ROOT <- HOLDING (pj) <- SUB (pj) <- DEEP (pj, level 3: not followed) ; SUB <- ROOT (a cycle); ROOT <- GHOST (not in the register)
  const TREE = [
    partner(basico(ROOT), 'JOÃO BATISTA ROCHA', { documento: '***111222**', representante: { cpf: '***333444**', nome: 'PEDRO ROCHA', qualificacao: { code: '14', description: 'Curador' } } }),
    companyPartner(basico(ROOT), 'HOLDING ALFA PARTICIPACOES S.A.', HOLDING),
    companyPartner(basico(ROOT), 'GHOST EMPREENDIMENTOS LTDA', GHOST),
    partner(basico(ROOT), 'JOHN SMITH', { identificador: '3', documento: null, pais: { code: '249', description: 'ESTADOS UNIDOS' }, faixa_etaria: '0' }),
    partner(basico(HOLDING), 'CARLOS ALBERTO MENDES FARIA', { documento: '***555666**' }),
    companyPartner(basico(HOLDING), 'SUB BETA LTDA', SUB),
    companyPartner(basico(SUB), 'COMERCIAL AURORA LTDA', ROOT),
    companyPartner(basico(SUB), 'DEEP GAMA LTDA', DEEP),
    partner(basico(DEEP), 'NEVER REACHED', { documento: '***777888**' }),
  ];
  const REGISTERED = [establishment(ROOT), establishment(HOLDING, { razao_social: 'HOLDING ALFA PARTICIPACOES S.A.' }), establishment(SUB, { razao_social: 'SUB BETA LTDA' }), establishment(DEEP, { razao_social: 'DEEP GAMA LTDA' })];

  it('the tree over 3 levels, depth first: a cycle cut, a company not in the register and one at the last level are leaves that say why', async () => {
    const { source: s } = source(REGISTERED, TREE);
    const answer = await s.query(request('partners'), signal());
    expect(nodes(answer).map((p) => [p.name, p.type, p.level, p.parent_doc])).to.deep.equal([
      ['JOÃO BATISTA ROCHA', 'pf', 1, ROOT],
      ['HOLDING ALFA PARTICIPACOES S.A.', 'pj', 1, ROOT],
      ['CARLOS ALBERTO MENDES FARIA', 'pf', 2, HOLDING],
      ['SUB BETA LTDA', 'pj', 2, HOLDING],
      ['COMERCIAL AURORA LTDA', 'pj', 3, SUB],
      ['DEEP GAMA LTDA', 'pj', 3, SUB],
      ['GHOST EMPREENDIMENTOS LTDA', 'pj', 1, ROOT],
      ['JOHN SMITH', 'estrangeiro', 1, ROOT],
    ]);
    expect(byName(answer, 'COMERCIAL AURORA LTDA').note).to.match(/circular/);
    expect(byName(answer, 'DEEP GAMA LTDA').note).to.match(/Nível máximo de 3/);
    expect(byName(answer, 'GHOST EMPREENDIMENTOS LTDA').note).to.match(/não encontrada no cadastro .*2026-05/);
    const joao = byName(answer, 'JOÃO BATISTA ROCHA');
    expect(joao).to.deep.include({ doc: '***111222**', role: 'Sócio-Administrador', share_percent: null, since: '2015-03-10', age_band: '41 a 50 anos', sanctions_lists: [], pep: false });
    expect(joao.legal_representative).to.deep.equal({ cpf: '***333444**', name: 'PEDRO ROCHA', role: 'Curador' });
    expect(byName(answer, 'JOHN SMITH')).to.include({ doc: null, country: 'ESTADOS UNIDOS' });
  });

  it('a sanctioned partner at level 2: partners_sanctions INVALID high naming partner, level, list, entry and score', async () => {
    const { source: s } = source(REGISTERED, TREE);
    const answer = await s.query(request('partners'), signal());
    const c = check(answer, 'partners_sanctions');
    expect(c).to.include({ status: 'INVALID', result_code: 'partner_listed', severity: 'high', result_label: 'Sócio em lista de sanções' });
    expect(c.detail).to.equal('CARLOS ALBERTO MENDES FARIA (Sócio-Administrador, nível 2) consta na lista ofac_sdn: entrada 7001 "CARLOS ALBERTO MENDES FARIA", pontuação 1,00.');
    const carlos = byName(answer, 'CARLOS ALBERTO MENDES FARIA');
    expect(carlos.sanctions_lists).to.deep.equal(['ofac_sdn']);
    expect(carlos.candidates[0]).to.include({ list_id: 'ofac_sdn', entry_id: '7001', match: true });
    expect(carlos.candidates[0]!.explanation[0]).to.include({ feature: 'name' });
    expect(check(answer, 'partners_pep')).to.include({ status: 'VALID', result_code: 'no_pep' });
  });

  it('the data records the register month and the list versions, never under a top-level `screening` key', async () => {
    const { source: s } = source(REGISTERED, TREE);
    const answer = await s.query(request('partners'), signal());
    expect(answer.data).to.not.have.property('screening');
    expect(answer.data['register']).to.include({ month: '2026-05' });
    expect((answer.data['partner_screening'] as { lists: { list_id: string; version_id: string }[] }).lists.map((l) => l.version_id)).to.deep.equal(['ofac_sdn-v1', 'br_pep-v1']);
  });

  it("a PF partner's masked CPF agreeing with a br_pep entry's: partners_pep INVALID partner_pep", async () => {
    const { source: s } = source([establishment(ROOT)], [partner(basico(ROOT), 'JOSE CARLOS DA SILVA PEREIRA', { documento: '***275936**' })]);
    const answer = await s.query(request('partners'), signal());
    const c = check(answer, 'partners_pep');
    expect(c).to.include({ status: 'INVALID', result_code: 'partner_pep', severity: 'high' });
    expect(c.detail).to.include('entrada pep-1');
    const node = nodes(answer)[0]!;
    expect(node.pep).to.equal(true);
    expect(node.candidates.find((x) => x.entry_id === 'pep-1')!.explanation.map((e) => e.feature)).to.include('doc_masked_agree');
  });

  it("a PF partner who left office: a PEP until the end of grace on the run's clock, not the day after (Brasília)", async () => {
    const { source: s } = source([establishment(ROOT)], [partner(basico(ROOT), 'LUCIA HELENA BRAGA', { documento: '***318246**' })]);
    const on = await s.query({ ...request('partners'), now: '2028-01-01T02:00:00.000Z' }, signal());
    expect(check(on, 'partners_pep')).to.include({ status: 'INVALID', result_code: 'partner_pep' });
    expect(check(on, 'partners_pep').detail).to.include(`PEP até ${date('2027-12-31')}: SECRETÁRIO MUNICIPAL (SECMUN) — MUN. DE JANUÁRIA-MG`);
    const after = await s.query({ ...request('partners'), now: '2028-01-01T03:00:00.000Z' }, signal());
    expect(check(after, 'partners_pep')).to.include({ status: 'VALID', result_code: 'no_pep' });
    expect(nodes(after)[0]).to.deep.include({ pep: false, pep_status: { pep: false, until: null, since: '2027-12-31', roles: 'SECRETÁRIO MUNICIPAL (SECMUN) — MUN. DE JANUÁRIA-MG' } });
  });

  it('a homonym whose visible CPF digits disagree with every br_pep entry is not a hit', async () => {
    const { source: s } = source([establishment(ROOT)], [partner(basico(ROOT), 'JOSE CARLOS DA SILVA PEREIRA', { documento: '***101010**' })]);
    const answer = await s.query(request('partners'), signal());
    expect(check(answer, 'partners_pep')).to.include({ status: 'VALID', result_code: 'no_pep' });
    expect(nodes(answer)[0]!.pep).to.equal(false);
  });

  it('a list family not loaded: that check ERROR list_not_loaded, not a false "nada consta"', async () => {
    const { source: s } = source(REGISTERED, TREE, ['ofac_sdn']);
    const answer = await s.query(request('partners'), signal());
    expect(check(answer, 'partners_pep')).to.include({ status: 'ERROR', result_code: 'list_not_loaded' });
    expect(check(answer, 'partners_sanctions')).to.include({ status: 'INVALID' });
    const { source: none } = source(REGISTERED, TREE, []);
    const nothing = await none.query(request('partners'), signal());
    expect(nothing.checks.map((c) => [c.check_id, c.status, c.result_code])).to.deep.equal([
      ['partners_sanctions', 'ERROR', 'list_not_loaded'],
      ['partners_pep', 'ERROR', 'list_not_loaded'],
    ]);
  });

  it('a company held through two branches: its partners listed once, the second occurrence says where they are', async () => {
    const shared = [
      companyPartner(basico(ROOT), 'HOLDING ALFA PARTICIPACOES S.A.', HOLDING),
      companyPartner(basico(ROOT), 'SUB BETA LTDA', SUB),
      companyPartner(basico(HOLDING), 'SUB BETA LTDA', SUB),
      partner(basico(SUB), 'MARTA LIMA', { documento: '***999000**' }),
    ];
    const { source: s } = source(REGISTERED, shared);
    const answer = await s.query(request('partners'), signal());
    expect(nodes(answer).map((p) => [p.name, p.level, p.parent_doc])).to.deep.equal([
      ['HOLDING ALFA PARTICIPACOES S.A.', 1, ROOT],
      ['SUB BETA LTDA', 2, HOLDING],
      ['MARTA LIMA', 3, SUB],
      ['SUB BETA LTDA', 1, ROOT],
    ]);
    expect(nodes(answer)[3]!.note).to.match(/já detalhado em outro ramo/);
  });

  it('a company not in the register: both checks NO_DATA no_record', async () => {
    const { source: s } = source([establishment(HOLDING)], TREE);
    const answer = await s.query(request('partners'), signal());
    expect(answer.checks.map((c) => [c.check_id, c.status, c.result_code])).to.deep.equal([
      ['partners_sanctions', 'NO_DATA', 'no_record'],
      ['partners_pep', 'NO_DATA', 'no_record'],
    ]);
  });
});
