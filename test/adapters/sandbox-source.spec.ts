import { expect } from 'chai';
import { SOURCES, type SourceId } from '../../src/domain/run/catalog.js';
import { isValidCnpj, isValidCpf, withCheckDigits } from '../../src/domain/values/document.js';
import type { SubjectType } from '../../src/domain/values/scopes.js';
import type { CheckAnswer, Severity } from '../../src/domain/run/answers.js';
import type { SourceAnswer } from '../../src/adapters/sources/port.js';
import { SandboxSource } from '../../src/adapters/sources/sandbox.js';

/** The sources of the reference templates (decisions sections 4 and 5). */
const TEMPLATE_SOURCES: Record<SubjectType, SourceId[]> = {
  pf: ['receita_cpf', 'sanctions', 'pep', 'legal_proceedings', 'negative_media'],
  pj: ['receita_cnpj', 'sanctions', 'ceis_cnep', 'slave_labor_list', 'partners', 'legal_proceedings', 'negative_media'],
};

interface Row {
  doc: string;
  type: SubjectType;
  /** checks that are not VALID: [status, severity, result_code] */
  findings?: Record<string, ['INVALID', Severity, string]>;
  errors?: SourceId[] | 'all';
  noData?: SourceId[];
}

/** Decisions section 5, row by row. */
const ROWS: Row[] = [
  { doc: '00000000191', type: 'pf' },
  { doc: '00000000272', type: 'pf', findings: { sanctions_hit: ['INVALID', 'critical', 'listed'] } },
  { doc: '00000000353', type: 'pf', findings: { is_pep: ['INVALID', 'high', 'pep'] } },
  { doc: '00000000434', type: 'pf', errors: ['legal_proceedings'] },
  { doc: '00000000515', type: 'pf', errors: ['receita_cpf'] },
  { doc: '00000000604', type: 'pf', errors: 'all' },
  { doc: '00000000787', type: 'pf', findings: { adverse_media: ['INVALID', 'high', 'adverse_found'] } },
  { doc: '00000000949', type: 'pf', noData: ['receita_cpf'] },
  { doc: '00000001000136', type: 'pj' },
  { doc: '00000002000180', type: 'pj', findings: { cnpj_active: ['INVALID', 'critical', 'inapta'] } },
  { doc: '00000003000125', type: 'pj', findings: { partners_sanctions: ['INVALID', 'high', 'partner_listed'] } },
  { doc: '00000004000170', type: 'pj', findings: { civil_proceedings: ['INVALID', 'critical', 'proceedings_found'] } },
];

const sandbox = new SandboxSource({ latencyMs: 0 });
const never = new AbortController().signal;

/** `name` null: the subject has no name */
const ask = (source: SourceId, type: SubjectType, doc: string, name: string | null = type === 'pf' ? 'Maria da Silva' : 'Acme Comércio Ltda', on = sandbox) =>
  on.query({ run_id: 'a7f0c3d2-0b1e-4f6a-9c1d-2e3f4a5b6c7d', tenant_id: 't', source_id: source, subject: { type, doc, ...(name ? { name } : {}) } }, never);

function expectRow(row: Row, source: SourceId, answer: SourceAnswer): void {
  const where = `${row.doc} ${source}`;
  if (row.errors === 'all' || row.errors?.includes(source)) {
    expect(answer, where).to.deep.equal({ status: 'ERROR', checks: [], data: {}, error_code: 'source_unavailable', error_message: answer.error_message });
    expect(answer.error_message, where).to.be.a('string').and.not.include(row.doc);
    return;
  }
  expect(answer.status, where).to.equal('ANSWERED');
  expect([answer.error_code, answer.error_message], where).to.deep.equal([null, null]);
  expect(answer.checks.map((c) => c.check_id), where).to.deep.equal(SOURCES[source].checks.map((c) => c.id));
  for (const check of answer.checks) expectCheck(`${where} ${check.check_id}`, check, row, source);
  if (row.noData?.includes(source)) expect(answer.data, where).to.deep.equal({});
  else expect(Object.keys(answer.data), where).to.not.be.empty;
}

