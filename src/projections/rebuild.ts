import type { EventLog, StoredEvent } from '../adapters/event-store/event-log.js';
import type { ReadStore, Write } from '../adapters/read-store/port.js';
import { applyEvents, projectionProcessorId, projector, type Positioned, type Projection } from './projector.js';

type Doc = Record<string, unknown>;
type AnyProjection = Projection<Doc>;

export interface RebuildResult {
  projection: string;
  events: number;
  position: number;
  /** for a rebuild of several projections in one pass, the time of the whole pass */
  ms: number;
}

const BATCH = 1000;

const rebuildCollection = (projection: AnyProjection): string => `${projection.collection}_rebuild`;

/**
 * Rebuilds one read model from position zero into a fresh collection, then swaps it in with
 * the live checkpoint set to where the rebuild stopped. Only the projector runs: no reactor
 * sees these events, so a rebuild fires no side effect. Run it with the service stopped (or
 * the projection's subscription paused), or the live runner may write to the old collection.
 * It reads the whole log for this one projection: to rebuild several, use rebuildProjections.
 */
export async function rebuildProjection(log: EventLog, readStore: ReadStore, projection: AnyProjection): Promise<RebuildResult> {
  const started = performance.now();
  const temp = rebuildCollection(projection);
  await readStore.dropCollection(temp);
  await readStore.ensureCollection(temp, projection.indexes);
  const processor = projector(projection, readStore, { collection: temp, processorId: `rebuild:${projection.name}` });
  const head = await log.store.headPosition();
  let after = 0;
  let events = 0;
  while (after < head) {
    const batch = (await log.readAll({ after, limit: BATCH })).filter((e) => e.position <= head);
    if (batch.length === 0) break;
    await processor.handle(batch, batch[batch.length - 1]!.position);
    after = batch[batch.length - 1]!.position;
    events += batch.length;
  }
  await readStore.swapCollection(temp, projection.collection, { processor: projectionProcessorId(projection.name), position: head });
  return { projection: projection.name, events, position: head, ms: Math.round(performance.now() - started) };
}

/** Events read (and opened) at a time: small enough that they die young, cheap for the GC. */
const READ_BATCH = 1_000;
/** Events folded in memory between commits: a document they change again is written once. */
const COMMIT_BATCH = 20_000;
/**
 * At most this many documents, and about this many bytes of them, per transaction: a MongoDB
 * transaction holds its writes in the server's cache until it commits and must commit within
 * transactionLifetimeLimitSeconds (60 s by default), so 20,000 events of every projection in one
 * is beyond a modest host. The commits go to the rebuild collections, which nothing reads and
 * nothing resumes: only the swap, one per collection after the last commit, makes them live.
 */
const MAX_COMMIT_WRITES = 1_000;
const MAX_COMMIT_BYTES = 4 * 1024 * 1024;

/**
 * Rebuilds several read models in one pass over the log: each event is read and opened (its
 * personal fields decrypted) once and folded into every projection's fresh collection, and the
 * documents of all of them changed by a batch are committed together (one transaction where
 * the store has them). Then each collection is swapped in with its checkpoint set exactly to
 * where the pass stopped. The documents are those of rebuildProjection for each alone; as
 * there, no reactor runs, and the service must be stopped.
 */
export async function rebuildProjections(
  log: EventLog,
  readStore: ReadStore,
  projections: readonly AnyProjection[],
  /** events per read and per commit, documents and bytes per transaction (tests split the log finely) */
  options: { read?: number; commit?: number; maxWrites?: number; maxBytes?: number } = {},
): Promise<RebuildResult[]> {
  const started = performance.now();
  const names = projections.map((p) => p.name);
  // two entries of one projection would share (and clobber) its rebuild collection
  if (new Set(names).size !== names.length) throw new Error(`projections named twice: ${names.join(', ')}`);
  const readBatch = options.read ?? READ_BATCH;
  const commitBatch = options.commit ?? COMMIT_BATCH;
  const rebuilds = projections.map((projection) => new PendingRebuild(projection, readStore));
  const bounds = { writes: options.maxWrites ?? MAX_COMMIT_WRITES, bytes: options.maxBytes ?? MAX_COMMIT_BYTES };
  for (const rebuild of rebuilds) await rebuild.create();
  const head = await log.store.headPosition();
  let after = 0;
  let folded = 0;
  let uncommitted = 0;
  while (after < head && rebuilds.length > 0) {
    const batch = (await log.readAll({ after, limit: readBatch })).filter((e) => e.position <= head);
    if (batch.length === 0) break;
    for (const rebuild of rebuilds) await rebuild.fold(batch);
    after = batch[batch.length - 1]!.position;
    folded += batch.length;
    uncommitted += batch.length;
    if (uncommitted >= commitBatch) {
      await commitAll(readStore, rebuilds, bounds);
      uncommitted = 0;
    }
  }
  await commitAll(readStore, rebuilds, bounds);
  for (const rebuild of rebuilds) await rebuild.swap(head);
  const ms = Math.round(performance.now() - started);
  return projections.map((p) => ({ projection: p.name, events: folded, position: head, ms }));
}

