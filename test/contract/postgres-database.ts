import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * A fresh database for a contract suite, on the server named by SVC_TEST_POSTGRES (a postgres://
 * URL whose user may CREATE DATABASE), or null when none is named: the suite is then skipped.
 * test/helpers/postgres.ts (a throwaway cluster per mocha process) supersedes this once merged.
 */
export async function freshDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> } | null> {
  const server = process.env.SVC_TEST_POSTGRES;
  if (!server) return null;
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
