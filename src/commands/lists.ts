import * as E from 'fp-ts/lib/Either.js';
import type { BlobStore } from '../adapters/blob-store/port.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { deterministicId } from '../adapters/ids.js';
import type { UnpackLimits } from '../adapters/lists/files.js';
import type { PreparedVersion } from '../adapters/lists/list-tasks.js';
import { storeParsedBytes } from '../adapters/lists/parsed-cache.js';
import { ListFileError, type ListFile, type ListImporter } from '../adapters/lists/importers/port.js';
import { defaultListWorkers, ListWorkerError, type ListWorkers } from '../adapters/lists/worker-pool.js';
import { slicer } from '../adapters/slices.js';
import { listDecider, listStream } from '../domain/list/decider.js';
import type { ListSource } from '../domain/list/events.js';
import { TENANT_LISTS_STREAM, tenantListId, tenantListsDecider, type TenantList } from '../domain/list/tenant-lists.js';
import type { ListEntry } from '../domain/screening/entry.js';
import { DomainError } from '../domain/shared/decider.js';
import type { ListRefresh as ListRefresher, ListSearch } from '../domain/screening/port.js';
import { loadTenant } from './aggregates.js';
import { handleCommand, type CommandContext } from './handle-command.js';

/** What the commands use of the lists loaded in this instance: the port, and each list's importer. */
type ListCatalog = ListSearch & { importerFor(listId: string): ListImporter | null };

export const listBlobKey = (sha256: string): string => `lists/${sha256}`;

export interface ListImportDeps {
  log: EventLog;
  blobs: BlobStore;
  importer: ListImporter;
  /** entry id -> content hash of the active version, for the delta (null: no active version) */
  active: (listId: string) => ReadonlyMap<string, string> | null;
  limits?: UnpackLimits;
  /** the worker threads that read the files (default: the process's own pool) */
  workers?: ListWorkers;
}

export interface ListImportRequest {
  files: readonly ListFile[];
  source: ListSource;
  force: boolean;
}

export type ListImportOutcome =
  | { outcome: 'imported'; list_id: string; version_id: string; sha256: string; entries: number; delta: { added: number; removed: number; changed: number }; position: number | null }
  | { outcome: 'unchanged'; list_id: string; sha256: string; position: number | null }
  | { outcome: 'refused'; list_id: string; sha256: string; entries: number; reason: string; position: number | null };

/**
 * Imports a version of a list: its files unzipped, hashed and parsed on a worker thread (a file
 * that cannot be read is `invalid_list_file` and nothing is recorded; so is a reader that dies or
 * runs past its time), the raw files kept as content-addressed blobs first (so a recorded version
 * can always be read again) with the parsed entries beside them, then the version recorded on the
 * list's stream, where the refusal rule decides whether it becomes the active one.
 */
export async function importListVersion(deps: ListImportDeps, request: ListImportRequest, context: CommandContext): Promise<E.Either<DomainError, ListImportOutcome>> {
  const listId = deps.importer.list_id;
  let prepared: PreparedVersion;
  try {
    prepared = await (deps.workers ?? defaultListWorkers()).prepare(deps.importer, request.files, deps.limits);
  } catch (error) {
    if (error instanceof ListFileError) return E.left(new DomainError('invalid_list_file', `The file could not be read as ${listId}: ${error.message}`, 'file'));
    if (error instanceof ListWorkerError) return E.left(new DomainError('invalid_list_file', `The file could not be read as ${listId}: ${error.message}.`, 'file'));
    throw error;
  }
  const { files, stored, sha256: content, entries } = prepared;
  for (const [i, file] of files.entries()) await deps.blobs.put(listBlobKey(stored[i]!.sha256), file.data, 'application/octet-stream');
  // the parsed entries beside them: every instance loads the version without parsing it again
  await storeParsedBytes(deps.blobs, content, prepared.cache);
  const delta = await deltaInSlices(deps.active(listId), entries);
  const versionId = deterministicId(`list-version:${listId}:${content}`);
  const decided = await handleCommand(
    deps.log,
    listStream(listId),
    listDecider,
    {
      type: 'ImportVersion',
      list_id: listId,
      version_id: versionId,
      sha256: content,
      bytes: stored.reduce((n, f) => n + f.bytes, 0),
      source: request.source,
      published_at: prepared.published_at,
      entries: entries.length,
      delta,
      files: stored,
      force: request.force,
      now: context.metadata.occurred_at,
    },
    context,
  );
  if (E.isLeft(decided)) return decided;
  const position = decided.right.position;
  const event = decided.right.events[0];
  if (event?.type === 'ListVersionImported') return E.right({ outcome: 'imported', list_id: listId, version_id: versionId, sha256: content, entries: entries.length, delta, position });
  if (event?.type === 'ListVersionRefused') return E.right({ outcome: 'refused', list_id: listId, sha256: content, entries: entries.length, reason: event.data.reason, position });
  return E.right({ outcome: 'unchanged', list_id: listId, sha256: content, position });
}

