/** `--name=N` from the command line: a positive integer, or `fallback` when absent. */
export function option(name: string, fallback: number): number {
  const raw = process.argv.slice(2).find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, not ${raw}`);
  return n;
}
