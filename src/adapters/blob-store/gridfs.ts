import { GridFSBucket, MongoError, ObjectId, type Collection, type Db, type GridFSChunk, type GridFSFile } from 'mongodb';
import { finished } from 'node:stream/promises';
import { assertDocumentSize, DURABLE } from '../read-store/mongo-connection.js';
import { assertBlobKey, type BlobStore } from './port.js';

const BUCKET = 'blobs';
/** an upload younger than this may still be in flight: the sweep leaves it alone */
const UPLOAD_GRACE_MS = 10 * 60_000;
const READ_ATTEMPTS = 5;

/** key -> its current version, switched in one document write */
interface Pointer {
  _id: string;
  file: ObjectId;
  contentType: string;
}

/** key -> versions that may need deleting if this instance stops halfway (written before the risky step) */
interface Cleanup {
  _id: string;
  versions: ObjectId[];
}

/**
 * Blobs in GridFS as immutable versions (one GridFS file each) and a pointer document per key.
 * A put uploads a new version, switches the pointer, then deletes the version it replaced; a
 * delete removes the pointer, then the version. A reader that loses a race (its version deleted
 * under it) reads the pointer again, so it sees the old bytes or the new ones, never an error.
 * Versions are deleted chunks first, then the files document. Before each step that could leave
 * a version behind, its id is recorded in `blobs.cleanup`; a sweep (at start and on every delete)
 * removes recorded versions that no pointer names, once older than an upload could take.
 * Every write waits for a majority of journals.
 */
export class GridFsBlobStore implements BlobStore {
  private readonly bucket: Pick<GridFSBucket, 'openUploadStreamWithId' | 'openDownloadStream'>;
  private readonly files: Collection<GridFSFile>;
  private readonly chunks: Collection<GridFSChunk>;
  private readonly pointers: Collection<Pointer>;
  private readonly cleanup: Collection<Cleanup>;
  private swept: Promise<void> | null = null;

  /** `bucket` is the real GridFSBucket in production; tests hand in a fake of its two calls. */
  constructor(db: Pick<Db, 'collection'>, bucket?: Pick<GridFSBucket, 'openUploadStreamWithId' | 'openDownloadStream'>) {
    this.bucket = bucket ?? new GridFSBucket(db as Db, { bucketName: BUCKET, writeConcern: DURABLE });
    const durable = { writeConcern: DURABLE };
    // the bucket's collections, named by the GridFS spec
    this.files = db.collection<GridFSFile>(`${BUCKET}.files`, durable);
    this.chunks = db.collection<GridFSChunk>(`${BUCKET}.chunks`, durable);
    this.pointers = db.collection<Pointer>(`${BUCKET}.pointers`, durable);
    this.cleanup = db.collection<Cleanup>(`${BUCKET}.cleanup`, durable);
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertBlobKey(key);
    const id = new ObjectId();
    // the one document whose size depends on the caller (the files document holds the same fields)
    assertDocumentSize(`${BUCKET}.pointers`, { _id: key, file: id, contentType });
    await this.sweepOnce();
    await this.cleanup.updateOne({ _id: key }, { $addToSet: { versions: id } }, { upsert: true });
    const upload = this.bucket.openUploadStreamWithId(id, key, { metadata: { contentType } });
    upload.end(data);
    // 'finish' comes after the chunks and then the files document are written
    await finished(upload);
    const before = await this.pointers.findOneAndUpdate({ _id: key }, { $set: { file: id, contentType } }, { upsert: true, returnDocument: 'before' });
    if (before) await this.cleanup.updateOne({ _id: key }, { $addToSet: { versions: before.file } });
    await this.cleanup.updateOne({ _id: key }, { $pull: { versions: id } });
    if (before) await this.removeVersion(key, before.file);
  }

  async get(key: string): Promise<{ data: Buffer; contentType: string } | null> {
    assertBlobKey(key);
    for (let attempt = 1; ; attempt++) {
      const pointer = await this.pointers.findOne({ _id: key });
      if (!pointer) return null;
      try {
        const parts: Buffer[] = [];
        for await (const part of this.bucket.openDownloadStream(pointer.file)) parts.push(part as Buffer);
        return { data: Buffer.concat(parts), contentType: pointer.contentType };
      } catch (error) {
        // a put or delete replaced and deleted this version while we read it: the pointer has moved
        if (!(error instanceof MongoError) || attempt >= READ_ATTEMPTS) throw error;
      }
    }
  }

  async exists(key: string): Promise<boolean> {
    assertBlobKey(key);
    return (await this.pointers.findOne({ _id: key }, { projection: { _id: 1 } })) !== null;
  }

  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    await this.sweepOnce();
    const pointer = await this.pointers.findOne({ _id: key });
    if (pointer) {
      await this.cleanup.updateOne({ _id: key }, { $addToSet: { versions: pointer.file } }, { upsert: true });
      // a put that switched the pointer meanwhile wins: its version stays, ours goes
      await this.pointers.deleteOne({ _id: key, file: pointer.file });
      if (!(await this.pointers.findOne({ _id: key, file: pointer.file }))) await this.removeVersion(key, pointer.file);
    }
    // the leftovers of an instance that stopped halfway
    await this.sweep(key);
  }

  async close(): Promise<void> {}

  /** Deletes recorded versions of `key` (or of every key) that no pointer names and no upload may still be writing. */
  async sweep(key?: string, now = Date.now()): Promise<void> {
    for (const record of await this.cleanup.find(key === undefined ? {} : { _id: key }).toArray()) {
      const current = (await this.pointers.findOne({ _id: record._id }))?.file;
      for (const version of record.versions) {
        if (current?.equals(version)) await this.cleanup.updateOne({ _id: record._id }, { $pull: { versions: version } });
        else if (now - version.getTimestamp().getTime() >= UPLOAD_GRACE_MS) await this.removeVersion(record._id, version);
      }
      await this.cleanup.deleteOne({ _id: record._id, versions: { $size: 0 } });
    }
  }

  private sweepOnce(): Promise<void> {
    // best effort: a failed sweep is tried again by the next put or delete
    return (this.swept ??= this.sweep().catch(() => void (this.swept = null)));
  }

  /** Chunks first, so a crash in between leaves a files document the sweep still finds, never orphan chunks. */
  private async removeVersion(key: string, version: ObjectId): Promise<void> {
    await this.chunks.deleteMany({ files_id: version });
    await this.files.deleteOne({ _id: version });
    await this.cleanup.updateOne({ _id: key }, { $pull: { versions: version } });
  }
}
