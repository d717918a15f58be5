import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createTenant, startService, type TestService } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';
import { listFixture, listFixturePath } from '../helpers/list-fixtures.js';
import type { Json } from './runs-support.js';

const sample = listFixture;

/** The operator's upload of list versions and the lists' status, over HTTP (screening.md sections 3 and 4). */
describe('screening lists: operator upload and status', () => {
  let service: TestService;
  let key: string;

  before(async () => {
    service = await startService();
    const tenant = await createTenant(service, 'Lists');
    key = (await tenant.key({ scopes: ['screening:read'] })).api_key;
  });
  after(async () => service.close());

  const upload = (listId: string, files: { name: string; data: Buffer }[], query = '') => {
    const form = new FormData();
    for (const f of files) form.append('file', new Blob([f.data]), f.name);
    return service.operator(`/lists/${listId}/versions${query}`, { method: 'POST', body: form });
  };
  const status = async (listId: string): Promise<Json> => {
    const response = await service.call('/api/v1/screening/lists', { headers: { 'x-api-key': key } });
    expect(response.status).to.equal(200);
    const body = (await response.json()) as { data: Json[]; livemode: boolean };
    return body.data.find((l) => l['list_id'] === listId)!;
  };
  const errorCode = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;
  /** the CEIS sample with only its first n rows */
  const ceisRows = (n: number) => {
    const lines = sample('br/ceis.csv').toString('latin1').split('\n');
    return Buffer.from(lines.slice(0, n + 1).join('\n'), 'latin1');
  };

  it('lists every list with its freshness; nothing loaded yet is empty and stale', async () => {
    const ceis = await status('br_ceis');
    expect(ceis).to.deep.include({ list_id: 'br_ceis', version_id: null, entries: 0, stale: true, last_error: null, imported_at: null });
    expect(ceis['publisher']).to.include('CGU');
  });

  it('needs screening:read, and the operator token for uploads', async () => {
    const tenant = await createTenant(service, 'No screening');
    const other = (await tenant.key({ scopes: ['runs:read'] })).api_key;
    const refused = await service.call('/api/v1/screening/lists', { headers: { 'x-api-key': other } });
    expect([refused.status, await errorCode(refused)]).to.deep.equal([403, 'insufficient_scope']);
    const anonymous = await fetch(`${service.base}/operator/v1/lists/br_ceis/versions`, { method: 'POST' });
    expect(anonymous.status).to.equal(401);
  });

  it('imports the published zip (201 with entries and delta), answers 200 for the same content, and the status follows', async () => {
    const first = await upload('br_ceis', [{ name: '20261120_CEIS.zip', data: sample('br/20261120_CEIS.zip') }]);
    const body = (await first.json()) as Json;
    expect(first.status, JSON.stringify(body)).to.equal(201);
    expect(body).to.deep.include({ list_id: 'br_ceis', entries: 11, delta: { added: 11, removed: 0, changed: 0 } });
    expect(body['sha256']).to.match(/^[0-9a-f]{64}$/);
    const listed = await status('br_ceis');
    expect(listed).to.deep.include({ version_id: body['version_id'], entries: 11, stale: false, last_error: null });
    expect(service.services.listCatalog.version('br_ceis')!.entries).to.have.length(11);
    // the same content (here the plain CSV the zip holds) is a check, not a new version
    const zipped = await upload('br_ceis', [{ name: '20261120_CEIS.zip', data: sample('br/20261120_CEIS.zip') }]);
    expect(zipped.status).to.equal(200);
    expect(((await zipped.json()) as Json)['version_id']).to.equal(body['version_id']);
  });

  it('refuses a version under half the active one (409, recorded, not activated) unless forced', async () => {
    const before = await status('br_ceis');
    const refused = await upload('br_ceis', [{ name: 'ceis.csv', data: ceisRows(2) }]);
    expect([refused.status, await errorCode(refused)]).to.deep.equal([409, 'list_version_refused']);
    const after = await status('br_ceis');
    expect(after['version_id']).to.equal(before['version_id']);
    expect(after['last_error']).to.include('fewer than half');
    const forced = await upload('br_ceis', [{ name: 'ceis.csv', data: ceisRows(2) }], '?force=true');
    const body = (await forced.json()) as Json;
    expect(forced.status, JSON.stringify(body)).to.equal(201);
    expect(body['entries']).to.be.lessThan(11);
    expect(body['delta']['removed']).to.be.greaterThan(0);
    expect((await status('br_ceis'))['version_id']).to.equal(body['version_id']);
  });

  it('a malformed file is 400 invalid_list_file and nothing is activated; an unknown list is 400 invalid_list', async () => {
    const before = await status('br_cnep');
    const malformed = await upload('br_cnep', [{ name: 'cnep.csv', data: Buffer.from('not;a;cnep;file\n1;2;3;4\n') }]);
    expect([malformed.status, await errorCode(malformed)]).to.deep.equal([400, 'invalid_list_file']);
    const truncated = sample('br/20261120_CNEP.zip');
    const broken = await upload('br_cnep', [{ name: 'x.zip', data: truncated.subarray(0, truncated.length >> 1) }]);
    expect([broken.status, await errorCode(broken)]).to.deep.equal([400, 'invalid_list_file']);
    expect(await status('br_cnep')).to.deep.equal(before);
    const unknown = await upload('nope', [{ name: 'x.csv', data: Buffer.from('x') }]);
    expect([unknown.status, await errorCode(unknown)]).to.deep.equal([400, 'invalid_list']);
    const empty = await service.operator('/lists/br_cnep/versions', { method: 'POST', body: new FormData() });
    expect(empty.status).to.equal(400);
  });

  it('after a restart the active versions are loaded again from their stored raw files', async () => {
    const dataDir = service.dataDir;
    const expected = service.services.listCatalog.version('br_ceis')!.entries.map((e) => e.content_hash);
    await service.close();
    service = await startService({ dataDir });
    expect(service.services.listCatalog.version('br_ceis')!.entries.map((e) => e.content_hash)).to.deep.equal(expected);
  });

  it('npm run lists -- import|status (air-gapped installs): the version is recorded as an upload is, and a service loads it', async () => {
    const dataDir = tempDir();
    const env = { ...process.env, SVC_DATA_DIR: dataDir, SVC_SECRET_KEY: 'test-secret-key' };
    const lists = (...args: string[]) => promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/lists.ts', ...args], { env });
    const imported = JSON.parse((await lists('import', 'br_pep', listFixturePath('br/202610_PEP.zip'))).stdout) as Json;
    expect(imported).to.deep.include({ outcome: 'imported', list_id: 'br_pep', entries: 8 });
    const statuses = (await lists('status')).stdout.trim().split('\n').map((l) => JSON.parse(l) as Json);
    expect(statuses.find((l) => l['list_id'] === 'br_pep')).to.deep.include({ version_id: imported['version_id'], entries: 8, stale: false });
    const wrong = await lists('import', 'br_pep', listFixturePath('br/ceis.csv')).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(wrong?.code).to.equal(1);
    expect(wrong?.stderr).to.include('could not be read');
    const loaded = await startService({ dataDir });
    try {
      expect(loaded.services.listCatalog.version('br_pep')!.entries).to.have.length(8);
    } finally {
      await loaded.close();
    }
  });
});
