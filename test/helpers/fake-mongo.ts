import { Readable, Writable } from 'node:stream';
import {
  Binary,
  BSON,
  MongoRuntimeError,
  MongoServerError,
  MongoWriteConcernError,
  ObjectId,
  type ClientSession,
  type Collection,
  type Db,
  type Document,
  type GridFSBucket,
  type GridFSBucketReadStream,
  type GridFSBucketWriteStream,
  type MongoClient,
  type WriteConcernSettings,
} from 'mongodb';

/**
 * A fake of the MongoDB client boundary, for the failures no test server can stage on demand:
 * a write acknowledged but lost on failover, a write refused after being applied, a unique-key
 * violation in the middle of a commit. It implements only the calls the adapters use, with the
 * subset of query and update operators they send, and it models replication the way a replica
 * set behaves: writes land on the primary; a write with {w: 'majority', j: true} makes every
 * write before it durable (the oplog is ordered); `failover()` rolls back the rest.
 *
 * The adapters receive it through their constructors as the real types (Db, MongoClient);
 * `FakeCollection` implements the Pick<Collection> of the methods it supports.
 */
type Doc = Document & { _id: unknown };
type Store = Map<string, Map<string, Doc>>;

export type FakeCollectionApi = Pick<Collection, 'findOne' | 'find' | 'insertOne' | 'updateOne' | 'updateMany' | 'findOneAndUpdate' | 'deleteOne' | 'deleteMany' | 'bulkWrite'>;

interface Failure {
  collection: string;
  method: string;
  error: Error;
  /** the primary applied the write before the error (a write-concern timeout) */
  applied: boolean;
}

export class FakeMongo {
  primary: Store = new Map();
  private majority: Store = new Map();
  private failures: Failure[] = [];
  /** the client-level default write concern (the real client's option) */
  constructor(readonly defaultWriteConcern?: WriteConcernSettings) {}

  get db(): Db {
    const fake = { collection: (name: string, options?: { writeConcern?: WriteConcernSettings }) => new FakeCollection(this, name, options?.writeConcern) };
    return fake as unknown as Db;
  }

  get client(): Pick<MongoClient, 'startSession' | 'close'> {
    return { startSession: () => new FakeSession(this) as unknown as ClientSession, close: async () => undefined };
  }

  /** The next `method` call on `collection` throws `error` (after applying its write when `applied`). */
  failNext(collection: string, method: string, error: Error, applied = false): void {
    this.failures.push({ collection, method, error, applied });
  }

  /** A new primary elected: writes not yet majority-journaled are rolled back. */
  failover(): void {
    this.primary = clone(this.majority);
  }

  docs(collection: string): Doc[] {
    return [...(this.primary.get(collection)?.values() ?? [])].map((d) => clone1(d));
  }

  /** @internal */ takeFailure(collection: string, method: string): Failure | undefined {
    const index = this.failures.findIndex((f) => f.collection === collection && f.method === method);
    return index < 0 ? undefined : this.failures.splice(index, 1)[0];
  }

  /** @internal */ acknowledged(concern: WriteConcernSettings | undefined): void {
    if (concern?.w === 'majority' && (concern.journal === true || concern.j === true)) this.majority = clone(this.primary);
  }

  /** @internal */ table(name: string): Map<string, Doc> {
    let table = this.primary.get(name);
    if (!table) this.primary.set(name, (table = new Map()));
    return table;
  }
}

class FakeSession {
  constructor(private readonly fake: FakeMongo) {}
  async withTransaction<T>(fn: () => Promise<T>, options?: { writeConcern?: WriteConcernSettings }): Promise<T> {
    const before = clone(this.fake.primary);
    try {
      const result = await fn();
      this.fake.acknowledged(options?.writeConcern ?? this.fake.defaultWriteConcern);
      return result;
    } catch (error) {
      this.fake.primary = before;
      throw error;
    }
  }
  async endSession(): Promise<void> {}
}

