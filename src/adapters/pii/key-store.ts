import Database from 'better-sqlite3';
import { SubjectKeyCache } from './key-cache.js';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Per-subject data keys, kept outside the event streams. Destroying a subject's key makes every
 * personal field sealed with it unreadable (crypto-shredding) without touching an event.
 */
export interface KeyStore {
  /** the subject's key, created on first use; null once destroyed (it is never created again) */
  keyFor(subject: string): Promise<Buffer | null>;
  /** the subject's key if it exists; null when never created or destroyed */
  existingKey(subject: string): Promise<Buffer | null>;
  destroy(subjects: readonly string[]): Promise<void>;
  /** drops keys cached in this process (another instance destroyed them) */
  forget(subjects: readonly string[]): void;
  close(): Promise<void>;
}

/**
 * Keys are stored wrapped (AES-256-GCM) under a master key derived from the service secret, and
 * on MongoDB also from an erasure epoch's secret (mongo-key-store.ts), which can be destroyed.
 */
export class KeyWrapper {
  private readonly master: Buffer;
  constructor(secret: string, epochSecret?: Buffer) {
    this.master = epochSecret
      ? Buffer.from(hkdfSync('sha256', secret, epochSecret, 'pii-key-wrapping-epoch', 32))
      : Buffer.from(hkdfSync('sha256', secret, 'kyc-svc', 'pii-key-wrapping', 32));
  }
  wrap(subject: string, key: Buffer): Buffer {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.master, iv).setAAD(Buffer.from(subject));
    const body = Buffer.concat([cipher.update(key), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }
  unwrap(subject: string, wrapped: Buffer): Buffer {
    const decipher = createDecipheriv('aes-256-gcm', this.master, wrapped.subarray(0, 12)).setAAD(Buffer.from(subject));
    decipher.setAuthTag(wrapped.subarray(12, 28));
    return Buffer.concat([decipher.update(wrapped.subarray(28)), decipher.final()]);
  }
}

/**
 * The SQLite key store. `secure_delete` overwrites a destroyed key's bytes, and the WAL is
 * truncated after a destruction, so no copy of the key survives in the file.
 */
export class SqliteKeyStore implements KeyStore {
  private readonly db: Database.Database;
  private readonly wrapper: KeyWrapper;
  private readonly cache: SubjectKeyCache;

  constructor(file: string, secret: string, options: { keyCacheMax?: number } = {}) {
    this.wrapper = new KeyWrapper(secret);
    this.cache = new SubjectKeyCache(options.keyCacheMax);
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('secure_delete = ON');
    this.db.exec(`CREATE TABLE IF NOT EXISTS subject_keys (subject TEXT PRIMARY KEY, wrapped BLOB, destroyed_at TEXT)`);
  }

  /** First uses requested in one turn of the event loop share one transaction (one fsync). */
  private pending = new Map<string, { resolve: (key: Buffer | null) => void; reject: (error: unknown) => void }[]>();

  async keyFor(subject: string): Promise<Buffer | null> {
    const cached = this.cache.get(subject);
    if (cached) return cached;
    return new Promise((resolve, reject) => {
      const waiting = this.pending.get(subject);
      if (waiting) return void waiting.push({ resolve, reject });
      if (this.pending.size === 0) setImmediate(() => this.createPending());
      this.pending.set(subject, [{ resolve, reject }]);
    });
  }

  private createPending(): void {
    const batch = this.pending;
    this.pending = new Map();
    let wrapped: Map<string, Buffer | null>;
    try {
      wrapped = this.db
        .transaction(() => {
          const found = new Map<string, Buffer | null>();
          for (const subject of batch.keys()) {
            const row = this.db.prepare('SELECT wrapped FROM subject_keys WHERE subject = ?').get(subject) as { wrapped: Buffer | null } | undefined;
            if (row) {
              found.set(subject, row.wrapped);
              continue;
            }
            const created = this.wrapper.wrap(subject, randomBytes(32));
            this.db.prepare('INSERT INTO subject_keys (subject, wrapped) VALUES (?, ?)').run(subject, created);
            found.set(subject, created);
          }
          return found;
        })
        .immediate();
    } catch (error) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(error);
      return;
    }
    for (const [subject, waiters] of batch) {
      const sealed = wrapped.get(subject) ?? null;
      const key = sealed ? this.wrapper.unwrap(subject, sealed) : null;
      if (key) this.cache.set(subject, key);
      for (const w of waiters) w.resolve(key);
    }
  }

  async existingKey(subject: string): Promise<Buffer | null> {
    const cached = this.cache.get(subject);
    if (cached) return cached;
    const row = this.db.prepare('SELECT wrapped FROM subject_keys WHERE subject = ?').get(subject) as { wrapped: Buffer | null } | undefined;
    if (!row?.wrapped) return null;
    const key = this.wrapper.unwrap(subject, row.wrapped);
    this.cache.set(subject, key);
    return key;
  }

  async destroy(subjects: readonly string[]): Promise<void> {
    const now = new Date().toISOString();
    const destroy = this.db.transaction(() => {
      for (const subject of subjects) {
        this.db
          .prepare(`INSERT INTO subject_keys (subject, wrapped, destroyed_at) VALUES (?, NULL, ?)
                    ON CONFLICT (subject) DO UPDATE SET wrapped = NULL, destroyed_at = excluded.destroyed_at`)
          .run(subject, now);
      }
    });
    destroy.immediate();
    this.forget(subjects);
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  forget(subjects: readonly string[]): void {
    this.cache.delete(subjects);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
