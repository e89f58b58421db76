import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrganisation, buildUser, createTestApp, login, type TestApp } from '../../test/helpers.ts';
import { findMembershipRole } from '../modules/organisations/repository.ts';
import { MAX_PREPARED, prepared, preparedName, preparedTexts } from './prepared.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('prepared statements', () => {
  it('names a marked text, the same name for the same text, and nothing else', () => {
    const text = sql`select 1 as one ${prepared}`.compile(t.ctx.db).sql;
    const name = preparedName(text);
    expect(name).toMatch(/^groeipad_\d+$/);
    expect(preparedName(`${text}`)).toBe(name);
    expect(preparedName(sql`select 2 as two ${prepared}`.compile(t.ctx.db).sql)).not.toBe(name);
    expect(preparedName('select 1 as one')).toBeUndefined();
  });

  it('prepares a marked statement once on its PostgreSQL connection; on PGlite sends it as it is', async () => {
    const user = await buildUser(t);
    const organisation = await buildOrganisation(t, (await login(t, user.email)).accessToken);
    await t.ctx.db.connection().execute(async (connection) => {
      for (let i = 0; i < 3; i++)
        expect(await findMembershipRole(connection, organisation.id, user.id)).toBe('OWNER');
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        connection,
      );
      const membership = rows.filter((row) => row.statement.includes('from "memberships"'));
      if (t.database.kind === 'postgres') {
        expect(membership).toHaveLength(1);
        expect(preparedTexts()).toContain(membership[0]!.statement);
      } else expect(membership).toEqual([]);
    });
  });

  it('stops naming past MAX_PREPARED texts: a marked statement past them runs unnamed', () => {
    for (let i = preparedTexts().length; i < MAX_PREPARED; i++)
      expect(preparedName(`select ${i} /* prepared */`)).toBeDefined();
    expect(preparedName('select -1 /* prepared */')).toBeUndefined();
    expect(preparedTexts()).toHaveLength(MAX_PREPARED);
  });
});
