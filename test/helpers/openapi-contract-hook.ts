import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Suite } from 'mocha';
import { contractRecord } from './openapi-contract.js';

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

/** Where each mocha process records what its specs exercised (scripts/openapi-coverage.ts reads it). */
export const COVERAGE_DIR = join('.test-results', 'openapi-coverage');

/** Mocha global fixture (the main process, before any spec): forgets an earlier run's records. */
export function mochaGlobalSetup(): void {
  rmSync(COVERAGE_DIR, { recursive: true, force: true });
}

/** this process's spec files so far (a parallel worker runs several, one root hook call each) */
const ranHere = new Set<string>();

/**
 * Mocha root hook (required from .mocharc.json). After each spec file in parallel mode (after the
 * run when serial): every response any test's service answered must have matched the OpenAPI
 * document, and what was exercised is recorded for scripts/openapi-coverage.ts, which `npm test`
 * runs after mocha: when every test/http spec ran, at most MAX_UNEXERCISED documented
 * (operation, status) pairs may have gone unexercised by all the processes together.
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
      contractRecord.failures.length = 0; // reported once, by the file whose tests made them
      throw new Error(`${failures.length} response(s) did not match openapi/openapi.yaml (${counts.size} distinct):\n${shown.join('\n')}`);
    }
    for (const file of filesOf(this.test!.parent!, new Set())) ranHere.add(relative(process.cwd(), file).replace(/\\/g, '/'));
    mkdirSync(COVERAGE_DIR, { recursive: true });
    const record = { ran: [...ranHere].sort(), exercised: [...contractRecord.exercised].sort() };
    writeFileSync(join(COVERAGE_DIR, `${process.pid}.json`), JSON.stringify(record));
  },
};
