import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PdfRenderer } from '../../src/adapters/pdf/port.js';
import { PuppeteerPdfRenderer } from '../../src/adapters/pdf/puppeteer.js';

/**
 * One browser for every test file: created on first use, closed when the whole run ends
 * (a root-level hook, registered once when this module is first imported).
 */
let shared: PuppeteerPdfRenderer | null = null;

export function sharedRenderer(): PuppeteerPdfRenderer {
  shared ??= new PuppeteerPdfRenderer({ executablePath: process.env['SVC_CHROMIUM_PATH'] || null });
  return shared;
}

/** The shared renderer lent to a service: closing the service leaves the browser running. */
export function borrowedRenderer(): PdfRenderer {
  const renderer = sharedRenderer();
  return { render: (html, options) => renderer.render(html, options), close: async () => {} };
}

after(async () => {
  await shared?.close();
  shared = null;
});

export interface PdfText {
  pages: string[];
  text: string;
  pageCount: number;
}

/** Text of every page, as a PDF reader extracts it (pdf.js). */
export async function pdfText(pdf: Buffer): Promise<PdfText> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    // glue the pieces a reader would: same baseline and touching means the same word
    let out = '';
    let last: { x: number; y: number } | null = null;
    for (const item of content.items) {
      if (!('str' in item)) continue;
      const [size, , , , x, y] = item.transform as number[];
      if (last && Math.abs(y! - last.y) < 1) out += x! - last.x > Math.max(1, Math.abs(size!) * 0.2) ? ' ' : '';
      else if (last) out += '\n';
      out += item.str;
      last = { x: x! + item.width, y: y! };
      if (item.hasEOL) {
        out += '\n';
        last = null;
      }
    }
    pages.push(out.replace(/[ \t]+/g, ' '));
  }
  await doc.destroy();
  return { pages, text: pages.join('\n'), pageCount: doc.numPages };
}
