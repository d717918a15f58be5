import { expect } from 'chai';
import { DatavalidBiometricProvider, datavalidBand } from '../../src/adapters/biometrics/datavalid.js';
import type { BiometricProvider, FacialImage } from '../../src/adapters/biometrics/port.js';
import { SerproToken } from '../../src/adapters/serpro/token.js';
import type { Source, SourceAnswer, SourceRequest } from '../../src/adapters/sources/port.js';
import { SerproCpfSource } from '../../src/adapters/sources/serpro-cpf.js';
import { withCheckDigits } from '../../src/domain/values/document.js';
import { JPEG, png } from '../http/facial-support.js';
import { cpfRecord, faceAnswer, FakeSerpro } from '../helpers/serpro-fake.js';

const REGULAR = withCheckDigits('123456789');
const DECEASED = withCheckDigits('987654321');
const SUSPENDED = withCheckDigits('111444777');
const MISSING = withCheckDigits('222555888');
const never = new AbortController().signal;

/** What the next source in the chain was asked. */
class Next implements Source {
  readonly asked: string[] = [];
  async query(request: SourceRequest): Promise<SourceAnswer> {
    this.asked.push(request.source_id);
    return { status: 'ERROR', checks: [], data: {}, error_code: 'source_not_configured', error_message: 'next' };
  }
}

const cpfRequest = (doc: string, name = 'Maria da Silva'): SourceRequest => ({ run_id: 'run_1', tenant_id: 't', source_id: 'receita_cpf', subject: { type: 'pf', doc, name } });
const check = (answer: SourceAnswer, id: string) => answer.checks.find((c) => c.check_id === id)!;

