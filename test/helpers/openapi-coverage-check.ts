/**
 * After mocha (`npm test` runs it): when every test/http spec ran, at most MAX_UNEXERCISED
 * documented (operation, status) pairs may have gone unexercised by all the mocha processes
 * together (parallel workers each record theirs: openapi-contract-hook.ts). Prints the pairs left.
 *
 *   npx tsx test/helpers/openapi-coverage-check.ts
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentedPairs } from './openapi-contract.js';
import { COVERAGE_DIR, MAX_UNEXERCISED } from './openapi-contract-hook.js';

interface Record {
  ran: string[];
  exercised: string[];
}

const records: Record[] = existsSync(COVERAGE_DIR)
  ? readdirSync(COVERAGE_DIR)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(join(COVERAGE_DIR, f), 'utf8')) as Record)
  : [];
const ran = new Set(records.flatMap((r) => r.ran));
const exercised = new Set(records.flatMap((r) => r.exercised));
const httpSpecs = readdirSync('test/http').filter((f) => f.endsWith('.spec.ts')).map((f) => `test/http/${f}`);
const notRun = httpSpecs.filter((spec) => !ran.has(spec));
if (notRun.length > 0) {
  console.log(`OpenAPI coverage not checked: ${notRun.length} of ${httpSpecs.length} test/http specs did not run (${notRun.slice(0, 3).join(', ')}…)`);
  process.exit(records.length === 0 ? 1 : 0);
}
const pairs = documentedPairs();
const missing = pairs.filter((pair) => !exercised.has(pair));
const covered = pairs.length - missing.length;
console.log(`OpenAPI coverage: ${covered} of ${pairs.length} documented (operation, status) pairs exercised by the tests (${((100 * covered) / pairs.length).toFixed(1)}%); not exercised:\n${missing.map((pair) => `  ${pair}`).join('\n')}`);
if (missing.length > MAX_UNEXERCISED) {
  console.error(`${missing.length} documented (operation, status) pairs were exercised by no test (at most ${MAX_UNEXERCISED} allowed)`);
  process.exit(1);
}
