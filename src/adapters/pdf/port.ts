/** HTML to PDF. Adapter: puppeteer-core driving Chromium (`./puppeteer.ts`). */
export interface RenderOptions {
  /** text at the left of every page's footer, beside the page numbers */
  footer?: string;
  /**
   * the document's date, written as the PDF's creation and modification dates instead of the
   * wall clock, so the same HTML and date give the same bytes
   */
  documentDate?: Date;
}

export interface PdfRenderer {
  /** A4, printed backgrounds, "Página N de M" in the footer. */
  render(html: string, options?: RenderOptions): Promise<Buffer>;
  /** Waits for renders in flight, then closes the browser; later renders fail. */
  close(): Promise<void>;
}

/** Pages of a PDF as Chromium (Skia) writes it: one uncompressed `/Type /Page` dictionary per page. */
export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g) ?? []).length;
}
