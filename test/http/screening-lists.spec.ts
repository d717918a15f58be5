import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createTenant, startService, type TestService } from '../helpers/service.js';
import { tempDir } from '../helpers/temp.js';
import { listFixture, listFixturePath } from '../helpers/list-fixtures.js';
import { buildZip, entryOf, zerosEntry } from '../helpers/zip-builder.js';
import type { Json } from './runs-support.js';
import { nodeArgs } from '../helpers/node-child.js';

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
    const lists = (...args: string[]) => promisify(execFile)(process.execPath, [...nodeArgs('scripts/lists.ts'), ...args], { env });
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

/**
 * Hostile zips uploaded as a list version: each is 400 invalid_list_file before its memory is
 * spent, and nothing of it is kept.
 */
describe('screening lists: hostile zips in an upload', function () {
  this.timeout(60_000);
  const MiB = 1024 * 1024;
  let service: TestService;

  before(async () => {
    service = await startService();
  });
  after(async () => service.close());

  const upload = (target: TestService, listId: string, files: { name: string; data: Buffer }[]) => {
    const form = new FormData();
    for (const f of files) form.append('file', new Blob([f.data]), f.name);
    return target.operator(`/lists/${listId}/versions`, { method: 'POST', body: form });
  };
  const refusal = async (response: Response) => {
    const body = (await response.json()) as { error: { code: string; message: string } };
    return { status: response.status, code: body.error.code, message: body.error.message };
  };
  const activeVersion = (listId: string) => service.services.listCatalog.version(listId)?.version.version_id ?? null;

  it('a zip inflating from about 1 MiB to 1,000 MiB: 400 invalid_list_file at once, the process memory flat', async () => {
    const bomb = buildZip([zerosEntry('20261120_CEIS.csv', 1000)]);
    expect(bomb.length).to.be.lessThan(2 * MiB);
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const started = Date.now();
    let answer;
    try {
      answer = await refusal(await upload(service, 'br_ceis', [{ name: '20261120_CEIS.zip', data: bomb }]));
    } finally {
      clearInterval(timer);
    }
    const elapsed = Date.now() - started;
    const growth = Math.max(peak, process.memoryUsage().rss) - before;
    expect(answer).to.deep.include({ status: 400, code: 'invalid_list_file' });
    expect(answer.message).to.include('inflates more than 200 times its compressed size');
    expect(elapsed, `answered in ${elapsed} ms`).to.be.lessThan(5_000);
    expect(growth, `RSS grew by ${Math.round(growth / MiB)} MiB`).to.be.lessThan(300 * MiB);
    expect(activeVersion('br_ceis')).to.equal(null);
  });

  it('a zip whose CRC-32 does not match its CSV: 400 invalid_list_file; the same CSV with its CRC-32 imports', async () => {
    const honest = entryOf('20261120_CEIS.csv', sample('br/ceis.csv'));
    const corrupt = await refusal(await upload(service, 'br_ceis', [{ name: '20261120_CEIS.zip', data: buildZip([{ ...honest, crc32: (honest.crc32 ^ 0x10) >>> 0 }]) }]));
    expect(corrupt).to.deep.include({ status: 400, code: 'invalid_list_file' });
    expect(corrupt.message).to.include('CRC-32 mismatch in 20261120_CEIS.csv');
    expect(activeVersion('br_ceis')).to.equal(null);
    const imported = await upload(service, 'br_ceis', [{ name: '20261120_CEIS.zip', data: buildZip([honest]) }]);
    expect(imported.status).to.equal(201);
  });

  it('a zip of more than 64 files, and a truncated zip: 400 invalid_list_file', async () => {
    const many = buildZip(Array.from({ length: 65 }, (_, i) => entryOf(`f${i}.csv`, Buffer.from(`${i}\n`))));
    expect(await refusal(await upload(service, 'br_cnep', [{ name: 'cnep.zip', data: many }]))).to.deep.include({ status: 400, code: 'invalid_list_file' });
    const zip = sample('br/20261120_CNEP.zip');
    const truncated = await refusal(await upload(service, 'br_cnep', [{ name: 'cnep.zip', data: zip.subarray(0, zip.length - 10) }]));
    expect(truncated).to.deep.include({ status: 400, code: 'invalid_list_file' });
    expect(truncated.message).to.include('not a readable zip');
    expect(activeVersion('br_cnep')).to.equal(null);
  });

  it('SVC_LISTS_MAX_UNZIPPED_BYTES bounds what a version holds once unzipped', async () => {
    const small = await startService({ env: { SVC_LISTS_MAX_UNZIPPED_BYTES: '2048' } });
    try {
      const answer = await refusal(await upload(small, 'br_ceis', [{ name: '20261120_CEIS.zip', data: sample('br/20261120_CEIS.zip') }]));
      expect(answer).to.deep.include({ status: 400, code: 'invalid_list_file' });
      expect(answer.message).to.match(/more than 2048 bytes/);
    } finally {
      await small.close();
    }
  });
});
