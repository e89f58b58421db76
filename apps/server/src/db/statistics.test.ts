import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { keepStatistics } from './statistics.ts';

/** What autovacuum would do, done where there is none (PGlite; on PostgreSQL the same call works alike). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function counters(table: string) {
  await sql`select pg_stat_force_next_flush()`.execute(t.database.db);
  const { rows } = await sql<{ modified: number; dead: number; analyzed: boolean }>`
    select n_mod_since_analyze::int as modified, n_dead_tup::int as dead,
           (last_analyze is not null or last_autoanalyze is not null) as analyzed
    from pg_stat_user_tables where relname = ${table}`.execute(t.database.db);
  return rows[0]!;
}

describe('keepStatistics', () => {
  it('analyzes a table once a tenth of it changed and vacuums one with a fifth of it dead, and leaves the rest', async () => {
    const db = t.database.db;
    await sql`create table statistics_probe (id int primary key, note text)`.execute(db);
    await sql`create table statistics_quiet (id int primary key)`.execute(db);
    await sql`insert into statistics_quiet select generate_series(1, 10)`.execute(db);
    await keepStatistics(db);
    expect((await counters('statistics_quiet')).analyzed).toBe(false);

    await sql`insert into statistics_probe select n, 'a' from generate_series(1, 2000) n`.execute(db);
    const first = await keepStatistics(db);
    expect(first.analyzed).toContain('statistics_probe');
    expect(first.vacuumed).not.toContain('statistics_probe');
    expect(first.analyzed).not.toContain('statistics_quiet');
    expect(await counters('statistics_probe')).toMatchObject({ modified: 0, analyzed: true });
    const { rows } = await sql<{ estimate: number }>`
      select reltuples::int as estimate from pg_class where relname = 'statistics_probe'`.execute(db);
    expect(rows[0]!.estimate).toBe(2000);

    await sql`update statistics_probe set note = 'b' where id <= 600`.execute(db);
    const second = await keepStatistics(db);
    expect(second.vacuumed).toContain('statistics_probe');
    expect((await counters('statistics_probe')).dead).toBe(0);
    // Nothing changed since: nothing to do.
    const third = await keepStatistics(db);
    expect(third.analyzed).not.toContain('statistics_probe');
    await sql`drop table statistics_probe, statistics_quiet`.execute(db);
  });
});
