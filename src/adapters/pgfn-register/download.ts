/**
 * Downloading a quarter of the PGFN dívida ativa from its open-data host (LAYOUTS-BR-2.md
 * section 6): a plain directory listing of `YYYY_trimestre_0Q/` folders, each holding the three
 * zips. The files are fetched the way the CNPJ register's are (resumable through HTTP Range into
 * a `.part` file, ../cnpj-register/download.ts), and each gets its final name only once every CSV
 * in it reads back whole against its CRC-32.
 */
import { rename, rm, stat, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { CnpjDownloadError, DEFAULT_CNPJ_DOWNLOAD, downloadFile, fetchIndex, hrefs, type CnpjDownloadOptions } from '../cnpj-register/download.js';
import { openZip } from '../zip.js';
import { PGFN_ZIP_LIMITS, PGFN_ZIPS, QUARTER, verifyEntries } from './importer.js';

export type PgfnDownloadOptions = CnpjDownloadOptions;
/** the SIDA zip is 1.3 GB today: room to grow */
export const DEFAULT_PGFN_DOWNLOAD: PgfnDownloadOptions = { ...DEFAULT_CNPJ_DOWNLOAD, maxBytes: 16 * 1024 ** 3 };

const folderOf = (url: string): URL => {
  const folder = new URL(url);
  if (!folder.pathname.endsWith('/')) folder.pathname += '/';
  return folder;
};

/** The `YYYY_trimestre_0Q` folders an index links to (relative links to direct children only). */
export const quartersOf = (html: string): string[] =>
  [...new Set(hrefs(html).map((h) => h.replace(/\/$/, '')).filter((h) => QUARTER.test(h)))].sort();

/** The latest quarter the host lists. */
export async function latestQuarter(baseUrl: string, options: PgfnDownloadOptions = DEFAULT_PGFN_DOWNLOAD): Promise<string> {
  const folder = folderOf(baseUrl);
  const quarters = quartersOf(await fetchIndex(folder, options));
  if (quarters.length === 0) throw new CnpjDownloadError(folder.href, 'lists no YYYY_trimestre_0Q/ folder');
  return quarters[quarters.length - 1]!;
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Every CSV of the zip at `path` read whole against its CRC-32; throws when one does not match or the zip is cut. */
export async function verifyPgfnZip(path: string): Promise<void> {
  const zip = await openZip(path, PGFN_ZIP_LIMITS);
  try {
    await verifyEntries(zip, zip.entries, path);
  } finally {
    zip.close();
  }
}

/**
 * The quarter's three zips into `<destDir>/<quarter>/`: one already there under its final name
 * was verified before it got it and is kept; a `.part` file is resumed. A zip that does not read
 * back whole is deleted and fails the quarter (the importer never sees part of one).
 */
export async function downloadQuarter(baseUrl: string, quarter: string, destDir: string, options: PgfnDownloadOptions = DEFAULT_PGFN_DOWNLOAD): Promise<string> {
  if (!QUARTER.test(quarter)) throw new CnpjDownloadError(quarter, 'not a YYYY_trimestre_0Q quarter');
  const quarterUrl = new URL(`${quarter}/`, folderOf(baseUrl));
  const dir = join(destDir, quarter);
  await mkdir(dir, { recursive: true });
  for (const name of Object.values(PGFN_ZIPS)) {
    const path = join(dir, name);
    if (await exists(path)) continue;
    await downloadFile(new URL(name, quarterUrl), path, options);
    try {
      await verifyPgfnZip(`${path}.part`);
    } catch (error) {
      await rm(`${path}.part`, { force: true });
      await rm(`${path}.part.json`, { force: true });
      throw new CnpjDownloadError(name, `not a whole zip (${(error as Error).message}); deleted`);
    }
    await rename(`${path}.part`, path);
    await rm(`${path}.part.json`, { force: true });
  }
  return dir;
}

/** A quarter downloaded, handed to `importDir`, and its zips deleted once imported; a failure keeps them for the next attempt. */
export async function downloadAndImportQuarter<T>(baseUrl: string, quarter: string, destDir: string, importDir: (dir: string, quarter: string) => Promise<T>, options: PgfnDownloadOptions = DEFAULT_PGFN_DOWNLOAD): Promise<T> {
  const dir = await downloadQuarter(baseUrl, quarter, destDir, options);
  const imported = await importDir(dir, quarter);
  await rm(dir, { recursive: true, force: true });
  return imported;
}
