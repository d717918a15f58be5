/**
 * Imports one quarter of the PGFN dívida ativa (a directory holding the quarter's three zips)
 * into a register store, the way the CNPJ register's importer does: every CSV of every zip read
 * against its CRC-32 before a row is written, rows streamed in batches each committed with its
 * file's progress (a killed import resumes), the quarter built beside the one served and swapped
 * in only once complete.
 */
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { Writable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import iconv from 'iconv-lite';
import type { FileProgress } from '../cnpj-register/importer.js';
import { DEFAULT_ZIP_LIMITS, openZip, type ZipArchive, type ZipEntry, type ZipLimits } from '../zip.js';
import type { PgfnQuarter, PgfnSystem } from './port.js';
import { headerMap, PgfnLayoutError, rowOf, systemOf, type InscriptionRow } from './rows.js';

export type { FileProgress };

/** A store the importer builds a quarter into (the CNPJ register's ImportTarget, for one table). */
export interface PgfnImportTarget {
  /** opens the build of `quarter`, resuming an attempt on the same files (`fingerprint`), else afresh */
  begin(quarter: string, fingerprint: string): Promise<PgfnImportBuild>;
}

export interface PgfnImportBuild {
  progress(): Promise<Map<string, FileProgress>>;
  /** stores rows with their file's progress: after a crash the progress never claims rows the store lacks */
  write(rows: InscriptionRow[], file: string, progress: FileProgress): Promise<void>;
  /** creates the lookup index; safe to repeat */
  finish(): Promise<void>;
  /** serves this quarter instead of the previous one, atomically */
  publish(quarter: PgfnQuarter): Promise<void>;
  /** stops without publishing; the build stays for a resume */
  close(): Promise<void>;
}

export class PgfnImportError extends Error {
  override name = 'PgfnImportError';
}

export interface PgfnImportOptions {
  /** `YYYY_trimestre_0Q`; by default the directory's name */
  quarter?: string;
  batchRows?: number;
  signal?: AbortSignal;
}

export const QUARTER = /^\d{4}_trimestre_0[1-4]$/;
/** the three zips of a quarter folder, by system */
export const PGFN_ZIPS: Readonly<Record<PgfnSystem, string>> = {
  nao_previdenciario: 'Dados_abertos_Nao_Previdenciario.zip',
  previdenciario: 'Dados_abertos_Previdenciario.zip',
  fgts: 'Dados_abertos_FGTS.zip',
};

/** The SIDA zip is 9 GB unzipped in 6 CSVs; an older edition split by state had 27 a zip. */
export const PGFN_ZIP_LIMITS: ZipLimits = { ...DEFAULT_ZIP_LIMITS, maxEntries: 64, maxEntryBytes: 64 * 1024 ** 3, maxTotalBytes: 64 * 1024 ** 3 };

const MAX_REJECTED_SHARE = 0.01;
const EARLY_CHECK_ROWS = 10_000;

interface Part {
  system: PgfnSystem;
  /** `<zip>/<csv>`: the progress's key */
  name: string;
  zip: ZipArchive;
  entry: ZipEntry;
}

function quarterOf(dir: string, quarter: string | undefined): string {
  const value = quarter ?? basename(dir);
  if (!QUARTER.test(value)) throw new PgfnImportError(quarter ? `quarter must be YYYY_trimestre_0Q, not ${quarter}` : `cannot tell the quarter from the directory name ${basename(dir)}: name it YYYY_trimestre_0Q or give the quarter`);
  return value;
}

/** The quarter's zips by system; fails naming each one missing. */
async function findZips(dir: string): Promise<{ system: PgfnSystem; name: string }[]> {
  const names = (await readdir(dir)).filter((n) => /\.zip$/i.test(n)).sort();
  const found = names.flatMap((name) => {
    const system = systemOf(name);
    return system ? [{ system, name }] : [];
  });
  const missing = (Object.keys(PGFN_ZIPS) as PgfnSystem[]).filter((s) => !found.some((f) => f.system === s));
  if (missing.length) throw new PgfnImportError(`${dir}: the quarter lacks ${missing.map((s) => PGFN_ZIPS[s]).join(', ')}`);
  return found;
}

/** Every `*.csv` of every zip (names not assumed), the zips' central directories read. */
async function openParts(dir: string): Promise<{ parts: Part[]; zips: ZipArchive[] }> {
  const zips: ZipArchive[] = [];
  const parts: Part[] = [];
  try {
    for (const { system, name } of await findZips(dir)) {
      const zip = await openZip(join(dir, name), PGFN_ZIP_LIMITS).catch((error: Error) => {
        throw new PgfnImportError(`${name}: ${error.message}`);
      });
      zips.push(zip);
      const csvs = zip.entries.filter((e) => /\.csv$/i.test(e.name));
      if (csvs.length === 0) throw new PgfnImportError(`${name}: holds no .csv file`);
      for (const entry of csvs) parts.push({ system, name: `${name}/${entry.path}`, zip, entry });
    }
  } catch (error) {
    for (const zip of zips) zip.close();
    throw error;
  }
  return { parts, zips };
}

/** Reads every entry whole, so a CRC-32 or size that does not match fails before a row is written. */
export async function verifyEntries(zip: ZipArchive, entries: readonly ZipEntry[], label: string): Promise<void> {
  for (const entry of entries) {
    try {
      await pipeline(await zip.stream(entry), new Writable({ write: (_chunk, _encoding, done) => done() }));
    } catch (error) {
      throw new PgfnImportError(`${label}/${entry.path}: ${(error as Error).message}`);
    }
  }
}

/** Imports the quarter in `dir` into `target` and serves it; returns the quarter loaded. */
export async function importQuarter(dir: string, target: PgfnImportTarget, options: PgfnImportOptions = {}): Promise<PgfnQuarter> {
  const quarter = quarterOf(dir, options.quarter);
  const { parts, zips } = await openParts(dir);
  try {
    const fingerprint = createHash('sha256')
      .update(parts.map((p) => `${p.name}:${p.entry.crc32}:${p.entry.uncompressedSize}`).join('\n'))
      .digest('hex');
    const build = await target.begin(quarter, fingerprint);
    try {
      const progress = await build.progress();
      for (const part of parts) if (!progress.get(part.name)?.done) await verifyEntries(part.zip, [part.entry], basename(dir));
      for (const part of parts) {
        if (progress.get(part.name)?.done) continue;
        progress.set(part.name, await importPart(build, part, progress.get(part.name), options));
      }
      await build.finish();
      const rows: Record<string, number> = {};
      const rejected: Record<string, number> = {};
      for (const part of parts) {
        const p = progress.get(part.name)!;
        rows[part.system] = (rows[part.system] ?? 0) + p.loaded;
        rejected[part.system] = (rejected[part.system] ?? 0) + p.rejected;
      }
      const loaded: PgfnQuarter = { quarter, imported_at: new Date().toISOString(), rows, rejected };
      await build.publish(loaded);
      return loaded;
    } finally {
      await build.close();
    }
  } finally {
    for (const zip of zips) zip.close();
  }
}

function checkShare(name: string, read: number, rejected: number): void {
  if (rejected > read * MAX_REJECTED_SHARE) throw new PgfnImportError(`${name}: ${rejected} of ${read} rows unreadable (no document, number or name), more than ${MAX_REJECTED_SHARE * 100}%`);
}

/**
 * The records of a CSV entry as split fields: decoded as cp1252 (a superset of the published
 * ISO-8859-1), lines ending CRLF or LF, `;` with no quoting (a quote is a character like any other).
 */
async function* records(part: Part): AsyncGenerator<string[]> {
  const raw = await part.zip.stream(part.entry);
  const decoded = raw.pipe(iconv.decodeStream('win1252')) as unknown as Transform;
  raw.once('error', (error) => decoded.destroy(error));
  const lines = createInterface({ input: decoded, crlfDelay: Infinity });
  try {
    for await (const line of lines) if (line !== '') yield line.split(';');
  } finally {
    lines.close();
    raw.destroy();
  }
}

async function importPart(build: PgfnImportBuild, part: Part, resumed: FileProgress | undefined, options: PgfnImportOptions): Promise<FileProgress> {
  const batchRows = options.batchRows ?? 5_000;
  const progress: FileProgress = { read: 0, loaded: 0, rejected: 0, done: false, ...resumed };
  const skip = progress.read;
  let batch: InscriptionRow[] = [];
  let index = 0;
  let map: ReturnType<typeof headerMap> | null = null;
  const commit = async () => {
    options.signal?.throwIfAborted();
    await build.write(batch, part.name, { ...progress });
    batch = [];
  };
  for await (const fields of records(part)) {
    if (!map) {
      map = headerMap(fields, part.name);
      continue;
    }
    // the records a previous attempt committed: the parser is deterministic, so their count is enough
    if (index++ < skip) continue;
    const row = rowOf(fields, map, part.system);
    progress.read++;
    if (row) {
      batch.push(row);
      progress.loaded++;
    } else progress.rejected++;
    if (progress.read % batchRows === 0) {
      if (progress.read >= EARLY_CHECK_ROWS) checkShare(part.name, progress.read, progress.rejected);
      await commit();
    }
  }
  if (!map) throw new PgfnLayoutError(`${part.name}: empty, not even a header`);
  checkShare(part.name, progress.read, progress.rejected);
  progress.done = true;
  await commit();
  return progress;
}
