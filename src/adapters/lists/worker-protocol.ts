/** The messages between the list worker pool and its worker thread (one task at a time per worker). */
import type { ListVersionFile } from '../../domain/list/events.js';
import type { ListEntry } from '../../domain/screening/entry.js';
import type { UnpackLimits } from './files.js';
import type { ImporterRef } from './importers/port.js';

export interface WireFile {
  name: string;
  data: Uint8Array;
}

export type ToWorker =
  | { type: 'prepare'; id: number; ref: ImporterRef; files: WireFile[]; limits: UnpackLimits | undefined }
  | { type: 'stored'; id: number; ref: ImporterRef; cache: Uint8Array | null; files: WireFile[] | null }
  /** the main thread has taken the last chunk: the next one may come */
  | { type: 'next'; id: number };

export interface PreparedWire {
  files: WireFile[];
  stored: ListVersionFile[];
  sha256: string;
  published_at: string | null;
  cache: Uint8Array;
}

export type FromWorker =
  | { type: 'chunk'; id: number; entries: ListEntry[] }
  | { type: 'done'; id: number; result: PreparedWire | { found: boolean; cache: Uint8Array | null } }
  | { type: 'failed'; id: number; list_file: boolean; message: string };

/** The bytes as a transferable of their own: the same view when it owns its whole buffer, else a copy. */
export function owned(data: Uint8Array): Uint8Array {
  if (data.byteOffset === 0 && data.byteLength === data.buffer.byteLength && data.buffer instanceof ArrayBuffer) return data;
  return new Uint8Array(data);
}

export const asBuffer = (data: Uint8Array): Buffer => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/** entries per message: a chunk is a few milliseconds of the receiving thread's time */
export const CHUNK_ENTRIES = 2000;
