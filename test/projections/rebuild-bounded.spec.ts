import { expect } from 'chai';
import type { EventLog, StoredEvent } from '../../src/adapters/event-store/event-log.js';
import { DURABLE } from '../../src/adapters/read-store/mongo-connection.js';
import { MongoReadStore } from '../../src/adapters/read-store/mongo.js';
import { projectionProcessorId, type Projection } from '../../src/projections/projector.js';
import { boundedChunks, rebuildProjections } from '../../src/projections/rebuild.js';
import { FakeMongo } from '../helpers/fake-mongo.js';

/** A log of `count` events, each creating one document, behind the two calls a rebuild makes. */
function logOf(count: number, padding = 0): EventLog {
  const events = Array.from({ length: count }, (_, i) => ({ type: 'Thing', position: i + 1, data: { id: `t${i + 1}`, pad: 'x'.repeat(padding) } }) as unknown as StoredEvent);
  return {
    store: { headPosition: async () => count },
    readAll: async ({ after, limit }: { after: number; limit: number }) => events.filter((e) => e.position > after).slice(0, limit),
  } as unknown as EventLog;
}

const things = (name: string): Projection<Record<string, unknown>> => ({
  name,
  collection: name,
  indexes: [],
  documentIds: (event) => [String((event.data as { id: string }).id)],
  evolve: (_doc, event) => ({ ...(event.data as Record<string, unknown>) }),
});

describe('a rebuild commits in bounded transactions, and swaps at once', () => {
  it('never puts more than the bound of documents in one MongoDB transaction, and the swapped collections are complete', async () => {
    const fake = new FakeMongo(DURABLE);
    const store = new MongoReadStore(fake.client, fake.db);
    // 300 events into two projections, folded 20,000 at a time: 600 documents to commit
    await rebuildProjections(logOf(300), store, [things('a'), things('b')], { maxWrites: 50 });
    expect(fake.transactions.length).to.be.at.least(12);
    // a put is two operations in the bulk write (insert if absent, replace if older)
    for (const transaction of fake.transactions) expect(transaction.writes).to.be.at.most(100);
    for (const name of ['a', 'b']) {
      expect(await store.listCollection(name)).to.have.length(300);
      expect(await store.getCheckpoint(projectionProcessorId(name))).to.equal(300);
      expect(fake.docs(`rm_${name}_rebuild`)).to.deep.equal([]);
    }
  });

  it('bounds the bytes too: about 4 MB of documents a transaction by default, a larger document alone', () => {
    const put = (id: string, bytes: number) => ({ op: 'put' as const, collection: 'c', id, doc: { pad: 'x'.repeat(bytes) }, position: 1 });
    const chunks = boundedChunks([put('1', 3_000_000), put('2', 3_000_000), put('3', 9_000_000), put('4', 10)], { writes: 1_000, bytes: 4 * 1024 * 1024 });
    expect(chunks.map((c) => c.map((w) => w.id))).to.deep.equal([['1'], ['2'], ['3'], ['4']]);
    const many = boundedChunks(Array.from({ length: 2_500 }, (_, i) => put(String(i), 10)), { writes: 1_000, bytes: 4 * 1024 * 1024 });
    expect(many.map((c) => c.length)).to.deep.equal([1_000, 1_000, 500]);
  });
});
