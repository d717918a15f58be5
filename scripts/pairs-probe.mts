import { readFileSync } from 'node:fs';
import { compare, DEFAULT_THRESHOLD } from '../src/domain/screening/match/score.ts';
const pairs = JSON.parse(readFileSync('test/fixtures/screening/eval-pairs.json', 'utf8'));
for (const p of pairs) {
  const r = compare({ schema: p.schema, ...p.query }, { schema: p.schema, ...p.candidate });
  if ((r.score >= DEFAULT_THRESHOLD) !== p.same) console.log(p.split.padEnd(8), p.category.padEnd(20), p.same ? 'FN' : 'FP', r.score.toFixed(3), JSON.stringify(p.query), '|', JSON.stringify(p.candidate));
}
