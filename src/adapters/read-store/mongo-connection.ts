import { BSON, MongoClient, type Db, type WriteConcernSettings } from 'mongodb';

/**
 * Acknowledged only once a majority of the replica set has the write in its journal: a write
 * acknowledged earlier (w:1, or a standalone server) can vanish on a crash or a failover after the
 * event that depends on it (a personal-data key, a checkpoint) is safe in the event store.
 */
export const DURABLE: Readonly<WriteConcernSettings> = Object.freeze({ w: 'majority', journal: true });

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
}

/** The client every Mongo adapter shares: durable writes and majority reads by default. */
export function mongoClient(uri: string): MongoClient {
  // undefined fields are left out, as JSON.stringify leaves them out of the SQLite documents
  return new MongoClient(uri, { ignoreUndefined: true, writeConcern: { ...DURABLE }, readConcern: { level: 'majority' } });
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
