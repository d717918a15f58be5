import { expect } from 'chai';
import type { AlertDoc } from '../../src/projections/monitoring-alerts.js';
import { alertTimeline } from '../../src/reports/alert-timeline.js';
import { pdfText } from '../helpers/pdf.js';
import type { TestService } from '../helpers/service.js';
import { createCustomer, patchTenant, pfBody } from './customers-support.js';
import { deliveredAlert, unFile, uploadUn } from './evidence-support.js';
import { localFileUrl, startPdfService } from './reports-support.js';
import { createRun, pfSubject, waitForRun, world, type Json } from './runs-support.js';
import { putEndpoint, startReceiver, type Receiver } from './webhooks-support.js';

const flat = (text: string) => text.replace(/\s+/g, ' ');

/**
 * Issue 29: the `completo` report of a customer's run tells the customer's monitoring alerts
 * with their timelines (publication, download, index, alert, delivery), in Brasília time, with
 * the durations between the steps: the same formatter as the dashboard's.
 */
describe("the completo report's monitoring alerts section (issue 29)", function () {
  this.timeout(120_000);
  let service: TestService;
  let rx: Receiver;
  before(async () => {
    rx = await startReceiver();
    service = await startPdfService({ env: { SVC_WEBHOOK_ALLOW_INSECURE: 'true', SVC_WORK_POLL_MS: '100' } });
  });
  after(async () => {
    await service.close();
    await rx.close();
  });

  const reportText = async (key: string, runId: string): Promise<string> => {
    expect((await service.operator(`/runs/${runId}/report?mode=completo`, { method: 'POST' })).status).to.equal(201);
    const link = await service.call(`/api/v1/bureau/runs/${runId}/report?mode=completo`, { headers: { 'x-api-key': key }, redirect: 'manual' });
    expect(link.status).to.equal(302);
    const file = await fetch(localFileUrl(service, link.headers.get('location')!));
    return flat((await pdfText(Buffer.from(await file.arrayBuffer()))).text);
  };

  it('shows each step of the alert with its time and the time since the step before, and the delivery', async () => {
    const w = await world(service, 'Relatório Evidência');
    await patchTenant(service, w.tenant.tenant_id, { default_templates: { pf: w.pf, pj: w.pj } });
    await putEndpoint(service, w.tenant.tenant_id, 'sandbox', rx.url(), ['customer.monitoring_alert']);
    const created = await createCustomer(service, w.key, pfBody('52998224725', { name: 'Teodoro Valadares Brandão', run_bureau: true }));
    const runId = created['run_id'] as string;
    await waitForRun(service, w.key, runId);
    expect((await service.operator(`/customers/${created['customer_id']}`, { method: 'PATCH', json: { status: 'em_monitoramento' } })).status).to.equal(200);
    await uploadUn(service, unFile('2026-11-27T11:00:09.554Z', ['TEODORO', 'VALADARES', 'BRANDAO']));
    const alert = await deliveredAlert(service, w.tenant.tenant_id, created['customer_id']);

    const text = await reportText(w.key, runId);
    expect(text).to.include('5. Alertas de monitoramento do cliente');
    expect(text).to.include('TEODORO VALADARES BRANDAO — Conselho de Segurança da ONU – Lista consolidada');
    const timeline = alertTimeline(alert as unknown as AlertDoc);
    expect(timeline.steps.map((s) => s.key)).to.include.members(['raised', 'delivered']);
    for (const step of timeline.steps) {
      expect(text, step.key).to.include(`${step.label} ${step.when} ${step.after ? `+ ${step.after}` : '—'}`);
    }
    if (timeline.total) expect(text).to.include(`Da publicação ao aviso entregue: ${timeline.total}`);
  });

  it('a customer without alerts: the section says so; a run without a customer has no such section', async () => {
    const w = await world(service, 'Sem Alertas');
    await patchTenant(service, w.tenant.tenant_id, { default_templates: { pf: w.pf, pj: w.pj } });
    const created = (await createCustomer(service, w.key, pfBody('11144477735', { name: 'Cliente Sem Alerta', run_bureau: true }))) as Json;
    await waitForRun(service, w.key, created['run_id']);
    expect(await reportText(w.key, created['run_id'])).to.include('Nenhum alerta de monitoramento registrado para o cliente.');
    const runId = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('52998224725', 'Avulso Sem Cliente') });
    await waitForRun(service, w.key, runId);
    expect(await reportText(w.key, runId)).to.not.include('Alertas de monitoramento do cliente');
  });
});
