import { expect } from 'chai';
import { readiness, type ReadinessDeps } from '../../src/processing/readiness.js';

const OK = { event_store: 'ok', read_store: 'ok', processors: 'ok' };

function deps(overrides: Partial<ReadinessDeps> = {}): ReadinessDeps {
  return {
    eventStore: { headPosition: async () => 100 },
    readStore: { getCheckpoint: async () => null },
    progress: () => new Map([['projection:a', 100], ['reactor:b', 95]]),
    maxLag: 10,
    timeoutMs: 50,
    ...overrides,
  };
}

describe('readiness', () => {
  it('ready when both stores answer and every processor is within the bound (the bound itself included)', async () => {
    expect(await readiness(deps())).to.deep.equal({ ready: true, checks: OK });
    expect(await readiness(deps({ progress: () => new Map([['reactor:b', 90]]) }))).to.deep.equal({ ready: true, checks: OK });
  });

  it('not ready when one processor is further behind the head than the bound', async () => {
    const result = await readiness(deps({ progress: () => new Map([['projection:a', 100], ['reactor:b', 89]]) }));
    expect(result).to.deep.equal({ ready: false, checks: { ...OK, processors: 'failing' } });
  });

  it('not ready when a store throws, or does not answer in time', async () => {
    const throwing = await readiness(deps({ readStore: { getCheckpoint: () => Promise.reject(new Error('closed')) } }));
    expect(throwing).to.deep.equal({ ready: false, checks: { ...OK, read_store: 'failing' } });
    const started = Date.now();
    const hanging = await readiness(deps({ eventStore: { headPosition: () => new Promise<number>(() => {}) } }));
    expect(hanging).to.deep.equal({ ready: false, checks: { ...OK, event_store: 'failing', processors: 'failing' } });
    expect(Date.now() - started).to.be.below(1_000);
  });
});
