import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string | undefined;
    /** A dump of a migrated PGlite data directory every test file starts from (PGlite runs). */
    pgliteTemplate: string | undefined;
  }
}

/** Migrates one PGlite and dumps its data directory: a test file loads it in 0.3 s instead of 2 s. */
async function pgliteTemplate(): Promise<{ file: string; remove: () => void }> {
  const handle = await openDatabase({ dataDir: 'memory://' });
  const dump = await handle.pglite!.dumpDataDir('none');
  await handle.close();
  const dir = mkdtempSync(join(tmpdir(), 'groeipad-template-'));
  const file = join(dir, 'pglite.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * TEST_DATABASE=postgres (with TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres):
 * the run gets its own fresh database, dropped afterwards. Otherwise every test file opens its own
 * in-memory PGlite.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE !== 'postgres') {
    const template = await pgliteTemplate();
    project.provide('databaseUrl', undefined);
    project.provide('pgliteTemplate', template.file);
    console.log('[api tests] database: PGlite (in memory, one per test file, from one migrated template)');
    return template.remove;
  }
  project.provide('pgliteTemplate', undefined);
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
