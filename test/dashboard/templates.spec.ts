import { expect } from 'chai';
import { REFERENCE_PF } from '../../src/domain/template/reference.js';
import { getRun } from '../../src/projections/runs.js';
import { getTemplate, type TemplateDoc } from '../../src/projections/templates.js';
import { signedIn } from './screens-support.js';
import { type SignedIn } from '../helpers/dashboard.js';
import type { TestService } from '../helpers/service.js';
import { createRun, createTemplate, pfSubject, startRunsService, waitForRun, world, type World } from '../http/runs-support.js';

const XSS_SCRIPT = '<script>alert(1)</script>';
const XSS_ATTR = '"><img src=x onerror=alert(1)>';

type Fields = Record<string, string | string[]>;

/** The fields of the template form, as a browser sends them (sources as checkboxes, a tier select each). */
function templateForm(fields: { name: string; subject_type?: string; sources: Record<string, number | string>; rules?: string; medio?: string; alto?: string; parameters?: string[] }): Fields {
  const form: Fields = { name: fields.name, subject_type: fields.subject_type ?? 'pf', medio: fields.medio ?? '30', alto: fields.alto ?? '60', rules: fields.rules ?? '[]' };
  form['parameters'] = fields.parameters ?? ['name'];
  form['source'] = Object.keys(fields.sources);
  for (const [id, tier] of Object.entries(fields.sources)) form[`tier_${id}`] = String(tier);
  return form;
}

const tenantTemplates = (service: TestService, tenantId: string) => service.services.readStore.find<TemplateDoc>('templates', { where: { tenant_id: tenantId }, limit: 100 });

