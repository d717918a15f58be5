import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '../domain/shared/decider.js';
import type { SubscriptionRunner } from '../processing/runner.js';
import { fromDomainError } from './errors.js';

export type Runner = Pick<SubscriptionRunner, 'waitFor'>;

/** What a command wrote up to: a bare position, or a result that carries one. */
type Positioned = number | null | { readonly position: number | null };

const positionOf = (value: Positioned): number | null => (typeof value === 'object' && value !== null ? value.position : value);

/** A command's value, or its refusal thrown as the API error of the same code. */
export function orThrow<A>(result: E.Either<DomainError, A>): A {
  if (E.isLeft(result)) throw fromDomainError(result.left);
  return result.right;
}

/**
 * A command's value once every read model has applied what it wrote, so the read that builds
 * the answer sees it (read-your-writes); a refusal is thrown as its API error.
 */
export async function applied<A extends Positioned>(runner: Runner, result: E.Either<DomainError, A>, timeoutMs?: number): Promise<A> {
  const value = orThrow(result);
  await runner.waitFor(positionOf(value), timeoutMs);
  return value;
}
