import { expect } from 'chai';
import { REFERENCE_PF, REFERENCE_PJ } from '../../src/domain/template/reference.js';
import { createTenant, type TestService } from '../helpers/service.js';
import {
  createCustomer,
  formatCnpj,
  formatCpf,
  getCustomer,
  listCustomers,
  maskCnpj,
  maskCpf,
  patchTenant,
  pfBody,
  pjBody,
  postCustomer,
} from './customers-support.js';
import { cnpj, cpf, createTemplate, getJson, ISO, startRunsService, UUID, waitForRun, world, type Json, type World } from './runs-support.js';

/** POST /api/v1/customers over real HTTP: the 201, validation, template resolution, duplicates, drafts, concurrency, idempotency. */
describe('HTTP customers: creation', () => {
  let service: TestService;
  let w: World;
  let n = 0;
  /** a fresh valid CPF / CNPJ outside the fixture table for each use */
  const nextCpf = () => cpf(++n);
  const nextCnpj = () => cnpj(++n);

  before(async () => {
    service = await startRunsService();
    w = await world(service);
    await patchTenant(service, w.tenant.tenant_id, { default_templates: { pf: w.pf, pj: w.pj } });
  });
  after(async () => service.close());

  const post = (body: unknown, headers: Record<string, string> = {}, key = w.key) => postCustomer(service, key, body, headers);
  const expectError = async (response: Response, status: number, code: string, param?: string | null) => {
    const text = await response.text();
    expect(response.status, text).to.equal(status);
    const error = (JSON.parse(text) as { error: Json }).error;
    expect(error.code, text).to.equal(code);
    if (param !== undefined) expect(error.param, text).to.equal(param);
    return error;
  };
  const countByDoc = async (doc: string, key = w.key) => ((await listCustomers(service, key, `?doc=${doc}`)).data as Json[]).length;

  describe('201', () => {
    it('answers a pf with a bureau run field by field: masked CPF, phone, run_id, bureau_status queued, em_analise', async () => {
      const doc = nextCpf();
      const body = await createCustomer(service, w.key, pfBody(doc, { phone: '+55 11 98765-4321', external_id: 'ext-201-pf', metadata: { origem: 'app' }, run_bureau: true }));
      expect(body).to.have.all.keys(
        'customer_id', 'object', 'status', 'type', 'name', 'email', 'doc', 'external_id', 'metadata', 'created_at', 'phone', 'run_id', 'bureau_status', 'livemode',
      );
      expect(body.customer_id).to.match(UUID);
      expect(body.object).to.equal('customer');
      expect(body.status).to.equal('em_analise');
      expect(body.type).to.equal('pf');
      expect(body.name).to.equal('Maria da Silva');
      expect(body.email).to.equal('maria@example.com');
      expect(body.doc).to.equal(maskCpf(doc)).and.match(/^\*{3}\d{6}\*{2}$/);
      expect(body.doc).to.equal(`***${doc.slice(3, 9)}**`);
      expect(body.external_id).to.equal('ext-201-pf');
      expect(body.metadata).to.deep.equal({ origem: 'app' });
      expect(body.created_at).to.match(ISO);
      expect(body.phone).to.equal('+55 11 98765-4321');
      expect(body.run_id).to.match(UUID);
      expect(body.bureau_status).to.equal('queued');
      expect(body.livemode).to.equal(false);
      // the run exists and belongs to the tenant
      const run = await waitForRun(service, w.key, body.run_id);
      expect(run.run_id).to.equal(body.run_id);
      expect(run.external_id).to.equal('ext-201-pf');
    });

    it('answers a pj without a run as rascunho, with no phone, run_id or bureau_status, and a masked CNPJ', async () => {
      const doc = nextCnpj();
      const body = await createCustomer(service, w.key, pjBody(doc));
      expect(body).to.have.all.keys('customer_id', 'object', 'status', 'type', 'name', 'email', 'doc', 'external_id', 'metadata', 'created_at', 'livemode');
      expect(body.status).to.equal('rascunho');
      expect(body.type).to.equal('pj');
      expect(body.email).to.equal(null);
      expect(body.doc).to.equal(maskCnpj(doc)).and.match(/^\*{2}\d{8}\*{4}$/);
      expect(body.external_id).to.equal(null);
      expect(body.metadata).to.deep.equal({});
      expect(body.livemode).to.equal(false);
    });

    it('answers a pf without run_bureau (or run_bureau false) as rascunho with no run fields', async () => {
      for (const extra of [{}, { run_bureau: false }]) {
        const body = await createCustomer(service, w.key, pfBody(nextCpf(), extra));
        expect(body.status).to.equal('rascunho');
        expect(body).not.to.have.any.keys('run_id', 'bureau_status', 'phone');
      }
    });

    it('accepts formatted and digits-only documents as the same document', async () => {
      const pf = nextCpf();
      const formatted = await createCustomer(service, w.key, pfBody(formatCpf(pf), { run_bureau: true }));
      expect(formatted.doc).to.equal(maskCpf(pf));
      const again = await post(pfBody(pf));
      const error = await expectError(again, 409, 'customer_already_exists', 'doc');
      expect(error.existing_customer_id).to.equal(formatted.customer_id);

      const pj = nextCnpj();
      const formattedPj = await createCustomer(service, w.key, pjBody(formatCnpj(pj), { run_bureau: true }));
      expect(formattedPj.doc).to.equal(maskCnpj(pj));
      expect((await listCustomers(service, w.key, `?doc=${pj}`)).data.map((c: Json) => c.customer_id)).to.deep.equal([formattedPj.customer_id]);
      const digits = await createCustomer(service, w.key, pjBody(nextCnpj()));
      expect(digits.doc).to.match(/^\*{2}\d{8}\*{4}$/);
    });
  });

  describe('validation', () => {
    it('400 missing_document when doc is absent, null or empty', async () => {
      for (const doc of [undefined, null, '']) {
        const body = pfBody('x');
        if (doc === undefined) delete body['doc'];
        else body['doc'] = doc;
        const error = await expectError(await post(body), 400, 'missing_document', 'doc');
        expect(error.type).to.equal('invalid_request_error');
      }
    });

    it('400 invalid_document for a wrong digit count, a bad check digit, a CNPJ for pf, a CPF for pj, a non-string', async () => {
      const good = nextCpf();
      const badDigit = `${good.slice(0, 10)}${(Number(good[10]) + 1) % 10}`;
      const goodCnpj = nextCnpj();
      const cases: Json[] = [
        pfBody(good.slice(0, 10)),
        pfBody(`${good}0`),
        pfBody(badDigit),
        pfBody(goodCnpj),
        pfBody('abc.def.ghi-jk'),
        { ...pfBody(good), doc: Number(good) },
        pjBody(goodCnpj.slice(0, 13)),
        pjBody(`${goodCnpj.slice(0, 13)}${(Number(goodCnpj[13]) + 1) % 10}`),
        pjBody(good),
      ];
      for (const body of cases) await expectError(await post(body), 400, 'invalid_document', 'doc');
      // nothing of these was registered
      expect(await countByDoc(good)).to.equal(0);
    });

    it('400 invalid_email for a pf without e-mail or with a malformed one; a pj may omit it', async () => {
      const doc = nextCpf();
      const missing = pfBody(doc);
      delete missing['email'];
      await expectError(await post(missing), 400, 'invalid_email', 'email');
      for (const email of [null, '', 'maria', 'maria@', '@example.com', 'maria@example', 'maria @example.com', 42]) {
        await expectError(await post(pfBody(doc, { email })), 400, 'invalid_email', 'email');
      }
      expect(await countByDoc(doc)).to.equal(0);
      const pj = await createCustomer(service, w.key, pjBody(nextCnpj()));
      expect(pj.email).to.equal(null);
    });

    it('400 invalid_address for each address rule, with the subfield as param', async () => {
      const valid = { street: 'Av. Paulista', number: '1000', complement: 'ap 12', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP', zip: '01310-100' };
      const cases: [Json | unknown, string][] = [
        [{ ...valid, street: '' }, 'address.street'],
        [{ ...valid, street: '   ' }, 'address.street'],
        [(({ street: _s, ...rest }) => rest)(valid), 'address.street'],
        [{ ...valid, street: 'x'.repeat(201) }, 'address.street'],
        [{ ...valid, city: '' }, 'address.city'],
        [(({ city: _c, ...rest }) => rest)(valid), 'address.city'],
        [{ ...valid, city: 'x'.repeat(101) }, 'address.city'],
        [{ ...valid, number: 'x'.repeat(21) }, 'address.number'],
        [{ ...valid, complement: 'x'.repeat(101) }, 'address.complement'],
        [{ ...valid, state: 'XX' }, 'address.state'],
        [{ ...valid, state: 'São Paulo' }, 'address.state'],
        [(({ state: _s, ...rest }) => rest)(valid), 'address.state'],
        [{ ...valid, zip: '0131010' }, 'address.zip'],
        [{ ...valid, zip: '013101000' }, 'address.zip'],
        [{ ...valid, zip: 'abcdefgh' }, 'address.zip'],
        [{ ...valid, country: 'BR' }, 'address.country'],
        ['Av. Paulista 1000', 'address'],
      ];
      const doc = nextCpf();
      for (const [address, param] of cases) {
        await expectError(await post(pfBody(doc, { address })), 400, 'invalid_address', param);
        await expectError(await post(pjBody(nextCnpj(), { address })), 400, 'invalid_address', param);
      }
      expect(await countByDoc(doc)).to.equal(0);
      // limits are inclusive; complement and neighborhood optional
      const edge = { street: 'x'.repeat(200), number: 'n'.repeat(20), city: 'c'.repeat(100), state: 'rj', zip: '20040002' };
      const created = await createCustomer(service, w.key, pfBody(doc, { address: edge }));
      expect((await getCustomer(service, w.key, created.customer_id)).address).to.deep.equal({ ...edge, state: 'RJ' });
    });

    it('400 invalid_field_for_type for a pf field on pj and the reverse, param = the field', async () => {
      const pfFields: Json = { nationality: 'brasileira', occupation: 'médica', declared_income: 10000, birth_date: '1980-01-01' };
      const pjFields: Json = { trade_name: 'Exemplo', annual_revenue: 1000000, business_activity: 'comércio', employee_count: 12 };
      for (const [field, value] of Object.entries(pfFields)) {
        const error = await expectError(await post(pjBody(nextCnpj(), { [field]: value })), 400, 'invalid_field_for_type', field);
        expect(error.type).to.equal('invalid_request_error');
      }
      for (const [field, value] of Object.entries(pjFields)) {
        const error = await expectError(await post(pfBody(nextCpf(), { [field]: value })), 400, 'invalid_field_for_type', field);
        expect(error.type).to.equal('invalid_request_error');
      }
      // their own type accepts them
      await createCustomer(service, w.key, pfBody(nextCpf(), pfFields));
      await createCustomer(service, w.key, pjBody(nextCnpj(), pjFields));
    });

    it('refuses an external_id of 256 characters and accepts 255', async () => {
      const doc = nextCpf();
      await expectError(await post(pfBody(doc, { external_id: 'e'.repeat(256) })), 400, 'invalid_request', 'external_id');
      expect(await countByDoc(doc)).to.equal(0);
      const created = await createCustomer(service, w.key, pfBody(doc, { external_id: 'e'.repeat(255) }));
      expect(created.external_id).to.equal('e'.repeat(255));
    });
  });

  describe('template resolution', () => {
    it('400 missing_default_template with nothing created; the document stays free', async () => {
      const tenant = await createTenant(service, 'No defaults');
      const key = (await tenant.key()).api_key;
      const doc = nextCpf();
      for (const extra of [{}, { onboarding_profile: 'no-such-profile' }]) {
        await expectError(await post(pfBody(doc, { run_bureau: true, external_id: 'ext-missing-default', ...extra }), {}, key), 400, 'missing_default_template', 'template_id');
      }
      await expectError(await post(pjBody(nextCnpj(), { run_bureau: true }), {}, key), 400, 'missing_default_template');
      expect((await listCustomers(service, key)).data).to.deep.equal([]);
      // neither the document nor the external_id was claimed
      const later = await createCustomer(service, key, pfBody(doc, { external_id: 'ext-missing-default' }));
      expect(later.status).to.equal('rascunho');
    });

    it('uses template_id first, then the onboarding profile, then the tenant default', async () => {
      const tenant = await createTenant(service, 'Resolution');
      const key = (await tenant.key()).api_key;
      const owner = { tenant_id: tenant.tenant_id };
      const explicit = await createTemplate(service, owner, { ...REFERENCE_PF, name: 'PF explícito' });
      const profiled = await createTemplate(service, owner, { ...REFERENCE_PF, name: 'PF do perfil' });
      const fallback = await createTemplate(service, owner, { ...REFERENCE_PF, name: 'PF default' });
      const pjDefault = await createTemplate(service, owner, { ...REFERENCE_PJ, name: 'PJ default' });
      await patchTenant(service, tenant.tenant_id, { default_templates: { pf: fallback, pj: pjDefault } });
      const profile = await service.operator(`/tenants/${tenant.tenant_id}/onboarding-profiles`, { method: 'POST', json: { slug: 'perfil-b', template_id: profiled } });
      expect(profile.status, await profile.text()).to.equal(201);

      const templateOf = async (extra: Json, body = pfBody(nextCpf())) => {
        const created = await createCustomer(service, key, { ...body, run_bureau: true, ...extra });
        return (await waitForRun(service, key, created.run_id)).template_name as string;
      };
      expect(await templateOf({ template_id: explicit, onboarding_profile: 'perfil-b' })).to.equal('PF explícito');
      expect(await templateOf({ onboarding_profile: 'perfil-b' })).to.equal('PF do perfil');
      expect(await templateOf({ onboarding_profile: 'nao-existe' })).to.equal('PF default');
      expect(await templateOf({})).to.equal('PF default');
      expect(await templateOf({}, pjBody(nextCnpj()))).to.equal('PJ default');
      // a template_id that does not fit is refused, not silently replaced by a default
      await expectError(await post(pfBody(nextCpf(), { run_bureau: true, template_id: pjDefault }), {}, key), 400, 'template_not_found', 'template_id');
      await expectError(await post(pfBody(nextCpf(), { run_bureau: true, template_id: '00000000-0000-4000-8000-000000000000' }), {}, key), 400, 'template_not_found');
    });
  });

  describe('duplicates and authorization', () => {
    it('409 customer_already_exists with existing_customer_id for a registered document', async () => {
      const doc = nextCpf();
      const first = await createCustomer(service, w.key, pfBody(doc, { run_bureau: true }));
      const error = await expectError(await post(pfBody(doc, { name: 'Outra Pessoa', email: 'outra@example.com' })), 409, 'customer_already_exists', 'doc');
      expect(error.existing_customer_id).to.equal(first.customer_id);
      expect(error.type).to.equal('invalid_request_error');
      expect(await countByDoc(doc)).to.equal(1);
    });

    it('409 external_id_conflict with existing_customer_id; the refused document stays free', async () => {
      const first = await createCustomer(service, w.key, pfBody(nextCpf(), { external_id: 'ext-dup' }));
      const doc = nextCpf();
      const error = await expectError(await post(pfBody(doc, { external_id: 'ext-dup' })), 409, 'external_id_conflict', 'external_id');
      expect(error.existing_customer_id).to.equal(first.customer_id);
      // across types too
      const pjError = await expectError(await post(pjBody(nextCnpj(), { external_id: 'ext-dup' })), 409, 'external_id_conflict', 'external_id');
      expect(pjError.existing_customer_id).to.equal(first.customer_id);
      expect(await countByDoc(doc)).to.equal(0);
      const later = await createCustomer(service, w.key, pfBody(doc, { external_id: 'ext-other' }));
      expect(later.external_id).to.equal('ext-other');
    });

    it('403 insufficient_scope without customers:write, creating nothing', async () => {
      const key = (await w.tenant.key({ scopes: ['customers:read', 'runs:write'] })).api_key;
      const doc = nextCpf();
      const error = await expectError(await post(pfBody(doc, { run_bureau: true }), {}, key), 403, 'insufficient_scope');
      expect(error.type).to.equal('authorization_error');
      expect(await countByDoc(doc)).to.equal(0);
    });

    it('403 subject_type_not_allowed for a key restricted to the other type', async () => {
      const pjOnly = (await w.tenant.key({ subject_type: 'pj' })).api_key;
      const doc = nextCpf();
      const error = await expectError(await post(pfBody(doc), {}, pjOnly), 403, 'subject_type_not_allowed');
      expect(error.type).to.equal('authorization_error');
      expect(await countByDoc(doc)).to.equal(0);
      await createCustomer(service, pjOnly, pjBody(nextCnpj()));
      const pfOnly = (await w.tenant.key({ subject_type: 'pf' })).api_key;
      await expectError(await post(pjBody(nextCnpj()), {}, pfOnly), 403, 'subject_type_not_allowed');
    });
  });

  describe('drafts', () => {
    it('a later POST of a draft document completes it: same customer_id, 201, new fields, and may start a run', async () => {
      const doc = nextCpf();
      const draft = await createCustomer(service, w.key, pfBody(doc));
      expect(draft.status).to.equal('rascunho');
      const before = await getCustomer(service, w.key, draft.customer_id);
      expect(before.status).to.equal('rascunho');
      expect(before.latest_run).to.equal(null);
      expect(before).not.to.have.any.keys('phone', 'occupation');

      // completing without a run keeps the draft
      const stillDraft = await createCustomer(service, w.key, pfBody(doc, { occupation: 'engenheira' }));
      expect(stillDraft.customer_id).to.equal(draft.customer_id);
      expect(stillDraft.status).to.equal('rascunho');

      const completed = await createCustomer(service, w.key, pfBody(doc, { name: 'Maria Souza', phone: '11 98888-7777', occupation: 'médica', external_id: 'ext-draft', run_bureau: true }));
      expect(completed.customer_id).to.equal(draft.customer_id);
      expect(completed.status).to.equal('em_analise');
      expect(completed.run_id).to.match(UUID);
      expect(completed.bureau_status).to.equal('queued');
      expect(completed.name).to.equal('Maria Souza');
      expect(completed.phone).to.equal('11 98888-7777');
      const after = await getCustomer(service, w.key, draft.customer_id);
      expect(after).to.include({ name: 'Maria Souza', phone: '11 98888-7777', occupation: 'médica', external_id: 'ext-draft' });
      expect(after.latest_run.run_id).to.equal(completed.run_id);
      expect(after.created_at).to.equal(draft.created_at);
      expect(await countByDoc(doc)).to.equal(1);

      // no longer a draft: 409
      const error = await expectError(await post(pfBody(doc, { run_bureau: true })), 409, 'customer_already_exists', 'doc');
      expect(error.existing_customer_id).to.equal(draft.customer_id);
    });

    // BUG (src/commands/customers.ts, createCustomer): completing a draft with another external_id
    // (or none) leaves the draft's old external_id claimed, so no other customer can use it although
    // no customer has it any more. Enable once the old claim is released on completion.
    it('completing a draft with a new external_id frees the old one', async () => {
      const draft = await createCustomer(service, w.key, pfBody(nextCpf(), { external_id: 'ext-old' }));
      const completed = await createCustomer(service, w.key, pfBody(cpf(n), { external_id: 'ext-new' }));
      expect(completed.customer_id).to.equal(draft.customer_id);
      expect((await listCustomers(service, w.key, '?external_id=ext-old')).data).to.deep.equal([]);
      const other = await createCustomer(service, w.key, pfBody(nextCpf(), { external_id: 'ext-old' }));
      expect(other.external_id).to.equal('ext-old');
    });

    it('409 for a document whose customer an operator moved out of draft', async () => {
      const doc = nextCnpj();
      const draft = await createCustomer(service, w.key, pjBody(doc));
      const patched = await service.operator(`/customers/${draft.customer_id}`, { method: 'PATCH', json: { status: 'inactive' } });
      expect(patched.status, await patched.text()).to.equal(200);
      const error = await expectError(await post(pjBody(doc)), 409, 'customer_already_exists', 'doc');
      expect(error.existing_customer_id).to.equal(draft.customer_id);
    });
  });

  describe('concurrency and idempotency', () => {
    it('10 concurrent POSTs of one document (no Idempotency-Key) make exactly one customer', async () => {
      const doc = nextCpf();
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, i) => post(pfBody(doc, { name: `Pessoa ${i}`, email: `p${i}@example.com`, run_bureau: true }))),
      );
      const bodies = await Promise.all(responses.map(async (r) => ({ status: r.status, body: (await r.json()) as Json })));
      const created = bodies.filter((b) => b.status === 201);
      const conflicts = bodies.filter((b) => b.status === 409);
      expect(created, JSON.stringify(bodies)).to.have.length(1);
      expect(conflicts).to.have.length(9);
      const winner = created[0]!.body;
      for (const c of conflicts) {
        expect(c.body.error.code).to.equal('customer_already_exists');
        expect(c.body.error.existing_customer_id).to.equal(winner.customer_id);
      }
      const list = (await listCustomers(service, w.key, `?doc=${doc}`)).data as Json[];
      expect(list.map((c) => c.customer_id)).to.deep.equal([winner.customer_id]);
      expect((await getCustomer(service, w.key, winner.customer_id)).latest_run.run_id).to.equal(winner.run_id);
    });

    it('10 concurrent draft POSTs of one document make one customer: 201 completing the same draft or 409 with its id', async () => {
      const doc = nextCnpj();
      const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => post(pjBody(doc, { name: `Empresa ${i}` }))));
      const bodies = await Promise.all(responses.map(async (r) => ({ status: r.status, body: (await r.json()) as Json })));
      const list = (await listCustomers(service, w.key, `?doc=${doc}`)).data as Json[];
      expect(list, JSON.stringify(bodies)).to.have.length(1);
      const id = list[0]!.customer_id;
      for (const b of bodies) {
        expect([201, 409], JSON.stringify(b)).to.include(b.status);
        if (b.status === 201) expect(b.body.customer_id).to.equal(id);
        else expect(b.body.error).to.include({ code: 'customer_already_exists', existing_customer_id: id });
      }
      expect(bodies.filter((b) => b.status === 201).length).to.be.greaterThan(0);
    });

    it('10 concurrent POSTs with run_bureau on an existing draft complete it once and start one run', async () => {
      const doc = nextCpf();
      const draft = await createCustomer(service, w.key, pfBody(doc));
      const responses = await Promise.all(Array.from({ length: 10 }, () => post(pfBody(doc, { run_bureau: true, external_id: 'ext-draft-race' }))));
      const bodies = await Promise.all(responses.map(async (r) => ({ status: r.status, body: (await r.json()) as Json })));
      const created = bodies.filter((b) => b.status === 201);
      expect(created, JSON.stringify(bodies)).to.have.length(1);
      expect(created[0]!.body).to.include({ customer_id: draft.customer_id, status: 'em_analise' });
      for (const b of bodies.filter((x) => x.status !== 201)) {
        expect(b.status).to.equal(409);
        expect(b.body.error).to.include({ code: 'customer_already_exists', existing_customer_id: draft.customer_id });
      }
      const runs = (await (await getJson(service, w.key, '/bureau/runs?external_id=ext-draft-race')).json()) as Json;
      expect(runs.data.map((r: Json) => r.run_id)).to.deep.equal([created[0]!.body.run_id]);
      expect(await countByDoc(doc)).to.equal(1);
    });

    it('20 concurrent POSTs with one Idempotency-Key make one customer and one run', async () => {
      const doc = nextCpf();
      const body = pfBody(doc, { run_bureau: true, external_id: 'ext-idem-20' });
      const responses = await Promise.all(Array.from({ length: 20 }, () => post(body, { 'idempotency-key': 'idem-customer-20' })));
      const results = await Promise.all(responses.map(async (r) => ({ r, body: (await r.json()) as Json })));
      const originals = results.filter(({ r }) => r.status === 201 && r.headers.get('idempotent-replayed') === null);
      expect(originals, JSON.stringify(results.map((x) => x.body))).to.have.length(1);
      const winner = originals[0]!.body;
      for (const { r, body: b } of results) {
        if (r.status === 409) {
          expect(b.error.code).to.equal('idempotency_key_in_progress');
          expect(Number(r.headers.get('retry-after'))).to.be.greaterThan(0);
        } else {
          expect(r.status).to.equal(201);
          expect(b).to.deep.equal(winner);
        }
      }
      const replay = await post(body, { 'idempotency-key': 'idem-customer-20' });
      expect(replay.status).to.equal(201);
      expect(replay.headers.get('idempotent-replayed')).to.equal('true');
      expect(await replay.json()).to.deep.equal(winner);
      expect(await countByDoc(doc)).to.equal(1);
      const runs = (await (await getJson(service, w.key, '/bureau/runs?external_id=ext-idem-20')).json()) as Json;
      expect(runs.data.map((r: Json) => r.run_id)).to.deep.equal([winner.run_id]);
    });

    it('caches only 201s: a 400 or a 409 with a key leaves it free for the corrected body', async () => {
      const doc = nextCpf();
      const invalid = pfBody(doc);
      delete invalid['email'];
      await expectError(await post(invalid, { 'idempotency-key': 'idem-fix-400' }), 400, 'invalid_email');
      const fixed = await post(pfBody(doc), { 'idempotency-key': 'idem-fix-400' });
      expect(fixed.status).to.equal(201);
      expect(fixed.headers.get('idempotent-replayed')).to.equal(null);
      const created = (await fixed.json()) as Json;
      const replay = await post(pfBody(doc), { 'idempotency-key': 'idem-fix-400' });
      expect(replay.headers.get('idempotent-replayed')).to.equal('true');
      expect(((await replay.json()) as Json).customer_id).to.equal(created.customer_id);

      // 409: the document of a non-draft customer, then a new document with the same key
      const conflictDoc = nextCpf();
      const taken = await createCustomer(service, w.key, pfBody(conflictDoc, { run_bureau: true }));
      const conflict = await expectError(await post(pfBody(conflictDoc), { 'idempotency-key': 'idem-fix-409' }), 409, 'customer_already_exists');
      expect(conflict.existing_customer_id).to.equal(taken.customer_id);
      const other = await post(pfBody(nextCpf()), { 'idempotency-key': 'idem-fix-409' });
      expect(other.status, await other.clone().text()).to.equal(201);
      expect(other.headers.get('idempotent-replayed')).to.equal(null);
    });
  });
});