describe('Serpro (fake gateway on 127.0.0.1)', () => {
  const fake = new FakeSerpro();
  let base = '';
  let now = 0;
  const token = (secret = fake.secret) => new SerproToken({ tokenUrl: `${base}/token`, consumerKey: fake.key, consumerSecret: secret, timeoutMs: 2000, now: () => now });
  const cpfSource = (t = token(), next: Source = new Next(), timeoutMs = 2000) => new SerproCpfSource({ baseUrl: base, path: '/consulta-cpf-df/v1', token: t, timeoutMs }, next);

  before(async () => {
    base = await fake.start();
    fake.cpfs.set(REGULAR, { body: cpfRecord(REGULAR, 'MARIA DA SILVA', '0', 'Regular', { dataInscricao: '20091985' }) });
    fake.cpfs.set(DECEASED, { body: cpfRecord(DECEASED, 'JOSE PEREIRA', '3', 'Titular Falecido', { obito: '2021' }) });
    fake.cpfs.set(SUSPENDED, { body: cpfRecord(SUSPENDED, 'ANA SOUZA', '2', 'Suspensa') });
    fake.faces.set(REGULAR, { status: 200, body: faceAnswer(0.9731, 'Altíssima probabilidade') });
  });
  after(() => fake.stop());
  beforeEach(() => {
    fake.reset();
    now = 0;
  });

  describe('token', () => {
    it('is asked with Basic key:secret and grant_type=client_credentials, cached, and fetched again shortly before expiry', async () => {
      const t = token();
      expect(await t.get()).to.equal('tok-1');
      expect(await t.get()).to.equal('tok-1');
      const asked = fake.requests.find((r) => r.path === '/token')!;
      expect(asked.method).to.equal('POST');
      expect(asked.authorization).to.equal(`Basic ${Buffer.from(`${fake.key}:${fake.secret}`).toString('base64')}`);
      expect(asked.body).to.equal('grant_type=client_credentials');
      now = 3600_000 - 30_000; // inside the refresh margin
      expect(await t.get()).to.equal('tok-2');
      expect(fake.tokensIssued).to.equal(2);
    });

    it('concurrent callers share one token request', async () => {
      const t = token();
      expect(await Promise.all([t.get(), t.get(), t.get()])).to.deep.equal(['tok-1', 'tok-1', 'tok-1']);
      expect(fake.tokensIssued).to.equal(1);
    });
  });

  describe('Consulta CPF as receita_cpf', () => {
    it('a regular CPF: the three checks valid, the normalized fields, and Serpro JSON kept as returned', async () => {
      const answer = await cpfSource().query(cpfRequest(REGULAR), never);
      expect(answer.status).to.equal('ANSWERED');
      expect(answer.checks.map((c) => [c.check_id, c.status])).to.deep.equal([['cpf_regular', 'VALID'], ['not_deceased', 'VALID'], ['name_match', 'VALID']]);
      expect(answer.data).to.deep.include({ name: 'MARIA DA SILVA', birth_date: '1970-11-14', inscricao_data: '1985-09-20', situacao_cadastral: 'Regular', situacao_codigo: '0', fonte: 'Serpro Consulta CPF' });
      expect(answer.data['serpro']).to.deep.equal(cpfRecord(REGULAR, 'MARIA DA SILVA', '0', 'Regular', { dataInscricao: '20091985' }));
      const call = fake.requests.find((r) => r.path.startsWith('/consulta-cpf-df/v1/cpf/'))!;
      expect(call).to.include({ method: 'GET', path: `/consulta-cpf-df/v1/cpf/${REGULAR}`, authorization: 'Bearer tok-1' });
    });

    it('a formatted CPF is asked as 11 digits; a name that differs is a medium finding', async () => {
      const formatted = `${REGULAR.slice(0, 3)}.${REGULAR.slice(3, 6)}.${REGULAR.slice(6, 9)}-${REGULAR.slice(9)}`;
      const answer = await cpfSource().query(cpfRequest(formatted, 'Roberto Carlos Nogueira'), never);
      expect(check(answer, 'name_match')).to.include({ status: 'INVALID', result_code: 'mismatch', severity: 'medium' });
      expect(check(answer, 'cpf_regular').status).to.equal('VALID');
    });

    it('a deceased holder: cpf_regular and not_deceased invalid, critical, with the year of death', async () => {
      const answer = await cpfSource().query(cpfRequest(DECEASED, 'José Pereira'), never);
      expect(check(answer, 'cpf_regular')).to.include({ status: 'INVALID', result_code: 'titular_falecido', severity: 'critical' });
      expect(check(answer, 'not_deceased')).to.include({ status: 'INVALID', result_code: 'deceased', severity: 'critical' });
      expect(check(answer, 'not_deceased').detail).to.contain('2021');
      expect(answer.data['ano_obito']).to.equal('2021');
    });

    it('a suspended CPF is a high finding; a CPF not found is NO_DATA on every check', async () => {
      expect(check(await cpfSource().query(cpfRequest(SUSPENDED, 'Ana Souza'), never), 'cpf_regular')).to.include({ status: 'INVALID', result_code: 'suspensa', severity: 'high' });
      const missing = await cpfSource().query(cpfRequest(MISSING), never);
      expect(missing.status).to.equal('ANSWERED');
      expect(missing.checks.map((c) => [c.status, c.result_code])).to.deep.equal([['NO_DATA', 'not_found'], ['NO_DATA', 'not_found'], ['NO_DATA', 'not_found']]);
    });

    it('an expired token: the 401 fetches a new token once and the query is answered', async () => {
      const t = token();
      const source = cpfSource(t);
      await source.query(cpfRequest(REGULAR), never);
      fake.expireTokens();
      const answer = await source.query(cpfRequest(REGULAR), never);
      expect(answer.status).to.equal('ANSWERED');
      expect(fake.tokensIssued).to.equal(2);
      expect(fake.apiCalls()).to.equal(3);
    });

    it('a token refused again after the refresh is not retried a second time: provider_error', async () => {
      fake.next = [401, 401];
      const answer = await cpfSource().query(cpfRequest(REGULAR), never);
      expect(answer).to.include({ status: 'ERROR', error_code: 'provider_error' });
      expect([fake.tokensIssued, fake.apiCalls()]).to.deep.equal([2, 2]);
    });

    it('5xx is source_unavailable, a slow gateway a timeout, refused credentials a provider_error that names the settings and never the secret', async () => {
      fake.next = [503];
      expect(await cpfSource().query(cpfRequest(REGULAR), never)).to.include({ status: 'ERROR', error_code: 'source_unavailable' });
      fake.delayMs = 500;
      expect(await cpfSource(token(), new Next(), 150).query(cpfRequest(REGULAR), never)).to.include({ status: 'ERROR', error_code: 'timeout' });
      fake.delayMs = 0;
      const refused = await cpfSource(token('wrong-secret')).query(cpfRequest(REGULAR), never);
      expect(refused).to.include({ status: 'ERROR', error_code: 'provider_error' });
      expect(refused.error_message).to.contain('SVC_SERPRO_CONSUMER_SECRET').and.not.contain('wrong-secret');
    });

    it('an invalid CPF is refused before any call; other sources go to the next source', async () => {
      expect(await cpfSource().query(cpfRequest('12345678900'), never)).to.include({ status: 'ERROR', error_code: 'invalid_document' });
      const next = new Next();
      await cpfSource(token(), next).query({ ...cpfRequest(REGULAR), source_id: 'legal_proceedings' }, never);
      expect(next.asked).to.deep.equal(['legal_proceedings']);
      expect(fake.requests).to.have.length(0);
    });
  });

  describe('Datavalid pf-facial as the live face match', () => {
    const USER: FacialImage = { data: png(), file_name: 'selfie.png', mime: 'image/png' };
    const fallback: BiometricProvider & { asked: string[] } = {
      asked: [],
      async check(c) {
        this.asked.push(c);
        return { status: 'Approved', score: 0.9, warnings: [], request_id: 'next' };
      },
    };
    const datavalid = () => new DatavalidBiometricProvider({ baseUrl: base, path: '/datavalid/v3/validate/pf-facial', token: token(), timeoutMs: 2000 }, fallback);

    it('the bands: >= 0.93 muito alta and 0.85 alta approved, 0.32 to 0.85 baixa and below declined', () => {
      expect([0.99, 0.93, 0.9, 0.85, 0.84, 0.32, 0.31, 0].map((s) => datavalidBand(s))).to.deep.equal([
        { band: 'muito_alta', approved: true },
        { band: 'muito_alta', approved: true },
        { band: 'alta', approved: true },
        { band: 'alta', approved: true },
        { band: 'baixa', approved: false },
        { band: 'baixa', approved: false },
        { band: 'sem_correspondencia', approved: false },
        { band: 'sem_correspondencia', approved: false },
      ]);
    });

    it('sends {key: {cpf}, answer: {biometria_face: {formato, base64}}} with the bearer token; keeps biometria_face as returned', async () => {
      const result = await datavalid().check('face_match', { user: USER, cpf: REGULAR }, never);
      expect(result).to.include({ status: 'Approved', score: 0.9731 });
      expect(result.warnings).to.deep.equal([{ source: 'datavalid', band: 'muito_alta', biometria_face: faceAnswer(0.9731, 'Altíssima probabilidade').biometria_face }]);
      const call = fake.requests.find((r) => r.path === '/datavalid/v3/validate/pf-facial')!;
      expect(call.authorization).to.equal('Bearer tok-1');
      expect(JSON.parse(call.body)).to.deep.equal({ key: { cpf: REGULAR }, answer: { biometria_face: { formato: 'png', base64: USER.data.toString('base64') } } });
    });

    it('a low similarity is Declined with its band', async () => {
      fake.faces.set(SUSPENDED, { status: 200, body: faceAnswer(0.4, 'Baixa probabilidade') });
      const result = await datavalid().check('face_match', { user: { ...USER, data: JPEG, mime: 'image/jpeg' }, cpf: SUSPENDED }, never);
      expect(result).to.include({ status: 'Declined', score: 0.4 });
      expect((result.warnings[0] as { band: string }).band).to.equal('baixa');
    });

    it('DV040 (no face in the bases) and other DV codes are Error with the code and a pt-BR message', async () => {
      const notFound = await datavalid().check('face_match', { user: USER, cpf: MISSING }, never);
      expect(notFound).to.include({ status: 'Error', score: null });
      expect(notFound.message).to.contain('DV040').and.contain('face não encontrada');
      expect(notFound.warnings).to.deep.equal([{ code: 'DV040', source: 'datavalid' }]);
      fake.faces.set(DECEASED, { status: 422, body: [{ code: 'DV045', message: 'Poor face quality image' }] });
      const poor = await datavalid().check('face_match', { user: USER, cpf: DECEASED }, never);
      expect(poor.message).to.contain('DV045').and.contain('qualidade');
      fake.next = [503];
      expect((await datavalid().check('face_match', { user: USER, cpf: REGULAR }, never)).message).to.contain('HTTP 503');
    });

    it('passive liveness, or a face match without a CPF, goes to the next provider', async () => {
      fallback.asked.length = 0;
      await datavalid().check('passive_liveness', { user: USER, cpf: REGULAR }, never);
      await datavalid().check('face_match', { user: USER, ref: USER }, never);
      expect(fallback.asked).to.deep.equal(['passive_liveness', 'face_match']);
      expect(fake.requests).to.have.length(0);
    });
  });
});
