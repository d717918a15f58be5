import { existsSync, readdirSync, statSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The arguments that make `node` run one of the project's TypeScript entry points in a child
 * process (a service instance, a crash child, a CLI): its compiled JavaScript under `dist/` when
 * that is at least as new as every source file, else the source through tsx. `npm test` compiles
 * everything first (`npm run build:all`), so the suite's many children start from plain
 * JavaScript: loading the service through tsx's hooks took about a second of each start. A
 * plain `npx mocha` after an edit finds `dist/` older than the sources and runs them through tsx,
 * so a child never runs stale code.
 */
export function nodeArgs(entry: string): string[] {
  const path = isAbsolute(entry) ? relative(ROOT, entry) : entry;
  const compiled = join(ROOT, 'dist', path.replace(/\.ts$/, '.js'));
  return isFresh(compiled) ? [compiled] : ['--import', 'tsx', join(ROOT, path)];
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SOURCE_DIRS = ['src', 'test', 'scripts'];

let newestSource: number | null = null;

function isFresh(compiled: string): boolean {
  if (!existsSync(compiled)) return false;
  newestSource ??= Math.max(...SOURCE_DIRS.map((dir) => newestUnder(join(ROOT, dir))));
  return statSync(compiled).mtimeMs >= newestSource;
}

/** The latest modification of a .ts file under a directory (0 when none). */
function newestUnder(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestUnder(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}
