import { defaultAdminRole, type TrajectoryImportRow, type TrajectoryRoleInput } from '@groeipad/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  buildOrganisation,
  buildUser,
  call,
  createTestApp,
  login,
  type TestApp,
  tokensFor,
} from '../../../test/helpers.ts';
import { field, studentRole } from '../../../test/trajectory-fixture.ts';
import { selectTrajectoryItems } from './repository.ts';

/**
 * New trajectories from a spreadsheet (issue 22): the check lists what is wrong per row, the import
 * makes all rows in one transaction or nothing, the student gets the chosen role, the columns land in
 * the information (D14, D40) and group-by sees the class (D34).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const docent = defaultAdminRole([], 'Docent');
const student: TrajectoryRoleInput = studentRole();

/** A school: a teacher (owner) with a trajectory blueprint (Naam, Uren, Motivatie…) and two pupils as members. */
async function school() {
  const teacher = await buildUser(t);
  const org = await buildOrganisation(t, (await login(t, teacher.email)).accessToken);
  const token = (await tokensFor(t, teacher.email, org.id)).accessToken;
  const pupils = [await buildUser(t), await buildUser(t)];
  for (const pupil of pupils) await addMember(t, org.id, pupil.id, 'USER');
  const blueprint = (
    await call(t, {
      method: 'POST',
      url: '/api/blueprints',
      token,
      payload: { type: 'TRAJECTORY', name: 'BPV' },
    })
  ).json();
  const patched = await call(t, {
    method: 'PATCH',
    url: `/api/blueprints/trajectories/${blueprint.id}/content`,
    token,
    payload: [
      {
        op: 'replace',
        path: '/information/fields',
        value: [field('naam', 'Naam'), field('uren', 'Uren', 'integer'), field('motivatie', 'Motivatie')],
      },
      { op: 'replace', path: '/roles', value: [docent, student] },
    ],
  });
  expect(patched.statusCode, patched.body).toBe(200);
  return {
    org,
    blueprintId: blueprint.id as number,
    teacher: { ...teacher, token },
    pupils: await Promise.all(
      pupils.map(async (pupil) => ({
        ...pupil,
        token: (await tokensFor(t, pupil.email, org.id)).accessToken,
      })),
    ),
  };
}
type School = Awaited<ReturnType<typeof school>>;

function body(s: School, rows: TrajectoryImportRow[], overrides: Record<string, unknown> = {}) {
  return {
    blueprintId: s.blueprintId,
    access: { roles: [docent, student], users: [{ user: s.teacher.email, roles: ['Docent'] }] },
    studentRole: 'Student',
    rows,
    ...overrides,
  };
}

const check = (s: School, payload: object, token = s.teacher.token) =>
  call(t, { method: 'POST', url: '/api/v2/trajectories/import/check', token, payload });
const run = (s: School, payload: object, token = s.teacher.token) =>
  call(t, { method: 'POST', url: '/api/v2/trajectories/import', token, payload });

