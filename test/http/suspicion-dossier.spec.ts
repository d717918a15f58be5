import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import type { PdfRenderer } from '../../src/adapters/pdf/port.js';
import { handleCommand } from '../../src/commands/handle-command.js';
import { canonicalJson } from '../../src/domain/shared/canonical-json.js';
import { suspicionDecider, suspicionStream, type SuspicionCommand } from '../../src/domain/suspicion/decider.js';
import { caseDossier } from '../../src/queries/dossier.js';
import { dateTime } from '../../src/reports/html.js';
import { launchBrowser } from '../helpers/browser.js';
import { inviteThroughOperator, testEmail } from '../helpers/dashboard.js';
import { borrowedRenderer, pdfText } from '../helpers/pdf.js';
import type { TestService } from '../helpers/service.js';
import { createCustomer, patchTenant, pjBody } from './customers-support.js';
import { eventually, startRunsService, waitForRun, world, type Json, type World } from './runs-support.js';

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
const flat = (s: string) => s.replace(/\s+/g, ' ');
const SHOTS = '/tmp/shots30/dossier';
const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const ZIP_BYTES = Buffer.from('504b03041400000008000000000000000000000000000000000005000000612e747874', 'hex');

/** Issue 30, the dossier: notes, evidence, KYC snapshots and the export for the supervisor, through the operator API. */
describe('suspicion case dossier (operator API)', function () {
  this.timeout(180_000);
  let service: TestService;
  let acme: World;
  let other: World;
  let customerId: string;
  let runId: string;
  const htmls: string[] = [];
  const analysts: { id: string; email: string }[] = [];

  const recording = (): PdfRenderer => {
    const inner = borrowedRenderer();
    return { render: (html, options) => (htmls.push(html), inner.render(html, options)), close: () => inner.close() };
  };

  let commands = 0;
  const run = async (caseId: string, tenantId: string, command: SuspicionCommand) => {
    const now = command.now;
    const context = { metadata: { tenant_id: tenantId, actor: 'operator', request_id: null, occurred_at: now, correlation_id: caseId, causation_id: null }, commandId: `test-${++commands}-${caseId}` };
    const result = await handleCommand(service.services.log, suspicionStream(caseId), suspicionDecider, command, context);
    if (E.isLeft(result)) throw new Error(`${command.type}: ${result.left.code} ${result.left.message}`);
    await service.services.runner.waitFor(result.right.position);
  };

  /** A case opened (from the customer's run, or reported with no customer), 10 days after the operation. */
  const openCase = async (w: World, customer: string | null) => {
    const caseId = randomUUID();
    const opened = {
      case_id: caseId,
      tenant_id: w.tenant.tenant_id,
      environment: 'sandbox' as const,
      subject_ref: `subj-${caseId}`,
      customer_id: customer,
      origin: customer ? { kind: 'run' as const, ref: runId } : { kind: 'report' as const, ref: null },
      external_id: null,
      occurred_at: '2026-11-01T12:00:00.000Z',
      operation: {
        type: 'transferencia',
        value: 250000,
        date: '2026-11-01',
        channel: 'pix',
        parties: [{ document: '52998224725', person_type: 'PF' as const, name: 'Fulano Reportado', tp_env: '1', pep: false, public_servant: 0, obliged_person: false, branch: null, account: null, account_opened_on: null }],
      },
      reason_codes: ['CC4001-IV.e'],
      other_reason: null,
      description: 'Transferências fracionadas logo abaixo do limite.',
      selection_due_at: '2026-12-16T12:00:00.000Z',
      opened_by: 'operator',
      opened_at: '2026-11-11T12:00:00.000Z',
    };
    await run(caseId, w.tenant.tenant_id, { type: 'OpenSuspicionCase', opened, now: opened.opened_at });
    return caseId;
  };

  const post = (path: string, json?: unknown) => service.operator(path, { method: 'POST', ...(json === undefined ? {} : { json }) });
  const uploadEvidence = (caseId: string, data: Buffer, fileName: string, author: string | null = 'ana@instituicao.test', mime = 'application/octet-stream') => {
    const form = new FormData();
    if (author !== null) form.append('author', author);
    form.append('file', new Blob([data], { type: mime }), fileName);
    return service.operator(`/cases/${caseId}/evidence`, { method: 'POST', body: form });
  };
  const expectError = async (response: Response, status: number, code: string) => {
    const text = await response.text();
    expect(response.status, text).to.equal(status);
    expect((JSON.parse(text) as { error: Json }).error['code'], text).to.equal(code);
  };
  const dossierJson = async (caseId: string) => {
    const response = await service.operator(`/cases/${caseId}/dossier.json`);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(response.status, bytes.toString()).to.equal(200);
    return { response, bytes, body: JSON.parse(bytes.toString('utf8')) as Json };
  };

  before(async () => {
    service = await startRunsService({ env: { SVC_WORK_POLL_MS: '100' }, overrides: () => ({ pdfRenderer: recording() }) });
    acme = await world(service, 'Acme Dossiê');
    other = await world(service, 'Outra Dossiê');
    await patchTenant(service, acme.tenant.tenant_id, { default_templates: { pf: acme.pf, pj: acme.pj } });
    const created = await createCustomer(service, acme.key, pjBody('00000003000125', { run_bureau: true, name: 'Comercial Exemplo Ltda' }));
    customerId = created['customer_id'] as string;
    runId = created['run_id'] as string;
    await waitForRun(service, acme.key, runId);
    for (const role of ['analyst', 'analyst']) {
      const email = testEmail(role);
      analysts.push({ id: (await inviteThroughOperator(service, acme.tenant.tenant_id, email, role)).user_id, email });
    }
  });
  after(async () => service.close());

  describe('a case analysed, decided under four-eyes and closed', () => {
    let caseId: string;
    let evidence: Json;
    const pdf = PDF_BYTES;

    before(async () => {
      caseId = await openCase(acme, customerId);
      await run(caseId, acme.tenant.tenant_id, { type: 'SelectSuspicionCase', by: `user:${analysts[0]!.id}`, note: null, analysis_due_at: '2027-01-15T12:00:00.000Z', now: '2026-12-01T12:00:00.000Z' });
    });

    it('selection takes the KYC snapshot of the customer by itself, once', async () => {
      await eventually(async () => {
        const events = await service.services.log.readStream(suspicionStream(caseId));
        expect(events.filter((e) => e.type === 'SuspicionKycSnapshotTaken')).to.have.length(1);
      }, 10_000);
      const taken = (await service.services.log.readStream(suspicionStream(caseId))).find((e) => e.type === 'SuspicionKycSnapshotTaken')!;
      expect(taken.data['by']).to.equal('system');
    });

    it('a note of the analysis lands in the dossier (the notes route is case-core\'s)', async () => {
      await run(caseId, acme.tenant.tenant_id, { type: 'NoteSuspicionCase', note_id: randomUUID(), text: 'Movimentação incompatível com o faturamento.', author: `user:${analysts[0]!.id}`, now: '2026-12-02T12:00:00.000Z' });
    });

    it('evidence: the type read from the content, its SHA-256 recorded, the same bytes read back', async () => {
      const response = await uploadEvidence(caseId, pdf, 'extrato.txt', analysts[0]!.email, 'text/plain');
      evidence = (await response.json()) as Json;
      expect(response.status, JSON.stringify(evidence)).to.equal(201);
      expect(evidence).to.deep.include({ object: 'case_evidence', case_id: caseId, file_name: 'extrato.txt', content_type: 'application/pdf', sha256: sha(pdf), byte_size: pdf.length, by: analysts[0]!.email });
      const read = await service.operator(evidence['url'].replace('/operator/v1', '') as string);
      const bytes = Buffer.from(await read.arrayBuffer());
      expect(read.status).to.equal(200);
      expect(read.headers.get('content-type')).to.equal('application/pdf');
      expect(read.headers.get('x-content-sha256')).to.equal(sha(pdf));
      expect(sha(bytes)).to.equal(sha(pdf));
      const csv = await uploadEvidence(caseId, Buffer.from('data;valor\n01/11/2026;250000\n'), 'movimentos.csv');
      expect(csv.status).to.equal(201);
      expect(((await csv.json()) as Json)['content_type']).to.equal('text/csv');
    });

    it('evidence refused: 400 for a type the content does not allow, 413 over 10 MB, 400 without a file or an author, 404 for an unknown file', async () => {
      await expectError(await uploadEvidence(caseId, ZIP_BYTES, 'planilha.pdf', 'ana', 'application/pdf'), 400, 'invalid_evidence_type');
      await expectError(await uploadEvidence(caseId, Buffer.alloc(10 * 1024 * 1024 + 1, 0x41), 'grande.txt'), 413, 'evidence_too_large');
      expect(await uploadEvidence(caseId, Buffer.alloc(10 * 1024 * 1024, 0x41), 'limite.txt').then((r) => r.status)).to.equal(201);
      await expectError(await uploadEvidence(caseId, pdf, 'a.pdf', null), 400, 'invalid_request');
      await expectError(await service.operator(`/cases/${caseId}/evidence`, { method: 'POST', json: { author: 'x' } }), 400, 'invalid_multipart');
      await expectError(await uploadEvidence(randomUUID(), pdf, 'a.pdf'), 404, 'case_not_found');
      await expectError(await service.operator(`/cases/${caseId}/evidence/${randomUUID()}`), 404, 'evidence_not_found');
      await expectError(await service.operator(`/cases/${caseId}/evidence/nao-e-uuid`), 400, 'invalid_id');
    });

    it('a KYC snapshot on demand: the customer as recorded, its hash the SHA-256 of its canonical JSON', async () => {
      const response = await post(`/cases/${caseId}/kyc_snapshot`, { by: analysts[1]!.email });
      const body = (await response.json()) as Json;
      expect(response.status, JSON.stringify(body)).to.equal(201);
      expect(body['content']).to.deep.include({ basis: 'customer', customer_id: customerId, case_id: caseId });
      expect(body['content']['identification']).to.deep.include({ type: 'pj', doc: '00000003000125', name: 'Comercial Exemplo Ltda' });
      expect(body['content']['beneficial_owners']['partners'].length).to.be.greaterThan(0);
      expect(body['sha256']).to.equal(sha(canonicalJson(body['content'])));
      await expectError(await post(`/cases/${randomUUID()}/kyc_snapshot`), 404, 'case_not_found');
      await expectError(await post(`/cases/${caseId}/kyc_snapshot`, { by: '' }), 400, 'invalid_request');
    });

    it('decided under four-eyes and closed: the dossier JSON names both analysts, every clock, the 4.001 text, and hashes that match the files', async () => {
      const [a, b] = [`user:${analysts[0]!.id}`, `user:${analysts[1]!.id}`];
      const decide = { type: 'DecideSuspicionCase' as const, decision: 'nao_comunicar' as const, rationale: 'Operações compatíveis com contrato de fornecimento comprovado.', reason_codes: ['CC4001-IV.e'], other_reason: null, four_eyes: true, communication_due_at: '2027-01-11T02:59:59.999Z' };
      await run(caseId, acme.tenant.tenant_id, { ...decide, by: a, now: '2026-12-10T12:00:00.000Z' });
      await run(caseId, acme.tenant.tenant_id, { ...decide, by: b, now: '2026-12-11T12:00:00.000Z' });
      await run(caseId, acme.tenant.tenant_id, { type: 'CloseSuspicionCase', note: 'Encerrado sem comunicação.', by: b, now: '2026-12-12T12:00:00.000Z' });
      const { body, bytes, response } = await dossierJson(caseId);
      expect(response.headers.get('x-content-sha256')).to.equal(sha(bytes));
      const { content_sha256, ...content } = body;
      expect(content_sha256).to.equal(sha(canonicalJson(content)));
      expect(body['case']).to.deep.include({ case_id: caseId, customer_id: customerId, status: 'closed' });
      expect(body['case']['origin']['rule']).to.deep.include({ kind: 'template_version', run_id: runId });
      expect(body['decision']).to.deep.include({ decision: 'nao_comunicar', proposed_by: a, decided_by: a, approved_by: b });
      expect(body['analysts']).to.include.members([a, b]);
      expect(body['clocks']).to.deep.equal([
        { clock: 'selection', due_at: '2026-12-16T12:00:00.000Z', done_at: '2026-12-01T12:00:00.000Z', met: true },
        { clock: 'analysis', due_at: '2027-01-15T12:00:00.000Z', done_at: '2026-12-11T12:00:00.000Z', met: true },
        { clock: 'communication', due_at: null, done_at: null, met: null },
      ]);
      expect(body['reason_codes'][0]['code']).to.equal('CC4001-IV.e');
      expect(body['reason_codes'][0]['text']).to.be.a('string').and.not.empty;
      expect(body['notes']).to.have.length(1);
      expect(body['notes'][0]).to.deep.include({ text: 'Movimentação incompatível com o faturamento.', author: a });
      expect(body['audit_trail'].map((e: Json) => e['type'])).to.include.members(['SuspicionCaseOpened', 'SuspicionDecisionProposed', 'SuspicionCaseDecided', 'SuspicionCaseClosed']);
      expect(body['audit_trail'].map((e: Json) => e['type'])).to.not.include('SuspicionDossierExported');
      expect(body['audit_trail'][0]).to.deep.equal({ revision: 0, type: 'SuspicionCaseOpened', by: 'operator', at: '2026-11-11T12:00:00.000Z' });
      // every file's hash is the hash of the bytes stored
      const files = body['files'] as Json[];
      expect(files.filter((f) => f['kind'] === 'evidence')).to.have.length(3);
      expect(files.filter((f) => f['kind'] === 'kyc_snapshot')).to.have.length(2);
      for (const f of files.filter((x) => x['kind'] === 'evidence')) {
        const read = await service.operator(`/cases/${caseId}/evidence/${f['id']}`);
        const stored = Buffer.from(await read.arrayBuffer());
        expect(sha(stored)).to.equal(f['sha256']);
        expect(stored.length).to.equal(f['byte_size']);
      }
      for (const s of body['kyc_snapshots'] as Json[]) {
        expect(sha(canonicalJson(s['content']))).to.equal(s['sha256']);
        expect(files.find((f) => f['id'] === s['snapshot_id'])!['sha256']).to.equal(s['sha256']);
      }
    });

    it('a closed case: the same dossier bytes every time, each export recorded on the case; no more snapshots', async () => {
      const first = await dossierJson(caseId);
      const second = await dossierJson(caseId);
      expect(second.bytes.equals(first.bytes)).to.equal(true);
      const exports = (await service.services.log.readStream(suspicionStream(caseId))).filter((e) => e.type === 'SuspicionDossierExported');
      expect(exports.length).to.be.greaterThanOrEqual(3);
      expect(exports.at(-1)!.data).to.deep.include({ case_id: caseId, format: 'json', sha256: sha(second.bytes), by: 'operator' });
      await expectError(await post(`/cases/${caseId}/kyc_snapshot`), 409, 'case_closed');
    });

    it('the PDF: pt-BR, the decision, both analysts by e-mail, Brasília time, and the JSON content hash', async () => {
      const json = await dossierJson(caseId);
      const response = await service.operator(`/cases/${caseId}/dossier.pdf`);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(response.status).to.equal(200);
      expect(response.headers.get('content-type')).to.equal('application/pdf');
      expect(response.headers.get('x-content-sha256')).to.equal(sha(bytes));
      expect(response.headers.get('x-dossier-content-sha256')).to.equal(json.body['content_sha256']);
      const text = flat((await pdfText(bytes)).text);
      expect(text).to.contain('Dossiê de análise de operação suspeita');
      expect(text).to.contain('Não comunicar');
      expect(text).to.contain(analysts[0]!.email);
      expect(text).to.contain(analysts[1]!.email);
      expect(text).to.contain(dateTime('2026-12-11T12:00:00.000Z'));
      expect(text).to.contain(json.body['content_sha256'] as string);
      expect(text).to.contain('Comercial Exemplo Ltda');
      const exports = (await service.services.log.readStream(suspicionStream(caseId))).filter((e) => e.type === 'SuspicionDossierExported' && e.data['format'] === 'pdf');
      expect(exports.at(-1)!.data['sha256']).to.equal(sha(bytes));
      // a page of it as Chromium prints it, to look at
      mkdirSync(SHOTS, { recursive: true });
      const browser = await launchBrowser();
      try {
        const page = await browser.newPage();
        await page.setViewport({ width: 794, height: 1123 });
        await page.setContent(htmls.at(-1)!, { waitUntil: 'load' });
        await page.screenshot({ path: `${SHOTS}/dossier-pdf-full.png`, fullPage: true });
        const height = await page.evaluate(() => (globalThis as unknown as { document: { body: { scrollHeight: number } } }).document.body.scrollHeight);
        for (let n = 0; n * 1123 < height; n++) await page.screenshot({ path: `${SHOTS}/dossier-pdf-page-${n + 1}.png`, clip: { x: 0, y: n * 1123, width: 794, height: Math.min(1123, height - n * 1123) } });
      } finally {
        await browser.close();
      }
    });
  });

  describe('tenant isolation and cases without a customer', () => {
    it("another tenant's evidence is not found under this case; a caller of another tenant does not see the case", async () => {
      const mine = await openCase(acme, customerId);
      const theirs = await openCase(other, null);
      const uploaded = (await (await uploadEvidence(theirs, PDF_BYTES, 'deles.pdf')).json()) as Json;
      await expectError(await service.operator(`/cases/${mine}/evidence/${uploaded['evidence_id']}`), 404, 'evidence_not_found');
      const deps = { log: service.services.log, readStore: service.services.readStore, blobStore: service.services.blobStore };
      const asAcme = await caseDossier(deps, theirs, { kind: 'user', user_id: analysts[0]!.id, tenant_id: acme.tenant.tenant_id });
      expect(E.isLeft(asAcme) && asAcme.left.code).to.equal('case_not_found');
      const asOther = await caseDossier(deps, theirs, { kind: 'user', user_id: 'u', tenant_id: other.tenant.tenant_id });
      expect(E.isRight(asOther)).to.equal(true);
      await expectError(await service.operator(`/cases/${randomUUID()}/dossier.json`), 404, 'case_not_found');
      await expectError(await service.operator(`/cases/${randomUUID()}/dossier.pdf`), 404, 'case_not_found');
      await expectError(await service.operator('/cases/x/dossier.json'), 400, 'invalid_id');
      await expectError(await service.operator('/cases/x/dossier.pdf'), 400, 'invalid_id');
    });

    it('a case reported with no customer snapshots its parties as reported', async () => {
      const caseId = await openCase(other, null);
      const response = await post(`/cases/${caseId}/kyc_snapshot`);
      const body = (await response.json()) as Json;
      expect(response.status, JSON.stringify(body)).to.equal(201);
      expect(body['content']).to.deep.include({ basis: 'parties_as_reported', customer_id: null });
      expect(body['content']['parties']).to.deep.equal([{ doc: '52998224725', name: 'Fulano Reportado', role: '1' }]);
      const { body: dossier } = await dossierJson(caseId);
      expect(dossier['case']['origin']).to.deep.equal({ kind: 'report', ref: null, rule: { kind: 'institution_report' } });
    });
  });
});
