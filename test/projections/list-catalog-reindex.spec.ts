import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { FsBlobStore } from '../../src/adapters/blob-store/fs.js';
import { EventLog } from '../../src/adapters/event-store/event-log.js';
import { SqliteEventStore } from '../../src/adapters/event-store/sqlite.js';
import { LIST_IMPORTERS } from '../../src/adapters/lists/importers/index.js';
import type { ListFile } from '../../src/adapters/lists/importers/port.js';
import { ListWorkerPool } from '../../src/adapters/lists/worker-pool.js';
import { PlainPiiCodec } from '../../src/adapters/pii/port.js';
import { importListVersion } from '../../src/commands/lists.js';
import { buildIndex, search, type SearchResult } from '../../src/domain/screening/match/index.js';
import type { ScreeningQuery } from '../../src/domain/screening/match/prepare.js';
import { DEFAULT_TOKEN_WEIGHTS } from '../../src/domain/screening/match/weights.js';
import { memoryLogger } from '../../src/logger.js';
import { ListCatalog } from '../../src/projections/list-catalog.js';
import { queriesFrom } from '../../scripts/bench-matching.js';
import { listFixture } from '../helpers/list-fixtures.js';
import { tempDir } from '../helpers/temp.js';

/** The samples of every official list. */
const SAMPLES: Record<string, string[]> = {
  ofac_sdn: ['ofac/sdn.csv', 'ofac/add.csv', 'ofac/alt.csv', 'ofac/sdn_comments.csv'],
  un_sc: ['un/consolidated.xml'],
  eu_fsf: ['eu/fsf.csv'],
  uk_fcdo: ['uk/UK-Sanctions-List.csv'],
  br_ceis: ['br/20261120_CEIS.zip'],
  br_cnep: ['br/20261120_CNEP.zip'],
  br_cepim: ['br/20261120_CEPIM.zip'],
  br_ceaf: ['br/20261120_CEAF.zip'],
  br_pep: ['br/202610_PEP.zip'],
  br_trabalho_escravo: ['br/cadastro_de_empregadores.csv'],
  br_bcb_qgi: ['br2/bcb_qgi.json'],
  br_bcb_qgp: ['br2/bcb_qgp.json'],
  br_ibama_embargos: ['br2/ibama_termo_de_embargo.csv'],
  br_tcu_inabilitados: ['br2/tcu_certidoes_inabilitados.json'],
  br_tcu_inidoneos: ['br2/tcu_certidoes_inidoneos_pagina1.json'],
};
const files = (id: string): ListFile[] => SAMPLES[id]!.map((p) => ({ name: p.split('/').pop()!, data: listFixture(p) }));
const context = (id: string) => ({ commandId: id, metadata: { tenant_id: null, actor: 'operator', request_id: id, occurred_at: '2026-11-27T00:00:00.000Z', correlation_id: id, causation_id: null } });
const answer = (results: readonly SearchResult[]) => results.map((r) => `${r.entry.list_id}/${r.entry.entry_id} ${r.score} ${r.match}`);

describe('ListCatalog: a new version of one list prepares only that list, and the index answers as one built from scratch', function () {
  this.timeout(600_000);
  let store: SqliteEventStore;
  let log: EventLog;
  let blobs: FsBlobStore;
  let workers: ListWorkerPool;
  let catalog: ListCatalog;

  before(async () => {
    const dir = tempDir();
    store = new SqliteEventStore(`${dir}/events.sqlite`);
    log = new EventLog(store, new PlainPiiCodec(), {});
    blobs = new FsBlobStore(`${dir}/blobs`);
    workers = new ListWorkerPool();
    catalog = new ListCatalog({ log, blobs, importers: LIST_IMPORTERS, logger: memoryLogger(), workers });
    for (const id of LIST_IMPORTERS.keys()) {
      const imported = await importListVersion({ log, blobs, importer: LIST_IMPORTERS.get(id)!, active: () => null, workers }, { files: files(id), source: { kind: 'upload' }, force: true }, context(id));
      expect(E.isRight(imported), id).to.equal(true);
    }
    await catalog.start();
  });
  after(async () => {
    await catalog.close();
    store.close();
  });

  it('a new UN version: the other lists keep their prepared entries; every answer (scores, order) is the one of a fresh index over the versions now loaded', async () => {
    const before = catalog.index()!;
    const ofacBefore = before.entries.filter((e) => e.entry.list_id === 'ofac_sdn');
    const unBefore = before.entries.filter((e) => e.entry.list_id === 'un_sc');
    const xml = listFixture('un/consolidated.xml').toString('utf8').replace(/<FIRST_NAME>[^<]*<\/FIRST_NAME>/, '<FIRST_NAME>HERMENEGILDO</FIRST_NAME>');
    const next = await importListVersion(
      { log, blobs, importer: LIST_IMPORTERS.get('un_sc')!, active: (id) => catalog.version(id)?.hashes ?? null, workers },
      { files: [{ name: 'consolidated.xml', data: Buffer.from(xml) }], source: { kind: 'upload' }, force: false },
      context('un-2'),
    );
    expect(E.isRight(next) && next.right.outcome).to.equal('imported');
    expect(E.isRight(next) && next.right.outcome === 'imported' && next.right.delta.changed).to.equal(1);
    await catalog.handle((await log.readStream('list-un_sc')).slice(-1));
    await catalog.settled();

    const after = catalog.index()!;
    expect(after).to.not.equal(before);
    const ofacAfter = after.entries.filter((e) => e.entry.list_id === 'ofac_sdn');
    expect(ofacAfter.length).to.equal(ofacBefore.length);
    expect(ofacAfter.every((e, i) => e === ofacBefore[i]), 'OFAC entries prepared again').to.equal(true);
    const unAfter = after.entries.filter((e) => e.entry.list_id === 'un_sc');
    expect(unAfter.some((e, i) => e !== unBefore[i]), 'UN entries prepared from the new version').to.equal(true);
    expect(catalog.searchedVersion('un_sc')!.version.version_id).to.equal(E.isRight(next) && next.right.outcome === 'imported' ? next.right.version_id : '');

    const all = catalog.listIds().flatMap((id) => catalog.version(id)!.entries);
    const fresh = buildIndex(all, { weights: DEFAULT_TOKEN_WEIGHTS });
    const queries: ScreeningQuery[] = [
      ...queriesFrom(all, 400),
      { schema: 'person', name: 'Hermenegildo' },
      ...all.filter((e) => e.documents.length > 0).slice(0, 30).map((e) => ({ schema: e.schema === 'person' ? ('person' as const) : ('company' as const), name: e.names[0]!.name, doc: e.documents[0]!.value })),
    ];
    let found = 0;
    for (const query of queries) {
      for (const o of [{}, { min_score: 0.5, limit: 25 }, { lists: ['un_sc', 'br_pep'] }]) {
        const served = catalog.search(null, query, o);
        expect(answer(served), `${JSON.stringify(query)} ${JSON.stringify(o)}`).to.deep.equal(answer(search(fresh, query, { ...o, lists: o.lists ?? catalog.listIds() })));
        if (served.length > 0) found++;
      }
    }
    expect(found).to.be.greaterThan(queries.length);
  });
});
