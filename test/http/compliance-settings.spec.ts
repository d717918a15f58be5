import { expect } from 'chai';
import { loadComplianceSettings, loadHolidays } from '../../src/commands/compliance-settings.js';
import { withCheckDigits } from '../../src/domain/values/document.js';
import { date, dateTime, document as documentText } from '../../src/reports/html.js';
import { dashboardUser, type SignedIn } from '../helpers/dashboard.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';

const UNKNOWN = '6f1c2d3e-4b5a-4c6d-8e7f-901234567890';
const CNPJ = withCheckDigits('112223330001');

interface Settings {
  object: string;
  version: number;
  holidays: { date: string; name: string; kind: string }[];
  reporting_entities: Record<string, unknown>[];
  tp_env: { code: string; known_from: string }[];
  cod_enq: unknown[];
  cc4001_cod_enq: Record<string, string>;
  cos_four_eyes: boolean;
  changed_by: string;
  changed_at: string | null;
  note: string;
  versions: { version: number; changed_by: string; changed_at: string | null; note: string }[];
}

describe('operator API: a tenant\'s compliance settings, versioned (issue 30)', () => {
  let service: TestService;
  let tenantId: string;
  let otherId: string;
  before(async () => {
    service = await startService();
    tenantId = (await createTenant(service, 'Banco Calendário')).tenant_id;
    otherId = (await createTenant(service, 'Outro Banco')).tenant_id;
  });
  after(async () => service.close());

  const path = (tenant: string) => `/tenants/${tenant}/compliance_settings`;
  const get = async (tenant = tenantId) => service.operator(path(tenant));
  const put = (json: unknown, tenant = tenantId) => service.operator(path(tenant), { method: 'PUT', json });
  const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; param: string | null; message: string } }).error;
  /** the current document as a PUT body, with some fields replaced */
  const bodyFrom = (current: Settings, over: Record<string, unknown>) => ({
    holidays: current.holidays,
    reporting_entities: current.reporting_entities,
    tp_env: current.tp_env,
    cod_enq: current.cod_enq,
    cc4001_cod_enq: current.cc4001_cod_enq,
    cos_four_eyes: current.cos_four_eyes,
    note: 'alteração de teste',
    ...over,
  });
  const current = async (tenant = tenantId) => (await (await get(tenant)).json()) as Settings;
  const entity = { cnpj: CNPJ, name: 'Banco Calendário S.A.', ag_num: '0001', ag_nome: 'Matriz', ag_mun: 'São Paulo', ag_uf: 'SP', default: true };

  it('answers the seed before any change (200): national holidays 2020–2035, TpEnv 1 Titular not verified for the BCB, CodEnq empty', async () => {
    const response = await get();
    expect(response.status).to.equal(200);
    const body = (await response.json()) as Settings;
    expect(body).to.include({ object: 'compliance_settings', version: 0, changed_by: 'system', changed_at: null, cos_four_eyes: false });
    expect(body.holidays.map((h) => h.date)).to.include.members(['2020-01-01', '2026-02-16', '2026-04-03', '2035-11-20']);
    expect(body.holidays.find((h) => h.date === '2026-02-16')?.kind).to.equal('bancario');
    expect(body.tp_env.map((c) => c.code)).to.deep.equal(['1']);
    expect(body.tp_env[0]!.known_from).to.match(/não verificado para o BCB/);
    expect(body.cod_enq).to.deep.equal([]);
    expect(body.reporting_entities).to.deep.equal([]);
    expect(body.versions).to.deep.equal([{ version: 0, changed_by: 'system', changed_at: null, note: body.note }]);
  });

  it('records a new version per change (200), with who, when and why in the history and on the stream; the clocks read its holidays', async () => {
    const seed = await current();
    const cityHoliday = { date: '2026-01-25', name: 'Aniversário de São Paulo', kind: 'institucional' };
    const codEnq = [{ code: '232', label: 'Movimentação incompatível', segment: 'BCB', known_from: 'tela do Siscoaf da instituição' }];
    const punctuated = `${CNPJ.slice(0, 2)}.${CNPJ.slice(2, 5)}.${CNPJ.slice(5, 8)}/${CNPJ.slice(8, 12)}-${CNPJ.slice(12)}`;
    const response = await put(
      bodyFrom(seed, {
        holidays: [...seed.holidays, cityHoliday],
        reporting_entities: [{ ...entity, cnpj: punctuated }],
        cod_enq: codEnq,
        cc4001_cod_enq: { 'CC4001-I.a': '232' },
        cos_four_eyes: true,
        note: 'Feriado municipal e tabelas do Siscoaf',
        base_version: 0,
      }),
    );
    expect(response.status).to.equal(200);
    const body = (await response.json()) as Settings;
    expect(body).to.include({ version: 1, changed_by: 'operator', note: 'Feriado municipal e tabelas do Siscoaf', cos_four_eyes: true });
    expect(body.reporting_entities).to.deep.equal([entity]);
    expect(body.cc4001_cod_enq).to.deep.equal({ 'CC4001-I.a': '232' });
    expect(body.versions.map((v) => v.version)).to.deep.equal([1, 0]);
    expect(body.versions[0]!.changed_at).to.be.a('string');
    // the holidays come back sorted by date
    const dates = body.holidays.map((h) => h.date);
    expect(dates).to.deep.equal([...dates].sort());
    expect(await loadHolidays(service.services.log, tenantId)).to.include('2026-01-25');
    expect(await loadHolidays(service.services.log, otherId)).not.to.include('2026-01-25');
    expect((await loadComplianceSettings(service.services.log, tenantId)).version).to.equal(1);
    const events = await service.services.log.readStream(`compliance-${tenantId}`);
    expect(events.map((e) => [e.type, e.metadata.actor, e.metadata.tenant_id, e.data['version']])).to.deep.equal([['ComplianceSettingsVersioned', 'operator', tenantId, 1]]);
  });

  it('records nothing for a document equal to the current version', async () => {
    const before = await current();
    const response = await put(bodyFrom(before, { note: 'sem mudança' }));
    expect(response.status).to.equal(200);
    expect(((await response.json()) as Settings).version).to.equal(before.version);
  });

  it('answers any past version (200), the seed as version 0; an unknown one is 404 compliance_version_not_found', async () => {
    const v0 = await service.operator(`${path(tenantId)}/versions/0`);
    expect(v0.status).to.equal(200);
    const seed = (await v0.json()) as Settings;
    expect(seed).to.include({ object: 'compliance_settings_version', version: 0, cos_four_eyes: false });
    expect(seed.holidays.map((h) => h.date)).not.to.include('2026-01-25');
    const v1 = (await (await service.operator(`${path(tenantId)}/versions/1`)).json()) as Settings;
    expect(v1.holidays.map((h) => h.date)).to.include('2026-01-25');
    const missing = await service.operator(`${path(tenantId)}/versions/9`);
    expect(missing.status).to.equal(404);
    expect((await errorOf(missing)).code).to.equal('compliance_version_not_found');
    const malformed = await service.operator(`${path(tenantId)}/versions/um`);
    expect(malformed.status).to.equal(400);
    expect(await errorOf(malformed)).to.include({ code: 'invalid_request', param: 'version' });
  });

  it('refuses a change made on a version no longer current (409 concurrent_update)', async () => {
    const now = await current();
    const response = await put(bodyFrom(now, { cos_four_eyes: !now.cos_four_eyes, base_version: 0 }));
    expect(response.status).to.equal(409);
    expect(await errorOf(response)).to.include({ code: 'concurrent_update', param: 'base_version' });
    expect((await current()).version).to.equal(now.version);
  });

  const refusals: [string, (now: Settings) => Record<string, unknown>, string][] = [
    ['a CNPJ whose check digits fail', () => ({ reporting_entities: [{ ...entity, cnpj: `${CNPJ.slice(0, 13)}${(Number(CNPJ[13]) + 1) % 10}` }] }), 'reporting_entities.0.cnpj'],
    ['an AgUF that is no UF', () => ({ reporting_entities: [{ ...entity, ag_uf: 'ZZ' }] }), 'reporting_entities.0.ag_uf'],
    ['an AgMun over 50 characters', () => ({ reporting_entities: [{ ...entity, ag_mun: 'x'.repeat(51) }] }), 'reporting_entities.0.ag_mun'],
    ['an AgNum of 5 digits', () => ({ reporting_entities: [{ ...entity, ag_num: '00001' }] }), 'reporting_entities.0.ag_num'],
    ['a CodEnq code with letters', () => ({ cod_enq: [{ code: '23A', label: 'x', segment: 'BCB', known_from: 'instituição' }], cc4001_cod_enq: {} }), 'cod_enq.0.code'],
    ['a mapping key that is no Carta Circular 4.001 item', (now) => ({ cc4001_cod_enq: { ...now.cc4001_cod_enq, 'CC4001-I.zz': '232' } }), 'cc4001_cod_enq.CC4001-I.zz'],
    ['a holiday on 30/02', (now) => ({ holidays: [...now.holidays, { date: '2027-02-30', name: 'x', kind: 'institucional' }] }), `holidays.${0}.date`],
    ['a holiday kind not known', () => ({ holidays: [{ date: '2027-03-19', name: 'São José', kind: 'municipal' }] }), 'holidays.0.kind'],
    ['a blank note', () => ({ note: '  ', cos_four_eyes: false }), 'note'],
    ['an unknown field', () => ({ reporting_entities: [{ ...entity, ag_cep: '01000000' }] }), 'reporting_entities.0.ag_cep'],
    ['a mapping key reaching Object.prototype', () => ({ cc4001_cod_enq: { ['__proto__']: '232' } }), 'PROTO'],
  ];
  for (const [what, change, param] of refusals) {
    it(`refuses ${what} (400 invalid_request naming the field), writing nothing`, async () => {
      const now = await current();
      const body = bodyFrom(now, change(now));
      const response = await put(body);
      expect(response.status).to.equal(400);
      const error = await errorOf(response);
      expect(error.code).to.equal('invalid_request');
      if (what === 'a holiday on 30/02') expect(error.param).to.match(/^holidays\.\d+\.date$/);
      else if (param === 'PROTO') expect(error.param).to.match(/__proto__/);
      else expect(error.param).to.equal(param);
      expect((await current()).version).to.equal(now.version);
    });
  }

  it('refuses a body that is not a JSON object (400 invalid_json) and a malformed tenant id (400 invalid_id)', async () => {
    const array = await service.operator(path(tenantId), { method: 'PUT', json: [] });
    expect(array.status).to.equal(400);
    expect((await errorOf(array)).code).to.equal('invalid_json');
    const malformed = await service.operator('/tenants/not-a-uuid/compliance_settings');
    expect(malformed.status).to.equal(400);
    expect((await errorOf(malformed)).code).to.equal('invalid_id');
  });

  it('answers 404 tenant_not_found for a tenant that does not exist, on every operation', async () => {
    const seed = await current(otherId);
    for (const response of [await get(UNKNOWN), await put(bodyFrom(seed, {}), UNKNOWN), await service.operator(`${path(UNKNOWN)}/versions/0`)]) {
      expect(response.status).to.equal(404);
      expect((await errorOf(response)).code).to.equal('tenant_not_found');
    }
  });

  it('keeps each tenant\'s settings apart: another tenant still has the seed', async () => {
    const other = await current(otherId);
    expect(other.version).to.equal(0);
    expect(other.reporting_entities).to.deep.equal([]);
  });

  it('needs the operator token (401)', async () => {
    const response = await service.call(`/operator/v1${path(tenantId)}`);
    expect(response.status).to.equal(401);
    const putResponse = await service.call(`/operator/v1${path(tenantId)}`, { method: 'PUT', json: {} });
    expect(putResponse.status).to.equal(401);
    const version = await service.call(`/operator/v1${path(tenantId)}/versions/0`);
    expect(version.status).to.equal(401);
  });
});

