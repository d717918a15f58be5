import { expect } from 'chai';
import { reservationDecider } from '../../src/domain/reservation/decider.js';
import type { ReservationEvent } from '../../src/domain/reservation/events.js';
import { spec } from '../helpers/decider-spec.js';

const NOW = '2026-11-22T12:00:00.000Z';
const LATER = '2026-11-22T12:05:00.000Z';
const reserved = (owner: string, at = NOW): ReservationEvent => ({ type: 'ValueReserved', data: { owner_id: owner, reserved_at: at } });
const released = (owner: string): ReservationEvent => ({ type: 'ValueReleased', data: { owner_id: owner, released_at: LATER } });

describe('reservation decider', () => {
  const claim = spec(reservationDecider);

  it('reserves a free value for its owner; the same owner again changes nothing', () => {
    claim.given([]).when({ type: 'Reserve', owner_id: 'a', now: NOW }).then([reserved('a')]);
    claim.given([reserved('a')]).when({ type: 'Reserve', owner_id: 'a', now: LATER }).thenNothing();
  });

  it("refuses another owner's claim, naming the holder and since when", () => {
    claim
      .given([reserved('a')])
      .when({ type: 'Reserve', owner_id: 'b', now: LATER })
      .thenError('reserved', (e) => expect(e.extra).to.deep.equal({ owner_id: 'a', reserved_at: NOW }));
    // takeover_from must name the current holder
    claim.given([reserved('a')]).when({ type: 'Reserve', owner_id: 'b', takeover_from: 'c', now: LATER }).thenError('reserved');
  });

  it('takes over the claim of an owner that never came to exist', () => {
    claim.given([reserved('a')]).when({ type: 'Reserve', owner_id: 'b', takeover_from: 'a', now: LATER }).then([reserved('b', LATER)]);
    claim.given([reserved('a'), reserved('b', LATER)]).when({ type: 'Reserve', owner_id: 'b', takeover_from: 'a', now: LATER }).thenNothing();
  });

  it('releases only its own claim, once; a released value can be reserved again', () => {
    claim.given([reserved('a')]).when({ type: 'Release', owner_id: 'a', now: LATER }).then([released('a')]);
    claim.given([reserved('a'), released('a')]).when({ type: 'Release', owner_id: 'a', now: LATER }).thenNothing();
    claim.given([reserved('a')]).when({ type: 'Release', owner_id: 'b', now: LATER }).thenNothing();
    claim.given([]).when({ type: 'Release', owner_id: 'a', now: LATER }).thenNothing();
    claim.given([reserved('a'), released('a')]).when({ type: 'Reserve', owner_id: 'b', now: LATER }).then([reserved('b', LATER)]);
  });
});
