/** Binary objects (documents, images, PDFs). Adapters: filesystem, GridFS. */
export interface BlobStore {
  /** Stores the bytes under `key`; durable when the promise resolves; replaces an existing blob. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ data: Buffer; contentType: string } | null>;
  exists(key: string): Promise<boolean>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

const KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

export function assertBlobKey(key: string): void {
  if (!KEY.test(key) || key.includes('..') || key.length > 512) throw new Error(`invalid blob key: ${key}`);
}