describe('dashboard: "Calendário de dias úteis" and "Comunicação ao COAF" (issue 30)', () => {
  let service: TestService;
  let tenantId: string;
  let officer: SignedIn;
  let admin: SignedIn;
  let viewer: SignedIn;
  let analyst: SignedIn;
  before(async () => {
    service = await startService();
    tenantId = (await createTenant(service, 'Banco Painel')).tenant_id;
    [officer, admin, viewer, analyst] = await Promise.all([
      dashboardUser(service, tenantId, 'compliance_officer'),
      dashboardUser(service, tenantId, 'admin'),
      dashboardUser(service, tenantId, 'viewer'),
      dashboardUser(service, tenantId, 'analyst'),
    ]);
  });
  after(async () => service.close());

  const versionOf = (html: string): string => /data-testid="(?:calendar|coaf)-version">(?:Versão atual<br><strong>)?(\d+)/.exec(html)?.[1] ?? 'none';
  const settingsNow = async () => (await (await service.operator(`/tenants/${tenantId}/compliance_settings`)).json()) as Settings;

  it('is linked from the settings navigation', async () => {
    const page = await viewer.get('/dashboard/settings');
    expect(page.html).to.contain('href="/dashboard/settings/calendar"').and.contain('href="/dashboard/settings/coaf"');
  });

  it('shows a year\'s holidays in pt-BR (dd/mm/aaaa, weekday, kind), the business days and the 10th business day of January', async () => {
    const page = await viewer.get('/dashboard/settings/calendar?ano=2026');
    expect(page.status).to.equal(200);
    expect(page.html).to.contain(date('2026-02-16')).and.contain('segunda-feira').and.contain('Carnaval (segunda-feira)');
    expect(page.html).to.contain('title="bancario">Sem expediente bancário');
    expect(page.html).to.contain(date('2026-04-03')).and.contain('Sexta-feira da Paixão');
    expect(page.html).to.contain(`10º dia útil de 2026<br><strong>${date('2026-01-15')}</strong>`);
    // a viewer reads, but has no form
    expect(page.html).not.to.contain('data-testid="holiday-form"');
    expect(page.html).not.to.contain('/remove"');
  });

  it('lets a compliance officer add a holiday: a new version with who and when, read by the clocks; the year comes back', async () => {
    const page = await officer.get('/dashboard/settings/calendar?ano=2027');
    const base = versionOf(page.html);
    const added = await officer.post('/dashboard/settings/calendar/holidays', { base_version: base, ano: '2027', date: '19/03/2027', name: 'São José', kind: 'institucional', note: '' });
    expect(added.status).to.equal(200);
    expect(added.url).to.equal('/dashboard/settings/calendar?ano=2027');
    expect(added.html).to.contain(date('2027-03-19')).and.contain('São José');
    expect(added.html).to.contain('Feriado incluído. Versão 1 registrada.');
    const v = await settingsNow();
    expect(v.version).to.equal(1);
    expect(v.changed_by).to.equal(`user:${officer.user.user_id}`);
    expect(added.html).to.contain(officer.user.email).and.contain(dateTime(v.changed_at!));
    expect(added.html).to.contain(`Feriado incluído: ${date('2027-03-19')} (São José)`);
    expect(await loadHolidays(service.services.log, tenantId)).to.include('2027-03-19');
    const events = await service.services.log.readStream(`compliance-${tenantId}`);
    expect(events.at(-1)!.metadata.actor).to.equal(`user:${officer.user.user_id}`);
  });

  it('refuses a holiday on a date that has one (400), beside the field, keeping what was typed', async () => {
    const page = await officer.get('/dashboard/settings/calendar?ano=2027');
    const refused = await officer.post('/dashboard/settings/calendar/holidays', { base_version: versionOf(page.html), ano: '2027', date: '2027-03-19', name: 'Outro nome', kind: 'institucional' });
    expect(refused.status).to.equal(400);
    expect(refused.html).to.contain('id="holiday-date-error"').and.contain(`Já há um feriado em ${date('2027-03-19')}.`);
    expect(refused.html).to.contain('value="Outro nome"');
  });

  it('refuses a holiday name with a bidi override (400), echoing what was typed without it', async () => {
    const page = await officer.get('/dashboard/settings/calendar?ano=2027');
    const refused = await officer.post('/dashboard/settings/calendar/holidays', { base_version: versionOf(page.html), ano: '2027', date: '09/07/2027', name: 'Feriado \u202Eetnatropmi', kind: 'institucional' });
    expect(refused.status).to.equal(400);
    expect(refused.html).to.contain('id="holiday-name-error"');
    expect(refused.html).to.contain('value="Feriado etnatropmi"').and.not.contain('\u202E');
  });

  it('refuses a date that does not exist (400), typed as a person types it', async () => {
    const page = await officer.get('/dashboard/settings/calendar?ano=2027');
    const refused = await officer.post('/dashboard/settings/calendar/holidays', { base_version: versionOf(page.html), ano: '2027', date: '31/02/2027', name: 'Inexistente', kind: 'institucional' });
    expect(refused.status).to.equal(400);
    expect(refused.html).to.contain('id="holiday-date-error"').and.contain('Informe uma data válida, como dd/mm/aaaa.');
    expect(refused.html).to.contain('value="31/02/2027"');
  });

  it('refuses a change made on a version that is no longer current (409), changing nothing', async () => {
    const before = await settingsNow();
    const stale = await officer.post('/dashboard/settings/calendar/holidays', { base_version: '0', ano: '2027', date: '2027-07-09', name: 'Revolução Constitucionalista', kind: 'institucional' });
    expect(stale.status).to.equal(409);
    expect(stale.html).to.contain('data-testid="form-error"').and.contain('recarregue e refaça a alteração');
    expect((await settingsNow()).version).to.equal(before.version);
  });

  it('lets an admin remove a holiday: the next version, the previous one still in the history', async () => {
    const page = await admin.get('/dashboard/settings/calendar?ano=2027');
    const removed = await admin.post('/dashboard/settings/calendar/holidays/2027-03-19/remove', { base_version: versionOf(page.html), ano: '2027' });
    expect(removed.status).to.equal(200);
    expect(removed.html).not.to.contain('data-date="2027-03-19"');
    expect(removed.html).to.contain(`Feriado removido: ${date('2027-03-19')} (São José)`);
    expect((removed.html.match(/data-testid="version-row"/g) ?? []).length).to.equal(3);
    expect(await loadHolidays(service.services.log, tenantId)).not.to.include('2027-03-19');
  });

  it('shows a past version read only from the history: what the calendar was, with who and when', async () => {
    const current = await officer.get('/dashboard/settings/calendar?ano=2027');
    expect(current.html).to.contain('href="/dashboard/settings/calendar?ano=2027&amp;versao=1"');
    const v1 = await officer.get('/dashboard/settings/calendar?ano=2027&versao=1');
    expect(v1.status).to.equal(200);
    expect(v1.html).to.contain('data-testid="past-version"').and.contain('Você está vendo a versão 1').and.contain(officer.user.email);
    expect(v1.html).to.contain('data-date="2027-03-19"');
    expect(v1.html).not.to.contain('data-testid="holiday-form"').and.not.contain('/remove"');
    const seed = await officer.get('/dashboard/settings/calendar?ano=2027&versao=0');
    expect(seed.html).to.contain('semente inicial').and.not.contain('data-date="2027-03-19"');
    expect(current.html).not.to.contain('data-testid="past-version"');
    expect((await officer.get('/dashboard/settings/calendar?versao=99')).status).to.equal(404);
    expect((await officer.get('/dashboard/settings/calendar?versao=x')).status).to.equal(400);
  });

  it('refuses an unknown year (400) and the edits of a viewer or an analyst (403)', async () => {
    expect((await viewer.get('/dashboard/settings/calendar?ano=abc')).status).to.equal(400);
    for (const user of [viewer, analyst]) {
      const page = await user.get('/dashboard/settings/calendar');
      const refused = await user.post('/dashboard/settings/calendar/holidays', { base_version: versionOf(page.html), date: '2027-07-09', name: 'x', kind: 'institucional' });
      expect(refused.status).to.equal(403);
      expect((await user.post('/dashboard/settings/coaf/four-eyes', { base_version: versionOf(page.html), cos_four_eyes: 'on' })).status).to.equal(403);
    }
  });

  it('refuses a form without the session\'s token (403)', async () => {
    const page = await officer.get('/dashboard/settings/calendar');
    expect((await officer.post('/dashboard/settings/calendar/holidays', { base_version: versionOf(page.html), date: '2027-07-09', name: 'x', kind: 'institucional' }, { csrf: false })).status).to.equal(403);
  });

  it('COAF: refuses a reporting entity with a wrong CNPJ or an AgMun over 50 characters beside the field, then records a valid one as the default', async () => {
    let page = await officer.get('/dashboard/settings/coaf');
    expect(page.status).to.equal(200);
    expect(page.html).to.contain('Titular').and.contain('não verificado para o BCB');
    const wrong = `${CNPJ.slice(0, 13)}${(Number(CNPJ[13]) + 1) % 10}`;
    const fields = { name: 'Banco Painel S.A.', ag_num: '0001', ag_nome: 'Matriz', ag_mun: 'Campinas', ag_uf: 'SP' };
    const refused = await officer.post('/dashboard/settings/coaf/entities', { base_version: versionOf(page.html), cnpj: wrong, ...fields });
    expect(refused.status).to.equal(400);
    expect(refused.html).to.contain('id="entity-cnpj-error"').and.contain('CNPJ inválido');
    expect(refused.html).to.contain('value="Campinas"');
    const long = await officer.post('/dashboard/settings/coaf/entities', { base_version: versionOf(page.html), cnpj: CNPJ, ...fields, ag_mun: 'M'.repeat(51) });
    expect(long.status).to.equal(400);
    expect(long.html).to.contain('id="entity-ag_mun-error"');
    page = await officer.post('/dashboard/settings/coaf/entities', { base_version: versionOf(page.html), cnpj: CNPJ, ...fields });
    expect(page.status).to.equal(200);
    expect(page.html).to.contain(documentText(CNPJ)).and.contain('Campinas / SP');
    expect((await settingsNow()).reporting_entities).to.deep.equal([{ cnpj: CNPJ, ...fields, default: true }]);
  });

  it('COAF: a CodEnq with where it came from, a Carta Circular 4.001 item mapped to it, four-eyes on', async () => {
    let page = await officer.get('/dashboard/settings/coaf');
    expect(page.html).to.contain('Inclua ao menos um CodEnq');
    const bad = await officer.post('/dashboard/settings/coaf/codes/cod_enq', { base_version: versionOf(page.html), code: 'A1', label: 'x', segment: 'BCB', known_from: 'tela do Siscoaf' });
    expect(bad.status).to.equal(400);
    expect(bad.html).to.contain('id="cod_enq-code-error"');
    page = await officer.post('/dashboard/settings/coaf/codes/cod_enq', { base_version: versionOf(page.html), code: '232', label: 'Movimentação atípica', segment: 'BCB', known_from: 'tela do Siscoaf da instituição' });
    expect(page.status).to.equal(200);
    expect(page.html).to.contain('tela do Siscoaf da instituição');
    page = await officer.post('/dashboard/settings/coaf/mapping', { base_version: versionOf(page.html), reason: 'CC4001-I.a', cod_enq: '232' });
    expect(page.status).to.equal(200);
    expect(page.html).to.contain('title="CC4001-I.a"');
    const unknown = await officer.post('/dashboard/settings/coaf/mapping', { base_version: versionOf(page.html), reason: 'CC4001-XX.z', cod_enq: '232' });
    expect(unknown.status).to.equal(400);
    expect(unknown.html).to.contain('id="mapping-reason-error"');
    page = await officer.post('/dashboard/settings/coaf/four-eyes', { base_version: versionOf(page.html), cos_four_eyes: 'on' });
    expect(page.status).to.equal(200);
    const now = await settingsNow();
    expect(now.cod_enq).to.deep.equal([{ code: '232', label: 'Movimentação atípica', segment: 'BCB', known_from: 'tela do Siscoaf da instituição' }]);
    expect(now.cc4001_cod_enq).to.deep.equal({ 'CC4001-I.a': '232' });
    expect(now.cos_four_eyes).to.equal(true);
    const read = await viewer.get('/dashboard/settings/coaf');
    expect(read.html).to.contain('Ligado: uma segunda pessoa aprova').and.not.contain('data-testid="four-eyes-form"');
  });

  it('keeps tenants apart: another tenant\'s user sees its own calendar', async () => {
    const otherTenant = (await createTenant(service, 'Outro Painel')).tenant_id;
    const other = await dashboardUser(service, otherTenant, 'admin');
    const page = await other.get('/dashboard/settings/coaf');
    expect(page.html).not.to.contain('Banco Painel S.A.');
    expect(versionOf(page.html)).to.equal('0');
  });
});
