import type { Collection, Db } from 'mongodb';
import type { ClaimOptions, NewWorkItem, WorkItem, WorkItemView, WorkQueue, WorkStatus } from './port.js';

interface Row {
  _id: string;
  kind: string;
  payload: Record<string, unknown>;
  status: WorkStatus;
  due_at: number;
  attempts: number;
  version: number;
  owner: string | null;
  lease_until: number;
  last_error: string | null;
  updated_at: number;
}

const toItem = (r: Row): WorkItem => ({ id: r._id, kind: r.kind, payload: r.payload, due_at: r.due_at, attempts: r.attempts, version: r.version });
const toView = (r: Row): WorkItemView => ({ ...toItem(r), status: r.status, owner: r.owner, lease_until: r.lease_until, last_error: r.last_error });

/**
 * Work items in MongoDB (collection `work_items` beside the read models). Every write is
 * acknowledged by a majority and journaled, so an item is durable before the reactor's
 * checkpoint moves past its event. A claim is one `findOneAndUpdate` per item: atomic on the
 * document, so two instances never lease one item at once.
 */
export class MongoWorkQueue implements WorkQueue {
  private readonly items: Collection<Row>;
  private ready: Promise<unknown> | null = null;

  constructor(db: Db) {
    this.items = db.collection<Row>('work_items', { writeConcern: { w: 'majority', journal: true } });
  }

  private async indexes(): Promise<void> {
    this.ready ??= this.items.createIndex({ status: 1, kind: 1, due_at: 1 });
    await this.ready;
  }

  async enqueue(items: readonly NewWorkItem[], now: number): Promise<void> {
    if (items.length === 0) return;
    await this.indexes();
    await this.items.bulkWrite(
      items.map((item) =>
        item.rearm
          ? {
              updateOne: {
                filter: { _id: item.id },
                // one $set stage: every expression reads the document as it was
                update: [
                  {
                    $set: {
                      kind: item.kind,
                      payload: { $literal: item.payload },
                      version: { $add: [{ $ifNull: ['$version', -1] }, 1] },
                      due_at: { $cond: [{ $eq: ['$status', 'pending'] }, { $min: ['$due_at', item.due_at] }, item.due_at] },
                      attempts: { $cond: [{ $eq: ['$status', 'pending'] }, '$attempts', 0] },
                      status: 'pending',
                      owner: { $ifNull: ['$owner', null] },
                      lease_until: { $ifNull: ['$lease_until', 0] },
                      last_error: { $ifNull: ['$last_error', null] },
                      updated_at: now,
                    },
                  },
                ],
                upsert: true,
              },
            }
          : {
              updateOne: {
                filter: { _id: item.id },
                update: {
                  $setOnInsert: {
                    kind: item.kind,
                    payload: item.payload,
                    status: 'pending' as const,
                    due_at: item.due_at,
                    attempts: 0,
                    version: 0,
                    owner: null,
                    lease_until: 0,
                    last_error: null,
                    updated_at: now,
                  },
                },
                upsert: true,
              },
            },
      ),
      { ordered: true },
    );
  }

  async claim(options: ClaimOptions): Promise<WorkItem[]> {
    await this.indexes();
    const claimed: WorkItem[] = [];
    while (claimed.length < options.limit && options.kinds.length > 0) {
      const row = await this.items.findOneAndUpdate(
        { status: 'pending', kind: { $in: [...options.kinds] }, due_at: { $lte: options.now }, lease_until: { $lte: options.now } },
        { $set: { owner: options.owner, lease_until: options.now + options.leaseMs } },
        { sort: { due_at: 1 }, returnDocument: 'after' },
      );
      if (!row) break;
      claimed.push(toItem(row));
    }
    return claimed;
  }

  async renew(ids: readonly string[], owner: string, now: number, leaseMs: number): Promise<void> {
    if (ids.length === 0) return;
    await this.items.updateMany({ _id: { $in: [...ids] }, owner, status: 'pending' }, { $set: { lease_until: now + leaseMs } });
  }

  async complete(item: WorkItem, owner: string, now: number): Promise<boolean> {
    const done = await this.items.updateOne(
      { _id: item.id, owner, version: item.version, status: 'pending' },
      { $set: { status: 'done', owner: null, lease_until: 0, updated_at: now } },
    );
    // rearmed while it ran: pending again, free for the next claim
    if (done.matchedCount > 0) return true;
    await this.items.updateOne({ _id: item.id, owner }, { $set: { owner: null, lease_until: 0, updated_at: now } });
    return false;
  }

  async reschedule(item: WorkItem, owner: string, dueAt: number, error: string | null, now: number): Promise<void> {
    await this.items.updateOne(
      { _id: item.id, owner, status: 'pending' },
      { $set: { due_at: dueAt, owner: null, lease_until: 0, updated_at: now, ...(error === null ? {} : { last_error: error }) }, $inc: { attempts: error === null ? 0 : 1 } },
    );
  }

  async fail(item: WorkItem, owner: string, error: string, now: number): Promise<void> {
    await this.items.updateOne(
      { _id: item.id, owner, status: 'pending' },
      { $set: { status: 'failed', last_error: error, owner: null, lease_until: 0, updated_at: now }, $inc: { attempts: 1 } },
    );
  }

  async nextClaimable(kinds: readonly string[]): Promise<number | null> {
    if (kinds.length === 0) return null;
    const [row] = await this.items
      .aggregate<{ at: number }>([
        { $match: { status: 'pending', kind: { $in: [...kinds] } } },
        { $group: { _id: null, at: { $min: { $max: ['$due_at', '$lease_until'] } } } },
      ])
      .toArray();
    return row?.at ?? null;
  }

  async get(id: string): Promise<WorkItemView | null> {
    const row = await this.items.findOne({ _id: id });
    return row ? toView(row) : null;
  }

  async list(filter: { kind?: string; status?: WorkStatus }, limit: number): Promise<WorkItemView[]> {
    const query = { ...(filter.kind !== undefined ? { kind: filter.kind } : {}), ...(filter.status !== undefined ? { status: filter.status } : {}) };
    return (await this.items.find(query).sort({ due_at: 1, _id: 1 }).limit(limit).toArray()).map(toView);
  }

  async prune(before: number): Promise<number> {
    return (await this.items.deleteMany({ status: 'done', updated_at: { $lt: before } })).deletedCount;
  }

  async close(): Promise<void> {
    // the client belongs to the read store, which closes it
  }
}
