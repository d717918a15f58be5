import { expect } from 'chai';
import Database from 'better-sqlite3';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { findStatement as postgresStatement, PostgresReadStore } from '../../src/adapters/postgres/read-store.js';
import type { Query, ReadStore, Scalar, Write } from '../../src/adapters/read-store/port.js';
import { findStatement as sqliteStatement, SqliteReadStore } from '../../src/adapters/read-store/sqlite.js';
import { freshDatabase, postgresUnavailable } from '../contract/postgres-database.js';
import { tempDir } from '../helpers/temp.js';
import { FULL_READS, fittingIndexes, LIST_QUERIES, type ListQuery } from './list-queries.js';

/**
 * The index plans of every list query (test/projections/list-queries.ts), on the SQL engines:
 * each collection is created with the indexes its projection declares, filled with documents of
 * several tenants, environments and statuses, and each query shape EXPLAINed as find() runs it
 * (its first page, and a later page with the cursor and created_at range the call uses). A plan
 * passes when it searches an index whose every field the shape binds by equality (so the
 * (created_at, id) suffix gives the newest-first order), and neither scans the table nor sorts.
 * SQLite: the plan as served (the service never ANALYZEs) and after ANALYZE. PostgreSQL: after
 * ANALYZE, with the order required from an index (see explainWithoutCreatedIndex).
 */
const ROWS = 2000;
/** the share of documents holding a queried value of a field: every filter is selective */
const COMMON = 0.25;
/** the documents span the first quarter of 2026, two by two at the same instant (ties broken by id) */
const createdAt = (i: number) => new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 2) * Math.floor((2 * 90 * 86_400_000) / ROWS)).toISOString();
const idOf = (i: number) => `d${String(i).padStart(6, '0')}`;
/** a later page's cursor and a range, both within the documents */
const BEFORE = { created_at: createdAt(ROWS * 0.6), id: idOf(ROWS * 0.6) };
const RANGE = { createdFrom: createdAt(ROWS * 0.1), createdTo: createdAt(ROWS * 0.9) };

