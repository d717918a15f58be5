import { GridFSBucket, type Collection, type Db, type Filter, type GridFSChunk, type GridFSFile } from 'mongodb';
import { finished } from 'node:stream/promises';
import { assertBlobKey, type BlobStore } from './port.js';

const BUCKET = 'blobs';

/**
 * Blobs in GridFS, one file per key (its filename). A put uploads a new file and only then removes
 * the older ones, so a reader finds the old blob or the whole new one. GridFS has no overwrite:
 * between the two steps both exist, and the newest (uploadDate, then _id) is the one read.
 */
export class GridFsBlobStore implements BlobStore {
  private readonly bucket: GridFSBucket;
  private readonly files: Collection<GridFSFile>;
  private readonly chunks: Collection<GridFSChunk>;

  constructor(db: Db) {
    this.bucket = new GridFSBucket(db, { bucketName: BUCKET });
    // the bucket's collections, named by the GridFS spec, for deletes that tolerate a concurrent delete
    this.files = db.collection<GridFSFile>(`${BUCKET}.files`);
    this.chunks = db.collection<GridFSChunk>(`${BUCKET}.chunks`);
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    assertBlobKey(key);
    const upload = this.bucket.openUploadStream(key, { metadata: { contentType } });
    upload.end(data);
    // 'finish' comes after the chunks and then the files document are written
    await finished(upload);
    const stored = upload.gridFSFile;
    if (!stored) throw new Error(`upload of ${key} finished without a files document`);
    // strictly older only: two concurrent puts then leave the newer, never neither
    await this.remove({
      filename: key,
      $or: [{ uploadDate: { $lt: stored.uploadDate } }, { uploadDate: stored.uploadDate, _id: { $lt: stored._id } }],
    });
  }

  async get(key: string): Promise<{ data: Buffer; contentType: string } | null> {
    const file = await this.newest(key);
    if (!file) return null;
    const parts: Buffer[] = [];
    for await (const part of this.bucket.openDownloadStream(file._id)) parts.push(part as Buffer);
    const contentType: unknown = file.metadata?.['contentType'];
    return { data: Buffer.concat(parts), contentType: typeof contentType === 'string' ? contentType : 'application/octet-stream' };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.newest(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    await this.remove({ filename: key });
  }

  async close(): Promise<void> {}

  private async newest(key: string): Promise<GridFSFile | null> {
    assertBlobKey(key);
    const [file] = await this.bucket.find({ filename: key }).sort({ uploadDate: -1, _id: -1 }).limit(1).toArray();
    return file ?? null;
  }

  /**
   * Files documents first, so readers stop finding them, then their chunks. GridFSBucket.delete
   * would throw when a concurrent put or delete removed the file first; deleteMany does not.
   */
  private async remove(filter: Filter<GridFSFile>): Promise<void> {
    const ids = (await this.files.find(filter, { projection: { _id: 1 } }).toArray()).map((f) => f._id);
    if (ids.length === 0) return;
    await this.files.deleteMany({ _id: { $in: ids } });
    await this.chunks.deleteMany({ files_id: { $in: ids } });
  }
}
