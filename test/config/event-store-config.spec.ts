import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('config: SVC_EVENTSTORE', () => {
  it('refuses kurrentdb://, which the 6.2.1 client cannot parse, pointing at esdb://', () => {
    for (const address of ['kurrentdb://localhost:2113?tls=false', 'kurrentdb+discover://node:2113']) {
      expect(() => loadConfig({ SVC_EVENTSTORE: address })).to.throw(ConfigError, /kurrentdb:\/\/ is not supported.*esdb:\/\//);
    }
  });

  it('takes esdb:// and esdb+discover://', () => {
    expect(loadConfig({ SVC_EVENTSTORE: 'esdb://localhost:2113?tls=false' }).eventStore).to.deep.equal({ kind: 'esdb', connectionString: 'esdb://localhost:2113?tls=false' });
    expect(loadConfig({ SVC_EVENTSTORE: 'esdb+discover://a:2113' }).eventStore.kind).to.equal('esdb');
  });
});
