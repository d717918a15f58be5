/**
 * List imports off the event loop: a worker thread unzips, hashes, parses and serializes a new
 * version, or reads a stored version's entries back; the entries come back in chunks (the next
 * one sent once the main thread has taken the last, a turn of its event loop between two), the
 * bytes as transferables. One worker, one task at a time (the others queue): on 2 cores one
 * thread parses while the other serves. A worker that dies or runs past the timeout fails its
 * task and is replaced by a fresh one for the next. An importer a worker cannot build (no
 * `worker` reference: a test's in-memory importer) runs on the calling thread, as before.
 */
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ListEntry } from '../../domain/screening/entry.js';
import type { UnpackLimits } from './files.js';
import { ListFileError, type ListFile, type ListImporter } from './importers/port.js';
import { prepareVersion, storedEntries, type PreparedVersion } from './list-tasks.js';
import { asBuffer, type FromWorker, type PreparedWire, type ToWorker, type WireFile } from './worker-protocol.js';

/** A worker that died, or did not finish in time: the task failed, not because of what the file says. */
export class ListWorkerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ListWorkerError';
  }
}

export interface ListWorkers {
  /** A new version's files unzipped, hashed, parsed and serialized (`ListFileError` when they cannot be read). */
  prepare(importer: ListImporter, files: readonly ListFile[], limits?: UnpackLimits): Promise<PreparedVersion>;
  /** A stored version's entries from its cache, else from its raw files (with a fresh cache); null when the cache is unreadable and no files are given. */
  stored(importer: ListImporter, cache: Buffer | null, files: readonly ListFile[] | null): Promise<{ entries: ListEntry[]; cache: Buffer | null } | null>;
  close(): Promise<void>;
}

export interface ListWorkerOptions {
  /** a task running longer fails and its worker is stopped (default 5 minutes) */
  timeoutMs?: number;
}

/**
 * The worker beside this module, with this module's extension: the compiled `.js` as it is; the
 * `.ts` (tests, scripts) through tsx's `tsImport` (an `--import tsx` in a worker's execArgv does
 * not reach its entry module on Node 20).
 */
function spawnWorker(): Worker {
  const url = new URL(`./worker-thread${extname(fileURLToPath(import.meta.url))}`, import.meta.url);
  if (!url.pathname.endsWith('.ts')) return new Worker(url);
  const api = JSON.stringify(pathToFileURL(tsxEsmApi()).href);
  return new Worker(`import(${api}).then((tsx) => tsx.tsImport(${JSON.stringify(url.href)}, ${JSON.stringify(url.href)}))`, { eval: true });
}

/** tsx's ESM API (its `import` export: the CommonJS one resolves its own parts wrongly when imported). */
function tsxEsmApi(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('tsx/package.json');
  const exported = (require(manifest) as { exports: Record<string, { import: { default: string } }> }).exports['./esm/api']!.import.default;
  return join(dirname(manifest), exported);
}

/** The files copied into buffers of their own, handed over (the caller's stay as they are). */
const wireFiles = (files: readonly ListFile[]): WireFile[] => files.map((f) => ({ name: f.name, data: new Uint8Array(f.data) }));

interface Running {
  id: number;
  onChunk: (entries: ListEntry[]) => void;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
  listId: string;
  timer: NodeJS.Timeout;
}

export class ListWorkerPool implements ListWorkers {
  private worker: Worker | null = null;
  private running: Running | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;
  private closed = false;
  private readonly timeoutMs: number;

  constructor(options: ListWorkerOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 5 * 60_000;
  }

  async prepare(importer: ListImporter, files: readonly ListFile[], limits?: UnpackLimits): Promise<PreparedVersion> {
    if (!importer.worker) return prepareVersion(importer, files, limits);
    const input = wireFiles(files);
    const entries: ListEntry[] = [];
    const wire = await this.submit<PreparedWire>(
      { type: 'prepare', id: 0, ref: importer.worker, files: input, limits },
      input.map((f) => f.data.buffer as ArrayBuffer),
      importer.list_id,
      (chunk) => pushAll(entries, chunk),
    );
    return { files: wire.files.map((f) => ({ name: f.name, data: asBuffer(f.data) })), stored: wire.stored, sha256: wire.sha256, published_at: wire.published_at, entries, cache: asBuffer(wire.cache) };
  }

