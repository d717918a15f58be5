import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { runSteps, type Step, type StepFailure, type UndoFailure } from '../../src/commands/workflow.js';
import { DomainError } from '../../src/domain/shared/decider.js';

/** A step that records its run and undo in `trace`; `outcome` says how its run ends. */
function step(trace: string[], name: string, outcome: 'ok' | 'refuse' | 'throw' = 'ok', options: { undo?: 'ok' | 'throw' | 'none'; commits?: string[] } = {}): Step<unknown> {
  return {
    name,
    ...(options.commits ? { commits: options.commits } : {}),
    async run() {
      trace.push(`run ${name}`);
      if (outcome === 'throw') throw new Error(`${name} threw`);
      return outcome === 'refuse' ? E.left(new DomainError('refused', `${name} refused`)) : E.right(`${name} result`);
    },
    ...(options.undo === 'none'
      ? {}
      : {
          async undo(result: unknown, failure: StepFailure) {
            trace.push(`undo ${name} (${String(result)}, ${failure.kind})`);
            if (options.undo === 'throw') throw new Error(`undo ${name} threw`);
          },
        }),
  };
}

describe('runSteps: a use case over several streams, undone in reverse on failure', () => {
  it('runs every step in order and undoes nothing when all succeed', async () => {
    const trace: string[] = [];
    const outcome = await runSteps([step(trace, 'a'), step(trace, 'b'), step(trace, 'c')]);
    expect(E.isRight(outcome)).to.equal(true);
    expect(trace).to.deep.equal(['run a', 'run b', 'run c']);
  });

  it('a refusal stops the sequence, undoes the completed steps in reverse with their results, and is returned as is', async () => {
    const trace: string[] = [];
    const outcome = await runSteps([step(trace, 'a'), step(trace, 'b'), step(trace, 'c', 'refuse'), step(trace, 'd')]);
    expect(E.isLeft(outcome) && outcome.left.code).to.equal('refused');
    expect(E.isLeft(outcome) && outcome.left.message).to.equal('c refused');
    expect(trace).to.deep.equal(['run a', 'run b', 'run c', 'undo b (b result, refused)', 'undo a (a result, refused)']);
  });

  it('a thrown error undoes the completed steps in reverse and is rethrown unchanged', async () => {
    const trace: string[] = [];
    const error = await runSteps([step(trace, 'a'), step(trace, 'b', 'throw'), step(trace, 'c')]).then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as Error).message).to.equal('b threw');
    expect(trace).to.deep.equal(['run a', 'run b', 'undo a (a result, failed)']);
  });

  it('the first step failing undoes nothing; steps without an undo are passed over', async () => {
    const trace: string[] = [];
    await runSteps([step(trace, 'a', 'refuse'), step(trace, 'b')]);
    expect(trace).to.deep.equal(['run a']);
    const second: string[] = [];
    await runSteps([step(second, 'a'), step(second, 'b', 'ok', { undo: 'none' }), step(second, 'c', 'refuse')]);
    expect(second).to.deep.equal(['run a', 'run b', 'run c', 'undo a (a result, refused)']);
  });

  it('an undo that fails is reported, the undos before it still run, and the original outcome stands', async () => {
    const trace: string[] = [];
    const reported: UndoFailure[] = [];
    const outcome = await runSteps([step(trace, 'a'), step(trace, 'b', 'ok', { undo: 'throw' }), step(trace, 'c', 'refuse')], { onUndoFailure: (f) => reported.push(f) });
    expect(E.isLeft(outcome) && outcome.left.code).to.equal('refused');
    expect(trace).to.deep.equal(['run a', 'run b', 'run c', 'undo b (b result, refused)', 'undo a (a result, refused)']);
    expect(reported.map((f) => [f.step, (f.error as Error).message])).to.deep.equal([['b', 'undo b threw']]);

    const thrown: string[] = [];
    const error = await runSteps([step(thrown, 'a', 'ok', { undo: 'throw' }), step(thrown, 'b', 'throw')], { onUndoFailure: (f) => reported.push(f) }).then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as Error).message).to.equal('b threw');
    expect(reported).to.have.length(2);
  });

  it('without a reporter, a failed undo becomes a process warning', async () => {
    const warnings: Error[] = [];
    const listener = (w: Error) => warnings.push(w);
    process.on('warning', listener);
    try {
      await runSteps([step([], 'a', 'ok', { undo: 'throw' }), step([], 'b', 'refuse')]);
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', listener);
    }
    expect(warnings.map((w) => [w.name, w.message])).to.deep.equal([['UndoFailureWarning', 'undo of step a failed: Error: undo a threw']]);
  });

  it('a step that commits earlier ones settles them: a later failure undoes only what is still provisional', async () => {
    const trace: string[] = [];
    const outcome = await runSteps([step(trace, 'claim'), step(trace, 'hold'), step(trace, 'write', 'ok', { commits: ['claim'] }), step(trace, 'queue', 'refuse')]);
    expect(E.isLeft(outcome)).to.equal(true);
    expect(trace).to.deep.equal(['run claim', 'run hold', 'run write', 'run queue', 'undo write (write result, refused)', 'undo hold (hold result, refused)']);
  });
});
