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
  type MongoClientOptions,
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

export type FakeCollectionApi = Pick<Collection, 'findOne' | 'find' | 'insertOne' | 'updateOne' | 'updateMany' | 'findOneAndUpdate' | 'deleteOne' | 'deleteMany' | 'bulkWrite' | 'aggregate' | 'createIndex' | 'drop'>;

/** An index as createIndex received it. */
export interface FakeIndex {
  keys: Document;
  options: Document;
}

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
  /** createIndex calls per collection, in order (an identical second call is a no-op, as on the server) */
  readonly indexes = new Map<string, FakeIndex[]>();
  /** every operation's options as the adapters passed them, per collection and method (timeouts, write concerns) */
  readonly calls: { collection: string; method: string; options: Document | undefined }[] = [];
  /** transactions committed, and how many writes each held (what a bounded rebuild must keep small) */
  readonly transactions: { writes: number }[] = [];
  /** transactions that wrote a document another open transaction had written (the server's WriteConflict) */
  writeConflicts = 0;
  /** @internal */ readonly open = new Set<FakeSession>();
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

  /** The options the service's client was created with (see `createClient`). */
  clientOptions: MongoClientOptions | undefined;
  private majorityLost = false;

  /** Most members down: a write waiting for the majority fails after its wtimeoutMS, or waits for ever without one (as a server does). */
  loseMajority(): void {
    this.majorityLost = true;
  }

  /** For MongoConnectOptions.createClient: records the options and answers as a client of a replica set would. */
  createClient = (_uri: string, options: MongoClientOptions): MongoClient => {
    this.clientOptions = options;
    const client = {
      connect: async () => client,
      db: (name?: string) => (name === 'admin' ? { command: async () => ({ setName: 'rs0' }) } : this.db),
      ...this.client,
    };
    return client as unknown as MongoClient;
  };

  /** @internal */ async acknowledged(concern: WriteConcernSettings | undefined): Promise<void> {
    if (concern?.w !== 'majority') return;
    if (this.majorityLost) {
      if (concern.wtimeoutMS === undefined && concern.wtimeout === undefined) await new Promise<never>(() => undefined);
      throw writeConcernTimeout();
    }
    if (concern.journal === true || concern.j === true) this.majority = clone(this.primary);
  }

  /** @internal */ table(name: string): Map<string, Doc> {
    let table = this.primary.get(name);
    if (!table) this.primary.set(name, (table = new Map()));
    return table;
  }
}

class FakeSession {
  /** documents written in the open transaction (collection and _id) */
  readonly written = new Set<string>();
  writes = 0;
  constructor(private readonly fake: FakeMongo) {}

  /** The transaction writes `keys`: a WriteConflict when another open transaction wrote one of them (not retried here: counted, thrown). */
  touch(keys: string[], count: number): void {
    for (const other of this.fake.open) {
      if (other !== this && keys.some((k) => other.written.has(k))) {
        this.fake.writeConflicts++;
        throw Object.assign(new MongoServerError({ message: 'WriteConflict error: this operation conflicted with another operation', code: 112, codeName: 'WriteConflict' }), {});
      }
    }
    keys.forEach((k) => this.written.add(k));
    this.writes += count;
  }

