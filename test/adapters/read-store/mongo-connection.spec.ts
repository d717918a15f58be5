import { expect } from 'chai';
import { checkReplicaSet, mongoClient, StandaloneMongoError } from '../../../src/adapters/read-store/mongo-connection.js';

describe('MongoDB connection', () => {
  const answering = (hello: Record<string, unknown>) => ({ command: async () => ({ ok: 1, ...hello }) });

  it('refuses a standalone server with an error that says how to start a replica set', async () => {
    let failed: unknown;
    await checkReplicaSet(answering({ isWritablePrimary: true })).catch((error: unknown) => (failed = error));
    expect(failed).to.be.instanceOf(StandaloneMongoError);
    expect((failed as Error).message).to.contain('--replSet rs0').and.to.contain('replicaSet=rs0');
  });

  it('accepts a replica set member (transactions on) and a mongos', async () => {
    expect(await checkReplicaSet(answering({ isWritablePrimary: true, setName: 'rs0' }))).to.equal(true);
    expect(await checkReplicaSet(answering({ isWritablePrimary: true, msg: 'isdbgrid' }))).to.equal(true);
  });

  it('accepts a standalone only through the test escape hatch, without transactions', async () => {
    expect(await checkReplicaSet(answering({ isWritablePrimary: true }), { allowStandalone: true })).to.equal(false);
  });

  it('builds a client whose default write concern is majority and journaled, with majority reads', async () => {
    // constructing a client does not connect
    const client = mongoClient('mongodb://127.0.0.1:9/kyc?replicaSet=rs0');
    expect(client.writeConcern?.w).to.equal('majority');
    expect(client.writeConcern?.journal).to.equal(true);
    expect(client.readConcern?.level).to.equal('majority');
    await client.close();
  });
});
