import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { assertBlobKey, type BlobStore } from './port.js';

/**
 * Blobs as files under one directory. A put writes a temporary file, fsyncs it and renames it
 * into place, so a reader sees the old blob or the whole new one, never a torn file.
 */
export class FsBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertBlobKey(key);
    return join(this.root, key);
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    await writeDurably(`${path}.meta`, Buffer.from(JSON.stringify({ contentType })));
    await writeDurably(path, data);
  }

  async get(key: string): Promise<{ data: Buffer; contentType: string } | null> {
    const path = this.pathOf(key);
    try {
      const [data, meta] = await Promise.all([readFile(path), readFile(`${path}.meta`, 'utf8')]);
      return { data, contentType: (JSON.parse(meta) as { contentType: string }).contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await stat(this.pathOf(key));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rm(path, { force: true });
    await rm(`${path}.meta`, { force: true });
  }

  async close(): Promise<void> {}
}

async function writeDurably(path: string, data: Buffer): Promise<void> {
  const temp = `${path}.${randomUUID()}.tmp`;
  const handle = await open(temp, 'w', 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, path);
}
