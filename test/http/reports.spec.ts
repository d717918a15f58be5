import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ManualClock } from '../../src/adapters/clock.js';
import { runStream } from '../../src/domain/run/decider.js';
import { completoHtml, reportFooter } from '../../src/reports/run-report.js';
import { buildRunReportModel } from '../../src/reports/run-model.js';
import { pdfText } from '../helpers/pdf.js';
import { createTenant, type TestService } from '../helpers/service.js';
import { localFileUrl, startPdfService } from './reports-support.js';
import { createRun, errorOf, getJson, pfSubject, pjSubject, waitForRun, world, type Json, type World } from './runs-support.js';

const flat = (text: string) => text.replace(/\s+/g, ' ');

/** The test's own canonical JSON (sorted keys, no whitespace): the auditor's recomputation, independent of src/. */
function auditorJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(auditorJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${auditorJson((value as Json)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

describe('PDF reports: POST /operator/v1/runs/{id}/report, GET /api/v1/bureau/runs/{id}/report, GET /files/{token}', () => {
  let service: TestService;
  let w: World;
  let clock: ManualClock;
  let holding: string; // 00000004000170: completed, review, alto; 40 proceedings, 12 partners
  let clean: string; // 00000000191: completed, approved
  let pending: string; // 00000000353: pending_review (not terminal)
  let otherKey: string;
  const generated = new Map<string, Json>();

  const post = (runId: string, mode?: string) => service.operator(`/runs/${runId}/report${mode === undefined ? '' : `?mode=${mode}`}`, { method: 'POST' });
  const getReport = (key: string, runId: string, mode?: string) =>
    service.call(`/api/v1/bureau/runs/${runId}/report${mode === undefined ? '' : `?mode=${mode}`}`, { headers: { 'x-api-key': key }, redirect: 'manual' });
  const download = async (runId: string, mode: string) => {
    const r = await getReport(w.key, runId, mode);
    expect(r.status).to.equal(302);
    const file = await fetch(localFileUrl(service, r.headers.get('location')!));
    expect(file.status).to.equal(200);
    return Buffer.from(await file.arrayBuffer());
  };

  before(async () => {
    clock = new ManualClock('2026-11-22T12:00:00.000Z');
    service = await startPdfService({ clock });
    w = await world(service);
    holding = await createRun(service, w.key, { template_id: w.pj, subject: pjSubject('00000004000170', 'Holding Exemplo Participações Ltda') });
    clean = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000191') });
    pending = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000353') });
    for (const id of [holding, clean, pending]) await waitForRun(service, w.key, id);
    otherKey = (await (await createTenant(service, 'Outra')).key()).api_key;
  });

  after(() => service.close());

  describe('errors', () => {
    it('POST: 400 invalid_mode without or with a wrong mode, 400 invalid_id, 404 run_not_found, 400 run_not_terminal', async () => {
      expect((await errorOf(await post(holding))).code).to.equal('invalid_mode');
      expect((await errorOf(await post(holding, 'full'))).code).to.equal('invalid_mode');
      const badId = await post('not-a-uuid', 'resumido');
      expect([badId.status, (await errorOf(badId)).code]).to.deep.equal([400, 'invalid_id']);
      const missing = await post('6f1c1f0e-8b1a-4c7e-9d4e-1a2b3c4d5e6f', 'resumido');
      expect([missing.status, (await errorOf(missing)).code]).to.deep.equal([404, 'run_not_found']);
      const notTerminal = await post(pending, 'resumido');
      expect([notTerminal.status, (await errorOf(notTerminal)).code]).to.deep.equal([400, 'run_not_terminal']);
    });

    it('GET: 400 invalid_mode, 400 run_not_terminal, 404 report_not_found before generation, 404 run_not_found for another tenant, 403 without runs:read', async () => {
      const cases: [Response, number, string][] = [
        [await getReport(w.key, holding), 400, 'invalid_mode'],
        [await getReport(w.key, holding, 'tudo'), 400, 'invalid_mode'],
        [await getReport(w.key, pending, 'resumido'), 400, 'run_not_terminal'],
        [await getReport(w.key, clean, 'completo'), 404, 'report_not_found'],
        [await getReport(otherKey, holding, 'completo'), 404, 'run_not_found'],
        [await getReport((await w.tenant.key({ scopes: ['runs:write'] })).api_key, holding, 'completo'), 403, 'insufficient_scope'],
      ];
      for (const [response, status, code] of cases) expect([response.status, (await errorOf(response)).code]).to.deep.equal([status, code]);
    });

    it('a live key does not see the sandbox run (404 run_not_found)', async () => {
      const live = (await w.tenant.key({ environment: 'live' })).api_key;
      expect((await errorOf(await getReport(live, holding, 'resumido'))).code).to.equal('run_not_found');
    });
  });

  describe('completo of fixture 00000004000170', () => {
    let pdf: Buffer;
    let text: string;

    before(async () => {
      const r = await post(holding, 'completo');
      expect(r.status, await r.clone().text()).to.equal(201);
      generated.set('holding:completo', (await r.json()) as Json);
      pdf = await download(holding, 'completo');
      text = flat((await pdfText(pdf)).text);
    });

    it('has more than 20 pages of real content', async () => {
      const { pageCount, pages } = await pdfText(pdf);
      expect(pageCount).to.be.greaterThan(20);
      expect(generated.get('holding:completo')!['page_count']).to.equal(pageCount);
      // no blank pages: every page carries text beyond its footer
      for (const page of pages) {
        const body = flat(page).replace(`Relatório de Conformidade — Completo · Consulta ${holding}`, '').replace(/Página \d+ de \d+/, '');
        expect(body.trim().length).to.be.greaterThan(300);
      }
    });

    it("shows every source's normalised data, the 40 proceedings and the 12 partners, drawn", async () => {
      const run = (await service.services.log.readStream(runStream(holding))).filter((e) => e.type === 'SourceAnswered');
      const data = (id: string) => run.find((e) => e.data['source_id'] === id)!.data['data'] as Json;
      expect(text).to.include('Holding Exemplo Participações Ltda');
      expect(text).to.include(data('receita_cnpj')['nome_fantasia']);
      expect(text).to.include('Atividades econômicas (CNAE)');
      const proceedings = data('legal_proceedings')['proceedings'] as Json[];
      expect(proceedings).to.have.length(40);
      for (const p of proceedings) expect(text).to.include(p['number']);
      const partners = data('partners')['partners'] as Json[];
      expect(partners).to.have.length(12);
      for (const p of partners) expect(text).to.include(p['name']);
      expect(text).to.include('Participação efetiva e beneficiários finais');
      for (const list of data('sanctions')['lists_checked'] as string[]) expect(text).to.include(list);
      // the graph is an SVG: its node labels are text in the PDF, with the shares on the edges
      expect(text).to.include('Analisada'); // the root node's label, only in the drawing
      for (const p of partners.filter((x) => x['level'] === 1)) expect(text).to.include(`${p['share_percent']}%`);
    });

    it('has the decision, per-check details and the event history appendix with actor and request id', async () => {
      expect(text).to.include('Em revisão');
      expect(text).to.include('Alto');
      expect(text).to.include('3. Detalhamento das verificações');
      expect(text).to.include('civil_proceedings');
      expect(text).to.include('Anexo A — Histórico de eventos da consulta');
      for (const type of ['RunQueued', 'RunStarted', 'SourceAnswered', 'RunCompleted']) expect(text).to.include(type);
      expect(text).to.match(/api_key:[0-9a-f-]{36}/);
      expect(text).to.include('Parecer e assinatura do analista');
    });

    it("prints a SHA-256 of the run's history that an auditor recomputes from the audit API", async () => {
      const audit = (await (await service.operator(`/audit/streams?category=run&limit=1000`)).json()) as { data: Json[] };
      const events = audit.data.filter((e) => e['stream'] === runStream(holding)).sort((a, b) => a['revision'] - b['revision']);
      expect(events.length).to.be.greaterThan(5);
      const lines = events.map((e) => `${auditorJson({ position: e['position'], stream: e['stream'], revision: e['revision'], type: e['type'], data: e['data'], metadata: e['metadata'], recorded_at: e['recorded_at'] })}\n`);
      const digest = createHash('sha256').update(lines.join(''), 'utf8').digest('hex');
      const printed = /Resumo criptográfico do histórico \(SHA-256\) ([0-9a-f]{64})/.exec(text);
      expect(printed, 'digest in the appendix').to.not.equal(null);
      expect(printed![1]).to.equal(digest);
      expect(generated.get('holding:completo')!['history']).to.deep.include({ sha256: digest, event_count: events.length });
    });

    it('a second generation answers 200 with the same stored document', async () => {
      const again = await post(holding, 'completo');
      expect(again.status).to.equal(200);
      expect(((await again.json()) as Json)['sha256']).to.equal(createHash('sha256').update(pdf).digest('hex'));
      expect((await download(holding, 'completo')).equals(pdf)).to.equal(true);
    });

    it('rendering again from the same stored events and date gives identical bytes', async () => {
      const history = await service.services.log.readStream(runStream(holding));
      const model = buildRunReportModel(history, 'completo', generated.get('holding:completo')!['generated_at']);
      const again = await service.services.pdfRenderer.render(completoHtml(model), { footer: reportFooter(model), documentDate: new Date(model.generated_at) });
      expect(again.equals(pdf)).to.equal(true);
    });

    it('the signed URL serves application/pdf with a file name, for one hour', async () => {
      const r = await getReport(w.key, holding, 'completo');
      const location = r.headers.get('location')!;
      expect(location).to.match(/^https:\/\/files\.example\.test\/files\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
      const ok = await fetch(localFileUrl(service, location));
      expect(ok.headers.get('content-type')).to.equal('application/pdf');
      expect(ok.headers.get('content-disposition')).to.equal(`inline; filename="relatorio-completo-${holding}.pdf"`);
      await ok.arrayBuffer();
      clock.advance(59 * 60_000);
      const stillOk = await fetch(localFileUrl(service, location));
      expect(stillOk.status).to.equal(200);
      await stillOk.arrayBuffer();
      clock.advance(60_000);
      const expired = await fetch(localFileUrl(service, location));
      expect([expired.status, (await errorOf(expired)).code]).to.deep.equal([403, 'url_expired']);
      // a fresh GET signs a fresh hour
      const renewed = await getReport(w.key, holding, 'completo');
      expect((await fetch(localFileUrl(service, renewed.headers.get('location')!))).status).to.equal(200);
    });

    it('a forged or tampered token is 404', async () => {
      const location = (await getReport(w.key, holding, 'completo')).headers.get('location')!;
      const token = location.split('/files/')[1]!;
      const [payload, signature] = token.split('.') as [string, string];
      const otherBlob = Buffer.from(JSON.stringify({ b: 'reports/x/completo.pdf', f: 'x.pdf', x: 9_999_999_999 })).toString('base64url');
      const forged = [`${otherBlob}.${signature}`, `${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`, 'garbage', `${payload}.`];
      for (const bad of forged) {
        const r = await fetch(`${service.base}/files/${bad}`);
        expect([r.status, (await errorOf(r)).code], bad).to.deep.equal([404, 'not_found']);
      }
    });
  });

  describe('resumido', () => {
    it('has the decision, risk band, key findings and the sign-off block, in at most 4 pages', async () => {
      expect((await post(holding, 'resumido')).status).to.equal(201);
      const { pageCount, text } = await pdfText(await download(holding, 'resumido'));
      expect(pageCount).to.be.at.most(4);
      const t = flat(text);
      expect(t).to.include('Relatório de Conformidade — Resumo');
      expect(t).to.include('Em revisão');
      expect(t).to.include('Alto');
      expect(t).to.include('Principais apontamentos');
      expect(t).to.include('Processos cíveis');
      expect(t).to.include('Parecer e assinatura do analista');
      expect(t).to.include('Assinatura do analista');
    });

    it('concurrent generations of one run and mode store one document', async () => {
      const answers = await Promise.all([post(clean, 'resumido'), post(clean, 'resumido'), post(clean, 'resumido')]);
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).to.deep.equal([200, 200, 201]);
      const shas = new Set(await Promise.all(answers.map(async (r) => ((await r.json()) as Json)['sha256'])));
      expect(shas.size).to.equal(1);
      expect(await service.services.log.readStream(`report-${clean}-resumido`)).to.have.length(1);
      expect(readdirSync(join(service.dataDir, 'blobs', 'reports', clean)).filter((f) => f.endsWith('.pdf'))).to.have.length(1);
      const pdf = await download(clean, 'resumido');
      expect(flat((await pdfText(pdf)).text)).to.include('Aprovado');
    });
  });

  it('prints what a subject or source sent as text, never as markup', async () => {
    const id = await createRun(service, w.key, { template_id: w.pj, subject: pjSubject('00000001000136', 'Empresa <b>Negrito</b> & "Cia" <script>x()</script>') });
    await waitForRun(service, w.key, id);
    expect((await post(id, 'resumido')).status).to.equal(201);
    const text = flat((await pdfText(await download(id, 'resumido'))).text);
    expect(text).to.include('Empresa <b>Negrito</b> & "Cia" <script>x()</script>');
  });

  it('GET run still answers normally beside the report routes', async () => {
    expect((await getJson(service, w.key, `/bureau/runs/${holding}`)).status).to.equal(200);
  });
});
