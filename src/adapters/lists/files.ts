import yauzl from 'yauzl';
import { ListFileError, type ListFile } from './importers/port.js';

export interface UnpackLimits {
  /** the most bytes all files may hold once unzipped */
  maxBytes: number;
  /** the most files a zip may hold */
  maxFiles: number;
}

export const DEFAULT_UNPACK_LIMITS: UnpackLimits = { maxBytes: 1024 * 1024 * 1024, maxFiles: 64 };

const isZip = (data: Buffer) => data.length >= 4 && data.readUInt32LE(0) === 0x04034b50;

/**
 * The files of a version as its importer reads them: a zip is replaced by the files it holds
 * (directories and nested paths flattened to their base names), within the limits; a truncated
 * or corrupt zip, or one over the limits, is a `ListFileError` and nothing is kept.
 */
export async function unpackListFiles(listId: string, files: readonly ListFile[], limits: UnpackLimits = DEFAULT_UNPACK_LIMITS): Promise<ListFile[]> {
  const out: ListFile[] = [];
  let total = 0;
  for (const file of files) {
    const inner = isZip(file.data) ? await unzip(listId, file, limits) : [file];
    for (const f of inner) {
      total += f.data.length;
      if (total > limits.maxBytes) throw new ListFileError(listId, `the files exceed ${limits.maxBytes} bytes once unzipped`);
      out.push(f);
    }
  }
  return out;
}

function unzip(listId: string, file: ListFile, limits: UnpackLimits): Promise<ListFile[]> {
  const refuse = (detail: string) => new ListFileError(listId, `${file.name}: ${detail}`);
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(file.data, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (error, zip) => {
      if (error || !zip) return reject(refuse(`not a readable zip (${error?.message ?? 'empty'})`));
      const entries: ListFile[] = [];
      let bytes = 0;
      const fail = (e: Error) => {
        zip.close();
        reject(e instanceof ListFileError ? e : refuse(`not a readable zip (${e.message})`));
      };
      zip.on('error', fail);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        if (entries.length >= limits.maxFiles) return fail(refuse(`more than ${limits.maxFiles} files`));
        // the declared size is checked again while reading (validateEntrySizes)
        if (bytes + entry.uncompressedSize > limits.maxBytes) return fail(refuse(`more than ${limits.maxBytes} bytes once unzipped`));
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return fail(streamError ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            if (bytes > limits.maxBytes) stream.destroy(refuse(`more than ${limits.maxBytes} bytes once unzipped`));
            else chunks.push(chunk);
          });
          stream.on('error', fail);
          stream.on('end', () => {
            entries.push({ name: entry.fileName.split('/').pop()!, data: Buffer.concat(chunks) });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
