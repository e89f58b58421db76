import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string | undefined;
  }
}

/**
 * TEST_DATABASE=postgres (with TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres):
 * the run gets its own fresh database, dropped afterwards. Otherwise every test file opens its own
 * in-memory PGlite.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE !== 'postgres') {
    project.provide('databaseUrl', undefined);
    console.log('[api tests] database: PGlite (in memory, one per test file)');
    return;
  }
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `groeipad_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  project.provide('databaseUrl', url.href);
  console.log(`[api tests] database: PostgreSQL ${url.host}/${name} (fresh for this run)`);
  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}