/** What an organisation holds: trajectories, documents and access rows (nothing may be left by a refusal). */
async function holdings(organisationId: number) {
  const count = async (table: 'trajectories' | 'documents' | 'trajectory_access') =>
    Number(
      (
        await t.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('organisation_id', '=', organisationId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    trajectories: await count('trajectories'),
    documents: await count('documents'),
    access: await count('trajectory_access'),
  };
}

const list = async (token: string) =>
  (await call(t, { method: 'GET', url: '/api/v2/trajectories', token })).json() as {
    id: number;
    name: string;
    rights: string[];
  }[];

describe('trajectory import: a class in one request', () => {
  it('makes one trajectory per row: the student holds the role and sees it; columns fill fields or the map, group-by sees the class', async () => {
    const s = await school();
    const [anna, bram] = s.pupils as [School['pupils'][0], School['pupils'][0]];
    const rows: TrajectoryImportRow[] = [
      {
        name: 'Anna de Vries',
        email: anna.email.toUpperCase(),
        information: { Klas: '3A', Naam: 'Anna', Uren: '16' },
      },
      {
        name: 'Bram Jansen',
        email: ` ${bram.email} `,
        description: 'Zorgcentrum',
        information: { Klas: '3B' },
      },
      { name: 'Cas Visser', information: { Klas: '3A' } },
    ];
    const checked = await check(s, body(s, rows));
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toEqual({ created: 0, ids: [], problems: [], people: [] });
    expect((await holdings(s.org.id)).trajectories).toBe(0);

    const res = await run(s, body(s, rows));
    expect(res.statusCode, res.body).toBe(201);
    const { created, ids, problems } = res.json();
    expect(created).toBe(3);
    expect(ids).toHaveLength(3);
    expect(problems).toEqual([]);

    // The teacher reads all three with every right; each pupil only their own, as Student (READ).
    expect((await list(s.teacher.token)).map((item) => [item.id, item.name, item.rights])).toEqual(
      rows.map((row, index) => [ids[index], row.name, ['READ', 'PURCHASE', 'METADATA', 'RIGHTS']]),
    );
    expect((await list(anna.token)).map((item) => [item.id, item.rights])).toEqual([[ids[0], ['READ']]]);
    expect((await list(bram.token)).map((item) => item.name)).toEqual(['Bram Jansen']);
    const access = (
      await call(t, { method: 'GET', url: `/api/v2/trajectories/${ids[0]}/access`, token: s.teacher.token })
    ).json();
    expect(access.users).toEqual([
      { user: s.teacher.email, roles: ['Docent'] },
      { user: anna.email, roles: ['Student'] },
    ]);

    // D40: Naam and Uren fill their fields (the teacher's write), Klas stays in the map.
    const form = (
      await call(t, { method: 'GET', url: `/api/v2/trajectories/${ids[0]}/form`, token: s.teacher.token })
    ).json();
    expect(form.values).toEqual({ naam: 'Anna', uren: 16 });
    const stored = await t.ctx.db
      .selectFrom('trajectories')
      .select(['information', 'description'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(stored.map((row) => [row.information, row.description])).toEqual([
      [{ Klas: '3A' }, null],
      [{ Klas: '3B' }, 'Zorgcentrum'],
      [{ Klas: '3A' }, null],
    ]);

    // D34: grouped by the class.
    const grouped = (
      await call(t, { method: 'GET', url: '/api/v2/trajectories/grouped?key=Klas', token: s.teacher.token })
    ).json() as { value: string | null; trajectories: { name: string }[] }[];
    expect(grouped.map((group) => [group.value, group.trajectories.map((item) => item.name)])).toEqual([
      ['3A', ['Anna de Vries', 'Cas Visser']],
      ['3B', ['Bram Jansen']],
    ]);
  });

  it('lists bad rows in the check and refuses the import naming them, with nothing written', async () => {
    const s = await school();
    await run(s, body(s, [{ name: 'Daan Bakker' }]));
    const before = await holdings(s.org.id);
    const rows: TrajectoryImportRow[] = [
      { name: 'Anna de Vries', email: 'anna@' },
      { name: 'Bram Jansen' },
      { name: ' bram jansen ' },
      { name: 'DAAN BAKKER' },
      { name: '' },
      { name: 'Eva', information: { Uren: 'zestien' } },
    ];
    const expected = [
      { row: 0, field: 'email', key: 'invalidEmail' },
      { row: 1, field: 'name', key: 'duplicate' },
      { row: 2, field: 'name', key: 'duplicate' },
      { row: 3, field: 'name', key: 'titleExists' },
      { row: 4, field: 'name', key: 'required' },
      { row: 5, field: 'information.Uren', key: 'invalidValue' },
    ];
    const checked = await check(s, body(s, rows));
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().problems).toEqual(expected);

    const refused = await run(s, body(s, rows));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      status: 400,
      key: 'validationError',
      fields: expected.map((problem) => ({ path: `rows.${problem.row}.${problem.field}`, key: problem.key })),
    });
    expect(await holdings(s.org.id)).toEqual(before);

    // An unknown role is the import's own problem (no row), in the check and the refusal.
    const unknown = body(s, [{ name: 'Fleur', email: s.pupils[0]?.email }], { studentRole: 'Ouder' });
    expect((await check(s, unknown)).json().problems).toEqual([
      { row: null, field: 'studentRole', key: 'unknownRole' },
    ]);
    expect((await run(s, unknown)).json().fields).toEqual([{ path: 'studentRole', key: 'unknownRole' }]);
    expect(await holdings(s.org.id)).toEqual(before);
  });

  it('refuses what the create call refuses: an access without RIGHTS for the importer, an invalid access, more than 500 rows', async () => {
    const s = await school();
    const rows = [{ name: 'Anna' }];
    // The pupil manages, the teacher would only be a student: the importer lacks RIGHTS.
    const pupil = s.pupils[0]?.email ?? '';
    const noRights = await run(
      s,
      body(s, rows, {
        access: {
          roles: [docent, student],
          users: [
            { user: pupil, roles: ['Docent'] },
            { user: s.teacher.email, roles: ['Student'] },
          ],
        },
      }),
    );
    expect(noRights.json()).toEqual({ status: 400, key: 'principalRequiredRights' });
    const invalid = await check(
      s,
      body(s, rows, {
        access: {
          roles: [docent],
          users: [
            { user: s.teacher.email, roles: ['Docent'] },
            { user: 'x', roles: [] },
          ],
        },
      }),
    );
    expect(invalid.json().fields).toContainEqual({ path: 'access.users.1.user', key: 'invalidEmail' });
    const many = Array.from({ length: 501 }, (_, index) => ({ name: `Leerling ${index}` }));
    const tooMany = await check(s, body(s, many));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().fields).toEqual([{ path: 'rows', key: 'tooManyRows' }]);
    expect((await holdings(s.org.id)).trajectories).toBe(0);
  });

  it('answers 404 for another organisation’s blueprint on both routes, 400 for a blueprint of another kind', async () => {
    const s = await school();
    const other = await school();
    for (const route of [check, run]) {
      const res = await route(s, body(s, [{ name: 'Anna' }], { blueprintId: other.blueprintId }));
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ status: 404, key: 'notFound' });
    }
    const information = (
      await call(t, {
        method: 'POST',
        url: '/api/blueprints',
        token: s.teacher.token,
        payload: { type: 'INFORMATION', name: 'Intake' },
      })
    ).json();
    const wrongKind = await run(s, body(s, [{ name: 'Anna' }], { blueprintId: information.id }));
    expect(wrongKind.json().fields).toEqual([{ path: 'blueprintId', key: 'invalidValue' }]);
    expect((await holdings(other.org.id)).trajectories).toBe(0);
    expect((await holdings(s.org.id)).trajectories).toBe(0);
  });

  it('makes one trajectory of one title when two imports run at once (issue 30)', async () => {
    const s = await school();
    const rows: TrajectoryImportRow[] = [{ name: 'Dirk Dubbel', information: {} }];
    const answers = await Promise.all([run(s, body(s, rows)), run(s, body(s, rows)), run(s, body(s, rows))]);
    const made = answers.filter((answer) => answer.statusCode === 201);
    expect(made).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().fields[0]).toMatchObject({ path: 'rows.0.name' });
    }
    expect((await list(s.teacher.token)).filter((item) => item.name === 'Dirk Dubbel')).toHaveLength(1);
  });

  it('leaves nothing when a row fails while it is written, half-way through the import', async () => {
    const s = await school();
    await run(s, body(s, [{ name: 'Daan Bakker' }]));
    const before = await holdings(s.org.id);
    // A row the checks pass but the database refuses: a trigger of this test only, for one unique title.
    const marker = `Weigeren ${s.org.id}`;
    const fn = `refuse_import_${s.org.id}`;
    await sql
      .raw(
        `create function ${fn}() returns trigger language plpgsql as $$ begin ` +
          `if new.name = '${marker}' then raise exception 'refused by the test'; end if; return new; end $$`,
      )
      .execute(t.ctx.db);
    await sql
      .raw(`create trigger ${fn} before insert on trajectories for each row execute function ${fn}()`)
      .execute(t.ctx.db);
    try {
      const rows = [{ name: 'Anna' }, { name: 'Bram' }, { name: marker }, { name: 'Cas' }];
      expect((await check(s, body(s, rows))).json().problems).toEqual([]);
      const res = await run(s, body(s, rows));
      expect(res.statusCode).toBe(500);
      expect(await holdings(s.org.id)).toEqual(before);
      expect((await list(s.teacher.token)).map((item) => item.name)).toEqual(['Daan Bakker']);
    } finally {
      await sql.raw(`drop trigger ${fn} on trajectories`).execute(t.ctx.db);
      await sql.raw(`drop function ${fn}()`).execute(t.ctx.db);
    }
  });

  it('makes 500 trajectories in one request', async () => {
    const s = await school();
    const rows = Array.from({ length: 500 }, (_, index) => ({
      name: `Leerling ${String(index + 1).padStart(3, '0')}`,
      email: `leerling${index + 1}@school.nl`,
      information: { Klas: `Klas ${(index % 20) + 1}`, Naam: `Leerling ${index + 1}` },
    }));
    const checkStart = performance.now();
    expect((await check(s, body(s, rows))).json().problems).toEqual([]);
    const checked = performance.now() - checkStart;
    // Timed without `call`'s draining of the queued jobs (notifications): the request alone.
    const start = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/trajectories/import',
      headers: { authorization: `Bearer ${s.teacher.token}` },
      payload: body(s, rows),
    });
    const took = performance.now() - start;
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().created).toBe(500);
    console.info(
      `import of 500 rows on ${process.env.TEST_DATABASE ?? 'pglite'}: check ${Math.round(checked)} ms, import ${Math.round(took)} ms`,
    );
    // The import leaves the planner's statistics current (db/statistics.ts): the list is planned for its
    // 500 rows, not for the one an empty table's statistics promise (a nested loop over every pair).
    const query = selectTrajectoryItems(t.database.db, s.org.id, s.teacher.email, 'LIVE').compile();
    const plan = await t.database.db.executeQuery<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>({
      ...query,
      sql: `explain (format json) ${query.sql}`,
    });
    expect(plan.rows[0]!['QUERY PLAN'][0].Plan['Plan Rows']).toBeGreaterThan(250);
    const items = await list(s.teacher.token);
    expect(items).toHaveLength(500);
    expect(new Set(items.map((item) => item.id))).toEqual(new Set(res.json().ids));
    expect((await holdings(s.org.id)).access).toBe(1000);
  }, 120_000);
});