/** Write options as the adapters pass them. */
interface WriteOptions {
  writeConcern?: WriteConcernSettings;
  upsert?: boolean;
  session?: unknown;
}

class FakeCollection {
  constructor(
    private readonly fake: FakeMongo,
    readonly collectionName: string,
    private readonly writeConcern: WriteConcernSettings | undefined,
  ) {}

  private get rows(): Map<string, Doc> {
    return this.fake.table(this.collectionName);
  }

  /** Runs a write, staging an injected failure; acknowledges it with the effective write concern. */
  private async write<T>(method: string, options: WriteOptions | undefined, apply: () => T): Promise<T> {
    const failure = this.fake.takeFailure(this.collectionName, method);
    if (failure) {
      if (failure.applied) apply();
      throw failure.error;
    }
    const result = apply();
    // inside a transaction the commit acknowledges
    if (!options?.session) this.fake.acknowledged(options?.writeConcern ?? this.writeConcern ?? this.fake.defaultWriteConcern);
    return result;
  }

  async findOne(filter: Document = {}, options: { sort?: Document } = {}): Promise<Doc | null> {
    return this.query(filter, options.sort)[0] ?? null;
  }

  find(filter: Document = {}, options: { sort?: Document } = {}) {
    let sort = options.sort;
    let limit = Infinity;
    const cursor = {
      sort: (s: Document) => ((sort = s), cursor),
      limit: (n: number) => ((limit = n), cursor),
      toArray: async () => this.query(filter, sort).slice(0, limit),
    };
    return cursor;
  }

  async insertOne(doc: Doc, options?: WriteOptions) {
    return this.write('insertOne', options, () => {
      this.insert(doc);
      return { acknowledged: true, insertedId: doc._id };
    });
  }

  async updateOne(filter: Document, update: Document, options?: WriteOptions) {
    return this.write('updateOne', options, () => this.update(filter, update, options?.upsert ?? false, false));
  }

  async findOneAndUpdate(filter: Document, update: Document, options: WriteOptions & { returnDocument?: 'before' | 'after' }) {
    return this.write('findOneAndUpdate', options, () => {
      const before = [...this.rows.values()].find((d) => matches(d, filter));
      const result = this.update(filter, update, options.upsert ?? false, false);
      if (options.returnDocument === 'before') return before ? clone1(before) : null;
      const id = before?._id ?? result.upsertedId;
      return id === undefined ? null : clone1(this.rows.get(keyOf(id))!);
    });
  }

  async updateMany(filter: Document, update: Document, options?: WriteOptions) {
    return this.write('updateMany', options, () => this.update(filter, update, options?.upsert ?? false, true));
  }

  async deleteOne(filter: Document, options?: WriteOptions) {
    return this.write('deleteOne', options, () => this.remove(filter, false));
  }

  async deleteMany(filter: Document, options?: WriteOptions) {
    return this.write('deleteMany', options, () => this.remove(filter, true));
  }

  async bulkWrite(operations: Document[], options?: WriteOptions) {
    return this.write('bulkWrite', options, () => {
      for (const op of operations) {
        if (op['updateOne']) this.update(op['updateOne'].filter, op['updateOne'].update, op['updateOne'].upsert ?? false, false);
        else if (op['replaceOne']) this.replace(op['replaceOne'].filter, op['replaceOne'].replacement);
        else if (op['deleteOne']) this.remove(op['deleteOne'].filter, false);
        else throw new Error(`fake bulkWrite: unsupported ${Object.keys(op).join()}`);
      }
      return { ok: 1 };
    });
  }

  async createIndex(): Promise<string> {
    return 'index';
  }

  /** No index is kept, so none is ever found (as MongoDB answers for a name it does not have). */
  async dropIndex(): Promise<never> {
    throw Object.assign(new Error('index not found'), { codeName: 'IndexNotFound' });
  }

  private query(filter: Document, sort?: Document): Doc[] {
    const found = [...this.rows.values()].filter((d) => matches(d, filter));
    if (sort) {
      const keys = Object.entries(sort);
      found.sort((a, b) => {
        for (const [field, direction] of keys) {
          const c = compare(path(a, field), path(b, field));
          if (c !== 0) return c * (direction as number);
        }
        return 0;
      });
    }
    return found.map((d) => clone1(d));
  }

