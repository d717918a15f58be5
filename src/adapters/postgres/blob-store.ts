import type pg from 'pg';
import { ensureSchema } from './ensure-schema.js';
import { assertBlobKey, type BlobStore } from '../blob-store/port.js';

/** The blobs table; migrations.ts may create it too, the statement is idempotent. */
export const BLOB_STORE_SCHEMA = `CREATE TABLE IF NOT EXISTS blobs (
  key TEXT COLLATE "C" PRIMARY KEY, content_type TEXT NOT NULL, data BYTEA NOT NULL, updated_at TIMESTAMPTZ NOT NULL DEFAULT now())`;

/**
 * Blobs as bytea rows, one per key. A put is one statement (an upsert): durable once committed,
 * and a reader sees the old blob or the whole new one. Large values are TOASTed (stored out of
 * line, compressed when that helps) by PostgreSQL itself.
 */
export class PostgresBlobStore implements BlobStore {
  private ready: Promise<void> | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly ownsPool = false,
  ) {}

  private schema(): Promise<void> {
    this.ready ??= ensureSchema(this.pool, [BLOB_STORE_SCHEMA]).catch((error: unknown) => {
      this.ready = null; // a failed start (the server not up yet) is tried again by the next call
      throw error;
    });
    return this.ready;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertBlobKey(key);
    await this.schema();
    await this.pool.query(
      `INSERT INTO blobs (key, content_type, data) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE SET content_type = excluded.content_type, data = excluded.data, updated_at = now()`,
      [key, contentType, data],
    );
  }

  async get(key: string): Promise<{ data: Buffer; contentType: string } | null> {
    assertBlobKey(key);
    await this.schema();
    const { rows } = await this.pool.query<{ data: Buffer; content_type: string }>('SELECT data, content_type FROM blobs WHERE key = $1', [key]);
    return rows[0] ? { data: rows[0].data, contentType: rows[0].content_type } : null;
  }

  async exists(key: string): Promise<boolean> {
    assertBlobKey(key);
    await this.schema();
    const { rows } = await this.pool.query('SELECT 1 FROM blobs WHERE key = $1', [key]);
    return rows.length > 0;
  }

  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    await this.schema();
    await this.pool.query('DELETE FROM blobs WHERE key = $1', [key]);
  }

  async close(): Promise<void> {
    if (this.ownsPool && !this.pool.ended) await this.pool.end();
  }
}
