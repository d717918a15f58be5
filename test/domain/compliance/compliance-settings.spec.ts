import { expect } from 'chai';
import { complianceDecider, currentVersion, versionOf, type ComplianceCommand } from '../../../src/domain/compliance/decider.js';
import type { ComplianceEvent } from '../../../src/domain/compliance/events.js';
import { seedVersion, type ComplianceContent } from '../../../src/domain/compliance/settings.js';
import { withCheckDigits } from '../../../src/domain/values/document.js';
import { spec } from '../../helpers/decider-spec.js';

const T = '11111111-1111-4111-8111-111111111111';
const NOW = '2026-11-27T12:00:00.000Z';
const CNPJ = withCheckDigits('112223330001');
const seedContent = (): ComplianceContent => {
  const { version: _v, changed_by: _b, changed_at: _a, note: _n, ...content } = seedVersion();
  return content;
};
const entity = { cnpj: CNPJ, name: 'Banco Exemplo S.A.', ag_num: '0001', ag_nome: 'Matriz', ag_mun: 'São Paulo', ag_uf: 'SP', default: true };
const change = (content: Partial<ComplianceContent>, over: Partial<ComplianceCommand> = {}): ComplianceCommand => ({
  type: 'VersionComplianceSettings',
  tenant_id: T,
  content: { ...seedContent(), ...content },
  base_version: null,
  note: 'Feriado municipal incluído',
  by: 'user:u1',
  now: NOW,
  ...over,
});
const versioned = (version: number, content: Partial<ComplianceContent>, note = 'Feriado municipal incluído'): ComplianceEvent => ({
  type: 'ComplianceSettingsVersioned',
  data: { tenant_id: T, version, ...seedContent(), ...content, changed_by: 'user:u1', changed_at: NOW, note },
});
const SAO_PAULO = { date: '2026-01-25', name: 'Aniversário de São Paulo', kind: 'institucional' as const };
const withSaoPaulo = () => [...seedContent().holidays, SAO_PAULO].sort((a, b) => a.date.localeCompare(b.date));

