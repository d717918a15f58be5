import { expect } from 'chai';
import { FILE_URL_TTL_SECONDS, signFileToken } from '../../src/http/file-tokens.js';
import { errorText } from '../../src/logger.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';

const CPF = '52998224725';

describe('access log privacy: route templates, never raw paths', () => {
  let service: TestService;
  let key: string;
  before(async () => {
    service = await startService();
    key = (await (await createTenant(service)).key()).api_key;
  });
  after(async () => service.close());

  const lineOf = (response: Response) => {
    const line = service.logs.find((l) => l.includes(response.headers.get('x-request-id')!));
    expect(line, 'an access-log line for the request').to.be.a('string');
    return JSON.parse(line!) as Record<string, unknown>;
  };

  it('logs /files/:token, never the token (the token alone opens the file for an hour)', async () => {
    // a genuine signature over a blob that is not there: the token is a grant whatever the answer
    const expires_at = Math.floor(Date.now() / 1000) + FILE_URL_TTL_SECONDS;
    const token = signFileToken(service.services.secretKey, { blob_key: 'reports/nothing.pdf', file_name: 'laudo.pdf', expires_at });
    const response = await service.call(`/files/${token}`);
    expect(response.status).to.equal(404);
    expect(lineOf(response)).to.include({ method: 'GET', route: '/files/:token', status: 404 });
    const wrongMethod = await service.call(`/files/${token}`, { method: 'POST' });
    expect(wrongMethod.status).to.equal(405);
    expect(lineOf(wrongMethod)).to.include({ route: '/files/:token', status: 405 });
    const logs = service.logs.join('\n');
    expect(logs).not.to.include(token);
    expect(logs).not.to.include(token.split('.')[1]);
  });

  it('logs /api/v1/customers/:id for a document in the path, with or without a valid key', async () => {
    const withKey = await service.call(`/api/v1/customers/${CPF}`, { headers: { 'x-api-key': key } });
    expect(withKey.status).to.be.within(400, 499);
    expect(lineOf(withKey)).to.include({ route: '/api/v1/customers/:id' });
    // refused before routing: the template is still the route the path belongs to
    const withoutKey = await service.call(`/api/v1/customers/${CPF}`);
    expect(withoutKey.status).to.equal(401);
    expect(lineOf(withoutKey)).to.include({ route: '/api/v1/customers/:id', status: 401 });
    expect(service.logs.join('\n')).not.to.include(CPF);
  });

  it('logs a fixed placeholder for a path no route knows', async () => {
    const paths = [`/api/v1/people/${CPF}`, `/nowhere/${CPF}`, `/operator/v1/lookup/${CPF}`];
    for (const path of paths) {
      const response = await service.call(path, { headers: { 'x-api-key': key } });
      expect(response.status, path).to.be.oneOf([401, 404]);
      expect(lineOf(response), path).to.include({ route: '(unmatched)' });
    }
    expect(service.logs.join('\n')).not.to.include(CPF);
  });
});

describe('error texts in logs: what drivers quote from the data is masked', () => {
  it('masks MongoDB duplicate-key values, e-mails and formatted documents, keeping the rest', () => {
    const mongo = new Error('E11000 duplicate key error collection: kyc.customers index: email_1 dup key: { email: "maria.souza@example.com", nome: "Maria Souza" }');
    mongo.name = 'MongoServerError';
    const text = errorText(mongo);
    expect(text).to.equal('MongoServerError: E11000 duplicate key error collection: kyc.customers index: email_1 dup key: {[masked]}');
    const quoted = errorText(new Error('cannot index maria.souza@example.com for 529.982.247-25 / 11.222.333/0001-81 or 52998224725'));
    for (const leak of ['maria.souza@example.com', 'example.com', '529.982.247-25', '11.222.333/0001-81', '52998224725']) expect(quoted).not.to.include(leak);
    expect(quoted).to.equal('Error: cannot index [email] for [document] / [document] or [digits]');
    expect(errorText(new Error('connect ECONNREFUSED 127.0.0.1:27017'))).to.equal('Error: connect ECONNREFUSED 127.0.0.1:27017');
  });
});
