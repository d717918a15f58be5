import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { bestThreshold, type LabelledScore, metricsAt, tokenSortedJaroWinkler, tokenSortedLevenshtein } from '../../../src/domain/screening/match/evaluate.js';
import { compare, DEFAULT_THRESHOLD } from '../../../src/domain/screening/match/score.js';
import { type Category, EVAL_PAIRS_PATH, type EvalPair, makeEvalPairs } from '../../../scripts/make-eval-pairs.js';

const CATEGORIES: readonly Category[] = ['br_spelling', 'particles', 'suffixes', 'initials', 'order', 'typos', 'homonyms_masked_cpf', 'gender', 'companies', 'foreign'];
const pairs = JSON.parse(readFileSync(EVAL_PAIRS_PATH, 'utf8')) as EvalPair[];
const of = (split: EvalPair['split']) => pairs.filter((p) => p.split === split);
const scored = (set: readonly EvalPair[], score: (p: EvalPair) => number): LabelledScore[] => set.map((p) => ({ score: score(p), same: p.same }));
const matcher = (p: EvalPair) => compare({ schema: p.schema, ...p.query }, { schema: p.schema, ...p.candidate }).score;

/**
 * Held-out F1 measured when the threshold was tuned: 0.984 (95 tp, 1 fp, 2 fn, 73 tn; see
 * scripts/bench-matching.ts). The floor leaves room for small changes, not for a regression.
 */
const HELD_OUT_F1_FLOOR = 0.95;

describe('screening matcher: evaluation set and accuracy', () => {
  it('holds at least 360 labelled pairs over every category, matches and non-matches, a third held out', () => {
    expect(pairs.length).to.be.at.least(360);
    expect(new Set(pairs.map((p) => p.id)).size).to.equal(pairs.length);
    for (const category of CATEGORIES) {
      const inCategory = pairs.filter((p) => p.category === category);
      expect(inCategory.some((p) => p.same), category).to.equal(true);
      expect(inCategory.some((p) => !p.same), category).to.equal(true);
      const heldOut = inCategory.filter((p) => p.split === 'held_out').length / inCategory.length;
      expect(heldOut, category).to.be.within(0.3, 0.37);
    }
    expect(pairs.filter((p) => p.category === 'homonyms_masked_cpf').some((p) => p.candidate.doc?.includes('*'))).to.equal(true);
  });

  it('is what scripts/make-eval-pairs.ts writes (deterministic)', () => {
    expect(makeEvalPairs()).to.deep.equal(pairs);
  });

  it('keeps F1 on the held-out split at the default threshold, well above the plain baselines', () => {
    const held = metricsAt(scored(of('held_out'), matcher), DEFAULT_THRESHOLD);
    expect(held.f1).to.be.at.least(HELD_OUT_F1_FLOOR);
    for (const baseline of [tokenSortedJaroWinkler, tokenSortedLevenshtein]) {
      const tuned = bestThreshold(scored(of('tune'), (p) => baseline(p.query.name, p.candidate.name)));
      const baselineHeld = metricsAt(scored(of('held_out'), (p) => baseline(p.query.name, p.candidate.name)), tuned.threshold);
      expect(held.f1 - baselineHeld.f1, baseline.name).to.be.at.least(0.15);
    }
  });

  it('has its default threshold tuned on the tune split only', () => {
    const tune = scored(of('tune'), matcher);
    expect(metricsAt(tune, DEFAULT_THRESHOLD).f1).to.be.at.least(bestThreshold(tune).f1 - 0.005);
  });
});
