import { randomUUID } from 'node:crypto';
import { MongoServerError, type AnyBulkWriteOperation, type ClientSession, type Collection, type Db, type Filter, type MongoClient } from 'mongodb';
import { assertDocumentSize, checkReplicaSet, DEFAULT_WTIMEOUT_MS, durable, isMajorityTimeout, MajorityUnavailableError, mongoClient, mongoTimeouts, type MongoConnectOptions } from './mongo-connection.js';
import {
  assertCollectionName,
  assertFieldName,
  UniqueViolationError,
  type Commit,
  type IndexSpec,
  type Query,
  type ReadStore,
  type StoredDoc,
  type Write,
} from './port.js';

interface Row {
  _id: string;
  doc: Record<string, unknown>;
  position: number;
  /** copied from doc.created_at when it is a string, for the range and keyset queries */
  created_at: string | null;
}

interface CheckpointRow {
  _id: string;
  position: number;
}

/** Which instance writes a processor's documents and checkpoint, until when (its clock, ms). */
interface WriterLeaseRow {
  _id: string;
  owner: string;
  until: number;
}

export interface MongoWriterOptions {
  /** how long a writer's lease lasts unrenewed: an instance that stops is replaced after this */
  leaseMs?: number;
  /** how often an instance that is not the writer looks whether the writer got past its batch */
  pollMs?: number;
}

const DUPLICATE_KEY = 11000;
const NAMESPACE_NOT_FOUND = 26;
/** every JSON type but null: a unique field that is null or missing is outside the constraint, as SQL NULLs are */
const NON_NULL_TYPES = ['string', 'number', 'bool', 'object', 'array'];

/**
 * Read models in MongoDB: one collection `rm_<name>` per read model, documents wrapped as
 * `{ _id, doc, position, created_at }` so the store's fields never mix with the model's.
 */
export class MongoReadStore implements ReadStore {
  /**
   * `client` is the real driver's in production (connect()); tests hand in a fake of the two
   * calls used. `transactions` is false only when a test accepted a standalone server.
   */
  constructor(
    private readonly client: Pick<MongoClient, 'startSession' | 'close'>,
    private readonly db: Db,
    private readonly transactions = true,
    /** a durable write's wait for the majority (SVC_READSTORE's wtimeoutMS) */
    private readonly wtimeoutMS = DEFAULT_WTIMEOUT_MS,
    writer: MongoWriterOptions = {},
  ) {
    this.leaseMs = writer.leaseMs ?? 10_000;
    this.pollMs = writer.pollMs ?? 100;
  }

  /** this instance, as the owner of writer leases */
  private readonly instance = randomUUID();
  private readonly leaseMs: number;
  private readonly pollMs: number;
  /** the leases this instance holds: processor → until */
  private readonly held = new Map<string, number>();

  /**
   * Uses the database named in the URI (or `databaseName`, which tests use to keep runs apart).
   * Refuses a standalone server (see checkReplicaSet).
   */
  static async connect(uri: string, databaseName?: string, options: MongoConnectOptions = {}): Promise<MongoReadStore> {
    const client = await mongoClient(uri, options).connect();
    try {
      const transactions = await checkReplicaSet(client.db('admin'), options);
      return new MongoReadStore(client, client.db(databaseName), transactions, mongoTimeouts(uri).wtimeoutMS);
    } catch (error) {
      await client.close();
      throw error;
    }
  }

  /** The database, shared with the GridFS blob store. */
  get database(): Db {
    return this.db;
  }

  private rows(collection: string): Collection<Row> {
    assertCollectionName(collection);
    return this.db.collection<Row>(`rm_${collection}`);
  }

  private get checkpoints(): Collection<CheckpointRow> {
    return this.db.collection<CheckpointRow>('checkpoints', { writeConcern: durable(this.wtimeoutMS) });
  }

  /** createIndex is a no-op for an index that exists with the same definition, and creates the collection. */
  async ensureCollection(collection: string, indexes: readonly IndexSpec[]): Promise<void> {
    const rows = this.rows(collection);
    await rows.createIndex({ created_at: -1, _id: -1 });
    for (const index of indexes) {
      index.fields.forEach(assertFieldName);
      const keys = Object.fromEntries(index.fields.map((f) => [`doc.${f}`, 1 as const]));
      if (index.unique) {
        const indexed = Object.fromEntries(index.fields.map((f) => [`doc.${f}`, { $type: NON_NULL_TYPES }]));
        await rows.createIndex(keys, { unique: true, partialFilterExpression: indexed });
      } else {
        // the sort keys after the equality fields let one index serve both the filter and the newest-first page
        await rows.createIndex({ ...keys, created_at: -1, _id: -1 });
        // the index on the fields alone is an earlier version's, unique then (dashboard_users' e-mail): it goes
        const earlier = Object.keys(keys).map((key) => `${key}_1`).join('_');
        await rows.dropIndex(earlier).catch((error: unknown) => {
          if ((error as { codeName?: string }).codeName !== 'IndexNotFound') throw error;
        });
      }
    }
  }

