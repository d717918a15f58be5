import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { TEST_PASSWORD } from './dashboard.js';

/**
 * A real Chromium for the dashboard's browser tests: the one @sparticuz/chromium ships (the PDF
 * renderer's), or SVC_CHROMIUM_PATH (Debian's chromium in the container).
 */
export async function launchBrowser(): Promise<Browser> {
  const { default: chromium } = await import('@sparticuz/chromium');
  return puppeteer.launch({
    executablePath: process.env['SVC_CHROMIUM_PATH'] || (await chromium.executablePath()),
    headless: 'shell',
    args: [...chromium.args.filter((a) => a !== '--single-process'), '--no-sandbox'],
    pipe: true,
    defaultViewport: { width: 1280, height: 900 },
    env: { ...process.env, FONTCONFIG_PATH: join(tmpdir(), 'fonts') },
  });
}

/** What went wrong on a page while a test drove it: CSP refusals, script errors, failed requests. */
export function watchPage(page: Page): { problems: string[] } {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error instanceof Error ? error.message : String(error)}`));
  page.on('dialog', async (dialog) => {
    // an alert() would mean a payload ran
    problems.push(`dialog: ${dialog.message()}`);
    await dialog.dismiss();
  });
  return { problems };
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe-core on the page as it is: the serious and critical violations (WCAG 2.x A/AA rules and best practices). */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // evaluated through the DevTools protocol, which the page's CSP (scripts from itself only) does not govern
  if (!(await page.evaluate('typeof axe !== "undefined"'))) await page.evaluate(AXE_SOURCE);
  const result = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) })))`)) as AxeViolation[];
  return result.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** docs/screens/<name>.png when SVC_WRITE_SCREENS is set (`npm run screens`); otherwise a temporary file. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const dir = process.env['SVC_WRITE_SCREENS'] ? join(import.meta.dirname, '..', '..', 'docs', 'screens') : join(tmpdir(), 'svc-screens');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path: path as `${string}.png`, fullPage: true });
  return path;
}

/** Clicks what submits a form and waits for the page it leads to. */
export async function submitAndWait(page: Page, selector: string): Promise<void> {
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click(selector)]);
}

/**
 * A person accepting an invitation in this page: the link's path on the service's own address
 * (the link is built on SVC_PUBLIC_BASE_URL), the test password set, then signed in to the queue.
 */
export async function acceptInviteAndSignIn(page: Page, base: string, inviteUrl: string, email: string): Promise<void> {
  await page.goto(new URL(new URL(inviteUrl).pathname, base).href, { waitUntil: 'load' });
  await page.type('#password', TEST_PASSWORD);
  await page.type('#password_confirm', TEST_PASSWORD);
  await submitAndWait(page, 'form button[type=submit]');
  await page.type('#email', email);
  await page.type('#password', TEST_PASSWORD);
  await submitAndWait(page, 'form button[type=submit]');
  if (new URL(page.url()).pathname !== '/dashboard/') throw new Error(`signing in ended on ${page.url()}`);
}
