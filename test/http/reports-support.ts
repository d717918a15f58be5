import type { Clock } from '../../src/adapters/clock.js';
import { borrowedRenderer } from '../helpers/pdf.js';
import { startService, type TestService } from '../helpers/service.js';

/**
 * The service as test/helpers/service.ts starts it, with the test run's one browser lent to
 * it, so every report and laudo test prints through the same Chromium.
 */
export function startPdfService(options: { clock?: Clock; env?: Record<string, string> } = {}): Promise<TestService> {
  return startService({
    ...(options.clock ? { clock: options.clock } : {}),
    env: { SVC_RATE_LIMIT_PER_MINUTE: '1000000', SVC_PUBLIC_BASE_URL: 'https://files.example.test', ...options.env },
    overrides: () => ({ pdfRenderer: borrowedRenderer() }),
  });
}

/** A signed file URL of the service, fetched from this test's server (the public base is not reachable). */
export function localFileUrl(service: TestService, location: string): string {
  const path = new URL(location).pathname;
  return `${service.base}${path}`;
}
