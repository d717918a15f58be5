import { expect } from 'chai';
import { startService, type TestService } from '../helpers/service.js';

describe('dashboard shell', () => {
  let service: TestService;
  before(async () => {
    service = await startService();
  });
  after(async () => service.close());

  it('serves htmx and the stylesheet from the service itself, cacheable', async () => {
    const htmx = await fetch(`${service.base}/dashboard/assets/htmx.min.js`);
    expect(htmx.status).to.equal(200);
    expect(htmx.headers.get('content-type')).to.match(/javascript/);
    expect(await htmx.text()).to.contain('htmx');
    const css = await fetch(`${service.base}/dashboard/assets/app.css`);
    expect(css.status).to.equal(200);
    expect(css.headers.get('cache-control')).to.contain('max-age');
  });

  it('answers an unknown page or asset with an HTML 404 carrying the security headers', async () => {
    for (const path of ['/dashboard/nothing-here', '/dashboard/assets/..%2Fviews%2Flayout.eta', '/dashboard/assets/constructor']) {
      const response = await fetch(`${service.base}${path}`);
      expect(response.status, path).to.equal(404);
      expect(response.headers.get('content-type')).to.match(/^text\/html/);
      expect(response.headers.get('content-security-policy')).to.contain("script-src 'self'");
      expect(response.headers.get('x-frame-options')).to.equal('DENY');
      // not no-referrer: under it a browser's form posts carry `Origin: null`, which the CSRF check refuses
      expect(response.headers.get('referrer-policy')).to.equal('same-origin');
      const html = await response.text();
      expect(html).to.contain('Não encontrado');
      expect(html).not.to.contain('<%');
    }
  });
});