function expectCheck(where: string, check: CheckAnswer, row: Row, source: SourceId): void {
  expect(check.result_code, where).to.match(/^[a-z_]+$/);
  expect(check.result_label, where).to.be.a('string').and.not.be.empty;
  const finding = row.findings?.[check.check_id];
  if (row.noData?.includes(source)) {
    expect([check.status, check.result_code], where).to.deep.equal(['NO_DATA', 'no_record']);
  } else if (finding) {
    expect([check.status, check.severity, check.result_code], where).to.deep.equal(finding);
    expect(check.title, where).to.be.a('string').and.not.be.empty;
    expect(check.detail, where).to.be.a('string').and.not.be.empty;
  } else {
    expect(check.status, where).to.equal('VALID');
    expect(check.severity, where).to.equal(undefined);
  }
}

interface Partner {
  doc: string;
  type: SubjectType;
  name: string;
  role: string;
  share_percent: number;
  level: number;
  parent_doc: string;
}

function expectPartnerGraph(company: string, partners: Partner[]): void {
  const byDoc = new Map(partners.map((p) => [p.doc, p]));
  expect(byDoc.size, 'partner documents are unique').to.equal(partners.length);
  for (const p of partners) {
    expect(p.type === 'pf' ? isValidCpf(p.doc) : isValidCnpj(p.doc), `${p.doc} is a valid ${p.type} document`).to.equal(true);
    expect(p.doc).to.not.equal(company);
    expect(p.name).to.be.a('string').and.not.be.empty;
    expect(p.role).to.be.a('string').and.not.be.empty;
    expect(p.share_percent).to.be.a('number').above(0).and.at.most(100);
    expect(p.level).to.be.oneOf([1, 2, 3]);
    if (p.level === 1) expect(p.parent_doc).to.equal(company);
    else expect(byDoc.get(p.parent_doc), `${p.doc} belongs to a company partner one level up`).to.include({ type: 'pj', level: p.level - 1 });
  }
  for (const owner of [company, ...partners.filter((p) => p.type === 'pj').map((p) => p.doc)]) {
    const held = partners.filter((p) => p.parent_doc === owner);
    expect(held, `${owner} has partners`).to.not.be.empty;
    expect(held.reduce((sum, p) => sum + p.share_percent, 0), `shares of ${owner}`).to.equal(100);
  }
}

