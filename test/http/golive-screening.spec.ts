import { expect } from 'chai';
import { createTenant, startService, type TestService } from '../helpers/service.js';
import type { Json } from './runs-support.js';
import { uploadSampleLists } from './screening-support.js';

/**
 * Going live without surprises (issue 28): a search over lists that are not loaded never answers a
 * silent "nada consta". None loaded: 409 lists_not_loaded naming them; some: 200 with a warning per
 * list left out.
 */
describe('screening search names the lists that are not loaded', function () {
  this.timeout(60_000);
  let service: TestService;
  let key: string;
  let otherScopes: string;

  before(async () => {
    service = await startService();
    const tenant = await createTenant(service, 'Golive screening');
    key = (await tenant.key({ scopes: ['screening:read'] })).api_key;
    otherScopes = (await tenant.key({ scopes: ['customers:read'] })).api_key;
  });
  after(async () => service.close());

  const search = async (body: Json) => {
    const response = await service.call('/api/v1/screening/search', { method: 'POST', headers: { 'x-api-key': key }, json: body });
    return { status: response.status, body: (await response.json()) as Json };
  };

  it('with no list loaded, answers 409 lists_not_loaded naming every list searched', async () => {
    const asked = await search({ schema: 'person', name: 'Nicolas Maduro Moros', lists: ['ofac_sdn', 'br_pep'] });
    expect(asked.status).to.equal(409);
    expect(asked.body['error']).to.include({ code: 'lists_not_loaded', param: 'lists' });
    expect(asked.body['error']['missing_lists']).to.deep.equal(['ofac_sdn', 'br_pep']);
    expect(asked.body['error']['message']).to.contain('ofac_sdn').and.contain('br_pep');

    const byDefault = await search({ schema: 'person', name: 'Nicolas Maduro Moros' });
    expect(byDefault.status).to.equal(409);
    expect(byDefault.body['error']['missing_lists']).to.include.members(['ofac_sdn', 'un_sc', 'br_pep', 'br_ceis']);
  });

  it('bad input is still a 400 before the lists are looked at', async () => {
    const unknown = await search({ schema: 'person', name: 'Fulano', lists: ['no_such_list'] });
    expect([unknown.status, unknown.body['error']['code']]).to.deep.equal([400, 'invalid_list']);
  });

  it('with some lists loaded, answers 200 with a list_not_loaded warning for each list left out', async () => {
    await uploadSampleLists(service, [['br_pep', ['br/202610_PEP.zip']]]);
    const some = await search({ schema: 'person', name: 'Jose Carlos da Silva Pereira', lists: ['br_pep', 'ofac_sdn'] });
    expect(some.status, JSON.stringify(some.body)).to.equal(200);
    expect((some.body['results'] as Json[]).length).to.be.greaterThan(0);
    expect(some.body['warnings']).to.deep.equal([{ code: 'list_not_loaded', list_id: 'ofac_sdn', message: 'List ofac_sdn is not loaded: it was not searched.' }]);

    const byDefault = await search({ schema: 'person', name: 'Jose Carlos da Silva Pereira' });
    expect(byDefault.status).to.equal(200);
    const warned = (byDefault.body['warnings'] as Json[]).map((w) => w['list_id']);
    expect(warned).to.include('ofac_sdn').and.not.include('br_pep');

    const loaded = await search({ schema: 'person', name: 'Jose Carlos da Silva Pereira', lists: ['br_pep'] });
    expect(loaded.body['warnings']).to.deep.equal([]);
  });

  it('compare needs no list and answers 200 with none loaded', async () => {
    const response = await service.call('/api/v1/screening/compare', { method: 'POST', headers: { 'x-api-key': key }, json: { schema: 'person', query: { name: 'Ana Souza' }, candidate: { name: 'Ana Sousa' } } });
    expect(response.status).to.equal(200);
  });

  it('compare needs the screening:read scope (403 without it)', async () => {
    const response = await service.call('/api/v1/screening/compare', { method: 'POST', headers: { 'x-api-key': otherScopes }, json: { schema: 'person', query: { name: 'Ana Souza' }, candidate: { name: 'Ana Sousa' } } });
    expect(response.status).to.equal(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).to.equal('insufficient_scope');
  });
});
