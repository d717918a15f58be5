/**
 * The list worker thread: builds the importer a task names, does the task's heavy part
 * (`list-tasks.ts`), and sends the entries back in chunks, each one after the main thread has
 * taken the previous one, then the bytes (raw files, serialized cache) as transferables.
 */
import { parentPort } from 'node:worker_threads';
import type { ListEntry } from '../../domain/screening/entry.js';
import type { ImporterRef, ListImporter } from './importers/port.js';
import { prepareVersion, storedEntries } from './list-tasks.js';
import { asBuffer, CHUNK_ENTRIES, owned, type FromWorker, type ToWorker } from './worker-protocol.js';

const port = parentPort!;
const acks = new Map<number, () => void>();
const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

async function importerOf(ref: ImporterRef): Promise<ListImporter> {
  const exported = ((await import(ref.module)) as Record<string, unknown>)[ref.name];
  const importer = typeof exported === 'function' ? (exported as (...args: string[]) => unknown)(...(ref.args ?? [])) : exported;
  if (!importer || typeof (importer as ListImporter).parse !== 'function') throw new Error(`${ref.name} of ${ref.module} is not a list importer`);
  return importer as ListImporter;
}

async function sendEntries(id: number, entries: readonly ListEntry[]): Promise<void> {
  for (let at = 0; at < entries.length; at += CHUNK_ENTRIES) {
    const taken = new Promise<void>((resolve) => acks.set(id, resolve));
    send({ type: 'chunk', id, entries: entries.slice(at, at + CHUNK_ENTRIES) });
    await taken;
  }
  acks.delete(id);
}

async function run(task: Exclude<ToWorker, { type: 'next' }>): Promise<void> {
  const importer = await importerOf(task.ref);
  if (task.type === 'prepare') {
    const version = await prepareVersion(importer, task.files.map((f) => ({ name: f.name, data: asBuffer(f.data) })), task.limits);
    await sendEntries(task.id, version.entries);
    const files = version.files.map((f) => ({ name: f.name, data: owned(f.data) }));
    const cache = owned(version.cache);
    const transfer = [...new Set([...files.map((f) => f.data.buffer as ArrayBuffer), cache.buffer as ArrayBuffer])];
    send({ type: 'done', id: task.id, result: { files, stored: version.stored, sha256: version.sha256, published_at: version.published_at, cache } }, transfer);
    return;
  }
  const found = await storedEntries(
    importer,
    task.cache ? asBuffer(task.cache) : null,
    task.files?.map((f) => ({ name: f.name, data: asBuffer(f.data) })) ?? null,
  );
  if (found) await sendEntries(task.id, found.entries);
  const cache = found?.cache ? owned(found.cache) : null;
  send({ type: 'done', id: task.id, result: { found: found !== null, cache } }, cache ? [cache.buffer as ArrayBuffer] : []);
}

port.on('message', (task: ToWorker) => {
  if (task.type === 'next') return acks.get(task.id)?.();
  run(task).catch((error: unknown) => {
    const e = error instanceof Error ? error : new Error(String(error));
    send({ type: 'failed', id: task.id, list_file: e.name === 'ListFileError', message: e.message });
  });
});
