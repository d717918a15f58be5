import { randomBytes } from 'node:crypto';
import { SubjectKeyCache } from '../pii/key-cache.js';
import type pg from 'pg';
import { ensureSchema } from './ensure-schema.js';
import { KeyWrapper, type KeyStore } from '../pii/key-store.js';

/** The subject keys table; migrations.ts may create it too, the statement is idempotent. */
export const KEY_STORE_SCHEMA = `CREATE TABLE IF NOT EXISTS subject_keys (
  subject TEXT COLLATE "C" PRIMARY KEY, wrapped BYTEA, destroyed_at TIMESTAMPTZ)`;

/**
 * Per-subject keys in PostgreSQL, wrapped (AES-256-GCM) under the service secret. A first use
 * inserts a key unless another instance did first (`ON CONFLICT DO NOTHING`, then a read in a new
 * snapshot), so every instance hands out the same key. A destruction keeps the row with no key
 * (the subject never gets one again) and rewrites the table (VACUUM FULL), so the destroyed key's
 * old row version leaves the table's files; copies in the write-ahead log and in backups remain
 * until they are recycled (MongoDB's erasure epochs, mongo-key-store.ts, are not ported yet).
 */
export class PostgresKeyStore implements KeyStore {
  private ready: Promise<void> | null = null;
  private readonly wrapper: KeyWrapper;
  private readonly cache: SubjectKeyCache;
  private readonly creating = new Map<string, Promise<Buffer | null>>();

  constructor(
    private readonly pool: pg.Pool,
    secret: string,
    private readonly ownsPool = false,
    options: { keyCacheMax?: number } = {},
  ) {
    this.wrapper = new KeyWrapper(secret);
    this.cache = new SubjectKeyCache(options.keyCacheMax);
  }

  private schema(): Promise<void> {
    this.ready ??= ensureSchema(this.pool, [KEY_STORE_SCHEMA]).catch((error: unknown) => {
      this.ready = null; // a failed start (the server not up yet) is tried again by the next call
      throw error;
    });
    return this.ready;
  }

  async keyFor(subject: string): Promise<Buffer | null> {
    const cached = this.cache.get(subject);
    if (cached) return cached;
    let creating = this.creating.get(subject);
    if (!creating) {
      creating = this.create(subject).finally(() => this.creating.delete(subject));
      this.creating.set(subject, creating);
    }
    return creating;
  }

  private async create(subject: string): Promise<Buffer | null> {
    await this.schema();
    const inserted = await this.pool.query<{ wrapped: Buffer }>(
      'INSERT INTO subject_keys (subject, wrapped) VALUES ($1, $2) ON CONFLICT (subject) DO NOTHING RETURNING wrapped',
      [subject, this.wrapper.wrap(subject, randomBytes(32))],
    );
    // another instance (or a destruction) was first: read its row in a new snapshot
    const wrapped = inserted.rows[0]?.wrapped ?? (await this.read(subject));
    return this.open(subject, wrapped);
  }

  async existingKey(subject: string): Promise<Buffer | null> {
    const cached = this.cache.get(subject);
    if (cached) return cached;
    await this.schema();
    return this.open(subject, await this.read(subject));
  }

  private async read(subject: string): Promise<Buffer | null> {
    const { rows } = await this.pool.query<{ wrapped: Buffer | null }>('SELECT wrapped FROM subject_keys WHERE subject = $1', [subject]);
    return rows[0]?.wrapped ?? null;
  }

  private open(subject: string, wrapped: Buffer | null): Buffer | null {
    if (!wrapped) return null;
    const key = this.wrapper.unwrap(subject, wrapped);
    this.cache.set(subject, key);
    return key;
  }

  async destroy(subjects: readonly string[]): Promise<void> {
    if (subjects.length === 0) return;
    await this.schema();
    await this.pool.query(
      `INSERT INTO subject_keys (subject, wrapped, destroyed_at) SELECT s, NULL, now() FROM unnest($1::text[]) AS s
       ON CONFLICT (subject) DO UPDATE SET wrapped = NULL, destroyed_at = excluded.destroyed_at`,
      [[...new Set(subjects)]],
    );
    this.forget(subjects);
    await this.pool.query('VACUUM FULL subject_keys');
  }

  forget(subjects: readonly string[]): void {
    this.cache.delete(subjects);
  }

  async close(): Promise<void> {
    if (this.ownsPool && !this.pool.ended) await this.pool.end();
  }
}
