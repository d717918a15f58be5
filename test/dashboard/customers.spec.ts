import { expect } from 'chai';
import type { TestService } from '../helpers/service.js';
import { getCustomer, PNG, uploadOk } from '../http/customers-support.js';
import { JPEG, setModule, settleRounds } from '../http/facial-support.js';
import { cpf, startRunsService, type Json } from '../http/runs-support.js';
import { attributesOf, draftCustomer, openAlert, RAW_MARKUP, sectionOf, team, tenantList, textOf, XSS_IMG, XSS_SCRIPT, type Team } from './screens-support.js';

/** Customers: the list, the customer page and the analysts' actions on documents, alerts and status, over HTTP. */
describe('dashboard customers', function () {
  this.timeout(120_000);
  let service: TestService;
  let acme: Team;
  let other: Team;
  let customerId: string;
  let documentId: string;
  let secondDocumentId: string;
  let otherCustomerId: string;
  let otherDocumentId: string;
  const doc = cpf(21);
  const xssName = `Cliente ${XSS_SCRIPT} ${XSS_IMG}`;

  const documentStatus = async (t: Team, customer: string, id: string) => {
    const body = await getCustomer(service, t.key, customer);
    const documents = (await service.services.log.readStream(`customer-${customer}`)).filter((e) => e.type === 'DocumentUploaded');
    const type = documents.find((e) => e.data['document_id'] === id)!.data['type'];
    return (body['documents'] as Json[]).find((d) => d['type'] === type)!['status'];
  };
  const alertStatus = async (id: string) => ((await (await service.operator(`/alerts/${id}`)).json()) as Json)['status'];

  before(async () => {
    service = await startRunsService({ env: { SVC_WORK_POLL_MS: '100' } });
    acme = await team(service, 'Acme');
    other = await team(service, 'Other');
    customerId = await draftCustomer(service, acme, xssName, doc);
    documentId = (await uploadOk(service, acme.key, customerId, { type: 'identidade_frente', data: PNG, fileName: `${XSS_IMG}.png`, mime: 'image/png' }))['document_id'];
    secondDocumentId = (await uploadOk(service, acme.key, customerId, { type: 'comprovante_endereco', data: PNG, fileName: 'conta-de-luz.png', mime: 'image/png' }))['document_id'];
    otherCustomerId = await draftCustomer(service, other, 'Cliente da Outra', cpf(22));
    otherDocumentId = (await uploadOk(service, other.key, otherCustomerId, { type: 'identidade_frente', data: PNG, fileName: 'outra.png' }))['document_id'];
  });
  after(async () => service.close());

  it('lists the tenant\'s customers (names inert, documents masked); searches by CPF and filters by status', async () => {
    const page = await acme.viewer.get('/dashboard/customers');
    expect(page.status).to.equal(200);
    expect(attributesOf(page.html, 'customer-row', 'data-customer-id')).to.deep.equal([customerId]);
        expect(page.html).to.contain('Cliente &lt;script&gt;alert(1)&lt;/script&gt; &quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(page.html).to.contain(`***${doc.slice(3, 9)}**`).and.not.contain(doc);
    expect(page.html).not.to.match(RAW_MARKUP);
    const formatted = `${doc.slice(0, 3)}.${doc.slice(3, 6)}.${doc.slice(6, 9)}-${doc.slice(9)}`;
    expect(attributesOf((await acme.viewer.get(`/dashboard/customers?doc=${encodeURIComponent(formatted)}`)).html, 'customer-row', 'data-customer-id')).to.deep.equal([customerId]);
    expect(attributesOf((await acme.viewer.get(`/dashboard/customers?doc=${cpf(22)}`)).html, 'customer-row', 'data-customer-id')).to.deep.equal([]);
    expect(attributesOf((await acme.viewer.get('/dashboard/customers?status=rascunho')).html, 'customer-row', 'data-customer-id')).to.deep.equal([customerId]);
    expect(attributesOf((await acme.viewer.get('/dashboard/customers?status=aprovado')).html, 'customer-row', 'data-customer-id')).to.deep.equal([]);
    expect((await acme.viewer.get('/dashboard/customers?doc=123')).status).to.equal(400);
    expect((await acme.viewer.get('/dashboard/customers?status=feliz')).status).to.equal(400);
  });

  it('shows the profile, the documents with an image preview (for the team only) and their file names inert, and a timeline naming who did what', async () => {
    const page = await acme.viewer.get(`/dashboard/customers/${customerId}`);
    expect(page.status).to.equal(200);
    expect(textOf(page.html, 'customer-doc')).to.equal(`***${doc.slice(3, 9)}**`);
    expect(textOf(page.html, 'customer-status')).to.equal('Rascunho');
    expect(attributesOf(page.html, 'customer-document', 'data-document-id')).to.have.members([documentId, secondDocumentId]);
    expect(page.html).to.contain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;.png');
    expect(page.html).not.to.match(RAW_MARKUP);
    const previews = attributesOf(page.html, 'document-preview', 'src');
    expect(previews).to.have.length(2);
    expect(attributesOf(page.html, 'document-preview', 'alt')[0]).to.match(/^Documento /);
    expect(previews[0]).to.match(new RegExp(`^/dashboard/customers/${customerId}/documents/[0-9a-f-]{36}/file$`));
    const image = await acme.viewer.get(previews[0]!);
    expect(image.status).to.equal(200);
    expect(image.headers.get('content-type')).to.equal('image/png');
    expect(image.headers.get('cache-control')).to.equal('no-store');
    expect(image.html.slice(1, 4)).to.equal('PNG');
    // the file is the team's: another tenant's user gets the same 404 as for nothing, no session gets the login
    expect((await other.viewer.get(previews[0]!)).status).to.equal(404);
    const anonymous = await fetch(`${service.base}${previews[0]!}`, { redirect: 'manual' });
    expect(anonymous.status).to.equal(303);
    expect(anonymous.headers.get('location')).to.match(/^\/dashboard\/login\?next=/);
    // a viewer reads; it is offered no action
    expect(page.html).not.to.contain('data-testid="document-review-form"');
    expect(page.html).not.to.contain('data-testid="status-form"');
    const timeline = sectionOf(page.html, 'customer-timeline');
    expect(timeline).to.contain('Cliente cadastrado').and.contain('Documento enviado (Identidade (frente))').and.match(/chave [^<]+/);
    expect(page.html).not.to.contain(doc);
  });

  it('serves a file by what its bytes are, never by the type its uploader declared: markup is a download', async () => {
    const id = await draftCustomer(service, acme, 'Pessoa do Arquivo', cpf(25));
    const sent = await uploadOk(service, acme.key, id, { type: 'comprovante_endereco', data: Buffer.from(`<html>${XSS_SCRIPT}</html>`), fileName: 'conta.html', mime: 'text/html' });
    const page = await acme.viewer.get(`/dashboard/customers/${id}`);
    expect(attributesOf(page.html, 'document-preview', 'src')).to.deep.equal([]);
    const file = await acme.viewer.get(`/dashboard/customers/${id}/documents/${sent['document_id']}/file`);
    expect(file.status).to.equal(200);
    expect(file.headers.get('content-type')).to.equal('application/octet-stream');
    expect(file.headers.get('content-disposition')).to.equal('attachment; filename="conta.html"');
    expect(file.headers.get('content-security-policy')).to.contain("default-src 'none'");
    // another customer's path to it is not found
    expect((await acme.viewer.get(`/dashboard/customers/${customerId}/documents/${sent['document_id']}/file`)).status).to.equal(404);
  });

  it('rejects a document only with a reason; the reason and the analyst show; approving another needs none', async () => {
    const page = await acme.analyst.get(`/dashboard/customers/${customerId}`);
    expect(page.html).to.contain(`action="/dashboard/customers/${customerId}/documents/${documentId}/review"`);
    const noReason = await acme.analyst.post(`/dashboard/customers/${customerId}/documents/${documentId}/review`, { status: 'rejeitado', reason: '  ' });
    expect(noReason.status).to.equal(400);
    // the customer's page again: the message beside the reason, the choice kept (issue 28)
    expect(textOf(noReason.html, 'document-reason-error')).to.equal('Informe o motivo da rejeição.');
    expect(noReason.html).to.match(new RegExp(`id="doc-${documentId}-no" name="status" value="rejeitado" checked`));
    expect(noReason.html).to.contain('data-testid="document-review-form"');
    expect(await documentStatus(acme, customerId, documentId)).to.equal('pendente');

    const rejected = await acme.analyst.post(`/dashboard/customers/${customerId}/documents/${documentId}/review`, { status: 'rejeitado', reason: 'Foto ilegível: <b>reenvie</b>' });
    expect(rejected.status).to.equal(200);
    expect(rejected.url).to.equal(`/dashboard/customers/${customerId}`);
    expect(rejected.html).to.contain('Documento rejeitado.');
    expect(textOf(rejected.html, 'document-reason')).to.equal('Foto ilegível: &lt;b&gt;reenvie&lt;/b&gt;');
    expect(await documentStatus(acme, customerId, documentId)).to.equal('rejeitado');
    const timeline = sectionOf(rejected.html, 'customer-timeline');
    expect(timeline).to.contain('Documento rejeitado: Foto ilegível').and.contain(acme.analyst.user.email);
    const reviewed = (await service.services.log.readStream(`customer-${customerId}`)).find((e) => e.type === 'DocumentReviewed')!;
    expect(reviewed.metadata.actor).to.equal(`user:${acme.analyst.user.user_id}`);

    const approved = await acme.analyst.post(`/dashboard/customers/${customerId}/documents/${secondDocumentId}/review`, { status: 'aprovado', reason: '' });
    expect(approved.status).to.equal(200);
    expect(approved.html).to.contain('Documento aprovado.');
    expect(await documentStatus(acme, customerId, secondDocumentId)).to.equal('aprovado');
  });

  it("refuses a viewer (403), a form without its token (403), another tenant's customer or document (404), and writes nothing", async () => {
    await acme.viewer.get(`/dashboard/customers/${customerId}`);
    expect((await acme.viewer.post(`/dashboard/customers/${customerId}/status`, { status: 'aprovado' })).status).to.equal(403);
    await acme.analyst.get(`/dashboard/customers/${customerId}`);
    expect((await acme.analyst.post(`/dashboard/customers/${customerId}/status`, { status: 'aprovado' }, { csrf: false })).status).to.equal(403);
    for (const path of [`/dashboard/customers/${otherCustomerId}`, '/dashboard/customers/6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5', '/dashboard/customers/nope']) {
      const page = await acme.analyst.get(path);
      expect(page.status, path).to.equal(404);
      expect(page.html).to.contain('Cliente não encontrado.');
    }
    expect((await acme.analyst.post(`/dashboard/customers/${otherCustomerId}/documents/${otherDocumentId}/review`, { status: 'aprovado' })).status).to.equal(404);
    // the other tenant's document under this tenant's own customer is not found either
    expect((await acme.analyst.post(`/dashboard/customers/${customerId}/documents/${otherDocumentId}/review`, { status: 'aprovado' })).status).to.equal(404);
    expect((await acme.analyst.post(`/dashboard/customers/${otherCustomerId}/status`, { status: 'aprovado' })).status).to.equal(404);
    expect((await acme.analyst.post(`/dashboard/customers/${customerId}/status`, { status: 'feliz' })).status).to.equal(400);
    expect(await documentStatus(other, otherCustomerId, otherDocumentId)).to.equal('pendente');
    expect((await getCustomer(service, other.key, otherCustomerId))['status']).to.equal('rascunho');
    expect((await getCustomer(service, acme.key, customerId))['status']).to.equal('rascunho');
  });

  it('changes the customer\'s status (analyst), recorded with the user as actor', async () => {
    await acme.analyst.get(`/dashboard/customers/${customerId}`);
    const changed = await acme.analyst.post(`/dashboard/customers/${customerId}/status`, { status: 'pendencia' });
    expect(changed.status).to.equal(200);
    expect(changed.html).to.contain('Situação alterada para Pendência.');
    expect(textOf(changed.html, 'customer-status')).to.equal('Pendência');
    expect((await getCustomer(service, acme.key, customerId))['status']).to.equal('pendencia');
    const event = (await service.services.log.readStream(`customer-${customerId}`)).find((e) => e.type === 'CustomerStatusChanged')!;
    expect(event.metadata.actor).to.equal(`user:${acme.analyst.user.user_id}`);
  });

  it('shows an alert with its explanation and resolves it with a note; the list entry name is inert; another tenant cannot', async () => {
    await tenantList(service, acme.tenant.tenant_id, [`"Rosângela ${XSS_SCRIPT} Bittencourt Farias",person,,,,,fraude`]);
    // the customer carries the same name, so the entry matches above the threshold
    const { alertId, customerId: monitored } = await openAlert(service, acme, `Rosângela ${XSS_SCRIPT} Bittencourt Farias`, cpf(23));
    const page = await acme.analyst.get(`/dashboard/customers/${monitored}`);
    const alert = sectionOf(page.html, 'customer-alert');
    expect(alert).to.contain(`data-alert-id="${alertId}"`).and.contain('Explicação da pontuação').and.contain('data-testid="alert-resolve-form"');
    expect(textOf(alert, 'alert-name')).to.equal('Rosângela &lt;script&gt;alert(1)&lt;/script&gt; Bittencourt Farias');
    expect(page.html).not.to.match(RAW_MARKUP);

    await other.analyst.get('/dashboard/');
    expect((await other.analyst.post(`/dashboard/alerts/${alertId}/resolve`, { resolution: 'false_positive', note: 'não é' })).status).to.equal(404);
    await acme.viewer.get('/dashboard/');
    expect((await acme.viewer.post(`/dashboard/alerts/${alertId}/resolve`, { resolution: 'false_positive', note: 'não é' })).status).to.equal(403);
    const noNote = await acme.analyst.post(`/dashboard/alerts/${alertId}/resolve`, { resolution: 'false_positive', note: '' });
    expect(noNote.status).to.equal(400);
    expect(textOf(noNote.html, 'alert-note-error')).to.equal('Explique a conclusão (até 2000 caracteres).');
    expect(noNote.html).to.match(new RegExp(`id="alert-${alertId}-false" name="resolution" value="false_positive" checked`));
    const noChoice = await acme.analyst.post(`/dashboard/alerts/${alertId}/resolve`, { note: 'Mantida a justificativa' });
    expect(noChoice.status).to.equal(400);
    expect(textOf(noChoice.html, 'alert-resolution-error')).to.equal('Escolha verdadeiro positivo ou falso positivo.');
    expect(noChoice.html).to.contain('>Mantida a justificativa</textarea>');
    expect(await alertStatus(alertId)).to.equal('open');

    const resolved = await acme.analyst.post(`/dashboard/alerts/${alertId}/resolve`, { resolution: 'false_positive', note: 'Homônima: data de nascimento diferente' });
    expect(resolved.status).to.equal(200);
    expect(resolved.url).to.equal(`/dashboard/customers/${monitored}`);
    expect(resolved.html).to.contain('Alerta resolvido como falso positivo.');
    expect(sectionOf(resolved.html, 'customer-alert')).to.contain('data-status="resolved"').and.not.contain('alert-resolve-form');
    expect(await alertStatus(alertId)).to.equal('resolved');
  });

  it('shows the facial verification results of a completed round', async () => {
    await setModule(service, acme.tenant.tenant_id, true, true);
    const id = await draftCustomer(service, acme, 'Pessoa Com Selfie', cpf(24));
    await uploadOk(service, acme.key, id, { type: 'selfie', data: PNG, fileName: 'selfie.png', mime: 'image/png' });
    await uploadOk(service, acme.key, id, { type: 'identidade_frente', data: JPEG, fileName: 'rg.jpg', mime: 'image/jpeg' });
    await settleRounds(service);
    const page = await acme.viewer.get(`/dashboard/customers/${id}`);
    const facial = sectionOf(page.html, 'customer-facial');
    expect(facial).to.contain('Comparação facial').and.contain('>Aprovada<').and.contain('0,97');
    expect(facial).to.contain('Prova de vida passiva').and.contain('0,93');
  });
});