  async stored(importer: ListImporter, cache: Buffer | null, files: readonly ListFile[] | null): Promise<{ entries: ListEntry[]; cache: Buffer | null } | null> {
    if (!importer.worker) return storedEntries(importer, cache, files);
    const input = files ? wireFiles(files) : null;
    const cacheCopy = cache ? new Uint8Array(cache) : null;
    const entries: ListEntry[] = [];
    const transfer = [...(input ?? []).map((f) => f.data.buffer as ArrayBuffer), ...(cacheCopy ? [cacheCopy.buffer as ArrayBuffer] : [])];
    const done = await this.submit<{ found: boolean; cache: Uint8Array | null }>(
      { type: 'stored', id: 0, ref: importer.worker, cache: cacheCopy, files: input },
      transfer,
      importer.list_id,
      (chunk) => pushAll(entries, chunk),
    );
    return done.found ? { entries, cache: done.cache ? asBuffer(done.cache) : null } : null;
  }

  /** Stops the worker; a task under way or queued fails. */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.fail(new ListWorkerError('the list worker was closed'));
    await worker?.terminate();
  }

  /** Runs the task after those queued before it. */
  private submit<T>(task: Exclude<ToWorker, { type: 'next' }>, transfer: ArrayBuffer[], listId: string, onChunk: (entries: ListEntry[]) => void): Promise<T> {
    const run = this.queue.then(() => this.start<T>(task, transfer, listId, onChunk));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private start<T>(task: Exclude<ToWorker, { type: 'next' }>, transfer: ArrayBuffer[], listId: string, onChunk: (entries: ListEntry[]) => void): Promise<T> {
    if (this.closed) return Promise.reject(new ListWorkerError('the list worker was closed'));
    const worker = this.worker ?? this.spawn();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new ListWorkerError(`the list reader did not finish within ${Math.round(this.timeoutMs / 1000)} s`)), this.timeoutMs);
      this.running = { id, onChunk, resolve: resolve as (r: unknown) => void, reject, listId, timer };
      worker.ref();
      worker.postMessage({ ...task, id } satisfies ToWorker, transfer);
    });
  }

  private spawn(): Worker {
    const worker = spawnWorker();
    worker.on('message', (message: FromWorker) => this.onMessage(worker, message));
    // a worker that dies fails its task; the next task starts a fresh one
    worker.on('error', (error) => this.worker === worker && this.fail(new ListWorkerError(`the list reader crashed: ${error.message}`)));
    worker.on('exit', (code) => this.worker === worker && this.fail(new ListWorkerError(`the list reader stopped (exit code ${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private onMessage(worker: Worker, message: FromWorker): void {
    const running = this.running;
    if (!running || message.id !== running.id || worker !== this.worker) return;
    if (message.type === 'chunk') {
      running.onChunk(message.entries);
      // a turn of the event loop before the next chunk comes
      setImmediate(() => this.running === running && worker.postMessage({ type: 'next', id: running.id } satisfies ToWorker));
      return;
    }
    this.settle();
    worker.unref();
    if (message.type === 'done') running.resolve(message.result);
    else if (message.list_file) running.reject(Object.assign(new ListFileError(running.listId, ''), { message: message.message }));
    else running.reject(new Error(message.message));
  }

  /** The task under way fails, and its worker (which may be dead, hung or mid-task) is replaced. */
  private fail(error: Error): void {
    const running = this.settle();
    const worker = this.worker;
    this.worker = null;
    if (worker) void worker.terminate();
    running?.reject(error);
  }

  private settle(): Running | null {
    const running = this.running;
    if (running) clearTimeout(running.timer);
    this.running = null;
    return running;
  }
}

/** Appends without spreading a chunk onto the call stack. */
function pushAll<T>(into: T[], items: readonly T[]): void {
  for (const item of items) into.push(item);
}

let shared: ListWorkerPool | null = null;

/** The process's pool for callers given none (an idle worker does not keep the process alive). */
export function defaultListWorkers(): ListWorkers {
  shared ??= new ListWorkerPool();
  return shared;
}
