import { expect } from 'chai';
import { readableAnswer } from '../../src/domain/run/evaluate.js';
import { recordSensitive } from '../helpers/log-privacy.js';
import { cpfRecord, faceAnswer, FakeSerpro } from '../helpers/serpro-fake.js';
import { createTenant, type TestService } from '../helpers/service.js';
import { addCredits, balanceOf, expectError, facialOk, png, postFacial, setModule } from './facial-support.js';
import { cpf, createTemplate, eventually, getJson, postRun, startRunsService, type Json } from './runs-support.js';

const REGULAR = cpf(101);
const DECEASED = cpf(102);
const NO_FACE = cpf(103);

/** receita_cpf by Serpro's Consulta CPF and the live face match by Datavalid, through the service, against a local fake gateway. */
describe('HTTP Serpro: Consulta CPF and Datavalid for live keys', function () {
  this.timeout(30_000);
  const fake = new FakeSerpro();
  let service: TestService;
  let tenantId: string;
  let live: string;
  let sandbox: string;
  let template: string;

  before(async () => {
    const base = await fake.start();
    recordSensitive(fake.secret);
    fake.cpfs.set(REGULAR, { body: cpfRecord(REGULAR, 'MARIA DA SILVA', '0', 'Regular') });
    fake.cpfs.set(DECEASED, { body: cpfRecord(DECEASED, 'JOSE PEREIRA', '3', 'Titular Falecido', { obito: '2020' }) });
    fake.faces.set(REGULAR, { status: 200, body: faceAnswer(0.9123, 'Alta probabilidade') });
    service = await startRunsService({
      env: { SVC_SERPRO_URL: base, SVC_SERPRO_CONSUMER_KEY: fake.key, SVC_SERPRO_CONSUMER_SECRET: fake.secret, SVC_SERPRO_CPF: 'on', SVC_SERPRO_DATAVALID: 'on', SVC_SERPRO_TIMEOUT_MS: '3000' },
    });
    const tenant = await createTenant(service, 'Serpro');
    tenantId = tenant.tenant_id;
    await setModule(service, tenantId, true, true);
    expect(await addCredits(service, tenantId, 100)).to.equal(100);
    live = (await tenant.key({ environment: 'live' })).api_key;
    sandbox = (await tenant.key()).api_key;
    const sources = [{ source_id: 'receita_cpf', tier: 1 }];
    template = await createTemplate(service, { tenant_id: tenantId }, { name: 'PF cadastro', subject_type: 'pf', parameters: ['name'], sources, rules: [], risk_thresholds: { medio: 30, alto: 60 } } as never);
  });
  after(async () => {
    await service?.close();
    await fake.stop();
  });

  const answered = async (doc: string, name: string): Promise<{ run: Json; answer: Json }> => {
    const response = await postRun(service, live, { template_id: template, subject: { type: 'pf', doc, name } });
    expect(response.status).to.equal(202);
    const runId = ((await response.json()) as Json)['run_id'] as string;
    let run: Json = {};
    await eventually(async () => {
      run = (await (await getJson(service, live, `/bureau/runs/${runId}`)).json()) as Json;
      expect(['queued', 'running']).to.not.include(run['status']);
    }, 10_000);
    const event = (await service.services.log.readStream(`run-${runId}`)).find((e) => e.type === 'SourceAnswered' && e.data['source_id'] === 'receita_cpf')!;
    return { run, answer: readableAnswer(event.data as never) as Json };
  };

  it('a live run: receita_cpf answered by Serpro, the checks from its answer and its JSON stored as evidence', async () => {
    const { run, answer } = await answered(REGULAR, 'Maria da Silva');
    expect(run['status']).to.equal('completed');
    expect(answer['checks'].map((c: Json) => [c['check_id'], c['status']])).to.deep.equal([
      ['cpf_regular', 'VALID'],
      ['not_deceased', 'VALID'],
      ['name_match', 'VALID'],
    ]);
    expect(answer['data']['serpro']).to.deep.equal(cpfRecord(REGULAR, 'MARIA DA SILVA', '0', 'Regular'));
    expect(answer['data']).to.include({ fonte: 'Serpro Consulta CPF', birth_date: '1970-11-14' });
    const call = fake.requests.find((r) => r.path === `/consulta-cpf-df/v1/cpf/${REGULAR}`)!;
    expect(call.authorization).to.match(/^Bearer tok-\d+$/);
  });

  it('a deceased holder: both checks invalid and critical in the run', async () => {
    const { answer } = await answered(DECEASED, 'José Pereira');
    expect(answer['checks'].filter((c: Json) => c['status'] === 'INVALID').map((c: Json) => [c['check_id'], c['severity']])).to.deep.equal([
      ['cpf_regular', 'critical'],
      ['not_deceased', 'critical'],
    ]);
  });

  it('facial verification with a cpf: face_match by Datavalid against the CNH photo, without ref_image, billed 2 credits', async () => {
    const before = await balanceOf(service, tenantId);
    const body = await facialOk(service, live, { user: { data: png(), name: 'selfie.png', mime: 'image/png' }, checks: 'face_match', extra: [['cpf', REGULAR]] });
    expect(body.results.face_match).to.include({ status: 'Approved', score: 0.9123 });
    expect(body.results.face_match.warnings).to.deep.equal([{ source: 'datavalid', band: 'alta', biometria_face: faceAnswer(0.9123, 'Alta probabilidade').biometria_face }]);
    expect(await balanceOf(service, tenantId)).to.equal(before - 2);
    const sent = JSON.parse(fake.requests.filter((r) => r.path === '/datavalid/v3/validate/pf-facial').at(-1)!.body) as Json;
    expect(sent['key']).to.deep.equal({ cpf: REGULAR });
    // the verification's fact keeps Datavalid's answer as returned
    const performed = (await service.services.log.readAll({ after: null, limit: 100_000, streamPrefixes: ['facialcheck-'] })).filter((e) => e.data['tenant_id'] === tenantId).at(-1)!;
    expect((performed.data['checks'] as Json)['face_match']['evidence']).to.deep.equal({ provider: 'serpro_datavalid', band: 'alta', biometria_face: faceAnswer(0.9123, 'Alta probabilidade').biometria_face });
  });

  it('DV040 (no face in the bases) is answered as such and not billed; a cpf that is not valid is a 400', async () => {
    const before = await balanceOf(service, tenantId);
    const response = await postFacial(service, live, { user: { data: png(), name: 'selfie.png', mime: 'image/png' }, checks: 'face_match', extra: [['cpf', NO_FACE]] });
    const error = await expectError(response, 502, 'biometric_check_failed');
    expect(error['message']).to.contain('nothing was charged').and.contain('DV040').and.contain('face não encontrada');
    expect(await balanceOf(service, tenantId)).to.equal(before);
    const performed = (await service.services.log.readAll({ after: null, limit: 100_000, streamPrefixes: ['facialcheck-'] })).filter((e) => e.data['tenant_id'] === tenantId).at(-1)!;
    expect(performed.data['cost']).to.equal(0);
    expect((performed.data['checks'] as Json)['face_match']['evidence']).to.deep.equal({ provider: 'serpro_datavalid', http_status: 422, dv_code: 'DV040' });
    await expectError(await postFacial(service, live, { user: { data: png(), name: 'selfie.png' }, checks: 'face_match', extra: [['cpf', '123.456.789-00']] }), 400, 'invalid_document', 'cpf');
  });

  it('sandbox keys never reach Serpro: a face match with a cpf is the sandbox\'s', async () => {
    const calls = fake.requests.length;
    const body = await facialOk(service, sandbox, { user: { data: png(), name: 'selfie.png' }, checks: 'face_match', extra: [['cpf', REGULAR]] });
    expect(body.results.face_match).to.include({ status: 'Approved', score: 0.97 });
    expect(fake.requests.length).to.equal(calls);
  });
});
