import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomToken } from './adapters/ids.js';

/**
 * A secret from configuration, or else one generated on first start and kept in the data
 * directory (mode 0600). `generated` tells the caller to print it this once.
 */
export async function loadOrCreateSecret(dataDir: string, file: string, configured: string | null, prefix = ''): Promise<{ value: string; generated: boolean }> {
  if (configured) return { value: configured, generated: false };
  const path = join(dataDir, file);
  try {
    return { value: (await readFile(path, 'utf8')).trim(), generated: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const value = `${prefix}${randomToken(32)}`;
  try {
    await writeFile(path, `${value}\n`, { mode: 0o600, flag: 'wx' });
    return { value, generated: true };
  } catch (error) {
    // another process created it first: use theirs
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { value: (await readFile(path, 'utf8')).trim(), generated: false };
    throw error;
  }
}
