import { expect } from 'chai';
import { dashboardUser } from '../helpers/dashboard.js';
import { pdfText } from '../helpers/pdf.js';
import type { TestService } from '../helpers/service.js';
import { patchTenant } from './customers-support.js';
import { localFileUrl, startPdfService } from './reports-support.js';
import { createRun, pfSubject, waitForRun, world, type Json } from './runs-support.js';
import { dateTime } from '../../src/reports/html.js';

const flat = (text: string) => text.replace(/\s+/g, ' ');

/** issue 28: the `completo` report names both analysts, their notes and times, and the automatic outcome. */
describe("the completo report's analyst decision section", () => {
  let service: TestService;
  before(async () => {
    service = await startPdfService();
  });
  after(() => service.close());

  it('shows the proposer, the confirmer, both notes, the times and the automatic outcome of a cleared block', async () => {
    const w = await world(service, 'Relatório');
    await patchTenant(service, w.tenant.tenant_id, { four_eyes: true });
    const a = await dashboardUser(service, w.tenant.tenant_id, 'analyst');
    const b = await dashboardUser(service, w.tenant.tenant_id, 'analyst');
    const runId = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000272') });
    await waitForRun(service, w.key, runId);
    const review = (json: Json) => service.operator(`/runs/${runId}/review`, { method: 'POST', json });
    expect((await review({ decision: 'approved', note: 'Homônimo: data de nascimento diferente', analyst: a.user.email })).status).to.equal(200);
    const confirmed = await review({ decision: 'approved', note: 'Confirmo a liberação', analyst: b.user.email });
    expect(confirmed.status).to.equal(200);
    const decided = ((await confirmed.json()) as Json).review;
    expect((await service.operator(`/runs/${runId}/report?mode=completo`, { method: 'POST' })).status).to.equal(201);
    const link = await service.call(`/api/v1/bureau/runs/${runId}/report?mode=completo`, { headers: { 'x-api-key': w.key }, redirect: 'manual' });
    expect(link.status).to.equal(302);
    const file = await fetch(localFileUrl(service, link.headers.get('location')!));
    const text = flat((await pdfText(Buffer.from(await file.arrayBuffer()))).text);
    expect(text).to.include('Decisão do analista');
    expect(text).to.include(`Proposta por ${a.user.email}, em ${dateTime(decided.proposed_at)}`);
    expect(text).to.include('Homônimo: data de nascimento diferente');
    expect(text).to.include(`Confirmada por ${b.user.email}, em ${dateTime(decided.decided_at)}`);
    expect(text).to.include('Confirmo a liberação');
    expect(text).to.include('Resultado automático Bloqueada · decisão Reprovado · faixa de risco não calculada');
  });
});
