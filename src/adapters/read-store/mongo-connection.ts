import { BSON, MongoClient, MongoWriteConcernError, type Db, type MongoClientOptions, type WriteConcernSettings } from 'mongodb';

/** How long a durable write waits for a majority of the replica set before failing (wtimeoutMS). */
export const DEFAULT_WTIMEOUT_MS = 10_000;
/** How long any operation may take, retries included (the client's timeoutMS). */
export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Acknowledged only once a majority of the replica set has the write in its journal: a write
 * acknowledged earlier (w:1, or a standalone server) can vanish on a crash or a failover after the
 * event that depends on it (a personal-data key, a checkpoint) is safe in the event store.
 * Never waiting for ever: a replica set without a majority fails the write after wtimeoutMS
 * (applied on the primary, perhaps; every such write here is idempotent and retried).
 */
export const DURABLE: Readonly<WriteConcernSettings> = Object.freeze({ w: 'majority', journal: true, wtimeoutMS: DEFAULT_WTIMEOUT_MS });

export interface MongoTimeouts {
  /** every operation's limit, server selection and retries included */
  timeoutMS: number;
  /** a durable write's wait for the majority */
  wtimeoutMS: number;
}

/**
 * The timeouts SVC_READSTORE names with MongoDB's own connection-string options
 * (`?timeoutMS=…&wtimeoutMS=…`), the defaults otherwise.
 */
export function mongoTimeouts(uri: string): MongoTimeouts {
  const query = new URLSearchParams(uri.split('?')[1] ?? '');
  const read = (name: string, fallback: number) => {
    const value = query.get(name);
    if (value === null) return fallback;
    if (!/^\d+$/.test(value) || Number(value) === 0) throw new Error(`SVC_READSTORE: ${name} must be a positive number of milliseconds`);
    return Number(value);
  };
  return { timeoutMS: read('timeoutMS', DEFAULT_TIMEOUT_MS), wtimeoutMS: read('wtimeoutMS', DEFAULT_WTIMEOUT_MS) };
}

/** The durable write concern with a given wait for the majority. */
export const durable = (wtimeoutMS: number): WriteConcernSettings => ({ w: 'majority', journal: true, wtimeoutMS });

/** The write was not confirmed by a majority in time: said plainly, instead of the server's code 64. */
export class MajorityUnavailableError extends Error {
  constructor(wtimeoutMS: number, cause: unknown) {
    super(
      `MongoDB did not confirm a durable write on a majority of the replica set within ${wtimeoutMS} ms (wtimeoutMS): ` +
        'check that a majority of the members are up; the write is retried',
      { cause },
    );
  }
}

/** A write-concern timeout (code 64, or the driver's MongoWriteConcernError carrying it). */
export function isMajorityTimeout(error: unknown): boolean {
  const e = error as { code?: number; codeName?: string; result?: { writeConcernError?: { code?: number } }; errInfo?: { wtimeout?: boolean } };
  if (error instanceof MongoWriteConcernError && (e.code === 64 || e.result?.writeConcernError?.code === 64)) return true;
  return e?.code === 64 || e?.codeName === 'WriteConcernFailed' || e?.codeName === 'WriteConcernTimeout' || e?.errInfo?.wtimeout === true;
}

/** MongoDB's largest document (BSON), the server's `maxBsonObjectSize`. */
export const MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;

export class StandaloneMongoError extends Error {}

/**
 * A document the server would refuse. Refused before the call so that the caller sees one clear,
 * permanent error (the runtime quarantines it) instead of a server error retried with its batch.
 */
export class DocumentTooLargeError extends Error {
  constructor(
    readonly collection: string,
    readonly bytes: number,
  ) {
    super(`a document for ${collection} would be ${bytes} bytes of BSON, over MongoDB's ${MAX_DOCUMENT_BYTES}-byte limit`);
  }
}

export function assertDocumentSize(collection: string, doc: BSON.Document): void {
  // the driver's own serializer, with its ignoreUndefined, so the size is the one the server sees
  const bytes = BSON.calculateObjectSize(doc, { ignoreUndefined: true });
  if (bytes > MAX_DOCUMENT_BYTES) throw new DocumentTooLargeError(collection, bytes);
}

export interface MongoConnectOptions {
  /** TESTS ONLY: accept a standalone server (no transactions, no majority): never in production */
  allowStandalone?: boolean;
  /** TESTS ONLY: makes the client (the real driver's otherwise), so a test sees the options it gets */
  createClient?: (uri: string, options: MongoClientOptions) => MongoClient;
}

/** The options of the client every Mongo adapter shares: durable writes, majority reads, timeouts. */
export function mongoClientOptions(uri: string): MongoClientOptions {
  const { timeoutMS, wtimeoutMS } = mongoTimeouts(uri);
  // undefined fields are left out, as JSON.stringify leaves them out of the SQLite documents
  return { ignoreUndefined: true, writeConcern: durable(wtimeoutMS), readConcern: { level: 'majority' }, timeoutMS };
}

export function mongoClient(uri: string, options: MongoConnectOptions = {}): MongoClient {
  return (options.createClient ?? ((u, o) => new MongoClient(u, o)))(uri, mongoClientOptions(uri));
}

/**
 * Refuses a standalone server: it acknowledges writes before they are journaled and has no
 * transactions, so neither the keys' durability nor the read models' commits would hold.
 * Returns whether transactions are available (false only through the test escape hatch).
 */
export async function checkReplicaSet(admin: Pick<Db, 'command'>, options: MongoConnectOptions = {}): Promise<boolean> {
  const hello = await admin.command({ hello: 1 });
  // a mongos (msg isdbgrid) fronts shards that are replica sets themselves
  if (typeof hello['setName'] === 'string' || hello['msg'] === 'isdbgrid') return true;
  if (options.allowStandalone) return false;
  throw new StandaloneMongoError(
    'MongoDB is a standalone server; the service needs a replica set (one node is enough: start mongod with --replSet rs0, ' +
      'run rs.initiate() once, and add ?replicaSet=rs0 to SVC_READSTORE)',
  );
}
