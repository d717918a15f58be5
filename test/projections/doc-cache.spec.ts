import { expect } from 'chai';
import type { StoredEvent } from '../../src/adapters/event-store/event-log.js';
import type { ReadStore, StoredDoc } from '../../src/adapters/read-store/port.js';
import { SqliteReadStore } from '../../src/adapters/read-store/sqlite.js';
import { randomUUID } from 'node:crypto';
import { MongoReadStore } from '../../src/adapters/read-store/mongo.js';
import { EventLog } from '../../src/adapters/event-store/event-log.js';
import { SqliteEventStore } from '../../src/adapters/event-store/sqlite.js';
import { PlainPiiCodec } from '../../src/adapters/pii/port.js';
import { tenantStream } from '../../src/domain/tenant/decider.js';
import { silentLogger } from '../../src/logger.js';
import { SubscriptionRunner, type Processor } from '../../src/processing/runner.js';
import { PII_POLICY } from '../../src/app/infrastructure.js';
import { apiKeysProjection, type ApiKeyDoc } from '../../src/projections/api-keys.js';
import { DocCache, DOC_CACHE_MAX_AGE_MS } from '../../src/projections/doc-cache.js';
import { projector } from '../../src/projections/projector.js';
import { tenantsProjection, type TenantDoc } from '../../src/projections/tenants.js';
import { DocCacheInvalidator } from '../../src/projections/doc-cache-invalidator.js';
import { eventLog } from '../helpers/projection-spec.js';
import { tempDir } from '../helpers/temp.js';

const T0 = '2026-11-22T12:00:00.000Z';
const T1 = '2026-11-22T12:01:00.000Z';
const keyCreated = { tenant_id: 't1', key_id: 'k1', name: 'prod', environment: 'live', scopes: ['runs:read'], subject_type: null, rate_limit_per_minute: null, key_hash: 'hash-1', key_hint: 'sk_live_…abcd', created_at: T0 };
const keyRevoked = { tenant_id: 't1', key_id: 'k1', key_hash: 'hash-1', revoked_at: T1 };

/** A read store whose reads of documents can be held until the test lets them go (a slow query). */
function holdingStore(inner: ReadStore) {
  const held: (() => void)[] = [];
  let holding = false;
  const store = new Proxy(inner, {
    get(target, name, receiver) {
      if (name !== 'get') return Reflect.get(target, name, receiver) as unknown;
      return async <T>(collection: string, id: string): Promise<StoredDoc<T> | null> => {
        const held_ = holding;
        const read = await target.get<T>(collection, id);
        if (held_) await new Promise<void>((resolve) => held.push(resolve));
        return read;
      };
    },
  });
  return {
    store,
    /** reads begun from now on are held (until stopHolding) */
    hold: () => (holding = true),
    stopHolding: () => (holding = false),
    /** lets the held reads finish, oldest first */
    release: async () => {
      holding = false;
      for (const resolve of held.splice(0)) {
        resolve();
        await new Promise((r) => setImmediate(r));
      }
    },
  };
}

/**
 * Two instances on one read store: each its own cache and invalidator, fed every event (as each
 * instance's runner is); `project` is whichever instance's projector commits the documents.
 */
async function setup(open: () => Promise<ReadStore>, options: { now?: () => number } = {}) {
  const inner = await open();
  for (const p of [apiKeysProjection, tenantsProjection]) await inner.ensureCollection(p.collection, p.indexes);
  const holding = holdingStore(inner);
  const served = [apiKeysProjection, tenantsProjection];
  const instance = () => {
    const cache = new DocCache(holding.store, served, options);
    return { cache, invalidator: new DocCacheInvalidator(cache) };
  };
  const keys = projector(apiKeysProjection, inner);
  const tenants = projector(tenantsProjection, inner);
  const project = async (events: StoredEvent[]) => {
    const upTo = events[events.length - 1]!.position;
    await keys.handle(events, upTo);
    await tenants.handle(events, upTo);
  };
  const close = async () => {
    // a MongoDB server's database of this case goes with it
    if (inner instanceof MongoReadStore) await inner.database.dropDatabase();
    await inner.close();
  };
  return { inner, holding, a: instance(), b: instance(), project, close };
}