describe('compliance settings of a tenant (issue 30): versioned calendar and Coaf tables', () => {
  const settings = spec(complianceDecider);

  it('starts from the seed: national holidays 2020–2035, TpEnv 1 Titular only (unverified for BCB), CodEnq empty, no four-eyes', () => {
    const seed = currentVersion(complianceDecider.initialState);
    expect(seed.version).to.equal(0);
    expect(seed.holidays.map((h) => h.date)).to.include.members(['2020-01-01', '2024-11-20', '2026-04-03', '2035-12-25']);
    expect(seed.holidays.map((h) => h.date)).not.to.include('2023-11-20');
    expect(seed.tp_env).to.have.length(1);
    expect(seed.tp_env[0]).to.include({ code: '1', label: 'Titular', segment: 'BCB' });
    expect(seed.tp_env[0]!.known_from).to.match(/não verificado para o BCB/);
    expect(seed.cod_enq).to.deep.equal([]);
    expect(seed.reporting_entities).to.deep.equal([]);
    expect(seed.cos_four_eyes).to.equal(false);
  });

  it('given the seed, when a holiday is added, then version 1 records the whole settings, sorted by date, with who, when and why', () => {
    settings.given([]).when(change({ holidays: [SAO_PAULO, ...seedContent().holidays] })).then([versioned(1, { holidays: withSaoPaulo() })]);
  });

  it('given version 1, when the next change comes, then it is version 2 and version 1 stays readable', () => {
    const v1 = versioned(1, { holidays: withSaoPaulo() });
    settings.given([v1]).when(change({ cos_four_eyes: true }, { note: 'Quatro olhos' })).then([versioned(2, { cos_four_eyes: true }, 'Quatro olhos')]);
    const state = [v1].reduce(complianceDecider.evolve, complianceDecider.initialState);
    expect(versionOf(state, 1)?.holidays).to.deep.include(SAO_PAULO);
    expect(versionOf(state, 0)?.note).to.match(/Calendário nacional/);
    expect(versionOf(state, 2)).to.equal(null);
  });

  it('records nothing for a change that changes nothing', () => {
    settings.given([]).when(change({})).thenNothing();
  });

  it('refuses a change made on a version that is no longer current (concurrent_update)', () => {
    settings.given([versioned(1, { cos_four_eyes: true })]).when(change({}, { base_version: 0 })).thenError('concurrent_update', (e) => expect(e.param).to.equal('base_version'));
    settings.given([]).when(change({ cos_four_eyes: true }, { base_version: 0 })).then([versioned(1, { cos_four_eyes: true })]);
  });

  it('normalizes a reporting entity (CNPJ unpunctuated, text trimmed)', () => {
    const punctuated = `${CNPJ.slice(0, 2)}.${CNPJ.slice(2, 5)}.${CNPJ.slice(5, 8)}/${CNPJ.slice(8, 12)}-${CNPJ.slice(12)}`;
    settings.given([]).when(change({ reporting_entities: [{ ...entity, cnpj: punctuated, ag_mun: ' São Paulo ' }] })).then([versioned(1, { reporting_entities: [entity] })]);
  });

  const refusals: [string, Partial<ComplianceContent>, string][] = [
    ['a CNPJ whose check digits fail', { reporting_entities: [{ ...entity, cnpj: `${CNPJ.slice(0, 13)}${(Number(CNPJ[13]) + 1) % 10}` }] }, 'reporting_entities.0.cnpj'],
    ['an AgUF that is no UF', { reporting_entities: [{ ...entity, ag_uf: 'XX' }] }, 'reporting_entities.0.ag_uf'],
    ['an AgMun over 50 characters (ERR 43)', { reporting_entities: [{ ...entity, ag_mun: 'M'.repeat(51) }] }, 'reporting_entities.0.ag_mun'],
    ['an AgNum over 4 digits', { reporting_entities: [{ ...entity, ag_num: '12345' }] }, 'reporting_entities.0.ag_num'],
    ['an AgNum with letters', { reporting_entities: [{ ...entity, ag_num: '12a' }] }, 'reporting_entities.0.ag_num'],
    ['two default reporting entities', { reporting_entities: [entity, { ...entity, cnpj: withCheckDigits('998887770001') }] }, 'reporting_entities'],
    ['the same CNPJ twice', { reporting_entities: [entity, { ...entity, default: false }] }, 'reporting_entities.1.cnpj'],
    ['a TpEnv code that is not numeric', { tp_env: [{ code: 'T1', label: 'Titular', segment: 'BCB', known_from: 'instituição' }] }, 'tp_env.0.code'],
    ['a TpEnv code over 2 digits (M18 C17)', { tp_env: [{ code: '123', label: 'Titular', segment: 'BCB', known_from: 'instituição' }] }, 'tp_env.0.code'],
    ['a CodEnq entry without its source', { cod_enq: [{ code: '232', label: 'x', segment: 'BCB', known_from: ' ' }] }, 'cod_enq.0.known_from'],
    ['a CodEnq code twice in one segment', { cod_enq: [{ code: '232', label: 'a', segment: 'BCB', known_from: 'instituição' }, { code: '232', label: 'b', segment: 'BCB', known_from: 'instituição' }] }, 'cod_enq.1.code'],
    ['a mapping key that is no Carta Circular 4.001 item', { cod_enq: [{ code: '232', label: 'a', segment: 'BCB', known_from: 'instituição' }], cc4001_cod_enq: { 'CC4001-XX.z': '232' } }, 'cc4001_cod_enq.CC4001-XX.z'],
    ['a mapping to a CodEnq not in the table', { cc4001_cod_enq: { 'CC4001-I.a': '232' } }, 'cc4001_cod_enq.CC4001-I.a'],
    ['a holiday date that does not exist', { holidays: [{ date: '2026-02-30', name: 'x', kind: 'institucional' }] }, 'holidays.0.date'],
    ['a holiday date twice', { holidays: [SAO_PAULO, { ...SAO_PAULO, name: 'outro' }] }, 'holidays.1.date'],
    ['a holiday without a name', { holidays: [{ ...SAO_PAULO, name: '  ' }] }, 'holidays.0.name'],
    ['a holiday name with a bidi override', { holidays: [{ ...SAO_PAULO, name: 'Feriado \u202Eetnatropmi' }] }, 'holidays.0.name'],
    ['a CodEnq source with a zero-width space', { cod_enq: [{ code: '232', label: 'a', segment: 'BCB', known_from: 'tela\u200B' }] }, 'cod_enq.0.known_from'],
  ];
  for (const [what, content, param] of refusals) {
    it(`refuses ${what}, naming the field`, () => {
      settings.given([]).when(change(content)).thenError('invalid_request', (e) => expect(e.param).to.equal(param));
    });
  }

  it('maps a Carta Circular 4.001 item to a CodEnq of the table', () => {
    const codEnq = [{ code: '232', label: 'Movimentação incompatível', segment: 'BCB', known_from: 'tela do Siscoaf da instituição' }];
    settings.given([]).when(change({ cod_enq: codEnq, cc4001_cod_enq: { 'CC4001-I.a': '232' } })).then([versioned(1, { cod_enq: codEnq, cc4001_cod_enq: { 'CC4001-I.a': '232' } })]);
  });

  it('refuses a change without a note', () => {
    settings.given([]).when(change({ cos_four_eyes: true }, { note: ' ' })).thenError('invalid_request', (e) => expect(e.param).to.equal('note'));
  });
});
