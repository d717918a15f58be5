import { readdirSync } from 'node:fs';
import type { Suite } from 'mocha';
import { contractRecord, documentedPairs } from './openapi-contract.js';

/**
 * Most documented (operation, status) pairs no test may leave unexercised, when the whole HTTP
 * suite ran (the run prints them). Those left are mostly 409 concurrent_update of writes on
 * resources the sweep (contract-sweep.spec.ts) does not create, and 500 of routes answered from
 * memory (the list catalog, the metrics registry).
 */
export const MAX_UNEXERCISED = 32;

function filesOf(suite: Suite, into: Set<string>): Set<string> {
  if (suite.file) into.add(suite.file.replace(/\\/g, '/'));
  for (const child of suite.suites) filesOf(child, into);
  return into;
}

/**
 * Mocha root hook (required from .mocharc.json): after the run, every response any test's
 * service answered must have matched the OpenAPI document; when every test/http spec ran, at
 * most MAX_UNEXERCISED documented (operation, status) pairs may have gone unexercised.
 */
export const mochaHooks = {
  afterAll(this: Mocha.Context): void {
    // SVC_OPENAPI_ONLY=/operator/ narrows the report to one part of the document while it is written
    const only = process.env['SVC_OPENAPI_ONLY'];
    const failures = contractRecord.failures.filter((failure) => !only || failure.includes(only));
    if (failures.length > 0) {
      const counts = new Map<string, number>();
      for (const failure of failures) counts.set(failure, (counts.get(failure) ?? 0) + 1);
      const shown = [...counts].sort().slice(0, 200).map(([failure, n]) => `  ${failure}${n > 1 ? ` (×${n})` : ''}`);
      throw new Error(`${failures.length} response(s) did not match openapi/openapi.yaml (${counts.size} distinct):\n${shown.join('\n')}`);
    }
    const ran = filesOf(this.test!.parent!, new Set());
    const httpSpecs = readdirSync('test/http').filter((f) => f.endsWith('.spec.ts'));
    if (!httpSpecs.every((f) => [...ran].some((file) => file.endsWith(`test/http/${f}`)))) return;
    const pairs = documentedPairs();
    const missing = pairs.filter((pair) => !contractRecord.exercised.has(pair));
    const covered = pairs.length - missing.length;
    console.log(`\nOpenAPI coverage: ${covered} of ${pairs.length} documented (operation, status) pairs exercised by the tests (${((100 * covered) / pairs.length).toFixed(1)}%); not exercised:\n${missing.map((pair) => `  ${pair}`).join('\n')}`);
    if (missing.length > MAX_UNEXERCISED) {
      throw new Error(`${missing.length} documented (operation, status) pairs were exercised by no test (at most ${MAX_UNEXERCISED} allowed)`);
    }
  },
};