/** Added, removed and changed entries against the active version, by entry id and content hash. */
export function deltaOf(active: ReadonlyMap<string, string> | null, entries: readonly ListEntry[]): { added: number; removed: number; changed: number } {
  const steps = deltaSteps(active, entries);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The delta counted in slices of the event loop (150,000 entries against 150,000 hashes take a while). */
export async function deltaInSlices(active: ReadonlyMap<string, string> | null, entries: readonly ListEntry[], sliceMs = 10): Promise<{ added: number; removed: number; changed: number }> {
  const slice = slicer(sliceMs);
  const steps = deltaSteps(active, entries);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await slice.pause();
  }
}

const DELTA_STEP = 1024;

function* deltaSteps(active: ReadonlyMap<string, string> | null, entries: readonly ListEntry[]): Generator<void, { added: number; removed: number; changed: number }> {
  if (!active) return { added: entries.length, removed: 0, changed: 0 };
  let added = 0;
  let changed = 0;
  const seen = new Set<string>();
  for (const [i, entry] of entries.entries()) {
    seen.add(entry.entry_id);
    const previous = active.get(entry.entry_id);
    if (previous === undefined) added++;
    else if (previous !== entry.content_hash) changed++;
    if (i % DELTA_STEP === 0) yield;
  }
  let removed = 0;
  let i = 0;
  for (const id of active.keys()) {
    if (!seen.has(id)) removed++;
    if (++i % DELTA_STEP === 0) yield;
  }
  return { added, removed, changed };
}

/**
 * A tenant's own list: created once per tenant and name (creating it again answers the same
 * list, `created: false`); its versions are then uploaded like an official list's.
 */
export async function createTenantList(
  log: EventLog,
  tenantId: string,
  name: string,
  context: CommandContext,
): Promise<E.Either<DomainError, { list: TenantList; created: boolean; position: number | null }>> {
  const decided = await handleCommand(log, TENANT_LISTS_STREAM, tenantListsDecider, { type: 'CreateTenantList', tenant_id: tenantId, name, now: context.metadata.occurred_at }, context);
  if (E.isLeft(decided)) return decided;
  const list = decided.right.state.get(tenantListId(tenantId, name))!;
  return E.right({ list, created: decided.right.events.length > 0, position: decided.right.position });
}

/** Where a version upload goes: an official list, or a tenant's own list (its tenant, for the command context). */
export interface ListTarget {
  readonly list_id: string;
  readonly tenant_id: string | null;
}

/** An official list this deployment imports (a known id without an importer is as unknown as any other). */
export function officialList(importers: ReadonlyMap<string, ListImporter>, listId: string): E.Either<DomainError, ListTarget> {
  if (!importers.has(listId)) return E.left(new DomainError('invalid_list', `Unknown list: ${listId.slice(0, 64)}.`, 'list_id'));
  return E.right({ list_id: listId, tenant_id: null });
}

/** The operator's "fetch now" of an official list. */
export async function refreshOfficialList(deps: { listImporters: ReadonlyMap<string, ListImporter>; listRefresher: Pick<ListRefresher, 'refreshNow'> }, listId: string) {
  const target = officialList(deps.listImporters, listId);
  if (E.isRight(target)) await deps.listRefresher.refreshNow(listId);
  return target;
}

/** A list of a tenant that exists; another tenant's list is as unknown as one that does not exist. */
export async function tenantListTarget(deps: { log: EventLog; listCatalog: Pick<ListCatalog, 'tenantList'> }, tenantId: string, listId: string): Promise<E.Either<DomainError, ListTarget>> {
  if (!(await loadTenant(deps.log, tenantId))) return E.left(new DomainError('tenant_not_found', 'No such tenant.', 'tenant_id'));
  if (!deps.listCatalog.tenantList(listId, tenantId)) return E.left(new DomainError('list_not_found', 'No such list for this tenant.', 'list_id'));
  return E.right({ list_id: listId, tenant_id: tenantId });
}

/** A version uploaded by hand, counted against the active version once a load under way has finished. */
export async function uploadListVersion(
  deps: { log: EventLog; blobStore: BlobStore; listCatalog: Pick<ListCatalog, 'settled' | 'importerFor' | 'version'> & { workers?: ListWorkers }; unpack?: UnpackLimits },
  target: ListTarget,
  upload: { files: readonly ListFile[]; force: boolean },
  context: CommandContext,
): Promise<E.Either<DomainError, ListImportOutcome>> {
  const { listCatalog } = deps;
  await listCatalog.settled();
  return importListVersion(
    { log: deps.log, blobs: deps.blobStore, importer: listCatalog.importerFor(target.list_id)!, active: (id) => listCatalog.version(id)?.hashes ?? null, limits: deps.unpack, workers: listCatalog.workers },
    { files: upload.files, source: { kind: 'upload' }, force: upload.force },
    context,
  );
}

/** A refused version is recorded, yet answers as a refusal (with what was refused) that the operator may force. */
export function acceptedVersion(result: ListImportOutcome): E.Either<DomainError, Exclude<ListImportOutcome, { outcome: 'refused' }>> {
  if (result.outcome !== 'refused') return E.right(result);
  return E.left(
    new DomainError('list_version_refused', `The version was recorded and not activated: ${result.reason}. Send it again with ?force=true to accept it.`, 'file', {
      sha256: result.sha256,
      entries: result.entries,
    }),
  );
}