/** The read stores the cache runs on: SQLite, and a MongoDB server when SVC_TEST_MONGO names one (each case a database of its own). */
const STORES: [string, () => Promise<ReadStore>][] = [
  ['SQLite', async () => new SqliteReadStore(`${tempDir()}/read-models.sqlite`)],
  ...(process.env['SVC_TEST_MONGO']
    ? [['MongoDB', () => MongoReadStore.connect(process.env['SVC_TEST_MONGO']!, `doc_cache_${randomUUID().slice(0, 8)}`, { allowStandalone: process.env['SVC_TEST_MONGO_STANDALONE'] === '1' })] as [string, () => Promise<ReadStore>]]
    : []),
];

for (const [storeName, open] of STORES) describe(`DocCache and its invalidator on ${storeName}: every instance follows the events`, () => {
  let env: Awaited<ReturnType<typeof setup>>;
  const revokedAt = async (cache: DocCache) => {
    const doc = await cache.get<ApiKeyDoc>('api_keys', 'hash-1');
    return doc ? doc.revoked_at : 'missing';
  };
  beforeEach(async () => {
    env = await setup(open);
  });
  afterEach(async () => env.close());

  it('serves a document from memory once read, until an event changes it', async () => {
    const at = eventLog();
    await env.project([at('tenant-t1', 'ApiKeyCreated', keyCreated)]);
    expect(await revokedAt(env.b.cache)).to.equal(null);
    // written behind the cache's back (no event handed to it): the cached version stands
    await env.project([at('tenant-t1', 'ApiKeyRevoked', keyRevoked)]);
    expect(await revokedAt(env.b.cache)).to.equal(null);
  });

  it("drops a document on the event, though another instance's projector wrote it (the revocation reaches every instance)", async () => {
    const at = eventLog();
    const created = at('tenant-t1', 'ApiKeyCreated', keyCreated);
    await env.project([created]);
    expect(await revokedAt(env.a.cache)).to.equal(null);
    expect(await revokedAt(env.b.cache)).to.equal(null);
    const revoked = at('tenant-t1', 'ApiKeyRevoked', keyRevoked);
    await env.project([revoked]);
    await env.a.invalidator.handle([revoked]);
    await env.b.invalidator.handle([revoked]);
    expect(await revokedAt(env.a.cache)).to.equal(T1);
    expect(await revokedAt(env.b.cache)).to.equal(T1);
  });

  it('the race: an event seen before the projection stored it does not let the old document be cached again', async () => {
    const at = eventLog();
    await env.project([at('tenant-t1', 'ApiKeyCreated', keyCreated)]);
    expect(await revokedAt(env.b.cache)).to.equal(null);
    const revoked = at('tenant-t1', 'ApiKeyRevoked', keyRevoked);
    // instance B reads the event before any projector has written the revocation
    await env.b.invalidator.handle([revoked]);
    expect(env.b.cache.pendingFloors).to.equal(2);
    // meanwhile the store still has the old version: read through, not kept
    expect(await revokedAt(env.b.cache)).to.equal(null);
    expect(await revokedAt(env.b.cache)).to.equal(null);
    // the projector writes it, and no further event comes: the next read sees it
    await env.project([revoked]);
    expect(await revokedAt(env.b.cache)).to.equal(T1);
    // the key's floor went with that read; the tenant's (not read) waits for the next prune
    expect(env.b.cache.pendingFloors).to.equal(1);
  });

  it('a read in flight when the event arrives does not cache what it read', async () => {
    const at = eventLog();
    await env.project([at('tenant-t1', 'ApiKeyCreated', keyCreated)]);
    env.holding.hold();
    const slow = env.b.cache.get<ApiKeyDoc>('api_keys', 'hash-1');
    await new Promise((r) => setTimeout(r, 20));
    const revoked = at('tenant-t1', 'ApiKeyRevoked', keyRevoked);
    await env.b.invalidator.handle([revoked]);
    await env.project([revoked]);
    await env.holding.release();
    expect((await slow)?.revoked_at).to.equal(null); // it answers what it read then
    expect(await revokedAt(env.b.cache)).to.equal(T1);
  });

  it('a slow read of an older version finishing after a newer one was kept does not replace it', async () => {
    const at = eventLog();
    await env.project([at('tenant-t1', 'ApiKeyCreated', keyCreated)]);
    env.holding.hold();
    const slow = env.b.cache.get<ApiKeyDoc>('api_keys', 'hash-1');
    await new Promise((r) => setTimeout(r, 20));
    env.holding.stopHolding();
    const revoked = at('tenant-t1', 'ApiKeyRevoked', keyRevoked);
    await env.b.invalidator.handle([revoked]);
    await env.project([revoked]);
    // a second read gets the revoked version and keeps it (its floor reached); then the first finishes
    expect(await revokedAt(env.b.cache)).to.equal(T1);
    expect(env.b.cache.pendingFloors).to.equal(1); // the tenant's
    await env.holding.release();
    expect((await slow)?.revoked_at).to.equal(null);
    expect(await revokedAt(env.b.cache)).to.equal(T1);
  });

  it('a read in flight across clear() does not fill the cache', async () => {
    const at = eventLog();
    await env.project([at('tenant-t1', 'ApiKeyCreated', keyCreated)]);
    env.holding.hold();
    const slow = env.b.cache.get<ApiKeyDoc>('api_keys', 'hash-1');
    await new Promise((r) => setTimeout(r, 20));
    env.b.cache.clear();
    // the store changes without an event reaching the cache (a rebuild swapped in)
    await env.project([at('tenant-t1', 'ApiKeyRevoked', keyRevoked)]);
    await env.holding.release();
    await slow;
    expect(await revokedAt(env.b.cache)).to.equal(T1);
  });

  it('a read in flight across the prune of its floor does not cache what it read', async () => {
    const at = eventLog();
    await env.project([at('tenant-t1', 'ApiKeyCreated', keyCreated)]);
    env.holding.hold();
    const slow = env.b.cache.get<ApiKeyDoc>('api_keys', 'hash-1');
    await new Promise((r) => setTimeout(r, 20));
    env.holding.stopHolding();
    const revoked = at('tenant-t1', 'ApiKeyRevoked', keyRevoked);
    await env.b.invalidator.handle([revoked]);
    await env.project([revoked]);
    // the next batch prunes the floor the checkpoint has passed, before the slow read finishes
    await env.b.invalidator.handle([at('run-r1', 'RunQueued', {})]);
    expect(env.b.cache.pendingFloors).to.equal(0);
    await env.holding.release();
    expect((await slow)?.revoked_at).to.equal(null);
    expect(await revokedAt(env.b.cache)).to.equal(T1);
  });

  it("a tenant's settings and balance: its document is dropped on tenant and ledger events alike", async () => {
    const at = eventLog();
    await env.project([at('tenant-t1', 'TenantCreated', { tenant_id: 't1', name: 'Acme', facial_verification_master: false, created_at: T0 })]);
    const channel = async () => (await env.b.cache.get<TenantDoc>('tenants', 't1'))?.settings.api_channel_enabled;
    const balance = async () => (await env.b.cache.get<TenantDoc>('tenants', 't1'))?.balance;
    expect(await channel()).to.equal(true);
    const off = at('tenant-t1', 'TenantSettingsChanged', { tenant_id: 't1', changes: { api_channel_enabled: false }, changed_at: T1 });
    await env.project([off]);
    await env.b.invalidator.handle([off]);
    expect(await channel()).to.equal(false);
    const credits = at('ledger-t1', 'CreditsAdded', { tenant_id: 't1', amount: 100, reason: 'compra', balance: 100, added_at: T1 });
    await env.b.invalidator.handle([credits]);
    await env.project([credits]);
    expect(await balance()).to.equal(100);
  });

  it('floors go once the projection checkpoint has passed them, even for documents nobody reads again', async () => {
    const at = eventLog();
    const created = at('tenant-t1', 'ApiKeyCreated', keyCreated);
    await env.b.invalidator.handle([created]);
    // the key's document and its tenant's (a key event moves the tenant document's position too)
    expect(env.b.cache.pendingFloors).to.equal(2);
    // not stored yet: the floors stay
    await env.b.invalidator.handle([at('run-r1', 'RunQueued', {})]);
    expect(env.b.cache.pendingFloors).to.equal(2);
    await env.project([created]);
    await env.b.invalidator.handle([at('run-r2', 'RunQueued', {})]);
    expect(env.b.cache.pendingFloors).to.equal(0);
    // and an event that changes nothing cached leaves nothing behind
    await env.b.invalidator.handle([at('run-r3', 'RunQueued', {})]);
    expect(env.b.cache.pendingFloors).to.equal(0);
  });

  it('keeps unknown ids out of memory, and refuses a collection whose events it does not follow', async () => {
    expect(await env.b.cache.get('api_keys', 'hash-unknown')).to.equal(null);
    const at = eventLog();
    await env.project([at('tenant-t1', 'ApiKeyCreated', { ...keyCreated, key_hash: 'hash-unknown' })]);
    expect(await env.b.cache.get('api_keys', 'hash-unknown')).not.to.equal(null);
    let refused: unknown = null;
    await env.b.cache.get('templates', 'x').catch((error: unknown) => (refused = error));
    expect(String(refused)).to.contain('does not follow the events of templates');
  });
});

