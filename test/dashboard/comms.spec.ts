import { expect } from 'chai';
import { brasiliaInstant, brlAmount } from '../../src/http/dashboard/cases/forms.js';
import { dateTime } from '../../src/reports/html.js';
import { borrowedRenderer } from '../helpers/pdf.js';
import type { TestService } from '../helpers/service.js';
import { draftsOf, frozenCustomer } from '../http/freeze-support.js';
import { cpf, eventually, startRunsService, type Json } from '../http/runs-support.js';
import { sectionOf, team, type Team } from './screens-support.js';

const brasiliaLocal = (msAgo: number) => new Date(Date.now() - 3 * 3_600_000 - msAgo).toISOString().slice(0, 16);

/** The case page's "Comunicações do bloqueio (Lei 13.810/2019)" over HTTP (issue 29). */
describe('dashboard freeze communications', function () {
  this.timeout(180_000);
  let service: TestService;
  let acme: Team;
  let other: Team;
  let frozen: { customerId: string; alertId: string };
  let late: { customerId: string; alertId: string };

  before(async () => {
    service = await startRunsService({ env: { SVC_WORK_POLL_MS: '100' }, overrides: () => ({ pdfRenderer: borrowedRenderer() }) });
    acme = await team(service, 'Acme Painel Bloqueio');
    other = await team(service, 'Outra Painel Bloqueio');
    frozen = await frozenCustomer(service, acme, { name: 'Ana Sancionada Exemplo', doc: cpf(921) });
    late = await frozenCustomer(service, acme, { name: 'Bruno Atrasado Exemplo', doc: cpf(922), raisedAt: new Date(Date.now() - 30 * 3_600_000).toISOString() });
    await draftsOf(service, frozen.customerId, 3);
    await draftsOf(service, late.customerId, 3);
  });
  after(async () => service.close());

  it('reads Brasília times and Brazilian amounts from the forms', () => {
    expect(brasiliaInstant('2026-11-27T09:30')).to.equal('2026-11-27T09:30:00-03:00');
    expect(brasiliaInstant('ontem')).to.equal('ontem');
    expect(brlAmount('15.230,55')).to.equal(15230.55);
    expect(brlAmount('R$ 1000,5')).to.equal(1000.5);
    expect(brlAmount('99.5')).to.equal(99.5);
    expect(brlAmount(' ')).to.equal(null);
    expect(brlAmount('mil reais')).to.equal('mil reais');
  });

  it('shows the section with the three drafts in pt-BR, raw codes as tooltips, the freeze in Brasília time', async () => {
    const page = await acme.analyst.get(`/dashboard/casos/${frozen.customerId}`);
    expect(page.status).to.equal(200);
    const section = sectionOf(page.html, 'case-freeze');
    expect(section).to.contain('Comunicações do bloqueio (Lei 13.810/2019)');
    expect(section).to.contain('title="coaf">COAF (Siscoaf)</span>').and.contain('title="mjsp">Ministério da Justiça (MJSP/DRCI)</span>').and.contain('title="bcb">Banco Central (BCB)</span>');
    expect(section).to.contain('title="un_sc">Conselho de Segurança da ONU');
    const freeze = ((await (await service.operator(`/cases/${frozen.customerId}/communications`)).json()) as Json)['freeze'] as Json;
    expect(section).to.contain(dateTime(freeze['raised_at']));
    expect(section).to.contain(`/dashboard/casos/${frozen.customerId}/comunicacoes/${frozen.alertId}.inicial.coaf/pdf`);
    const pdf = await fetch(`${service.base}/dashboard/casos/${frozen.customerId}/comunicacoes/${frozen.alertId}.inicial.coaf/pdf`, { headers: { cookie: [...acme.analyst.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(pdf.status).to.equal(200);
    expect(pdf.headers.get('content-type')).to.equal('application/pdf');
  });

  it('refuses a malformed amount and a late freeze without justification beside the form, keeping what was typed; records them once right', async () => {
    const base = { frozen_at: brasiliaLocal(60_000), asset_kind: 'conta', asset_description: 'Conta 777-1', asset_amount: 'mil reais' };
    const bad = await acme.analyst.post(`/dashboard/casos/${frozen.customerId}/bloqueio/medidas`, base);
    expect(bad.status).to.equal(400);
    expect(sectionOf(bad.html, 'field-error-measures')).to.contain('Valor inválido: escreva só números, como 15.230,55.');
    expect(bad.html).to.contain('value="mil reais"').and.contain('value="Conta 777-1"');
    const noReason = await acme.analyst.post(`/dashboard/casos/${late.customerId}/bloqueio/medidas`, { ...base, asset_amount: '10,00' });
    expect(noReason.status).to.equal(400);
    expect(sectionOf(noReason.html, 'field-error-measures')).to.contain('Decreto 9.825/2019');
    const ok = await acme.analyst.post(`/dashboard/casos/${late.customerId}/bloqueio/medidas`, { ...base, asset_amount: '10,00', justification: 'Conta só identificada na conciliação.' });
    expect(ok.status, ok.html.slice(0, 400)).to.equal(200);
    expect(ok.html).to.contain('Medidas registradas');
    expect(sectionOf(ok.html, 'case-freeze-measures')).to.contain('Conta 777-1').and.contain('Conta só identificada na conciliação.').and.contain('fora do prazo');
    await draftsOf(service, late.customerId, 6);
  });

  it('records a sending with its protocol; a blank protocol is refused by its field', async () => {
    await acme.analyst.get(`/dashboard/casos/${frozen.customerId}`);
    const draftId = `${frozen.alertId}.inicial.mjsp`;
    const blank = await acme.analyst.post(`/dashboard/casos/${frozen.customerId}/comunicacoes/enviada`, { draft_id: draftId, sent_at: brasiliaLocal(60_000), protocol: ' ' });
    expect(blank.status).to.equal(400);
    expect(sectionOf(blank.html, 'field-error-sent')).to.contain('Informe o número do protocolo');
    const sent = await acme.analyst.post(`/dashboard/casos/${frozen.customerId}/comunicacoes/enviada`, { draft_id: draftId, sent_at: brasiliaLocal(60_000), protocol: 'MJ-2026-42' });
    expect(sent.status).to.equal(200);
    await eventually(async () => {
      const page = await acme.analyst.get(`/dashboard/casos/${frozen.customerId}`);
      expect(sectionOf(page.html, 'case-freeze-drafts')).to.contain('protocolo MJ-2026-42');
    });
  });

  it('a viewer reads but does not act; another tenant finds neither the case nor its files', async () => {
    const viewed = await acme.viewer.get(`/dashboard/casos/${frozen.customerId}`);
    expect(viewed.status).to.equal(200);
    expect(viewed.html).to.contain('data-testid="case-freeze"').and.not.contain('data-testid="case-freeze-measures-form"');
    expect((await acme.viewer.post(`/dashboard/casos/${frozen.customerId}/bloqueio/medidas`, { frozen_at: brasiliaLocal(0) })).status).to.equal(403);
    await other.analyst.get('/dashboard/casos');
    expect((await other.analyst.get(`/dashboard/casos/${frozen.customerId}/comunicacoes/${frozen.alertId}.inicial.coaf/pdf`)).status).to.equal(404);
    expect((await other.analyst.post(`/dashboard/casos/${frozen.customerId}/bloqueio/medidas`, { frozen_at: brasiliaLocal(0) })).status).to.equal(404);
  });
});
