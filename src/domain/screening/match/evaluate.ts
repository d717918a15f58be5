import { distance as levenshtein } from 'fastest-levenshtein';
import { fold } from './normalize.js';
import { jaroWinkler } from './similarity.js';

/**
 * Accuracy on labelled pairs, and the plain baselines the matcher is measured against
 * (screening.md section 7): token-sorted Jaro-Winkler and token-sorted Levenshtein similarity.
 */

export interface LabelledScore {
  score: number;
  same: boolean;
}

export interface Metrics {
  threshold: number;
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  precision: number;
  recall: number;
  f1: number;
}

export function metricsAt(scores: readonly LabelledScore[], threshold: number): Metrics {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  for (const { score, same } of scores) {
    const match = score >= threshold;
    if (match && same) tp++;
    else if (match) fp++;
    else if (same) fn++;
    else tn++;
  }
  const precision = tp + fp === 0 ? 0 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 0 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { threshold, tp, fp, fn, tn, precision, recall, f1 };
}

/** The threshold (in steps of 0.01) with the best F1; the lowest among equals. */
export function bestThreshold(scores: readonly LabelledScore[]): Metrics {
  let best = metricsAt(scores, 0);
  for (let i = 1; i <= 100; i++) {
    const m = metricsAt(scores, i / 100);
    if (m.f1 > best.f1) best = m;
  }
  return best;
}

/** The plain form the baselines compare: folded, punctuation to spaces, tokens sorted. */
const tokenSorted = (name: string): string =>
  fold(name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .sort()
    .join(' ');

export const tokenSortedJaroWinkler = (a: string, b: string): number => jaroWinkler(tokenSorted(a), tokenSorted(b));

/** 1 - distance / longer length */
export function tokenSortedLevenshtein(a: string, b: string): number {
  const x = tokenSorted(a);
  const y = tokenSorted(b);
  const longer = Math.max(x.length, y.length);
  return longer === 0 ? 1 : 1 - levenshtein(x, y) / longer;
}
