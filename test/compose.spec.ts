import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { loadConfig } from '../src/config.js';

/**
 * The structure of docker-compose.yml the service depends on. `docker compose config` cannot run
 * on machines without the compose plugin; this reads the file as compose would and checks it.
 */
describe('docker-compose.yml', () => {
  interface Service {
    image?: string;
    command?: string[];
    ports?: string[];
    environment?: Record<string, string>;
    healthcheck?: { test: string[] };
    depends_on?: Record<string, { condition: string }>;
  }
  const compose = parse(readFileSync('docker-compose.yml', 'utf8')) as { services: Record<string, Service> };
  const { kyc, eventstore, mongo } = compose.services;

  it('has the service, EventStoreDB and MongoDB, the service waiting for both to be healthy', () => {
    expect(Object.keys(compose.services).sort()).to.deep.equal(['eventstore', 'kyc', 'mongo']);
    expect(kyc!.depends_on).to.deep.equal({ eventstore: { condition: 'service_healthy' }, mongo: { condition: 'service_healthy' } });
    for (const service of [kyc, eventstore, mongo]) expect(service!.healthcheck?.test).to.be.an('array').that.is.not.empty;
  });

  it('runs MongoDB as a replica set rs0, initiated by its healthcheck, and the service names the set', () => {
    expect(mongo!.command).to.include.ordered.members(['--replSet', 'rs0']);
    const check = mongo!.healthcheck!.test.join(' ');
    expect(check).to.contain("rs.initiate({ _id: 'rs0'").and.to.contain('rs.status()').and.to.contain('isWritablePrimary');
    expect(kyc!.environment!['SVC_READSTORE']).to.match(/^mongodb:\/\/mongo:27017\/\w+\?replicaSet=rs0$/);
  });

  it('publishes EventStoreDB and MongoDB on 127.0.0.1 only', () => {
    expect(eventstore!.ports).to.deep.equal(['127.0.0.1:2113:2113']);
    expect(mongo!.ports).to.deep.equal(['127.0.0.1:27017:27017']);
  });

  it("gives the service an environment src/config.ts reads and accepts", () => {
    const env = kyc!.environment!;
    const source = readFileSync('src/config.ts', 'utf8');
    for (const name of Object.keys(env)) expect(source, name).to.contain(`'${name}'`);
    const resolved = Object.fromEntries(Object.entries(env).map(([name, value]) => [name, value.startsWith('${') ? 'x'.repeat(32) : value]));
    const config = loadConfig(resolved);
    expect(config.eventStore).to.deep.equal({ kind: 'esdb', connectionString: 'esdb://eventstore:2113?tls=false' });
    expect(config.readStore.kind).to.equal('mongo');
    expect(config.blobStore).to.equal('gridfs');
  });
});
