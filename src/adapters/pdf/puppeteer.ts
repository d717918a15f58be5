import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import escapeHtml from 'escape-html';
import puppeteer, { type Browser, type HTTPRequest, type Page, type PDFOptions } from 'puppeteer-core';
import type { Logger } from '../../logger.js';
import type { PdfRenderer, RenderOptions } from './port.js';

export interface PuppeteerRendererOptions {
  /** SVC_CHROMIUM_PATH; null uses the Chromium packaged in @sparticuz/chromium (no browser install needed) */
  executablePath: string | null;
  /** pages rendering at once; default: the CPU cores */
  concurrency?: number;
  /** per document: loading the HTML and printing it */
  timeoutMs?: number;
  logger?: Logger;
}

/** Flags for a browser that only ever prints local HTML: no network chatter, no sandbox (we run as root). */
const COMMON_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-sync',
  '--no-first-run',
  '--mute-audio',
];

const MARGIN = { top: '14mm', bottom: '16mm', left: '14mm', right: '14mm' };

/**
 * Chromium through puppeteer-core: one browser, launched on first use and reused; pages kept
 * in a pool; at most `concurrency` documents printing at once (the rest wait their turn). A
 * browser that crashed or disconnected is dropped and a new one launched by the next render;
 * a render caught by the crash is retried once on the new browser.
 */
export class PuppeteerPdfRenderer implements PdfRenderer {
  readonly concurrency: number;
  private readonly timeoutMs: number;
  private browser: Promise<Browser> | null = null;
  private idlePages: Page[] = [];
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  private closed = false;

  constructor(private readonly options: PuppeteerRendererOptions) {
    this.concurrency = Math.max(1, options.concurrency ?? availableParallelism());
    this.timeoutMs = options.timeoutMs ?? 60_000;
  }

  render(html: string, options: RenderOptions = {}): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('the PDF renderer is closed'));
    const job = this.withSlot(async () => {
      try {
        return await this.renderOnce(html, options);
      } catch (error) {
        if (this.closed || !(error instanceof BrowserGone)) throw error;
        this.options.logger?.warn('browser lost during a render; retrying on a new one');
        return this.renderOnce(html, options);
      }
    });
    this.inFlight.add(job);
    void job.catch(() => {}).finally(() => this.inFlight.delete(job));
    return job;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.inFlight]);
    const browser = this.browser;
    this.browser = null;
    this.idlePages = [];
    if (browser) await (await browser.catch(() => null))?.close().catch(() => {});
  }

  /** PID of the current browser, if one is running (operations and tests). */
  async browserProcessId(): Promise<number | null> {
    const browser = this.browser ? await this.browser.catch(() => null) : null;
    return browser?.process()?.pid ?? null;
  }

  private async renderOnce(html: string, options: RenderOptions): Promise<Buffer> {
    const page = await this.takePage();
    let reusable = false;
    try {
      await page.setContent(html, { waitUntil: 'load', timeout: this.timeoutMs });
      const pdf = await page.pdf(printOptions(options.footer ?? '', this.timeoutMs));
      reusable = true;
      const stable = renumberNodeIds(Buffer.from(pdf));
      return options.documentDate ? stampDates(stable, options.documentDate) : stable;
    } catch (error) {
      if (!page.browser().connected) throw new BrowserGone(error);
      throw error;
    } finally {
      if (reusable && !this.closed && page.browser().connected && this.idlePages.length < this.concurrency) this.idlePages.push(page);
      else await page.close().catch(() => {});
    }
  }

  private async takePage(): Promise<Page> {
    const browser = await this.currentBrowser();
    for (let page = this.idlePages.pop(); page; page = this.idlePages.pop()) {
      if (!page.isClosed() && page.browser() === browser) return page;
    }
    try {
      const page = await browser.newPage();
      // the HTML is ours and fully escaped; still, nothing in it may run or reach the network
      await page.setJavaScriptEnabled(false);
      await page.setRequestInterception(true);
      page.on('request', (request: HTTPRequest) => void (request.url().startsWith('data:') ? request.continue() : request.abort()).catch(() => {}));
      return page;
    } catch (error) {
      if (!browser.connected) throw new BrowserGone(error);
      throw error;
    }
  }

  private currentBrowser(): Promise<Browser> {
    if (this.browser) return this.browser;
    const launching = this.launch();
    this.browser = launching;
    launching.then(
      (browser) =>
        browser.once('disconnected', () => {
          if (this.browser !== launching) return;
          this.options.logger?.warn('PDF browser disconnected; a new one starts with the next render');
          this.browser = null;
          this.idlePages = [];
        }),
      () => {
        if (this.browser === launching) this.browser = null;
      },
    );
    return launching;
  }

  private async launch(): Promise<Browser> {
    if (this.options.executablePath) {
      return puppeteer.launch({ executablePath: this.options.executablePath, headless: true, args: COMMON_ARGS, pipe: true });
    }
    const { default: chromium } = await import('@sparticuz/chromium');
    const executablePath = await chromium.executablePath();
    // --single-process suits one page in a lambda; here pages print side by side, and a crashed
    // page must not take the browser down with it
    const args = [...new Set([...chromium.args.filter((a) => a !== '--single-process'), ...COMMON_ARGS])];
    return puppeteer.launch({
      executablePath,
      headless: 'shell',
      args,
      // DevTools over the process's pipes: if this process dies (even by SIGKILL) the browser reads
      // the end of its pipe and exits, instead of living on as an orphan
      pipe: true,
      // the fonts packaged with it (Open Sans, extracted beside the binary): the same glyphs on every machine
      env: { ...process.env, FONTCONFIG_PATH: join(tmpdir(), 'fonts') },
    });
  }

  private async withSlot<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await work();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

