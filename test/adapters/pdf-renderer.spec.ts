import { expect } from 'chai';
import { availableParallelism } from 'node:os';
import { pdfPageCount } from '../../src/adapters/pdf/port.js';
import { pdfText, sharedRenderer } from '../helpers/pdf.js';

const page = (body: string) => `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>${body}</body></html>`;

describe('PuppeteerPdfRenderer (the packaged Chromium, or SVC_CHROMIUM_PATH)', () => {
  const renderer = sharedRenderer();

  it('prints A4 pages with their text and "Página N de M" in the footer', async () => {
    const pdf = await renderer.render(page('<h1>Relatório — ação, coração, órgão</h1><div style="break-before:page">segunda página</div>'), { footer: 'Rodapé <teste>' });
    expect(pdf.subarray(0, 5).toString()).to.equal('%PDF-');
    const { pages, pageCount } = await pdfText(pdf);
    expect(pageCount).to.equal(2);
    expect(pdfPageCount(pdf)).to.equal(2);
    expect(pages[0]).to.include('Relatório — ação, coração, órgão');
    expect(pages[0]).to.include('Página 1 de 2');
    expect(pages[1]).to.include('Página 2 de 2');
    expect(pages[1]).to.include('Rodapé <teste>');
  });

  it('gives the same bytes for the same HTML and document date', async () => {
    const html = page('<p>determinístico</p>');
    const date = new Date('2026-01-02T03:04:05.000Z');
    const a = await renderer.render(html, { documentDate: date });
    const b = await renderer.render(html, { documentDate: date });
    expect(a.equals(b)).to.equal(true);
    expect(a.toString('latin1')).to.include("/CreationDate (D:20260102030405+00'00')");
  });

  it('loads nothing from the network and runs no script', async () => {
    const pdf = await renderer.render(page('<img src="http://127.0.0.1:9/x.png"><p id="p">estático</p><script>document.getElementById("p").textContent = "executado"</script>'));
    const { text } = await pdfText(pdf);
    expect(text).to.include('estático');
    expect(text).not.to.include('executado');
  });

  it('renders concurrently, bounded by the CPU cores', async () => {
    expect(renderer.concurrency).to.equal(Math.max(1, availableParallelism()));
    const pdfs = await Promise.all(Array.from({ length: 6 }, (_, i) => renderer.render(page(`<p>documento ${i}</p>`))));
    for (const [i, pdf] of pdfs.entries()) expect((await pdfText(pdf)).text).to.include(`documento ${i}`);
  });

  it('replaces a browser that crashed', async () => {
    await renderer.render(page('<p>antes</p>'));
    const pid = await renderer.browserProcessId();
    expect(pid).to.be.a('number');
    process.kill(pid!, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 200));
    const pdf = await renderer.render(page('<p>depois da queda</p>'));
    expect((await pdfText(pdf)).text).to.include('depois da queda');
    expect(await renderer.browserProcessId()).to.be.a('number').and.not.equal(pid);
  });
});