  async get<T>(collection: string, id: string): Promise<StoredDoc<T> | null> {
    const row = await this.rows(collection).findOne({ _id: id });
    return row ? toStored<T>(row) : null;
  }

  async getMany<T>(collection: string, ids: readonly string[]): Promise<Map<string, StoredDoc<T>>> {
    const result = new Map<string, StoredDoc<T>>();
    for await (const row of this.rows(collection).find({ _id: { $in: [...new Set(ids)] } })) {
      result.set(row._id, toStored<T>(row));
    }
    return result;
  }

  async find<T>(collection: string, query: Query): Promise<T[]> {
    const rows = this.rows(collection);
    // Mongo reads a limit of 0 as no limit at all
    if (query.limit <= 0) return [];
    const filter: Filter<Row> = {};
    // equality: null also matches a missing field (as json_extract gives NULL for both); booleans match booleans
    for (const [field, value] of Object.entries(query.where ?? {})) {
      assertFieldName(field);
      filter[`doc.${field}`] = value;
    }
    if (query.createdFrom !== undefined || query.createdTo !== undefined) {
      filter.created_at = {
        ...(query.createdFrom !== undefined ? { $gte: query.createdFrom } : {}),
        ...(query.createdTo !== undefined ? { $lte: query.createdTo } : {}),
      };
    }
    if (query.before) {
      const { created_at, id } = query.before;
      filter.$or = [{ created_at: { $lt: created_at } }, { created_at, _id: { $lt: id } }];
    }
    const found = await rows
      .find(filter, { projection: { doc: 1 } })
      .sort({ created_at: -1, _id: -1 })
      .limit(query.limit)
      .toArray();
    return found.map((row) => row.doc as T);
  }

  /**
   * The documents and the checkpoint in one transaction: a unique-key violation (or a crash)
   * leaves nothing written. withTransaction retries the whole callback on transient errors, which
   * is safe: the writes are idempotent (position guard) and nothing else happens inside.
   *
   * One writer per processor: every instance runs every processor over the same events, and
   * their transactions all writing the same checkpoint (and documents) conflict, each conflict
   * retried at once by the driver for up to 120 s. So a commit with a checkpoint is made only by
   * the instance holding the processor's writer lease (a document in `writer_leases`, renewed as
   * it commits); another instance waits until the shared checkpoint reaches its batch (the
   * writer committed the same events: nothing left to write) or the lease expires (the writer
   * stopped: it takes the lease and commits its batch itself, idempotently). It never moves on
   * past a batch nobody committed. Chosen over per-instance checkpoints, which would leave the
   * documents themselves written by every instance at once.
   */
  async commit(commit: Commit): Promise<void> {
    // refused before any call: a server refusal would come back with every retry of the batch
    for (const write of commit.writes) if (write.op === 'put') assertDocumentSize(`rm_${write.collection}`, { _id: write.id, ...toRow(write) });
    const checkpoint = commit.checkpoint;
    if (checkpoint && this.transactions) {
      while (!(await this.holdWriterLease(checkpoint.processor))) {
        if (((await this.getCheckpoint(checkpoint.processor)) ?? -1) >= checkpoint.position) return;
        await new Promise((resolve) => setTimeout(resolve, this.pollMs));
      }
    }
    await this.commitNow(commit);
  }

  /** Holds (renewing when half spent) or takes (when free or expired) the processor's writer lease. */
  private async holdWriterLease(processor: string): Promise<boolean> {
    const now = Date.now();
    const until = this.held.get(processor);
    if (until !== undefined && until - now > this.leaseMs / 2) return true;
    const leases = this.db.collection<WriterLeaseRow>('writer_leases', { writeConcern: durable(this.wtimeoutMS) });
    try {
      const row = await leases.findOneAndUpdate(
        { _id: processor, $or: [{ owner: this.instance }, { until: { $lt: now } }] },
        { $set: { owner: this.instance, until: now + this.leaseMs } },
        { upsert: true, returnDocument: 'after' },
      );
      if (row?.owner === this.instance) {
        this.held.set(processor, now + this.leaseMs);
        return true;
      }
    } catch (error) {
      if (isMajorityTimeout(error)) throw new MajorityUnavailableError(this.wtimeoutMS, error);
      // held by another instance: the upsert collided with its document
      if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
    }
    this.held.delete(processor);
    return false;
  }