describe('SandboxSource', () => {
  describe('answers the fixtures of decisions section 5 for every source of the reference templates', () => {
    for (const row of ROWS) {
      it(`${row.doc} (${row.type})`, async () => {
        const sources = TEMPLATE_SOURCES[row.type];
        const answers = await Promise.all(sources.map((source) => ask(source, row.type, row.doc)));
        sources.forEach((source, i) => expectRow(row, source, answers[i] as SourceAnswer));
      });
    }

    it('00000000868 (pf): all VALID, each source after 3 s whatever the configured latency', async () => {
      const started = performance.now();
      const sources = TEMPLATE_SOURCES.pf;
      const answers = await Promise.all(sources.map((source) => ask(source, 'pf', '00000000868')));
      const elapsed = performance.now() - started;
      expect(elapsed).to.be.within(2950, 4500);
      sources.forEach((source, i) => expectRow({ doc: '00000000868', type: 'pf' }, source, answers[i] as SourceAnswer));
    });
  });

  it('answers every unlisted document like the first row of its type', async () => {
    const others: [SubjectType, string][] = [
      ['pf', withCheckDigits('529982247')],
      ['pf', withCheckDigits('123456789')],
      ['pj', withCheckDigits('112223330001')],
      ['pj', withCheckDigits('987654320001')],
    ];
    for (const [type, doc] of others) {
      for (const source of TEMPLATE_SOURCES[type]) expectRow({ doc, type }, source, await ask(source, type, doc));
    }
    const [partners, cnpj] = await Promise.all([ask('partners', 'pj', others[2]![1]), ask('receita_cnpj', 'pj', others[2]![1])]);
    expect((partners.data.partners as Partner[]).map((p) => [p.type, p.level])).to.deep.equal([['pf', 1], ['pf', 1], ['pf', 1]]);
    const cnaes = cnpj.data.cnaes as { code: string; description: string; primary: boolean }[];
    expect(cnaes).to.have.length(2);
    expect(cnaes.filter((c) => c.primary)).to.have.length(1);
  });

  it('answers an alphanumeric CNPJ like any unlisted one, drawn from the whole document, letters included', async () => {
    // A (17) and L (28) differ by 11: the same check digits, the same digits, only a letter apart
    const [abc, lbc] = ['12ABC34501DE35', '12LBC34501DE35'];
    expect([isValidCnpj(abc), isValidCnpj(lbc)]).to.deep.equal([true, true]);
    for (const source of TEMPLATE_SOURCES.pj) expectRow({ doc: abc, type: 'pj' }, source, await ask(source, 'pj', abc));
    expect((await ask('receita_cnpj', 'pj', abc, null)).data).to.not.deep.equal((await ask('receita_cnpj', 'pj', lbc, null)).data);
    expect(await ask('partners', 'pj', '12abc34501de35')).to.deep.equal(await ask('partners', 'pj', abc));
  });

  it('a document listed for the other type answers like that type\'s first row', async () => {
    expectRow({ doc: '00000000272', type: 'pj' }, 'sanctions', await ask('sanctions', 'pj', '00000000272'));
  });

  it('is deterministic: the same question gets the same answer, from any instance', async () => {
    const other = new SandboxSource({ latencyMs: 0 });
    for (const [type, doc] of [['pf', '00000000353'], ['pf', withCheckDigits('529982247')], ['pj', '00000004000170'], ['pj', '00000001000136']] as const) {
      for (const source of TEMPLATE_SOURCES[type]) {
        expect(await ask(source, type, doc, null, other), `${doc} ${source}`).to.deep.equal(await ask(source, type, doc, null));
      }
    }
    const a = await ask('receita_cpf', 'pf', withCheckDigits('529982247'), null);
    const b = await ask('receita_cpf', 'pf', withCheckDigits('123456789'), null);
    expect(a.data.name, 'names derive from the document').to.not.equal(b.data.name);
  });

  it('gives realistic normalized data per source', async () => {
    const cpf = await ask('receita_cpf', 'pf', '00000000191', 'Maria da Silva');
    expect(cpf.data).to.include({ name: 'Maria da Silva', situacao_cadastral: 'REGULAR' });
    expect(cpf.data.birth_date).to.match(/^\d{4}-\d{2}-\d{2}$/);
    expect(cpf.data.inscricao_data).to.match(/^\d{4}-\d{2}-\d{2}$/);

    const cnpj = await ask('receita_cnpj', 'pj', '00000001000136');
    expect(cnpj.data).to.include.keys('razao_social', 'nome_fantasia', 'situacao_cadastral', 'abertura', 'natureza_juridica', 'capital_social', 'cnaes', 'endereco');
    expect(cnpj.data).to.include({ razao_social: 'Acme Comércio Ltda', situacao_cadastral: 'ATIVA' });
    expect(cnpj.data.endereco).to.include.keys('logradouro', 'numero', 'bairro', 'municipio', 'uf', 'cep');
    expect((cnpj.data.cnaes as unknown[]).length).to.equal(2);

    const inapta = await ask('receita_cnpj', 'pj', '00000002000180');
    expect(inapta.data.situacao_cadastral).to.equal('INAPTA');

    const hit = await ask('sanctions', 'pf', '00000000272');
    expect(hit.data.lists_checked).to.be.an('array').that.is.not.empty;
    expect(hit.data.matches).to.have.length(1);
    expect((await ask('sanctions', 'pf', '00000000191')).data.matches).to.deep.equal([]);

    expect((await ask('pep', 'pf', '00000000191')).data).to.deep.equal({ is_pep: false });
    expect((await ask('pep', 'pf', '00000000353')).data).to.include({ is_pep: true }).and.include.keys('role', 'organ', 'since');

    expect((await ask('ceis_cnep', 'pj', '00000001000136')).data).to.deep.equal({ records: [] });
    expect((await ask('slave_labor_list', 'pj', '00000001000136')).data).to.include({ listed: false });
    expect((await ask('legal_proceedings', 'pf', '00000000191')).data).to.deep.equal({ proceedings: [] });

    const media = await ask('negative_media', 'pf', '00000000787', 'Maria da Silva');
    const items = media.data.items as { title: string; outlet: string; date: string; summary: string }[];
    expect(items).to.not.be.empty;
    for (const item of items) expect(item).to.have.all.keys('title', 'outlet', 'date', 'summary');
    expect(media.checks[0]?.detail).to.include(items[0]!.title);
    expect((await ask('negative_media', 'pf', '00000000191')).data).to.deep.equal({ items: [] });

    const flagged = (await ask('partners', 'pj', '00000003000125')).data.partners as (Partner & { sanctions_lists: string[] })[];
    expect(flagged.filter((p) => p.sanctions_lists.length > 0)).to.have.length(1);
  });

  it('00000004000170 has 12 partners over 3 levels with valid documents, and 40 civil proceedings', async () => {
    const [partners, legal] = await Promise.all([ask('partners', 'pj', '00000004000170'), ask('legal_proceedings', 'pj', '00000004000170')]);
    const list = partners.data.partners as Partner[];
    expect(list).to.have.length(12);
    expect([...new Set(list.map((p) => p.level))].sort()).to.deep.equal([1, 2, 3]);
    expect(list.filter((p) => p.type === 'pj' && p.level === 2), 'a company partner of a company partner').to.not.be.empty;
    expectPartnerGraph('00000004000170', list);

    const proceedings = legal.data.proceedings as { number: string; court: string; kind: string; subject: string; date: string; status: string; value?: number }[];
    expect(proceedings).to.have.length(40);
    expect(new Set(proceedings.map((p) => p.number)).size).to.equal(40);
    for (const p of proceedings) {
      expect(p.kind).to.equal('civil');
      expect(p.number).to.match(/^\d{7}-\d{2}\.\d{4}\.\d\.\d{2}\.\d{4}$/);
      // CNJ check digits: NNNNNNN AAAA J TR OOOO DD mod 97 is 1
      const [seq, dd, year, j, tr, origin] = p.number.split(/[-.]/) as [string, string, string, string, string, string];
      expect(Number(BigInt(`${seq}${year}${j}${tr}${origin}${dd}`) % 97n), p.number).to.equal(1);
      expect(p.date).to.match(/^\d{4}-\d{2}-\d{2}$/);
      expect(p.date.slice(0, 4)).to.equal(year);
      for (const field of [p.court, p.subject, p.status]) expect(field).to.be.a('string').and.not.be.empty;
      expect(p.value).to.be.a('number').above(0);
    }
    expect(proceedings.map((p) => p.date)).to.deep.equal(proceedings.map((p) => p.date).sort().reverse());
    expect(legal.checks.find((c) => c.check_id === 'civil_proceedings')?.result_label).to.equal('40 processos cíveis');
  });

  it('every default company has 3 partners with valid CPFs', async () => {
    for (const doc of ['00000001000136', withCheckDigits('112223330001')]) {
      const list = (await ask('partners', 'pj', doc)).data.partners as Partner[];
      expect(list).to.have.length(3);
      expectPartnerGraph(doc, list);
    }
  });

  it('uses a generated name when the subject has none', async () => {
    const answer = await ask('receita_cpf', 'pf', '00000000191', null);
    expect(answer.data.name).to.be.a('string').that.matches(/^\S+ \S+ \S+$/);
  });

  it('refuses a source that does not answer for the subject type, without throwing', async () => {
    const answer = await ask('receita_cpf', 'pj', '00000001000136');
    expect([answer.status, answer.error_code]).to.deep.equal(['ERROR', 'unsupported_subject']);
    const weird = await sandbox.query({ run_id: 'r', tenant_id: 't', source_id: 'nope' as SourceId, subject: { type: 'pf', doc: '00000000191' } }, never);
    expect(weird.status).to.equal('ERROR');
  });

  describe('latency', () => {
    it('waits latencyMs before answering', async () => {
      const slow = new SandboxSource({ latencyMs: 120 });
      const started = performance.now();
      const answer = await ask('sanctions', 'pf', '00000000191', undefined, slow);
      expect(performance.now() - started).to.be.at.least(110);
      expect(answer.status).to.equal('ANSWERED');
    });

    it('answers timeout at once when the signal aborts', async () => {
      const slow = new SandboxSource({ latencyMs: 10_000 });
      for (const doc of ['00000000191', '00000000868']) {
        const controller = new AbortController();
        const started = performance.now();
        setTimeout(() => controller.abort(), 50);
        const answer = await slow.query({ run_id: 'r', tenant_id: 't', source_id: 'pep', subject: { type: 'pf', doc, name: 'X' } }, controller.signal);
        expect(performance.now() - started, doc).to.be.below(500);
        expect([answer.status, answer.error_code], doc).to.deep.equal(['ERROR', 'timeout']);
      }
    });

    it('answers timeout immediately for an already aborted signal', async () => {
      const answer = await sandbox.query({ run_id: 'r', tenant_id: 't', source_id: 'pep', subject: { type: 'pf', doc: '00000000191' } }, AbortSignal.abort());
      expect(answer.error_code).to.equal('timeout');
    });
  });
});
