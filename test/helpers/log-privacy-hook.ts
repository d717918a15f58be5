import { findLeaks } from './log-privacy.js';

/**
 * Mocha root hook (required from .mocharc.json): after every suite of the run, no log line of
 * any service a test started may hold a document, name, e-mail, key, secret or file token the
 * tests sent or received.
 */
export const mochaHooks = {
  afterAll(): void {
    const leaks = findLeaks();
    if (leaks.length === 0) return;
    const shown = leaks.slice(0, 10).map(({ label, value, line }) => `  [${label}] ${JSON.stringify(value.slice(0, 60))} in ${line.slice(0, 300)}`);
    throw new Error(`${leaks.length} log line(s) hold personal data or secrets the tests sent or received:\n${shown.join('\n')}`);
  },
};