  private async commitNow(commit: Commit): Promise<void> {
    await this.inTransaction(async (session) => {
      for (const run of runsByCollection(commit.writes)) {
        try {
          await this.rows(run.collection).bulkWrite(run.writes.flatMap(toOperations), { ordered: true, session });
        } catch (error) {
          if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) {
            // the message ends with the duplicate values, which may be personal data: keep them out of logs
            throw new UniqueViolationError(run.collection, error.message.replace(/ dup key:.*$/s, ''));
          }
          throw error;
        }
      }
      if (commit.checkpoint) await this.setCheckpoint(commit.checkpoint, false, session);
    });
  }

  private async inTransaction(work: (session: ClientSession | undefined) => Promise<void>): Promise<void> {
    // only a test's standalone server: writes in order, documents possibly ahead of the checkpoint
    if (!this.transactions) return work(undefined);
    const session = this.client.startSession();
    try {
      await session.withTransaction(() => work(session), { writeConcern: durable(this.wtimeoutMS), readConcern: { level: 'majority' } });
    } catch (error) {
      if (isMajorityTimeout(error)) throw new MajorityUnavailableError(this.wtimeoutMS, error);
      throw error;
    } finally {
      await session.endSession();
    }
  }

  /** A checkpoint only moves forward (instances sharing it), except when a rebuild sets it exactly. */
  private async setCheckpoint(checkpoint: { processor: string; position: number }, exactly = false, session?: ClientSession): Promise<void> {
    const update = exactly ? { $set: { position: checkpoint.position } } : { $max: { position: checkpoint.position } };
    await this.checkpoints.updateOne({ _id: checkpoint.processor }, update, { upsert: true, session });
  }

  async getCheckpoint(processor: string): Promise<number | null> {
    return (await this.checkpoints.findOne({ _id: processor }))?.position ?? null;
  }

  /** renameCollection moves the indexes with the documents; not available on sharded collections. */
  async swapCollection(source: string, target: string, checkpoint: { processor: string; position: number }): Promise<void> {
    const targetName = this.rows(target).collectionName;
    await this.rows(source).rename(targetName, { dropTarget: true });
    await this.setCheckpoint(checkpoint, true);
  }

  async dropCollection(collection: string): Promise<void> {
    try {
      await this.rows(collection).drop();
    } catch (error) {
      // servers before 7.0 refuse to drop a collection that does not exist
      if (!(error instanceof MongoServerError && error.code === NAMESPACE_NOT_FOUND)) throw error;
    }
  }

  async listCollection<T>(collection: string): Promise<StoredDoc<T>[]> {
    const rows = await this.rows(collection).find().sort({ _id: 1 }).toArray();
    return rows.map((row) => toStored<T>(row));
  }

  /**
   * MongoDB replaces a document's storage on update and reuses freed space; making old versions
   * unrecoverable from WiredTiger files needs `compact`, an operator task (documented in the README).
   */
  async purge(): Promise<void> {}

  async close(): Promise<void> {
    await this.client.close();
  }
}

type Put = Extract<Write, { op: 'put' }>;

/** Consecutive writes to one collection, so each run is one ordered bulkWrite and the overall order holds. */
function runsByCollection(writes: readonly Write[]): { collection: string; writes: Write[] }[] {
  const runs: { collection: string; writes: Write[] }[] = [];
  for (const write of writes) {
    const last = runs[runs.length - 1];
    if (last?.collection === write.collection) last.writes.push(write);
    else runs.push({ collection: write.collection, writes: [write] });
  }
  return runs;
}

/**
 * A put never takes a document back to an older position (two instances applying the same
 * events): it is inserted when absent, then replaced only by a later position.
 */
function toOperations(write: Write): AnyBulkWriteOperation<Row>[] {
  if (write.op === 'delete') return [{ deleteOne: { filter: { _id: write.id } } }];
  const row = toRow(write);
  return [
    { updateOne: { filter: { _id: write.id }, update: { $setOnInsert: row }, upsert: true } },
    { replaceOne: { filter: { _id: write.id, position: { $lt: write.position } }, replacement: row } },
  ];
}

function toRow(write: Put): Omit<Row, '_id'> {
  const createdAt = write.doc['created_at'];
  return { doc: write.doc, position: write.position, created_at: typeof createdAt === 'string' ? createdAt : null };
}

function toStored<T>(row: Row): StoredDoc<T> {
  return { id: row._id, doc: row.doc as T, position: row.position };
}
