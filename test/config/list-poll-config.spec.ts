import { expect } from 'chai';
import { loadConfig, ConfigError } from '../../src/config.js';

describe('list poll periods (config)', () => {
  const periods = (env: Record<string, string>) => loadConfig({ SVC_DATA_DIR: '/tmp/x', ...env }).lists.pollSeconds;

  it('polls the sanctions lists every 300 s and the Brazilian ones every 3600 s by default', () => {
    const p = periods({});
    expect([p['ofac_sdn'], p['un_sc'], p['eu_fsf'], p['uk_fcdo']]).to.deep.equal([300, 300, 300, 300]);
    expect([p['br_ceis'], p['br_pep'], p['br_trabalho_escravo']]).to.deep.equal([3600, 3600, 3600]);
  });

  it('SVC_LISTS_POLL_SECONDS overrides every list, SVC_LIST_<LIST_ID>_POLL_SECONDS one', () => {
    const p = periods({ SVC_LISTS_POLL_SECONDS: '60', SVC_LIST_UN_SC_POLL_SECONDS: '10' });
    expect([p['ofac_sdn'], p['un_sc'], p['br_ceis']]).to.deep.equal([60, 10, 60]);
    expect(periods({ SVC_LIST_BR_CEIS_POLL_SECONDS: '600' })).to.deep.include({ br_ceis: 600, un_sc: 300 });
  });

  it('refuses nonsense at start-up with a clear message', () => {
    for (const [name, value] of [
      ['SVC_LISTS_POLL_SECONDS', '0'],
      ['SVC_LISTS_POLL_SECONDS', '5m'],
      ['SVC_LISTS_POLL_SECONDS', '1.5'],
      ['SVC_LIST_UN_SC_POLL_SECONDS', '-1'],
      ['SVC_LIST_OFAC_SDN_POLL_SECONDS', String(8 * 86_400)],
    ] as const) {
      expect(() => periods({ [name]: value }), `${name}=${value}`).to.throw(ConfigError, `${name} must be an integer from 1 to 604800`);
    }
  });
});
