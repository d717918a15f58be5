import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('config: PostgreSQL stores', () => {
  const url = 'postgres://kyc:secret@db:5432/kyc';

  it('takes postgres:// and postgresql:// for the events and the read models', () => {
    expect(loadConfig({ SVC_EVENTSTORE: url }).eventStore).to.deep.equal({ kind: 'postgres', connectionString: url });
    expect(loadConfig({ SVC_EVENTSTORE: 'postgresql://db/kyc' }).eventStore.kind).to.equal('postgres');
    expect(loadConfig({ SVC_READSTORE: url }).readStore).to.deep.equal({ kind: 'postgres', connectionString: url });
    expect(loadConfig({ SVC_READSTORE: 'postgresql://db/kyc' }).readStore.kind).to.equal('postgres');
  });

  it('mixes engines: SQLite or EventStoreDB events with PostgreSQL read models, and the reverse', () => {
    expect(loadConfig({ SVC_READSTORE: url }).eventStore.kind).to.equal('sqlite');
    expect(loadConfig({ SVC_EVENTSTORE: 'esdb://localhost:2113?tls=false', SVC_READSTORE: url }).eventStore.kind).to.equal('esdb');
    expect(loadConfig({ SVC_EVENTSTORE: url }).readStore.kind).to.equal('sqlite');
  });

  it('SVC_BLOBSTORE=postgres needs a postgres:// read store, with a clear error otherwise', () => {
    expect(loadConfig({ SVC_READSTORE: url, SVC_BLOBSTORE: 'postgres' }).blobStore).to.equal('postgres');
    for (const readStore of [undefined, 'mongodb://localhost/kyc']) {
      const env = { SVC_BLOBSTORE: 'postgres', ...(readStore ? { SVC_READSTORE: readStore } : {}) };
      expect(() => loadConfig(env)).to.throw(ConfigError, 'SVC_BLOBSTORE=postgres needs a postgres:// SVC_READSTORE');
    }
    // the events alone on PostgreSQL are not where the blobs go
    expect(() => loadConfig({ SVC_EVENTSTORE: url, SVC_BLOBSTORE: 'postgres' })).to.throw(ConfigError, /needs a postgres:\/\/ SVC_READSTORE/);
    expect(() => loadConfig({ SVC_READSTORE: url, SVC_BLOBSTORE: 'gridfs' })).to.throw(ConfigError, /gridfs needs a mongodb:\/\//);
  });

  it('names postgres:// in the errors for anything else', () => {
    expect(() => loadConfig({ SVC_EVENTSTORE: 'mysql://db/kyc' })).to.throw(ConfigError, 'SVC_EVENTSTORE must be sqlite, an esdb:// or a postgres:// connection string');
    expect(() => loadConfig({ SVC_READSTORE: 'postgres:/db' })).to.throw(ConfigError, 'SVC_READSTORE must be sqlite, a mongodb:// or a postgres:// connection string');
    expect(() => loadConfig({ SVC_BLOBSTORE: 's3' })).to.throw(ConfigError, 'SVC_BLOBSTORE must be fs, gridfs or postgres');
  });
});
