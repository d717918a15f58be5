/**
 * What the SQLite stores of the reference registers (the CNPJ register, the PGFN dívida ativa)
 * share: one file per publication in a directory, `current.json` naming the one served (replaced
 * through a temporary file and a rename, so a reader sees the old file or the new one), a lock
 * file for one import at a time, and readers that follow the swaps any process makes.
 */
import Database from 'better-sqlite3';
import { closeSync, existsSync, fsyncSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** `current.json`: the file served and the publication it holds (`month`, `quarter`, …). */
export interface CurrentFile {
  file: string;
  [publication: string]: string;
}

export function readCurrent(dir: string): CurrentFile | null {
  try {
    return JSON.parse(readFileSync(join(dir, 'current.json'), 'utf8')) as CurrentFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export const removeDatabase = (path: string) => {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${path}${suffix}`, { force: true });
};

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One import at a time per directory (a schedule and an operator could meet): a lock file holding
 * the importer's pid, taken over when that process is gone. `what` names the register in the error.
 */
export function lockImport(path: string, what: string): () => void {
  for (;;) {
    try {
      const fd = openSync(path, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = Number(readFileSync(path, 'utf8'));
    if (pid > 0 && pid !== process.pid && alive(pid)) throw new Error(`another import of the ${what} is running (pid ${pid})`);
    // left by a killed import
    rmSync(path, { force: true });
  }
}

export function syncDirectory(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Serves `current` instead of what `current.json` named (returned), durably: the temporary file
 * renamed over it, then the directory synced so the renames survive a power loss.
 */
export function swapCurrent(dir: string, current: CurrentFile): CurrentFile | null {
  const previous = readCurrent(dir);
  const temp = join(dir, `current.json.${process.pid}.tmp`);
  writeFileSync(temp, JSON.stringify(current));
  renameSync(temp, join(dir, 'current.json'));
  syncDirectory(dir);
  return previous;
}

export interface FollowOptions {
  /** how often `current.json` is looked at for a swap made by another process */
  recheckMs?: number;
  /** how long a replaced file stays open for the views still reading it */
  retireAfterMs?: number;
}

/** Opens the file `current.json` names, read-only, and follows it as other processes swap it. */
export class CurrentFollower<V extends { readonly db: Database.Database }> {
  private readonly recheckMs: number;
  private readonly retireAfterMs: number;
  private view: V | null = null;
  private seen: { file: string; stamp: string } | null = null;
  private checkedAt = -Infinity;
  private readonly retiring = new Set<V>();

  constructor(
    private readonly dir: string,
    private readonly open: (db: Database.Database) => V,
    options: FollowOptions = {},
  ) {
    this.recheckMs = options.recheckMs ?? 5_000;
    this.retireAfterMs = options.retireAfterMs ?? 10 * 60_000;
  }

  current(): V | null {
    const now = Date.now();
    if (now - this.checkedAt >= this.recheckMs) {
      this.checkedAt = now;
      this.follow();
    }
    return this.view;
  }

  /** Opens the file `current.json` names when it changed since last looked at (a rename gives it a new inode). */
  private follow(): void {
    const path = join(this.dir, 'current.json');
    if (!existsSync(path)) return;
    const stat = statSync(path);
    const stamp = `${stat.ino}:${stat.mtimeMs}:${stat.size}`;
    if (this.seen?.stamp === stamp) return;
    const current = readCurrent(this.dir);
    if (!current) return;
    if (this.seen?.file !== current.file || !this.view) {
      const file = join(this.dir, current.file);
      // swapped again between reading current.json and opening the file: the next look finds the newer one
      if (!existsSync(file)) return;
      const next = this.open(new Database(file, { readonly: true, fileMustExist: true }));
      if (this.view) this.retire(this.view);
      this.view = next;
    }
    this.seen = { file: current.file, stamp };
  }

  // a view handed out before the swap may be in the middle of a run: it keeps its file a while
  private retire(view: V): void {
    this.retiring.add(view);
    const timer = setTimeout(() => {
      this.retiring.delete(view);
      view.db.close();
    }, this.retireAfterMs);
    timer.unref();
  }

  close(): void {
    for (const view of this.retiring) view.db.close();
    this.retiring.clear();
    this.view?.db.close();
    this.view = null;
    this.seen = null;
  }
}

/**
 * A complete build served: made one self-contained file (readable read-only without a -wal or
 * -shm beside it), renamed from its `.partial` path to `current.file`, `current.json` swapped, and
 * the previous file removed (readers that still hold it open keep reading it until they let it go).
 */
export function publishDatabase(db: Database.Database, partial: string, dir: string, current: CurrentFile): void {
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.pragma('journal_mode = DELETE');
  db.close();
  renameSync(partial, join(dir, current.file));
  const previous = swapCurrent(dir, current);
  if (previous && previous.file !== current.file) removeDatabase(join(dir, previous.file));
}

/**
 * The partial database of a build of `file` (a month, a quarter), resumed when it can be: a build
 * renamed to its final name by an import killed before it rewrote current.json is complete (its
 * progress says so), so it goes back to being the build and the run only publishes it; a partial
 * build of another file was abandoned for this one and only takes space; a partial build of other
 * files than these (another fingerprint) cannot be resumed from and starts again.
 */
export function openPartialBuild(dir: string, file: string, fingerprint: string, open: (path: string) => Database.Database): { db: Database.Database; path: string } {
  const path = join(dir, `${file}.partial`);
  const built = join(dir, file);
  if (!existsSync(path) && existsSync(built) && readCurrent(dir)?.file !== file) renameSync(built, path);
  for (const name of readdirSync(dir)) {
    if (name.endsWith('.partial') && name !== `${file}.partial`) removeDatabase(join(dir, name));
  }
  let db = open(path);
  const recorded = db.prepare(`SELECT value FROM meta WHERE key = 'fingerprint'`).pluck().get() as string | undefined;
  if (recorded !== undefined && recorded !== fingerprint) {
    db.close();
    removeDatabase(path);
    db = open(path);
  }
  db.prepare(`INSERT OR REPLACE INTO meta (key, value) VALUES ('fingerprint', ?)`).run(fingerprint);
  return { db, path };
}