  private insert(doc: Doc): void {
    const id = keyOf(doc._id);
    if (this.rows.has(id)) throw duplicate(this.collectionName);
    this.rows.set(id, clone1(doc));
  }

  private update(filter: Document, update: Document, upsert: boolean, many: boolean) {
    const targets = [...this.rows.values()].filter((d) => matches(d, filter));
    if (targets.length === 0 && upsert) {
      const base: Doc = { _id: filter['_id'] };
      for (const [k, v] of Object.entries(filter)) if (!k.startsWith('$') && !isOperators(v)) base[k] = v;
      const inserted = applyUpdate(base, update, true);
      this.insert(inserted);
      return { matchedCount: 0, modifiedCount: 0, upsertedCount: 1, upsertedId: inserted._id };
    }
    for (const doc of many ? targets : targets.slice(0, 1)) this.rows.set(keyOf(doc._id), applyUpdate(doc, update, false));
    return { matchedCount: Math.min(targets.length, many ? Infinity : 1), modifiedCount: targets.length, upsertedCount: 0 };
  }

  private replace(filter: Document, replacement: Document): void {
    const target = [...this.rows.values()].find((d) => matches(d, filter));
    if (target) this.rows.set(keyOf(target._id), clone1({ ...replacement, _id: target._id }));
  }

  private remove(filter: Document, many: boolean) {
    const targets = [...this.rows.values()].filter((d) => matches(d, filter));
    for (const doc of many ? targets : targets.slice(0, 1)) this.rows.delete(keyOf(doc._id));
    return { deletedCount: many ? targets.length : Math.min(1, targets.length) };
  }
}

export function duplicate(collection: string): MongoServerError {
  return new MongoServerError({ message: `E11000 duplicate key error collection: fake.${collection} index: _id_ dup key: { _id: "x" }`, code: 11000 });
}

/** What the server says when a write was applied but not acknowledged by the majority in time. */
export function writeConcernTimeout(): MongoWriteConcernError {
  return new MongoWriteConcernError({ writeConcernError: { code: 64, errmsg: 'waiting for replication timed out' } } as never);
}

const isOperators = (v: unknown): v is Document => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).some((k) => k.startsWith('$'));

function matches(doc: Doc, filter: Document): boolean {
  return Object.entries(filter).every(([field, condition]) => {
    if (field === '$or') return (condition as Document[]).some((f) => matches(doc, f));
    if (field === '$and') return (condition as Document[]).every((f) => matches(doc, f));
    const value = path(doc, field);
    if (!isOperators(condition)) return equal(value ?? null, condition);
    return Object.entries(condition).every(([op, operand]) => {
      switch (op) {
        case '$ne': return !equal(value ?? null, operand);
        case '$in': return (operand as unknown[]).some((o) => equal(value, o));
        case '$exists': return (value !== undefined) === operand;
        case '$lt': return value != null && compare(value, operand) < 0;
        case '$lte': return value != null && compare(value, operand) <= 0;
        case '$gt': return value != null && compare(value, operand) > 0;
        case '$gte': return value != null && compare(value, operand) >= 0;
        case '$size': return Array.isArray(value) && value.length === operand;
        default: throw new Error(`fake filter: unsupported ${op}`);
      }
    });
  });
}

