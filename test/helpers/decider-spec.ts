import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import type { Decider, DomainError, DomainEvent } from '../../src/domain/shared/decider.js';

/**
 * Given these events, when this command, then these events (or this error):
 *   spec(decider).given([...]).when(command).then([...])
 */
export function spec<C, S, Ev extends DomainEvent>(decider: Decider<C, S, Ev>) {
  return {
    given(events: readonly Ev[]) {
      const state = events.reduce(decider.evolve, decider.initialState);
      return {
        when(command: C) {
          const result = decider.decide(command, state);
          return {
            then(expected: readonly Ev[]): void {
              if (E.isLeft(result)) expect.fail(`expected events, got error ${result.left.code}: ${result.left.message}`);
              expect(result.right).to.deep.equal(expected);
            },
            thenNothing(): void {
              if (E.isLeft(result)) expect.fail(`expected no events, got error ${result.left.code}`);
              expect(result.right).to.deep.equal([]);
            },
            thenError(code: string, check?: (error: DomainError) => void): void {
              if (E.isRight(result)) expect.fail(`expected error ${code}, got ${JSON.stringify(result.right)}`);
              expect(result.left.code).to.equal(code);
              check?.(result.left);
            },
          };
        },
      };
    },
  };
}
