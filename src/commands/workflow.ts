import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '../domain/shared/decider.js';
import { errorText } from '../logger.js';

/** Why a sequence of steps stopped: a rule said no (a Left), or a step threw. */
export type StepFailure = { kind: 'refused'; error: DomainError } | { kind: 'failed'; error: unknown };

/**
 * One step of a use case that writes several streams. `run` refuses with a Left or throws to stop
 * the sequence; `undo` puts back what a completed `run` wrote when a later step stops it.
 */
export interface Step<T> {
  readonly name: string;
  run(): Promise<E.Either<DomainError, T>>;
  undo?(result: T, failure: StepFailure): Promise<void>;
  /** completed steps this one settles: once it is done, a later failure no longer undoes them */
  readonly commits?: readonly string[];
}

export interface UndoFailure {
  step: string;
  error: unknown;
}

export interface StepsOptions {
  /** where an undo that failed is reported; by default a process warning */
  onUndoFailure?(failure: UndoFailure): void;
}

const warn = (failure: UndoFailure) => process.emitWarning(`undo of step ${failure.step} failed: ${errorText(failure.error)}`, 'UndoFailureWarning');

/**
 * Runs the steps in order. The first that refuses or throws stops the sequence: the completed
 * steps not yet settled are undone in reverse order, then the refusal is returned or the error
 * rethrown, unchanged. An undo that fails is reported and the undos before it still run, so the
 * original outcome is never masked by a failure to clean up after it.
 */
export async function runSteps(steps: readonly Step<unknown>[], options: StepsOptions = {}): Promise<E.Either<DomainError, void>> {
  const done: { step: Step<unknown>; result: unknown }[] = [];
  for (const step of steps) {
    let outcome: E.Either<DomainError, unknown>;
    try {
      outcome = await step.run();
    } catch (error) {
      await undoAll(done, { kind: 'failed', error }, options.onUndoFailure ?? warn);
      throw error;
    }
    if (E.isLeft(outcome)) {
      await undoAll(done, { kind: 'refused', error: outcome.left }, options.onUndoFailure ?? warn);
      return outcome;
    }
    const settled = step.commits ?? [];
    for (let i = done.length - 1; i >= 0; i--) if (settled.includes(done[i]!.step.name)) done.splice(i, 1);
    done.push({ step, result: outcome.right });
  }
  return E.right(undefined);
}

async function undoAll(done: readonly { step: Step<unknown>; result: unknown }[], failure: StepFailure, report: (failure: UndoFailure) => void): Promise<void> {
  for (const { step, result } of [...done].reverse()) {
    if (!step.undo) continue;
    try {
      await step.undo(result, failure);
    } catch (error) {
      report({ step: step.name, error });
    }
  }
}
