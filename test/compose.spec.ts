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
    profiles?: string[];
    volumes?: string[];
  }
  const compose = parse(readFileSync('docker-compose.yml', 'utf8')) as { services: Record<string, Service>; volumes: Record<string, unknown> };
  const { kyc, eventstore, mongo } = compose.services;
  const inProfile = (profile: string | undefined) =>
    Object.entries(compose.services)
      .filter(([, service]) => (profile === undefined ? service.profiles === undefined : service.profiles?.includes(profile)))
      .map(([name]) => name)
      .sort();

  it('has the service, EventStoreDB and MongoDB, the service waiting for both to be healthy', () => {
    // the services of no profile: what `docker compose up` starts
    expect(inProfile(undefined)).to.deep.equal(['eventstore', 'kyc', 'mongo']);
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

  describe('the postgres profile', () => {
    const { postgres, 'kyc-pg': kycPg } = compose.services;
    /** compose's interpolation: ${NAME:-default} gives its default, a required ${NAME:?...} a 32-character stand-in */
    const interpolate = (value: string) => value.replace(/\$\{(\w+)(?::-([^}]*)|:\?[^}]*)?\}/g, (_, _name: string, fallback?: string) => fallback ?? 'x'.repeat(32));

    it('is PostgreSQL 15 and the service on it, started by --profile postgres, the service waiting for the database to be healthy', () => {
      expect(inProfile('postgres')).to.deep.equal(['kyc-pg', 'postgres']);
      expect(postgres!.image).to.equal('postgres:15');
      expect(postgres!.healthcheck?.test).to.include('pg_isready');
      expect(kycPg!.healthcheck?.test).to.be.an('array').that.is.not.empty;
      expect(kycPg!.depends_on).to.deep.equal({ postgres: { condition: 'service_healthy' } });
    });

    it('keeps the database in a named volume and publishes it on 127.0.0.1 only; the service beside the default one', () => {
      expect(postgres!.volumes).to.deep.equal(['postgres-data:/var/lib/postgresql/data']);
      expect(compose.volumes).to.have.property('postgres-data');
      expect(postgres!.ports).to.deep.equal(['127.0.0.1:5432:5432']);
      const published = (service: Service) => service.ports!.map((p) => p.split(':').slice(-2, -1)[0]);
      expect(published(kycPg!)).to.not.include.members(published(kyc!));
    });

    it('points events, read models and blobs at one database, with the user and password of the container, as src/config.ts accepts', () => {
      const env = Object.fromEntries(Object.entries(kycPg!.environment!).map(([name, value]) => [name, interpolate(value)]));
      const db = Object.fromEntries(Object.entries(postgres!.environment!).map(([name, value]) => [name, interpolate(value)]));
      const url = `postgres://${db['POSTGRES_USER']}:${db['POSTGRES_PASSWORD']}@postgres:5432/${db['POSTGRES_DB']}`;
      expect(env['SVC_EVENTSTORE']).to.equal(url);
      expect(env['SVC_READSTORE']).to.equal(url);
      expect(env['SVC_BLOBSTORE']).to.equal('postgres');
      // the same secrets as the default service: required, never defaulted
      expect(kycPg!.environment!['SVC_OPERATOR_TOKEN']).to.equal(kyc!.environment!['SVC_OPERATOR_TOKEN']);
      expect(kycPg!.environment!['SVC_SECRET_KEY']).to.equal(kyc!.environment!['SVC_SECRET_KEY']);
      const source = readFileSync('src/config.ts', 'utf8');
      for (const name of Object.keys(env)) expect(source, name).to.contain(`'${name}'`);
      const config = loadConfig(env);
      expect(config.eventStore).to.deep.equal({ kind: 'postgres', connectionString: url });
      expect(config.readStore).to.deep.equal({ kind: 'postgres', connectionString: url });
      expect(config.blobStore).to.equal('postgres');
    });
  });
});