function applyUpdate(doc: Doc, update: Document, inserting: boolean): Doc {
  const next = clone1(doc);
  if (!Object.keys(update).some((k) => k.startsWith('$'))) return clone1({ ...update, _id: doc._id });
  for (const [op, fields] of Object.entries(update)) {
    for (const [field, value] of Object.entries(fields as Document)) {
      switch (op) {
        case '$set': next[field] = value; break;
        case '$setOnInsert': if (inserting) next[field] = value; break;
        case '$unset': delete next[field]; break;
        case '$max': if (next[field] === undefined || compare(value, next[field]) > 0) next[field] = value; break;
        case '$addToSet': {
          const list = (next[field] as unknown[] | undefined) ?? [];
          next[field] = list.some((v) => equal(v, value)) ? list : [...list, value];
          break;
        }
        case '$pull': next[field] = ((next[field] as unknown[] | undefined) ?? []).filter((v) => !equal(v, value)); break;
        case '$inc': next[field] = ((next[field] as number | undefined) ?? 0) + (value as number); break;
        default: throw new Error(`fake update: unsupported ${op}`);
      }
    }
  }
  return clone1(next);
}

function path(doc: Document, field: string): unknown {
  return field.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Document)[k] : undefined), doc);
}

const compare = (a: unknown, b: unknown): number => {
  const x = a instanceof Date ? a.getTime() : (a as number);
  const y = b instanceof Date ? b.getTime() : (b as number);
  return x < y ? -1 : x > y ? 1 : 0;
};

/** BSON equality: the bytes of both values serialized, so Binary, Date and nested documents compare as the server does. */
const equal = (a: unknown, b: unknown): boolean => Buffer.from(BSON.serialize({ v: a })).equals(Buffer.from(BSON.serialize({ v: b })));
const keyOf = (id: unknown): string => Buffer.from(BSON.serialize({ v: id })).toString('hex');
const clone1 = <T extends Document>(doc: T): T => BSON.deserialize(BSON.serialize(doc)) as T;
const clone = (store: Store): Store => new Map([...store].map(([name, rows]) => [name, new Map([...rows].map(([id, d]) => [id, clone1(d)]))]));

/**
 * A fake of the two GridFSBucket calls the blob store uses, over the fake's `blobs.files` and
 * `blobs.chunks` in the GridFS spec's layout (chunks written first, then the files document).
 * `beforeChunk` runs before each chunk is read: a test stages a race there.
 */
export function fakeBucket(fake: FakeMongo, options: { chunkSize?: number; beforeChunk?: (id: ObjectId, n: number) => Promise<void> } = {}): Pick<GridFSBucket, 'openUploadStreamWithId' | 'openDownloadStream'> {
  const chunkSize = options.chunkSize ?? 255 * 1024;
  const files = fake.db.collection<Document>('blobs.files');
  const chunks = fake.db.collection<Document>('blobs.chunks');
  const openUploadStreamWithId = (id: ObjectId, filename: string, opts?: { metadata?: Document }) => {
    const parts: Buffer[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        parts.push(chunk);
        done();
      },
      final(done) {
        const data = Buffer.concat(parts);
        void (async () => {
          for (let n = 0; n * chunkSize < data.length; n++) await chunks.insertOne({ _id: new ObjectId(), files_id: id, n, data: new Binary(data.subarray(n * chunkSize, (n + 1) * chunkSize)) });
          await files.insertOne({ _id: id, length: data.length, chunkSize, uploadDate: new Date(), filename, metadata: opts?.metadata ?? {} });
        })().then(() => done(), done);
      },
    });
    return stream as unknown as GridFSBucketWriteStream;
  };
  const openDownloadStream = (id: ObjectId) => {
    async function* read(): AsyncGenerator<Buffer> {
      const file = await files.findOne({ _id: id });
      if (!file) throw new MongoRuntimeError(`FileNotFound: file ${id.toHexString()} not found`);
      for (let n = 0; n * chunkSize < (file['length'] as number); n++) {
        await options.beforeChunk?.(id, n);
        const chunk = await chunks.findOne({ files_id: id, n });
        if (!chunk) throw new MongoRuntimeError(`ChunkIsMissing: got unexpected n: ${n}`);
        yield Buffer.from((chunk['data'] as Binary).buffer);
      }
    }
    return Readable.from(read()) as unknown as GridFSBucketReadStream;
  };
  return { openUploadStreamWithId, openDownloadStream } as Pick<GridFSBucket, 'openUploadStreamWithId' | 'openDownloadStream'>;
}
