import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate, openDatabase } from './database.ts';
import { DataDirLockedError, lockDataDir } from './lock.ts';

describe('database', () => {
  it('creates organisation 0, the provider’s non-private organisation, in the first migration; migrating again changes nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'groeipad-db-'));
    const first = await openDatabase({ dataDir });
    const zero = await first.db
      .selectFrom('organisations')
      .select(['id', 'name'])
      .where('id', '=', 0)
      .executeTakeFirst();
    expect(zero).toEqual({ id: 0, name: 'Groeipad' });
    await migrate(first.db);
    await first.close();

    const reopened = await openDatabase({ dataDir });
    const { rows } = await sql<{
      count: number;
    }>`select count(*)::int as count from organisations where id = 0`.execute(reopened.db);
    expect(rows[0]!.count).toBe(1);
    // the sequence starts after 0: a new organisation never collides with the provider's
    const created = await reopened.db
      .insertInto('organisations')
      .values({
        name: 'n',
        type: 'COMPANY',
        street_name: 's',
        street_number: '1',
        postal_code: 'p',
        city: 'c',
        country: 'NL',
        email: 'e@x.nl',
        phone_number: '1',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(created.id).toBeGreaterThan(0);
    await reopened.close();
  });

  it('locks the data directory: a live holder makes a second lock fail at once; a dead holder’s lock is taken over', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'groeipad-lock-'));
    const lockFile = join(dataDir, 'groeipad.lock');
    writeFileSync(lockFile, String(process.ppid));
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dataDir)).toThrow(`pid ${process.ppid}`);

    writeFileSync(lockFile, '999999999');
    const release = lockDataDir(dataDir);
    expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile)).toBe(false);
  });
});