  async withTransaction<T>(fn: () => Promise<T>, options?: { writeConcern?: WriteConcernSettings }): Promise<T> {
    const before = clone(this.fake.primary);
    this.written.clear();
    this.writes = 0;
    this.fake.open.add(this);
    try {
      const result = await fn();
      await this.fake.acknowledged(options?.writeConcern ?? this.fake.defaultWriteConcern);
      this.fake.transactions.push({ writes: this.writes });
      return result;
    } catch (error) {
      this.fake.primary = before;
      throw error;
    } finally {
      this.fake.open.delete(this);
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
  private async write<T>(method: string, options: WriteOptions | undefined, apply: () => T, filters: Document[] = [], count = 1): Promise<T> {
    this.fake.calls.push({ collection: this.collectionName, method, options: options as Document | undefined });
    if (options?.session) (options.session as FakeSession).touch(filters.map((f) => `${this.collectionName}:${keyOf(f['_id'] ?? '*')}`), count);
    const failure = this.fake.takeFailure(this.collectionName, method);
    if (failure) {
      if (failure.applied) apply();
      throw failure.error;
    }
    const result = apply();
    // inside a transaction the commit acknowledges
    if (!options?.session) await this.fake.acknowledged(options?.writeConcern ?? this.writeConcern ?? this.fake.defaultWriteConcern);
    return result;
  }

  async findOne(filter: Document = {}, options: { sort?: Document; projection?: Document } = {}): Promise<Doc | null> {
    this.fake.calls.push({ collection: this.collectionName, method: 'findOne', options });
    const found = this.query(filter, options.sort)[0];
    return found ? project(found, options.projection) : null;
  }

  find(filter: Document = {}, options: { sort?: Document; projection?: Document } = {}) {
    this.fake.calls.push({ collection: this.collectionName, method: 'find', options });
    let sort = options.sort;
    let limit = Infinity;
    const toArray = async () => this.query(filter, sort).slice(0, limit).map((d) => project(d, options.projection));
    const cursor = {
      sort: (s: Document) => ((sort = s), cursor),
      limit: (n: number) => ((limit = n), cursor),
      toArray,
      async *[Symbol.asyncIterator]() {
        yield* await toArray();
      },
    };
    return cursor;
  }

  /** The two stages the work queue's nextClaimable sends: $match, then $group with $min of an expression. */
  aggregate<T>(pipeline: Document[]) {
    const toArray = async (): Promise<T[]> => {
      let docs: Document[] = this.query({});
      for (const stage of pipeline) {
        const [name, spec] = Object.entries(stage)[0]!;
        if (name === '$match') docs = docs.filter((d) => matches(d as Doc, spec as Document));
        else if (name === '$group') docs = group(docs, spec as Document);
        else throw new Error(`fake aggregate: unsupported stage ${name}`);
      }
      return docs as T[];
    };
    return { toArray };
  }

  async insertOne(doc: Doc, options?: WriteOptions) {
    return this.write('insertOne', options, () => {
      this.insert(doc);
      return { acknowledged: true, insertedId: doc._id };
    }, [doc]);
  }

  async updateOne(filter: Document, update: Document, options?: WriteOptions) {
    return this.write('updateOne', options, () => this.update(filter, update, options?.upsert ?? false, false), [filter]);
  }

  async findOneAndUpdate(filter: Document, update: Document, options: WriteOptions & { returnDocument?: 'before' | 'after'; sort?: Document }) {
    return this.write('findOneAndUpdate', options, () => {
      const before = this.query(filter, options.sort)[0];
      const target = before ? { _id: before._id } : filter;
      const result = this.update(target, update, options.upsert ?? false, false);
      if (options.returnDocument === 'before') return before ? clone1(before) : null;
      const id = before?._id ?? result.upsertedId;
      return id === undefined ? null : clone1(this.rows.get(keyOf(id))!);
    });
  }

  async updateMany(filter: Document, update: Document, options?: WriteOptions) {
    return this.write('updateMany', options, () => this.update(filter, update, options?.upsert ?? false, true), [filter]);
  }

  async deleteOne(filter: Document, options?: WriteOptions) {
    return this.write('deleteOne', options, () => this.remove(filter, false), [filter]);
  }

  async deleteMany(filter: Document, options?: WriteOptions) {
    return this.write('deleteMany', options, () => this.remove(filter, true), [filter]);
  }

  async bulkWrite(operations: Document[], options?: WriteOptions) {
    return this.write('bulkWrite', options, () => {
      for (const op of operations) {
        if (op['updateOne']) this.update(op['updateOne'].filter, op['updateOne'].update, op['updateOne'].upsert ?? false, false);
        else if (op['replaceOne']) this.replace(op['replaceOne'].filter, op['replaceOne'].replacement, op['replaceOne'].upsert ?? false);
        else if (op['deleteOne']) this.remove(op['deleteOne'].filter, false);
        else if (op['deleteMany']) this.remove(op['deleteMany'].filter, true);
        else throw new Error(`fake bulkWrite: unsupported ${Object.keys(op).join()}`);
      }
      return { ok: 1 };
    }, operations.map((op) => ((Object.values(op)[0] as Document)['filter'] ?? {}) as Document), operations.length);
  }

  /** Recorded (keys and options); an identical index is a no-op, as on the server. */
  async createIndex(keys: Document, options: Document = {}): Promise<string> {
    const list = this.fake.indexes.get(this.collectionName) ?? [];
    if (!list.some((i) => equal(i.keys, keys) && equal(i.options, options))) list.push({ keys: clone1(keys), options: clone1(options) });
    this.fake.indexes.set(this.collectionName, list);
    this.fake.table(this.collectionName);
    return Object.entries(keys).map(([k, v]) => `${k}_${String(v)}`).join('_');
  }

  async dropIndex(name: string): Promise<void> {
    const list = this.fake.indexes.get(this.collectionName) ?? [];
    const index = list.findIndex((i) => Object.entries(i.keys).map(([k, v]) => `${k}_${String(v)}`).join('_') === name);
    if (index < 0) throw Object.assign(new Error('index not found'), { codeName: 'IndexNotFound' });
    list.splice(index, 1);
  }

  /** Drops the documents and indexes; a collection that does not exist is NamespaceNotFound (code 26), as servers before 7.0 answer. */
  async drop(): Promise<boolean> {
    if (!this.fake.primary.has(this.collectionName)) throw new MongoServerError({ message: 'ns not found', code: 26, codeName: 'NamespaceNotFound' });
    this.fake.primary.delete(this.collectionName);
    this.fake.indexes.delete(this.collectionName);
    await this.fake.acknowledged(this.writeConcern ?? this.fake.defaultWriteConcern);
    return true;
  }

  /** renameCollection with dropTarget: the documents and indexes move at once. */
  async rename(target: string, options: { dropTarget?: boolean } = {}): Promise<unknown> {
    if (this.fake.primary.has(target) && !options.dropTarget) throw new MongoServerError({ message: 'target namespace exists', code: 48 });
    this.fake.primary.set(target, this.rows);
    this.fake.primary.delete(this.collectionName);
    this.fake.indexes.set(target, this.fake.indexes.get(this.collectionName) ?? []);
    this.fake.indexes.delete(this.collectionName);
    await this.fake.acknowledged(this.writeConcern ?? this.fake.defaultWriteConcern);
    return this.fake.db.collection(target);
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

  private update(filter: Document, update: Document | Document[], upsert: boolean, many: boolean) {
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

  private replace(filter: Document, replacement: Document, upsert = false): void {
    const target = [...this.rows.values()].find((d) => matches(d, filter));
    if (target) this.rows.set(keyOf(target._id), clone1({ ...replacement, _id: target._id }));
    else if (upsert) this.insert({ ...replacement, _id: replacement['_id'] ?? filter['_id'] });
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

function applyUpdate(doc: Doc, update: Document | Document[], inserting: boolean): Doc {
  if (Array.isArray(update)) return applyPipeline(doc, update);
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

/**
 * An update given as an aggregation pipeline: `$set` stages whose expressions all read the
 * document as it was before the stage (as the server evaluates them). Only the expression
 * operators the adapters send; anything else throws, so a test never passes on an operator the
 * fake silently ignored.
 */
function applyPipeline(doc: Doc, stages: Document[]): Doc {
  let current: Doc = clone1(doc);
  for (const stage of stages) {
    const [name, spec] = Object.entries(stage)[0]!;
    if (name !== '$set' && name !== '$addFields') throw new Error(`fake pipeline update: unsupported stage ${name}`);
    const next = clone1(current);
    for (const [field, expression] of Object.entries(spec as Document)) next[field] = evaluate(expression, current);
    current = next;
  }
  return current;
}

/** Aggregation expressions: field paths, literals, and the operators the adapters use. */
function evaluate(expression: unknown, doc: Document): unknown {
  if (typeof expression === 'string' && expression.startsWith('$')) return path(doc, expression.slice(1)) ?? null;
  if (Array.isArray(expression)) return expression.map((e) => evaluate(e, doc));
  if (!isOperators(expression)) {
    if (expression && typeof expression === 'object' && !(expression instanceof Date) && !(expression instanceof Binary) && !(expression instanceof ObjectId)) {
      return Object.fromEntries(Object.entries(expression).map(([k, v]) => [k, evaluate(v, doc)]));
    }
    return expression;
  }
  const [op, operand] = Object.entries(expression)[0]!;
  if (op === '$literal') return operand;
  const args = (Array.isArray(operand) ? operand : [operand]).map((e) => evaluate(e, doc));
  const present = args.filter((a) => a !== null && a !== undefined);
  switch (op) {
    case '$cond': return args[0] ? args[1] : args[2];
    case '$eq': return equal(args[0] ?? null, args[1] ?? null);
    case '$ne': return !equal(args[0] ?? null, args[1] ?? null);
    case '$lt': return compare(args[0], args[1]) < 0;
    case '$lte': return compare(args[0], args[1]) <= 0;
    case '$gt': return compare(args[0], args[1]) > 0;
    case '$gte': return compare(args[0], args[1]) >= 0;
    case '$and': return args.every(Boolean);
    case '$or': return args.some(Boolean);
    case '$ifNull': return args.find((a) => a !== null && a !== undefined) ?? null;
    case '$add': return args.some((a) => a === null || a === undefined) ? null : (args as number[]).reduce((x, y) => x + y, 0);
    // $min/$max ignore nulls and missing values, as the server does
    case '$min': return present.length === 0 ? null : present.reduce((x, y) => (compare(y, x) < 0 ? y : x));
    case '$max': return present.length === 0 ? null : present.reduce((x, y) => (compare(y, x) > 0 ? y : x));
    default: throw new Error(`fake expression: unsupported ${op}`);
  }
}

/** $group with accumulators $min/$max/$sum over expressions. */
function group(docs: Document[], spec: Document): Document[] {
  const groups = new Map<string, Document[]>();
  for (const doc of docs) {
    const key = keyOf(evaluate(spec['_id'], doc) ?? null);
    groups.set(key, [...(groups.get(key) ?? []), doc]);
  }
  return [...groups.values()].map((members) => {
    const out: Document = { _id: evaluate(spec['_id'], members[0]!) ?? null };
    for (const [field, accumulator] of Object.entries(spec)) {
      if (field === '_id') continue;
      const [op, expression] = Object.entries(accumulator as Document)[0]!;
      const values = members.map((m) => evaluate(expression, m)).filter((v) => v !== null && v !== undefined);
      if (op === '$min') out[field] = values.length ? values.reduce((x, y) => (compare(y, x) < 0 ? y : x)) : null;
      else if (op === '$max') out[field] = values.length ? values.reduce((x, y) => (compare(y, x) > 0 ? y : x)) : null;
      else if (op === '$sum') out[field] = values.reduce((x: number, y) => x + (y as number), 0);
      else throw new Error(`fake $group: unsupported ${op}`);
    }
    return out;
  });
}

/** A find projection: inclusion ({a: 1}) or exclusion ({_id: 0}, {a: 0}). */
function project(doc: Doc, projection?: Document): Doc {
  if (!projection || Object.keys(projection).length === 0) return doc;
  const entries = Object.entries(projection);
  const including = entries.some(([k, v]) => k !== '_id' && v);
  const out: Document = including ? {} : { ...doc };
  if (including) {
    for (const [k, v] of entries) if (v && k !== '_id' && path(doc, k) !== undefined) out[k] = path(doc, k);
    if (projection['_id'] !== 0) out['_id'] = doc._id;
  } else for (const [k, v] of entries) if (!v) delete out[k];
  return out as Doc;
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
