import { expect } from 'chai';
import type { StoredEvent } from '../../src/adapters/event-store/event-log.js';
import type { EventMetadata } from '../../src/adapters/event-store/port.js';
import { applyEvents, type Positioned, type Projection } from '../../src/projections/projector.js';

export const OCCURRED_AT = '2026-11-22T12:00:00.000Z';

/**
 * Stored events as the event log hands them to projectors, built by hand: each call is the next
 * global position, with the next revision of its stream.
 *   const at = eventLog(); at('run-r1', 'RunQueued', {...}, { tenant_id: 't1' })
 */
export function eventLog(firstPosition = 1) {
  let position = firstPosition - 1;
  const revisions = new Map<string, number>();
  return (stream: string, type: string, data: Record<string, unknown>, metadata: Partial<EventMetadata> = {}): StoredEvent => {
    position++;
    const revision = (revisions.get(stream) ?? -1) + 1;
    revisions.set(stream, revision);
    return {
      id: `evt-${position}`,
      type,
      data,
      metadata: { tenant_id: 't1', actor: 'system', request_id: null, occurred_at: OCCURRED_AT, correlation_id: 'corr', causation_id: null, ...metadata },
      stream,
      revision,
      position,
      recorded_at: OCCURRED_AT,
    };
  };
}

/**
 * Given these stored events, then these documents, through the projector's own fold:
 *   projectionSpec(p).given(events).then({ id: doc }).andReplayChangesNothing()
 */
export function projectionSpec<D extends Record<string, unknown>>(projection: Projection<D>) {
  return {
    given(events: readonly StoredEvent[], current: ReadonlyMap<string, Positioned<D>> = new Map()) {
      const changed = applyEvents(projection, current, events);
      const documents = new Map([...current, ...changed]);
      const step = {
        /** every document the events wrote, by id; a deleted one is null */
        then(expected: Record<string, D | null>) {
          expect(Object.fromEntries([...changed].map(([id, entry]) => [id, entry.doc]))).to.deep.equal(expected);
          return step;
        },
        /** the documents after the events, with their positions: to give to a later step */
        documents,
        /** replaying events at or below the documents' positions (all of them, by default) changes nothing */
        andReplayChangesNothing(replayed: readonly StoredEvent[] = events) {
          expect([...applyEvents(projection, documents, replayed).keys()]).to.deep.equal([]);
          for (const event of replayed) expect([...applyEvents(projection, documents, [event]).keys()], `${event.type} at ${event.position}`).to.deep.equal([]);
          return step;
        },
      };
      return step;
    },
  };
}