describe('dashboard: templates', () => {
  let service: TestService;
  let w: World;
  let other: World;
  let admin: SignedIn;
  let analyst: SignedIn;
  let viewer: SignedIn;
  let globalId: string;
  let otherId: string;

  before(async () => {
    service = await startRunsService();
    w = await world(service, 'Banco Modelos');
    other = await world(service, 'Outro Banco');
    globalId = await createTemplate(service, { global: true }, { ...REFERENCE_PF, name: 'Global PF da plataforma' });
    otherId = await createTemplate(service, { tenant_id: other.tenant.tenant_id }, { ...REFERENCE_PF, name: 'Modelo secreto do outro banco' });
    ({ admin, analyst, viewer } = await signedIn(service, w.tenant.tenant_id));
  });
  after(async () => service.close());

  it("lists the tenant's templates and the global ones, never another tenant's; names render inert", async () => {
    await createTemplate(service, { tenant_id: w.tenant.tenant_id }, { ...REFERENCE_PF, name: `PF ${XSS_SCRIPT} ${XSS_ATTR}` });
    const page = await viewer.get('/dashboard/templates');
    expect(page.status).to.equal(200);
    const own = /data-testid="templates-own">([\s\S]*?)<\/table>/.exec(page.html)![1]!;
    const global = /data-testid="templates-global">([\s\S]*?)<\/table>/.exec(page.html)![1]!;
    expect(own).to.contain(`/dashboard/templates/${w.pf}`).and.to.contain('PF padrão');
    expect(global).to.contain(`/dashboard/templates/${globalId}`).and.to.contain('Global PF da plataforma');
    expect(page.html).not.to.contain('Modelo secreto do outro banco');
    expect(page.html).to.contain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.html).not.to.contain(XSS_SCRIPT);
    expect(page.html).not.to.contain('<img src=x');
    // a viewer sees no way to create one
    expect(page.html).not.to.contain('data-testid="template-new"');
  });

  it('shows the definition (sources with tier, rules, thresholds) and how many runs used each version', async () => {
    const runId = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000191') });
    await waitForRun(service, w.key, runId);
    const page = await analyst.get(`/dashboard/templates/${w.pf}`);
    expect(page.status).to.equal(200);
    expect(page.html).to.contain('<h1>PF padrão</h1>');
    const sources = /data-testid="template-sources">([\s\S]*?)<\/table>/.exec(page.html)![1]!;
    expect(sources).to.contain('receita_cpf').and.to.contain('1 · Crítica').and.to.contain('negative_media').and.to.contain('3 · Informativa');
    // issue 28: the check and the action by their names, the codes as tooltips
    expect(/data-testid="template-rules">[\s\S]*?title="sanctions_hit">[^<]+<\/span><\/td><td><span title="block">Bloquear</.test(page.html)).to.equal(true);
    expect(page.html).to.contain('Abaixo de 30 pontos: Baixo');
    expect(/data-version="1">[\s\S]*?data-testid="version-runs">1</.test(page.html)).to.equal(true);
    expect(page.html).to.contain(`href="/dashboard/runs?template=${w.pf}"`);
    // only admins are offered the edit
    expect(page.html).not.to.contain('data-testid="template-edit"');
  });

  it('an admin creates a template, then publishes version 2; a run made with it records version 2', async () => {
    const created = await admin.post('/dashboard/templates/new', templateForm({ name: 'PF enxuto', sources: { receita_cpf: 1, sanctions: 1 }, rules: '[{"check_id":"sanctions_hit","on_invalid":"block"}]' }));
    expect(created.status).to.equal(200);
    const templateId = /^\/dashboard\/templates\/([0-9a-f-]{36})$/.exec(created.url)![1]!;
    expect(created.html).to.contain('Modelo criado (versão 1).');
    const v1 = (await getTemplate(service.services.readStore, templateId))!;
    expect(v1).to.include({ tenant_id: w.tenant.tenant_id, version: 1 });
    expect(v1.definition.sources).to.deep.equal([
      { source_id: 'receita_cpf', tier: 1 },
      { source_id: 'sanctions', tier: 1 },
    ]);
    const creation = (await service.services.log.readStream(`template-${templateId}`))[0]!;
    expect(creation.metadata.actor).to.equal(`user:${admin.user.user_id}`);

    const editPage = await admin.get(`/dashboard/templates/${templateId}/edit`);
    expect(editPage.status).to.equal(200);
    expect(editPage.html).to.contain('value="PF enxuto"');
    const revised = await admin.post(`/dashboard/templates/${templateId}/edit`, templateForm({ name: 'PF enxuto', sources: { receita_cpf: 1, sanctions: 1, pep: 2 }, rules: '[]', medio: '25' }));
    expect(revised.url).to.equal(`/dashboard/templates/${templateId}`);
    expect(revised.html).to.contain('Versão 2 publicada.');
    const v2 = (await getTemplate(service.services.readStore, templateId))!;
    expect(v2.version).to.equal(2);
    expect(v2.definition.risk_thresholds).to.deep.equal({ medio: 25, alto: 60 });
    expect(v2.definition.rules).to.deep.equal([]);

    const runId = await createRun(service, w.key, { template_id: templateId, subject: pfSubject('00000000191') });
    await waitForRun(service, w.key, runId);
    expect((await getRun(service.services.readStore, runId))!.template_version).to.equal(2);
    const detail = await viewer.get(`/dashboard/templates/${templateId}`);
    expect(detail.html).to.contain('data-testid="template-current-version">2<');
    expect(/data-version="2">[\s\S]*?data-testid="version-runs">1</.test(detail.html)).to.equal(true);
    expect(/data-version="1">[\s\S]*?data-testid="version-runs">0</.test(detail.html)).to.equal(true);
  });

  it('answers malformed rules JSON, or a definition the codec or the rules refuse, with 400 on the form; nothing written', async () => {
    const before = (await tenantTemplates(service, w.tenant.tenant_id)).length;
    const cases: [Fields, string][] = [
      [templateForm({ name: 'Quebrado', sources: { receita_cpf: 1 }, rules: '[{"check_id": ' }), 'As regras não são um JSON válido'],
      [templateForm({ name: 'Camada errada', sources: { receita_cpf: 7 } }), 'Invalid value for sources.0.tier'],
      [templateForm({ name: 'Limiar texto', sources: { receita_cpf: 1 }, medio: 'trinta' }), 'Invalid value for risk_thresholds.medio'],
      [templateForm({ name: 'Sem fontes', sources: {} }), 'A template needs at least one source.'],
    ];
    for (const [form, message] of cases) {
      const answer = await admin.post('/dashboard/templates/new', form);
      expect(answer.status, message).to.equal(400);
      expect(answer.html).to.contain('data-testid="form-error"').and.to.contain(message);
      // the form comes back as it was typed
      expect(answer.html).to.contain(`value="${String(form['name'])}"`);
    }
    expect((await tenantTemplates(service, w.tenant.tenant_id)).length).to.equal(before);
    const edit = await admin.post(`/dashboard/templates/${w.pf}/edit`, templateForm({ name: 'PF padrão', sources: { receita_cpf: 1 }, rules: 'not json' }));
    expect(edit.status).to.equal(400);
    expect(edit.html).to.contain('As regras não são um JSON válido');
    expect((await getTemplate(service.services.readStore, w.pf))!.version).to.equal(1);
  });

  it('refuses viewers and analysts (403) and a form without its CSRF token (403); nothing written', async () => {
    const before = (await tenantTemplates(service, w.tenant.tenant_id)).length;
    const form = () => templateForm({ name: 'Não deveria', sources: { receita_cpf: 1 } });
    for (const client of [viewer, analyst]) {
      expect((await client.get('/dashboard/templates/new')).status).to.equal(403);
      expect((await client.post('/dashboard/templates/new', form())).status).to.equal(403);
      expect((await client.post(`/dashboard/templates/${w.pf}/edit`, form())).status).to.equal(403);
    }
    const noCsrf = await admin.post('/dashboard/templates/new', form(), { csrf: false });
    expect(noCsrf.status).to.equal(403);
    const noCsrfEdit = await admin.post(`/dashboard/templates/${w.pf}/edit`, form(), { csrf: false });
    expect(noCsrfEdit.status).to.equal(403);
    expect((await tenantTemplates(service, w.tenant.tenant_id)).length).to.equal(before);
    expect((await getTemplate(service.services.readStore, w.pf))!.version).to.equal(1);
  });

  it("answers another tenant's template (or an unknown id) with 404; a global template is read-only", async () => {
    for (const path of [`/dashboard/templates/${otherId}`, `/dashboard/templates/${otherId}/edit`, '/dashboard/templates/00000000-0000-4000-8000-000000000000', '/dashboard/templates/nope']) {
      const page = await admin.get(path);
      expect(page.status, path).to.equal(404);
      expect(page.html).not.to.contain('Modelo secreto do outro banco');
    }
    const stolen = await admin.post(`/dashboard/templates/${otherId}/edit`, templateForm({ name: 'Tomado', sources: { receita_cpf: 1 } }));
    expect(stolen.status).to.equal(404);
    expect((await getTemplate(service.services.readStore, otherId))!.definition.name).to.equal('Modelo secreto do outro banco');
    const global = await admin.get(`/dashboard/templates/${globalId}`);
    expect(global.status).to.equal(200);
    expect(global.html).not.to.contain('data-testid="template-edit"');
    const changeGlobal = await admin.post(`/dashboard/templates/${globalId}/edit`, templateForm({ name: 'Tomado', sources: { receita_cpf: 1 } }));
    expect(changeGlobal.status).to.equal(403);
    expect((await getTemplate(service.services.readStore, globalId))!.version).to.equal(1);
  });
});
