import { expect } from 'chai';
import { ConfigError, loadConfig, PORTAL_TRANSPARENCIA_API } from '../../src/config.js';

/** The Portal da Transparência API settings (issue 31). */
describe('config: the Portal da Transparência API', () => {
  it('defaults to the official URL, no key (the download files are fetched) and 300 requests a minute, under the published 400', () => {
    expect(loadConfig({}).portalTransparencia).to.deep.equal({ url: PORTAL_TRANSPARENCIA_API, key: null, requestsPerMinute: 300 });
    expect(PORTAL_TRANSPARENCIA_API).to.equal('https://api.portaldatransparencia.gov.br/api-de-dados');
  });

  it('reads the URL (without a trailing slash), the key and the rate', () => {
    const config = loadConfig({ SVC_PORTAL_TRANSPARENCIA_URL: 'http://127.0.0.1:9/api-de-dados/', SVC_PORTAL_TRANSPARENCIA_KEY: ' k3y ', SVC_PORTAL_TRANSPARENCIA_RATE_PER_MINUTE: '700' });
    expect(config.portalTransparencia).to.deep.equal({ url: 'http://127.0.0.1:9/api-de-dados', key: 'k3y', requestsPerMinute: 700 });
  });

  it('refuses a URL that is not http(s) and a rate that is not a positive integer', () => {
    expect(() => loadConfig({ SVC_PORTAL_TRANSPARENCIA_URL: 'file:///etc' })).to.throw(ConfigError, /SVC_PORTAL_TRANSPARENCIA_URL/);
    expect(() => loadConfig({ SVC_PORTAL_TRANSPARENCIA_RATE_PER_MINUTE: '0' })).to.throw(ConfigError, /SVC_PORTAL_TRANSPARENCIA_RATE_PER_MINUTE/);
  });
});
