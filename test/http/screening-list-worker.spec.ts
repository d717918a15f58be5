import { expect } from 'chai';
import { misbehaving } from '../helpers/list-worker-importers.js';
import { createTenant, startService, type TestService } from '../helpers/service.js';

/**
 * Imports off the event loop (issue 29), through the operator API: the list's files are read on a
 * worker thread; a file it cannot read, a worker that dies or hangs, fail that upload alone (400
 * invalid_list_file, no version recorded, the last good version serving) and the next upload gets
 * a fresh worker. The list `br_pep` is read here by a test importer the worker builds from its
 * module (test/helpers/list-worker-importers.ts): `exit`, `crash`, `hang` and `bad` misbehave.
 */
describe('screening lists: files read on a worker thread that may fail', function () {
  this.timeout(120_000);
  let service: TestService;
  let key: string;

  before(async () => {
    service = await startService({ overrides: () => ({ listImporters: new Map([['br_pep', misbehaving('br_pep')]]), listWorkerTimeoutMs: 10_000 }) });
    key = (await (await createTenant(service, 'Worker')).key({ scopes: ['screening:read'] })).api_key;
  });
  after(async () => service.close());

  const upload = (text: string) => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(text)]), 'pep.txt');
    return service.operator('/lists/br_pep/versions?force=true', { method: 'POST', body: form });
  };
  const found = async (name: string): Promise<string[]> => {
    const response = await service.call('/api/v1/screening/search', { method: 'POST', headers: { 'x-api-key': key }, json: { schema: 'person', name } });
    expect(response.status).to.equal(200);
    return ((await response.json()) as { results: { name: string; match: boolean }[] }).results.filter((r) => r.match).map((r) => r.name);
  };
  const versions = async () => (await service.services.log.readStream('list-br_pep')).filter((e) => e.type === 'ListVersionImported').length;
  const refusal = async (response: Response) => [response.status, ((await response.json()) as { error: { code: string; message: string } }).error] as const;

  it('a good file is a version (201), searchable once answered', async () => {
    const response = await upload('Joaquim Barbosa Lacerda\nMaria Aparecida Fonseca');
    expect(response.status, await response.clone().text()).to.equal(201);
    expect(((await response.json()) as { entries: number }).entries).to.equal(2);
    expect(await found('Joaquim Barbosa Lacerda')).to.deep.equal(['Joaquim Barbosa Lacerda']);
  });

  for (const [text, message] of [
    ['bad', /The file could not be read as br_pep: br_pep: not a list of names/],
    ['exit', /the list reader stopped \(exit code 3\)/],
    ['crash', /the list reader (crashed: a crash outside the task|stopped \(exit code 1\))/],
    ['hang', /the list reader did not finish within 10 s/],
  ] as const) {
    it(`a worker that ${text === 'bad' ? 'throws on a malformed file' : text === 'hang' ? 'hangs past its timeout' : text === 'exit' ? 'exits' : 'crashes'}: 400 invalid_list_file, nothing recorded, the last good version serving; the next upload works`, async () => {
      const before = await versions();
      const [status, error] = await refusal(await upload(text));
      expect(status).to.equal(400);
      expect(error.code).to.equal('invalid_list_file');
      expect(error.message).to.match(message);
      expect(await versions()).to.equal(before);
      expect(await found('Joaquim Barbosa Lacerda')).to.deep.equal(['Joaquim Barbosa Lacerda']);
      const next = await upload(`Joaquim Barbosa Lacerda\nMaria Aparecida Fonseca\nSegundo ${text}`);
      expect(next.status, await next.clone().text()).to.equal(201);
      expect(await found(`Segundo ${text}`)).to.include(`Segundo ${text}`);
    });
  }

  it('uploads sent together queue on the worker: each answered for its own file, a failing one failing alone', async () => {
    const before = await versions();
    const answers = await Promise.all(['Ana Lucia Prado\nJoaquim Barbosa Lacerda', 'exit', 'Bianca Torres Lima\nJoaquim Barbosa Lacerda', 'bad'].map(upload));
    expect(answers.map((a) => a.status)).to.deep.equal([201, 400, 201, 400]);
    expect(((await answers[0]!.json()) as { entries: number }).entries).to.equal(2);
    expect(await versions()).to.equal(before + 2);
    // the last recorded of the two is the active one, and what the index serves
    const active = service.services.listCatalog.state('br_pep').active!;
    expect(service.services.listCatalog.searchedVersion('br_pep')!.version.version_id).to.equal(active.version_id);
  });
});