/** The documents every projection changed since the last commit, in transactions of bounded size. */
async function commitAll(readStore: ReadStore, rebuilds: readonly PendingRebuild[], bounds: { writes: number; bytes: number }): Promise<void> {
  // no checkpoint: nothing resumes a rebuild, and the swap sets the live one exactly
  const writes = rebuilds.flatMap((r) => r.takeWrites());
  for (const chunk of boundedChunks(writes, bounds)) await readStore.commit({ writes: chunk });
}

/** Consecutive writes, at most `writes` of them and about `bytes` of documents (JSON) a chunk; a lone larger document is a chunk of its own. */
export function boundedChunks(writes: readonly Write[], bounds: { writes: number; bytes: number }): Write[][] {
  const chunks: Write[][] = [];
  let chunk: Write[] = [];
  let bytes = 0;
  for (const write of writes) {
    const size = write.op === 'put' ? Buffer.byteLength(JSON.stringify(write.doc)) : 0;
    if (chunk.length > 0 && (chunk.length >= bounds.writes || bytes + size > bounds.bytes)) {
      chunks.push(chunk);
      chunk = [];
      bytes = 0;
    }
    chunk.push(write);
    bytes += size;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

/** A projection being rebuilt: its fresh collection, and the documents changed but not yet committed. */
class PendingRebuild {
  private readonly collection: string;
  private readonly changed = new Map<string, Positioned<Doc>>();

  constructor(
    private readonly projection: AnyProjection,
    private readonly readStore: ReadStore,
  ) {
    this.collection = rebuildCollection(projection);
  }

  /**
   * Only the unique indexes now, so a violation stops the rebuild before the swap; the others
   * are built once over the finished collection instead of maintained document by document.
   */
  async create(): Promise<void> {
    await this.readStore.dropCollection(this.collection);
    await this.readStore.ensureCollection(this.collection, this.projection.indexes.filter((i) => i.unique));
  }

  /** The projector's fold, from the documents changed in memory or else as committed. */
  async fold(events: readonly StoredEvent[]): Promise<void> {
    const current = new Map<string, Positioned<Doc>>();
    const missing: string[] = [];
    for (const id of new Set(events.flatMap((e) => this.projection.documentIds(e)))) {
      const entry = this.changed.get(id);
      if (entry) current.set(id, entry);
      else missing.push(id);
    }
    if (current.size === 0 && missing.length === 0) return;
    if (missing.length > 0) for (const [id, stored] of await this.readStore.getMany<Doc>(this.collection, missing)) current.set(id, stored);
    for (const [id, entry] of applyEvents(this.projection, current, events)) this.changed.set(id, entry);
  }

  takeWrites(): Write[] {
    const { collection } = this;
    const writes = [...this.changed].map(([id, { doc, position }]): Write => (doc === null ? { op: 'delete', collection, id } : { op: 'put', collection, id, doc, position }));
    this.changed.clear();
    return writes;
  }

  async swap(head: number): Promise<void> {
    const { projection } = this;
    await this.readStore.swapCollection(this.collection, projection.collection, { processor: projectionProcessorId(projection.name), position: head });
    // the service, when it starts, would build them too: a crash in between loses nothing
    await this.readStore.ensureCollection(projection.collection, projection.indexes);
  }
}