class BrowserGone extends Error {
  constructor(readonly reason: unknown) {
    super('the browser disconnected');
    this.name = 'BrowserGone';
  }
}

function printOptions(footer: string, timeout: number): PDFOptions {
  return {
    format: 'A4',
    printBackground: true,
    displayHeaderFooter: true,
    headerTemplate: '<span></span>',
    footerTemplate: `<div style="font-family:'Open Sans','DejaVu Sans',sans-serif;font-size:7pt;color:#5b6470;width:100%;margin:0 ${MARGIN.left};display:flex;justify-content:space-between;">
<span>${escapeHtml(footer)}</span><span>Página <span class="pageNumber"></span> de <span class="totalPages"></span></span></div>`,
    margin: MARGIN,
    timeout,
  };
}

/**
 * Chromium writes the wall-clock time as the PDF's creation and modification dates; the
 * document's own date goes there instead, same length, so byte offsets stay valid.
 */
function stampDates(pdf: Buffer, date: Date): Buffer {
  const iso = date.toISOString();
  const stamp = `D:${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}+00'00'`;
  const text = pdf.toString('latin1');
  const stamped = text.replace(/\/(CreationDate|ModDate) \((D:\d{14}(?:[+-]\d{2}'\d{2}'|Z))\)/g, (whole, key: string, value: string) =>
    value.length === stamp.length ? `/${key} (${stamp})` : whole,
  );
  return stamped === text ? pdf : Buffer.from(stamped, 'latin1');
}

/**
 * The tagged PDF names structure elements after DOM node ids, handed out by a counter that
 * keeps growing across the documents a pooled page prints (with gaps that depend on what else
 * asked for ids). Replacing each id by its rank among the document's ids (same width, same
 * order, so the ID tree stays sorted and byte offsets stay valid) makes the same HTML give the
 * same bytes.
 */
function renumberNodeIds(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const ids = [...new Set([...text.matchAll(/\(node(\d+)\)/g)].map((m) => m[1]!))];
  if (ids.length === 0) return pdf;
  const width = ids[0]!.length;
  if (ids.some((id) => id.length !== width) || String(ids.length).length > width) return pdf;
  const rank = new Map([...ids].sort().map((id, i) => [id, String(i + 1).padStart(width, '0')]));
  return Buffer.from(text.replace(/\(node(\d+)\)/g, (_, id: string) => `(node${rank.get(id)!})`), 'latin1');
}
