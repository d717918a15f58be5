import { expect } from 'chai';
import { backoffMs, isStale, nextCheckAt, POLL_FLOOR_MS, pollStream, pollStreamsBack, staleAfterMs } from '../../src/domain/list/poll.js';

const NOW = new Date('2026-11-22T12:00:00.000Z');
const FIVE_MIN = 300_000;

describe('list polling rules', () => {
  it('waits one period after a success, then 1, 2, 4 and at most 8 periods after failures in a row', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map((n) => backoffMs(FIVE_MIN, n) / FIVE_MIN)).to.deep.equal([1, 1, 2, 4, 8, 8, 8]);
  });

  it('jitters every next check by ±10 %, never sooner than the floor', () => {
    const wait = (random: number, failures = 0, period = FIVE_MIN) => nextCheckAt(NOW, period, failures, random).getTime() - NOW.getTime();
    expect(wait(0)).to.equal(270_000);
    expect(wait(0.5)).to.equal(300_000);
    expect(wait(0.999999)).to.be.closeTo(330_000, 1);
    expect(wait(0.5, 3)).to.equal(4 * FIVE_MIN);
    // two instances or lists drawing different numbers do not poll in lockstep
    expect(wait(0.1)).to.not.equal(wait(0.9));
    expect(wait(0, 0, 500)).to.equal(POLL_FLOOR_MS);
  });

  it('a list is stale with no successful check within max(3 periods, 15 minutes)', () => {
    expect(staleAfterMs(FIVE_MIN)).to.equal(15 * 60_000);
    expect(staleAfterMs(3_600_000)).to.equal(3 * 3_600_000);
    expect(staleAfterMs(1_000)).to.equal(15 * 60_000);
    expect(isStale(null, NOW, FIVE_MIN)).to.equal(true);
    expect(isStale('2026-11-22T11:46:00.000Z', NOW, FIVE_MIN)).to.equal(false);
    expect(isStale('2026-11-22T11:44:00.000Z', NOW, FIVE_MIN)).to.equal(true);
    expect(isStale('2026-11-22T09:30:00.000Z', NOW, 3_600_000)).to.equal(false);
  });

  it('keeps a list and day per poll stream, read back from today', () => {
    expect(pollStream('un_sc', NOW)).to.equal('listpoll-un_sc-2026-11-22');
    expect(pollStreamsBack('un_sc', NOW, 3)).to.deep.equal(['listpoll-un_sc-2026-11-22', 'listpoll-un_sc-2026-11-21', 'listpoll-un_sc-2026-11-20']);
  });
});