describe('DocCache: the maximum age is a backstop', () => {
  it('a document cached longer than the maximum age is read again, though no event came', async () => {
    let now = 0;
    const env = await setup(STORES[0]![1], { now: () => now });
    try {
      const at = eventLog();
      await env.project([at('tenant-t1', 'ApiKeyCreated', keyCreated)]);
      expect((await env.b.cache.get<ApiKeyDoc>('api_keys', 'hash-1'))?.revoked_at).to.equal(null);
      await env.project([at('tenant-t1', 'ApiKeyRevoked', keyRevoked)]);
      now = DOC_CACHE_MAX_AGE_MS - 1;
      expect((await env.b.cache.get<ApiKeyDoc>('api_keys', 'hash-1'))?.revoked_at).to.equal(null);
      now = DOC_CACHE_MAX_AGE_MS;
      expect((await env.b.cache.get<ApiKeyDoc>('api_keys', 'hash-1'))?.revoked_at).to.equal(T1);
    } finally {
      await env.close();
    }
  });
});

describe('DocCache.cached: what get would answer from memory, without reading', () => {
  it('nothing before the first read; the document once read; nothing once an event drops it or it is too old', async () => {
    let now = 0;
    const env = await setup(STORES[0]![1], { now: () => now });
    try {
      const at = eventLog();
      await env.project([at('tenant-t1', 'ApiKeyCreated', keyCreated)]);
      expect(env.b.cache.cached('api_keys', 'hash-1')).to.equal(undefined);
      await env.b.cache.get('api_keys', 'hash-1');
      expect(env.b.cache.cached<ApiKeyDoc>('api_keys', 'hash-1')?.key_id).to.equal('k1');
      expect(env.b.cache.cached('api_keys', 'hash-unknown')).to.equal(undefined);
      now = DOC_CACHE_MAX_AGE_MS;
      expect(env.b.cache.cached('api_keys', 'hash-1')).to.equal(undefined);
      await env.b.cache.get('api_keys', 'hash-1');
      const revoked = at('tenant-t1', 'ApiKeyRevoked', keyRevoked);
      await env.project([revoked]);
      await env.b.invalidator.handle([revoked]);
      expect(env.b.cache.cached('api_keys', 'hash-1')).to.equal(undefined);
      expect(() => env.b.cache.cached('templates', 'x')).to.throw('does not follow the events of templates');
    } finally {
      await env.close();
    }
  });
});