const CALL = /\.find<[^>]+>\(|\bfindPage<[^>]+>\(/g;
const FULL = /\.listCollection<[^>]+>\(/g;
/** the paging helper, whose collection its callers name (src/adapters, the stores themselves, is not read) */
const NOT_SITES = new Set(['src/http/paging.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path === 'src/adapters' ? [] : sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

const count = (items: readonly { site: string }[]) => items.reduce((m, { site }) => m.set(site, (m.get(site) ?? 0) + 1), new Map<string, number>());

/** The queries of one collection, each shape as find() sends it: a first page, and a later one with the bounds the call uses. */
function queriesOf(entries: readonly ListQuery[]): { entry: ListQuery; where: Record<string, Scalar>; query: Query }[] {
  return entries.flatMap((entry) =>
    entry.shapes.flatMap((where) => {
      const later: Query = { where, limit: entry.limit, ...(entry.keyset ? { before: BEFORE } : {}), ...(entry.range ? RANGE : {}) };
      return entry.keyset || entry.range ? [{ entry, where, query: { where, limit: entry.limit } }, { entry, where, query: later }] : [{ entry, where, query: { where, limit: entry.limit } }];
    }),
  );
}

const byCollection = (): Map<string, ListQuery[]> =>
  LIST_QUERIES.reduce((m, entry) => m.set(entry.collection, [...(m.get(entry.collection) ?? []), entry]), new Map<string, ListQuery[]>());

/**
 * A deterministic spread over tenants, environments and statuses: each field holds one of the
 * values the shapes query in a quarter of the documents and fillers elsewhere, so every filter is
 * selective. A field of a unique index is unique per document.
 */
function documents(collection: string, entries: readonly ListQuery[]): Write[] {
  const queried = new Map<string, Scalar[]>();
  const unique = new Set(entries.flatMap((entry) => entry.indexes.filter((i) => i.unique).flatMap((i) => i.fields)));
  for (const entry of entries) {
    for (const shape of entry.shapes) for (const [field, value] of Object.entries(shape)) queried.set(field, [...new Set([...(queried.get(field) ?? []), value])]);
    for (const index of entry.indexes) for (const field of index.fields) if (!queried.has(field)) queried.set(field, []);
  }
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const filler = (field: string, values: Scalar[]): Scalar => {
    if (field === 'environment') return 'sandbox';
    if (values.length > 0 && values.every((v) => typeof v === 'boolean')) return !values[0];
    return `${field}-${Math.floor(next() * 8)}`;
  };
  return Array.from({ length: ROWS }, (_, i) => {
    const doc: Record<string, unknown> = { created_at: createdAt(i) };
    for (const [field, values] of queried) {
      if (unique.has(field)) doc[field] = `${field}-${i}`;
      else doc[field] = values.length > 0 && next() < COMMON ? values[Math.floor(next() * values.length)] : filler(field, values);
    }
    return { op: 'put' as const, collection, id: idOf(i), doc, position: i + 1 };
  });
}

async function fill(store: ReadStore, collection: string, entries: readonly ListQuery[]): Promise<Write[]> {
  const indexes = entries[0]!.indexes;
  for (const entry of entries) expect(entry.indexes, `${entry.by}: the indexes of ${collection}'s projection`).to.equal(indexes);
  await store.ensureCollection(collection, indexes);
  const writes = documents(collection, entries);
  for (let i = 0; i < writes.length; i += 1000) await store.commit({ writes: writes.slice(i, i + 1000) });
  return writes;
}

/** The document fields an index's definition names, in order: `'$.a'` (SQLite) or `'{a}'` (PostgreSQL). */
function indexFields(definition: string): string[] {
  return [...definition.matchAll(/'\$\.([\w.]+)'|'\{([\w,]+)\}'/g)].map((m) => m[1] ?? m[2]!.replace(/,/g, '.'));
}

/** Why a plan does not read the shape from a fitting index in order, or null. */
function verdict(where: Record<string, Scalar>, used: { name: string; definition: string } | null, plan: string, forbidden: RegExp): string | null {
  if (forbidden.test(plan)) return `scans or sorts: ${plan}`;
  if (!used) return `no index searched: ${plan}`;
  const fields = indexFields(used.definition);
  if (fields.length === 0 || !fields.every((f) => f in where)) return `searches ${used.name} (${fields.join(', ') || 'no field'}), not bound by the filter: ${plan}`;
  if (!/created_at/.test(used.definition)) return `searches ${used.name}, without the sort keys: ${plan}`;
  return null;
}

/**
 * PostgreSQL's plan of a statement when the order must come from an index. On tables of a few
 * thousand rows the planner rightly reads the (created_at, id) index, whose order matches the heap's,
 * and filters, or sorts a few hundred matches: plans that do not scale to a tenant among thousands.
 * So, in a transaction rolled back, the unfiltered created_at index is dropped and table scans,
 * bitmap scans and sorts are priced out: what remains is an index scan of a fitting index, or, with
 * none, a plan that still sorts or reads a non-fitting index whole.
 */
async function explainWithoutCreatedIndex(client: pg.PoolClient, table: string, statements: readonly { sql: string; params: unknown[] }[]): Promise<string[]> {
  await client.query('BEGIN');
  try {
    await client.query(`DROP INDEX ${table}__created`);
    await client.query('SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_sort = off');
    const plans: string[] = [];
    for (const { sql, params } of statements) {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
      plans.push(rows.map((r) => r['QUERY PLAN'].trim()).join(' | '));
    }
    return plans;
  } finally {
    await client.query('ROLLBACK');
  }
}

const describeFailures = (failures: string[]) => failures.join('\n');

describe('List query plans: every list query is read from an index in order', () => {
  it('the table lists every list query in src: each find and findPage call, each full read', () => {
    const files = sourceFiles('src').filter((f) => !NOT_SITES.has(f));
    const calls = new Map(files.map((f) => [f, readFileSync(f, 'utf8').match(CALL)?.length ?? 0] as const).filter(([, n]) => n > 0));
    const fulls = new Map(files.map((f) => [f, readFileSync(f, 'utf8').match(FULL)?.length ?? 0] as const).filter(([, n]) => n > 0));
    expect(Object.fromEntries(count(LIST_QUERIES)), 'calls per file: add the new query to test/projections/list-queries.ts').to.deep.equal(Object.fromEntries(calls));
    expect(Object.fromEntries(count(FULL_READS)), 'full reads per file').to.deep.equal(Object.fromEntries(fulls));
  });

  it("each shape has an index of its projection whose every field it binds, followed by the sort keys", () => {
    const missing = LIST_QUERIES.flatMap((entry) =>
      entry.shapes.filter((where) => fittingIndexes(entry, where).length === 0).map((where) => `${entry.collection} ${JSON.stringify(where)} (${entry.by})`),
    );
    expect(missing, `no fitting index (declare one in the projection):\n${describeFailures(missing)}`).to.deep.equal([]);
  });

  describe('SQLite', () => {
    const dir = tempDir();
    for (const [collection, entries] of byCollection()) {
      it(`${collection}: ${entries.length} queries, each searching a fitting index, no table scan, no temporary B-tree`, async () => {
        const path = join(dir, `${collection}.sqlite`);
        const store = new SqliteReadStore(path);
        await fill(store, collection, entries);
        await store.close();
        const table = `rm_${collection}`;
        const failures: string[] = [];
        // as served (the service never ANALYZEs its read models) and with statistics
        for (const analyzed of [false, true]) {
          if (analyzed) {
            const writer = new Database(path);
            writer.exec('ANALYZE');
            writer.close();
          }
          const db = new Database(path, { readonly: true });
          const definitions = new Map((db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL`).all(table) as { name: string; sql: string }[]).map((r) => [r.name, r.sql]));
          for (const { entry, where, query } of queriesOf(entries)) {
            const { sql, params } = sqliteStatement(collection, query);
            const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail).join(' | ');
            const name = new RegExp(`SEARCH ${table} USING (?:COVERING )?INDEX (\\w+)`).exec(plan)?.[1];
            const used = name ? { name, definition: definitions.get(name) ?? '' } : null;
            const why = verdict(where, used, plan, new RegExp(`SCAN ${table}|TEMP B-TREE`));
            if (why) failures.push(`${analyzed ? 'analyzed' : 'as served'}: ${entry.by}: ${JSON.stringify(query)}: ${why}`);
          }
          db.close();
        }
        expect(failures, describeFailures(failures)).to.deep.equal([]);
      });
    }
  });

  const unavailable = postgresUnavailable();
  describe('PostgreSQL', () => {
    if (unavailable !== null) {
      it.skip(`skipped: ${unavailable}`);
      return;
    }
    let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
    let pool: pg.Pool;
    before(async function () {
      this.timeout(60_000);
      database = await freshDatabase('kyc_test_plans');
      pool = new pg.Pool({ connectionString: database!.url });
    });
    after(async () => {
      await pool?.end();
      await database?.drop();
    });

    for (const [collection, entries] of byCollection()) {
      it(`${collection}: ${entries.length} queries, each an index scan of a fitting index, no Seq Scan, no Sort`, async function () {
        this.timeout(120_000);
        const store = new PostgresReadStore(pool);
        await fill(store, collection, entries);
        const table = `rm_${collection}`;
        await pool.query(`ANALYZE ${table}`);
        const { rows: indexRows } = await pool.query<{ indexname: string; indexdef: string }>('SELECT indexname, indexdef FROM pg_indexes WHERE tablename = $1', [table]);
        const definitions = new Map(indexRows.map((r) => [r.indexname, r.indexdef]));
        const failures: string[] = [];
        const queries = queriesOf(entries);
        const client = await pool.connect();
        let plans: string[];
        try {
          plans = await explainWithoutCreatedIndex(client, table, queries.map(({ query }) => postgresStatement(collection, query)));
        } finally {
          client.release();
        }
        queries.forEach(({ entry, where, query }, i) => {
          const plan = plans[i]!;
          const name = /Index (?:Only )?Scan Backward using (\w+)/.exec(plan)?.[1];
          const used = name ? { name, definition: definitions.get(name) ?? '' } : null;
          const why = verdict(where, used, plan, /Seq Scan|Sort|Bitmap/);
          if (why) failures.push(`${entry.by}: ${JSON.stringify(query)}: ${why}`);
        });
        expect(failures, describeFailures(failures)).to.deep.equal([]);
      });
    }
  });
});
