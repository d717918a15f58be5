/**
 * The read store port: collections of JSON documents written by projectors and read by queries.
 * Every adapter (SQLite, MongoDB) passes test/contract/read-store.spec.ts.
 *
 * `created_at` values are ISO strings as produced by Date.prototype.toISOString, so that their
 * text order is their time order; callers normalise anything else before querying.
 */
export type Scalar = string | number | boolean | null;

export interface StoredDoc<T> {
  id: string;
  doc: T;
  /** global position of the last event applied to this document */
  position: number;
}

export interface IndexSpec {
  fields: readonly string[];
  unique?: boolean;
}

export interface Query {
  where?: Readonly<Record<string, Scalar>>;
  /** inclusive bounds on the document's created_at */
  createdFrom?: string;
  createdTo?: string;
  /** keyset cursor: documents strictly older than this (created_at, id) pair */
  before?: { created_at: string; id: string };
  limit: number;
}

export type Write =
  | { op: 'put'; collection: string; id: string; doc: Record<string, unknown>; position: number }
  | { op: 'delete'; collection: string; id: string };

export interface Commit {
  writes: readonly Write[];
  checkpoint?: { processor: string; position: number };
}

export interface ReadStore {
  ensureCollection(collection: string, indexes: readonly IndexSpec[]): Promise<void>;
  get<T>(collection: string, id: string): Promise<StoredDoc<T> | null>;
  getMany<T>(collection: string, ids: readonly string[]): Promise<Map<string, StoredDoc<T>>>;
  /** newest first: created_at descending, then id descending */
  find<T>(collection: string, query: Query): Promise<T[]>;
  /** Applies writes and checkpoint together: atomically where the store can (SQLite). */
  commit(commit: Commit): Promise<void>;
  getCheckpoint(processor: string): Promise<number | null>;
  /** Replaces `target` with `source` (renamed) and moves the checkpoint, for rebuilds. */
  swapCollection(source: string, target: string, checkpoint: { processor: string; position: number }): Promise<void>;
  dropCollection(collection: string): Promise<void>;
  listCollection<T>(collection: string): Promise<StoredDoc<T>[]>;
  /** After an erasure: no earlier version of any document may stay readable in the store's files. */
  purge(): Promise<void>;
  close(): Promise<void>;
}

export class UniqueViolationError extends Error {
  constructor(readonly collection: string, detail: string) {
    super(`unique index violated in ${collection}: ${detail}`);
    this.name = 'UniqueViolationError';
  }
}

const NAME = /^[a-z][a-z0-9_]{0,62}$/;
const FIELD = /^[a-zA-Z_][a-zA-Z0-9_]{0,62}(\.[a-zA-Z_][a-zA-Z0-9_]{0,62}){0,3}$/;

/** Collection and field names reach SQL and Mongo as identifiers: only plain names pass. */
export function assertCollectionName(name: string): void {
  if (!NAME.test(name)) throw new Error(`invalid collection name: ${name}`);
}

export function assertFieldName(name: string): void {
  if (!FIELD.test(name)) throw new Error(`invalid field name: ${name}`);
}
