import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { root } from './server-process.ts';

const run = promisify(execFile);
const folder = () => mkdtempSync(join(tmpdir(), 'groeipad-ops-'));

async function users(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ dataDir });
  try {
    return (
      await sql<{ email: string }>`select email from users order by email`.execute(database.db)
    ).rows.map((row) => row.email);
  } finally {
    await database.close();
  }
}

/**
 * The operator's commands as npm runs them, on an embedded installation (the library under them, on
 * both databases: backup.test.ts); once, in the PGlite pass of `npm test`.
 */
describe.skipIf(inject('databaseUrl'))(
  'npm run backup / restore (embedded, PGlite pass)',
  { timeout: 120_000 },
  () => {
    it('backs an embedded installation up and restores it into another; a used target is refused', async () => {
      const source = folder();
      const seeded = await openDatabase({ dataDir: source });
      await sql`insert into users (email, password_hash, language) values ('a@school.nl', 'x', 'nl')`.execute(
        seeded.db,
      );
      await seeded.close();
      const archive = join(folder(), 'backup.tar.gz');
      const env = { ...process.env, LOG_LEVEL: 'silent' };

      const backedUp = await run('npm', ['run', '--silent', 'backup', '--', archive], {
        cwd: root,
        env: { ...env, DATA_DIR: source },
      });
      expect(backedUp.stdout).toMatch(/Backed up \d+ rows in \d+ tables, 0 files/);
      const target = folder();
      const restored = await run('npm', ['run', '--silent', 'restore', '--', archive], {
        cwd: root,
        env: { ...env, DATA_DIR: target },
      });
      expect(restored.stdout).toContain('Restored');
      expect(await users(target)).toEqual(['a@school.nl']);

      const again = run('npm', ['run', '--silent', 'restore', '--', archive], {
        cwd: root,
        env: { ...env, DATA_DIR: target },
      });
      await expect(again).rejects.toMatchObject({
        stderr: expect.stringContaining('not empty: users has rows'),
      });
    });
  },
);