describe('the runner and a cache processor', () => {
  it('read-your-writes waits for a cache as for a projection, and no checkpoint is recorded for it', async () => {
    const dir = tempDir();
    const events = new SqliteEventStore(`${dir}/events.sqlite`);
    const readStore = new SqliteReadStore(`${dir}/read-models.sqlite`);
    await readStore.ensureCollection('tenants', []);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const followed: number[] = [];
    const cache: Processor = {
      id: 'cache:test',
      kind: 'cache',
      startAt: 'head',
      handle: async (batch) => {
        await gate;
        followed.push(...batch.map((e) => e.position));
      },
    };
    const runner = new SubscriptionRunner(new EventLog(events, new PlainPiiCodec(), PII_POLICY), readStore, silentLogger).add(projector(tenantsProjection, readStore)).add(cache);
    await runner.start();
    try {
      const metadata = { tenant_id: 't1', actor: 'system', request_id: null, occurred_at: T0, correlation_id: 'c', causation_id: null };
      const { position } = await events.append(tenantStream('t1'), [{ id: 'e1', type: 'TenantCreated', data: { tenant_id: 't1', name: 'Acme', facial_verification_master: false, created_at: T0 }, metadata }], 'no_stream');
      let reached = false;
      const waited = runner.waitFor(position, 5_000).then((ok) => (reached = ok));
      // the projection has it long before the cache is let go
      for (let i = 0; i < 100 && (await readStore.getCheckpoint('projection:tenants')) !== position; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await readStore.getCheckpoint('projection:tenants')).to.equal(position);
      await new Promise((r) => setTimeout(r, 50));
      expect(reached).to.equal(false);
      release();
      await waited;
      expect(reached).to.equal(true);
      expect(followed).to.deep.equal([position]);
      expect(await readStore.getCheckpoint('cache:test')).to.equal(null);
    } finally {
      release();
      await runner.stop();
      await events.close();
      await readStore.close();
    }
  });
});
