import { businessToday, type TrajectoryRoleInput } from '@groeipad/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildTrajectory, field, studentRole } from '../../../test/trajectory-fixture.ts';
import { uploadFile } from '../../../test/uploads.ts';

/**
 * Reports (issue 9; spec part 1 §2, §3, §6, §7; D1, D9, D12, D15, D16, D29): creation from the
 * trajectory's report blueprints, the name rule, report-level and field-level rights as tables, 409,
 * an expired trajectory, the list's filters. Every refused call is checked to have written nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const VERSLAG = 'Stageverslag';
const BEOORDELING = 'Eindbeoordeling';
/** A field hidden from the student placed BEFORE the one they may write (D1). */
const REPORT_FIELDS = [
  field('oordeel', 'Oordeel van de begeleider'),
  field('verslag', 'Verslag'),
  field('uren', 'Gewerkte uren', 'integer'),
];

type Whole = { admin?: boolean; write: boolean; read: boolean; hidden: boolean };
type Flags = { write: boolean; read: boolean; hidden: boolean };
const ADMIN: Whole = { admin: true, write: true, read: true, hidden: false };
const WRITE: Whole = { write: true, read: true, hidden: false };
const READ: Whole = { write: false, read: true, hidden: false };
const HIDDEN: Whole = { write: false, read: false, hidden: true };
const W: Flags = { write: true, read: true, hidden: false };
const R: Flags = { write: false, read: true, hidden: false };
const H: Flags = { write: false, read: false, hidden: true };

/** A student whose rights on the Stageverslag reports are `entries` (no entry: undefined). */
function student(entries: Record<string, Whole | Flags> | undefined): TrajectoryRoleInput {
  return { ...studentRole(), reportRights: entries ? { [VERSLAG]: entries } : {} };
}

async function setup(entries?: Record<string, Whole | Flags>) {
  const s = await buildTrajectory(t, {
    student: student(entries),
    reports: [
      { name: VERSLAG, fields: REPORT_FIELDS },
      { name: BEOORDELING, fields: [field('cijfer', 'Cijfer', 'decimal')] },
    ],
  });
  const base = `/api/v2/trajectories/${s.id}`;
  const as = (token: string) => ({
    get: (url: string) => call(t, { method: 'GET', url: `${base}${url}`, token }),
    create: (name: string, blueprintName = VERSLAG) =>
      call(t, {
        method: 'POST',
        url: `${base}/reports?blueprintName=${encodeURIComponent(blueprintName)}`,
        token,
        payload: { name },
      }),
    patch: (reportId: number, payload: unknown[], headers: Record<string, string> = {}) =>
      call(t, {
        method: 'PATCH',
        url: `${base}/reports/${reportId}`,
        token,
        payload: payload as object,
        headers,
      }),
    remove: (reportId: number) => call(t, { method: 'DELETE', url: `${base}/reports/${reportId}`, token }),
  });
  const teacher = as(s.teacher.token);
  const pupil = as(s.pupil.token);
  /** A report by the teacher with every field filled. */
  const filled = async (name = 'Week 1') => {
    const created = await teacher.create(name);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const saved = await teacher.patch(id, [
      { op: 'add', path: '/values/oordeel', value: 'Let op: thuissituatie' },
      { op: 'add', path: '/values/verslag', value: 'Werkt zorgvuldig' },
      { op: 'add', path: '/values/uren', value: 32 },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    return id;
  };
  /** The stored values, as the teacher (admin on every report) reads them. */
  const stored = async (reportId: number) => (await teacher.get(`/reports/${reportId}`)).json().values;
  const count = async () =>
    (await t.ctx.db.selectFrom('reports').select('id').where('trajectory_id', '=', s.id).execute()).length;
  const tokens = { teacher: s.teacher.token, pupil: s.pupil.token };
  return { ...s, base, tokens, teacher, pupil, filled, stored, count };
}

describe('creating a report (spec part 1 §5, §7, D9)', () => {
  it('offers the trajectory’s report blueprints, creates a report with 201 and its Location, and reads it back', async () => {
    const s = await setup();
    const offered = await s.teacher.get('/reportblueprints');
    expect(offered.json()).toEqual([
      { id: null, version: null, name: VERSLAG, fields: REPORT_FIELDS },
      { id: null, version: null, name: BEOORDELING, fields: [field('cijfer', 'Cijfer', 'decimal')] },
    ]);
    const created = await s.teacher.create('  Week 1 ');
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect(created.headers.location).toBe(`/api/v2/trajectories/${s.id}/reports/${id}`);
    expect(created.json()).toMatchObject({
      name: 'Week 1',
      blueprintName: VERSLAG,
      structure: REPORT_FIELDS,
      values: {},
      rights: { write: true, admin: true },
      writable: ['oordeel', 'verslag', 'uren'],
    });
    const read = await s.teacher.get(`/reports/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.headers.etag).toBe('"1"');
    expect(read.json().created).toBe(created.json().created);
    const list = (await s.teacher.get('/reports')).json();
    expect(list).toEqual([
      {
        id,
        name: 'Week 1',
        blueprintName: VERSLAG,
        created: created.json().created,
        modified: created.json().modified,
        rights: { write: true, admin: true },
      },
    ]);
  });

  it('copies the report blueprint at creation: a later change to the trajectory blueprint leaves it alone (D9)', async () => {
    const s = await setup();
    const changed = await call(t, {
      method: 'PATCH',
      url: `/api/blueprints/trajectories/${s.blueprintId}/content`,
      token: s.tokens.teacher,
      payload: [{ op: 'replace', path: '/reportBlueprints/0/fields', value: [field('nieuw', 'Nieuw')] }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const created = await s.teacher.create('Week 1');
    expect(created.json().structure).toEqual(REPORT_FIELDS);
  });

  it('needs a non-blank name unique among the reports of that blueprint, and a blueprint of the trajectory; writes nothing otherwise', async () => {
    const s = await setup();
    expect((await s.teacher.create('Week 1')).statusCode).toBe(201);
    const refused: [string, string, number, unknown][] = [
      ['   ', VERSLAG, 400, [{ path: 'name', key: 'required' }]],
      ['x'.repeat(256), VERSLAG, 400, [{ path: 'name', key: 'tooLong' }]],
      ['Week 1', VERSLAG, 400, [{ path: 'name', key: 'duplicate' }]],
      [' week 1 ', VERSLAG, 400, [{ path: 'name', key: 'duplicate' }]],
      ['Week 2', 'Bestaat niet', 400, [{ path: 'blueprintName', key: 'invalidValue' }]],
      ['Week 2', ' ', 400, [{ path: 'blueprintName', key: 'required' }]],
    ];
    for (const [name, blueprintName, status, fields] of refused) {
      const res = await s.teacher.create(name, blueprintName);
      expect(res.statusCode, `${name} ${blueprintName}`).toBe(status);
      expect(res.json(), `${name} ${blueprintName}`).toMatchObject({ key: 'validationError', fields });
    }
    expect(await s.count()).toBe(1);
    // Another report blueprint's reports are another list: the same name is fine there.
    expect((await s.teacher.create('Week 1', BEOORDELING)).statusCode).toBe(201);
    expect(await s.count()).toBe(2);
  });

  it('without a body, or without a name, names the report after its blueprint, then "(2)", "(3)" (D48)', async () => {
    const s = await setup();
    const post = (extra: { payload?: object; headers?: Record<string, string> } = {}) =>
      call(t, {
        method: 'POST',
        url: `${s.base}/reports?blueprintName=${encodeURIComponent(VERSLAG)}`,
        token: s.tokens.teacher,
        ...extra,
      });
    const bare = await post();
    expect(bare.statusCode, bare.body).toBe(201);
    expect(bare.json()).toMatchObject({ name: VERSLAG, blueprintName: VERSLAG });
    expect(bare.headers.location).toBe(`/api/v2/trajectories/${s.id}/reports/${bare.json().id}`);
    const empty = await post({ payload: {} });
    expect(empty.statusCode, empty.body).toBe(201);
    expect(empty.json().name).toBe(`${VERSLAG} (2)`);
    // A name given by hand is still the name; a blank one is still refused and writes nothing.
    expect((await post({ payload: { name: `${VERSLAG} (3)` } })).json().name).toBe(`${VERSLAG} (3)`);
    expect((await post()).json().name).toBe(`${VERSLAG} (4)`);
    const blank = await post({ payload: { name: '  ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ fields: [{ path: 'name', key: 'required' }] });
    expect(await s.count()).toBe(4);
    // The student holds no admin on the blueprint: no body does not make creating any easier.
    const refused = await call(t, {
      method: 'POST',
      url: `${s.base}/reports?blueprintName=${encodeURIComponent(VERSLAG)}`,
      token: s.tokens.pupil,
    });
    expect(refused.statusCode).toBe(403);
    expect(await s.count()).toBe(4);
  });

  it('keeps default values of the blueprint’s fields in `values`, never in the structure (D15)', async () => {
    const s = await buildTrajectory(t, {
      reports: [{ name: VERSLAG, fields: [{ ...field('plaats', 'Plaats'), value: 'Utrecht' }] }],
    });
    const created = await call(t, {
      method: 'POST',
      url: `/api/v2/trajectories/${s.id}/reports?blueprintName=${VERSLAG}`,
      token: s.teacher.token,
      payload: { name: 'Week 1' },
    });
    expect(created.json().structure).toEqual([field('plaats', 'Plaats')]);
    expect(created.json().values).toEqual({ plaats: 'Utrecht' });
  });
});

describe('rights matrix: whole-report flags (spec part 1 §6, Right dependencies)', () => {
  // the student's whole-report entry → offered for creation, create, listed, read, write a value, delete
  const rows: [string, Whole | undefined, boolean, number, boolean, number, number, number][] = [
    ['admin', ADMIN, true, 201, true, 200, 200, 204],
    [
      'admin alone (admin ⇒ write ⇒ read)',
      { admin: true, write: false, read: false, hidden: false },
      true,
      201,
      true,
      200,
      200,
      204,
    ],
    ['write', WRITE, false, 403, true, 200, 200, 403],
    [
      'write alone (write ⇒ read)',
      { write: true, read: false, hidden: false },
      false,
      403,
      true,
      200,
      200,
      403,
    ],
    ['read', READ, false, 403, true, 200, 403, 403],
    ['hidden', HIDDEN, false, 403, false, 403, 403, 403],
    ['no entry', undefined, false, 403, false, 403, 403, 403],
  ];

  it.each(rows)('%s', async (_name, whole, offered, create, listed, read, write, remove) => {
    const s = await setup(whole ? { '': whole } : undefined);
    const id = await s.filled();
    // Without a right on any report the whole section is noAccess (issue 21), not an empty list.
    const noAccess = { status: 403, key: 'noAccess' };
    const blueprints = (await s.pupil.get('/reportblueprints')).json();
    if (listed) expect(blueprints.map((b: { name: string }) => b.name).includes(VERSLAG)).toBe(offered);
    else expect(blueprints).toEqual(noAccess);

    const created = await s.pupil.create('Mijn verslag');
    expect(created.statusCode, created.body).toBe(create);
    expect(await s.count()).toBe(create === 201 ? 2 : 1);

    const list = (await s.pupil.get('/reports')).json();
    if (listed) expect(list.some((r: { id: number }) => r.id === id)).toBe(true);
    else expect(list).toEqual(noAccess);

    const got = await s.pupil.get(`/reports/${id}`);
    expect(got.statusCode).toBe(read);
    if (read === 403) expect(got.json()).toEqual({ status: 403, key: 'noAccess' });
    else {
      expect(got.json().rights).toEqual({ write: write === 200, admin: remove === 204 });
      expect(got.json().values.verslag).toBe('Werkt zorgvuldig');
    }

    const patched = await s.pupil.patch(id, [{ op: 'replace', path: '/values/verslag', value: 'Nieuw' }]);
    expect(patched.statusCode, patched.body).toBe(write);
    expect((await s.stored(id)).verslag).toBe(write === 200 ? 'Nieuw' : 'Werkt zorgvuldig');

    const removed = await s.pupil.remove(id);
    expect(removed.statusCode, removed.body).toBe(remove);
    expect((await s.teacher.get(`/reports/${id}`)).statusCode).toBe(remove === 204 ? 404 : 200);
  });

  it('general admin (RIGHTS) may create from every report blueprint without an entry on it, but reads (and so selects and deletes) only by report rights', async () => {
    const s = await setup();
    // The pupil becomes a RIGHTS holder without any report entry.
    const access = (
      await call(t, { method: 'GET', url: `${s.base}/access`, token: s.tokens.teacher })
    ).json();
    access.roles[1].adminRights.rights = true;
    const put = await call(t, {
      method: 'PUT',
      url: `${s.base}/access`,
      token: s.tokens.teacher,
      payload: access,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await s.pupil.get('/reportblueprints')).json()).toHaveLength(2);
    const created = await s.pupil.create('Van de beheerder');
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      structure: [],
      values: {},
      rights: { write: false, admin: false },
    });
    expect((await s.pupil.get('/reports')).json()).toEqual([]);
    expect((await s.pupil.remove(created.json().id)).json()).toEqual({ status: 403, key: 'noAccess' });
    expect(await s.count()).toBe(1);
  });
});

describe('rights matrix: report field flags (spec part 1 §6, D1)', () => {
  // whole-report entry, the field 'verslag''s own entry → its value shown, a write to it answers
  const rows: [string, Whole | undefined, Flags | undefined, boolean, number][] = [
    ['write on the field under a readable report', READ, W, true, 200],
    ['read on the field', READ, R, true, 403],
    ['hidden on the field', READ, H, false, 403],
    ['inherited read from the whole report', READ, undefined, true, 403],
    ['inherited write from the whole report', WRITE, undefined, true, 200],
    ['hidden on the field under a writable report', WRITE, H, false, 403],
    ['write on the field under a hidden report (granted wins)', HIDDEN, W, true, 200],
    ['read on the field without a whole-report entry', undefined, R, true, 403],
  ];

  it.each(rows)('%s', async (_name, whole, own, shown, writeStatus) => {
    const entries: Record<string, Whole | Flags> = {};
    if (whole) entries[''] = whole;
    if (own) entries.verslag = own;
    const s = await setup(entries);
    const id = await s.filled();
    const got = await s.pupil.get(`/reports/${id}`);
    expect(got.statusCode, got.body).toBe(200);
    const uuids = got.json().structure.map((f: { uuid: string }) => f.uuid);
    expect(uuids.includes('verslag')).toBe(shown);
    expect(got.body.includes('Werkt zorgvuldig')).toBe(shown);
    expect(got.json().writable.includes('verslag')).toBe(writeStatus === 200);
    // A field the role has no entry for, under no readable whole report, never appears (spec §6).
    if (!whole?.read && !whole?.write) expect(uuids).toEqual(['verslag']);
    const write = await s.pupil.patch(id, [{ op: 'replace', path: '/values/verslag', value: 'Nieuw' }]);
    expect(write.statusCode, write.body).toBe(writeStatus);
    expect((await s.stored(id)).verslag).toBe(writeStatus === 200 ? 'Nieuw' : 'Werkt zorgvuldig');
  });
});

describe('writing a report', () => {
  it('writes by uuid: the student’s edit lands on the right field although a hidden one comes first (D1); modified follows (D16)', async () => {
    const s = await setup({ '': READ, oordeel: H, verslag: W });
    const id = await s.filled();
    const before = (await s.pupil.get(`/reports/${id}`)).json();
    expect(before.structure.map((f: { uuid: string }) => f.uuid)).toEqual(['verslag', 'uren']);
    expect(JSON.stringify(before)).not.toContain('thuissituatie');
    await t.ctx.db
      .updateTable('reports')
      .set({ modified_at: new Date('2025-01-01T10:00:00Z') })
      .where('id', '=', id)
      .execute();
    const saved = await s.pupil.patch(
      id,
      [{ op: 'replace', path: '/values/verslag', value: 'Eigen woorden' }],
      {
        'if-match': '"2"',
      },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers.etag).toBe('"3"');
    expect(saved.json().values).toEqual({ verslag: 'Eigen woorden', uren: 32 });
    expect(saved.json().modified > '2025-01-02').toBe(true);
    expect(await s.stored(id)).toEqual({
      oordeel: 'Let op: thuissituatie',
      verslag: 'Eigen woorden',
      uren: 32,
    });
  });

  it('refuses other paths (403), values of the wrong type (400), a stale version (409) and writes nothing', async () => {
    const s = await setup({ '': READ, verslag: W, uren: W });
    const id = await s.filled();
    const values = await s.stored(id);
    const forbidden = [
      [{ op: 'replace', path: '/values/oordeel', value: 'x' }],
      [{ op: 'replace', path: '/structure/1/name', value: 'x' }],
      [{ op: 'add', path: '/values/onbekend', value: 'x' }],
      [{ op: 'copy', from: '/values/oordeel', path: '/values/verslag' }],
      [
        { op: 'replace', path: '/values/verslag', value: 'ok' },
        { op: 'replace', path: '/values/oordeel', value: 'x' },
      ],
    ];
    for (const payload of forbidden)
      expect((await s.pupil.patch(id, payload)).statusCode, JSON.stringify(payload)).toBe(403);
    const wrongType = await s.pupil.patch(id, [{ op: 'replace', path: '/values/uren', value: 'veel' }]);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({
      key: 'invalidDocumentContent',
      fields: [{ path: 'values.uren', key: 'invalidValue' }],
    });
    const stale = await s.pupil.patch(id, [{ op: 'replace', path: '/values/verslag', value: 'x' }], {
      'if-match': '"1"',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ status: 409, key: 'staleDocument', version: 2 });
    expect(await s.stored(id)).toEqual(values);
    expect((await s.teacher.get(`/reports/${id}`)).headers.etag).toBe('"2"');
  });

  it('answers 404 for a report of another trajectory', async () => {
    const a = await setup();
    const b = await setup();
    const id = await b.filled();
    expect((await a.teacher.get(`/reports/${id}`)).statusCode).toBe(404);
    expect(
      (await a.teacher.patch(id, [{ op: 'replace', path: '/values/verslag', value: 'x' }])).statusCode,
    ).toBe(404);
    expect((await a.teacher.remove(id)).statusCode).toBe(404);
    expect((await b.stored(id)).verslag).toBe('Werkt zorgvuldig');
  });
});

describe('an expired trajectory (D12)', () => {
  it('reads its reports but refuses creating, changing and deleting them with 403 expiredTrajectory', async () => {
    const s = await setup();
    const id = await s.filled();
    await t.ctx.db
      .updateTable('trajectories')
      .set({ active_until: '2020-01-01' })
      .where('id', '=', s.id)
      .execute();
    const read = await s.teacher.get(`/reports/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ rights: { write: false, admin: false }, writable: [] });
    const expired = { status: 403, key: 'expiredTrajectory' };
    expect((await s.teacher.create('Week 2')).json()).toEqual(expired);
    expect(
      (await s.teacher.patch(id, [{ op: 'replace', path: '/values/verslag', value: 'x' }])).json(),
    ).toEqual(expired);
    expect((await s.teacher.remove(id)).json()).toEqual(expired);
    expect(await s.count()).toBe(1);
    expect((await s.stored(id)).verslag).toBe('Werkt zorgvuldig');
  });
});

describe('the reports list (spec part 1 §2, D16)', () => {
  it('filters on modified from a day’s midnight in the business time zone (D4) and on type; refuses a future day', async () => {
    const s = await setup();
    const old = await s.filled('Oud');
    const recent = await s.filled('Nieuw');
    const other = (await s.teacher.create('Eind', BEOORDELING)).json().id;
    const zone = t.ctx.config.businessTimeZone;
    const today = businessToday(zone);
    const midnight = sql`(${today}::date)::timestamp at time zone ${zone}`;
    await sql`update reports set modified_at = ${midnight} - interval '1 minute' where id = ${old}`.execute(
      t.ctx.db,
    );
    await sql`update reports set modified_at = ${midnight} where id = ${recent}`.execute(t.ctx.db);
    const ids = async (query: string) =>
      (await s.teacher.get(`/reports${query}`))
        .json()
        .map((r: { id: number }) => r.id)
        .sort();
    expect(await ids('')).toEqual([old, recent, other].sort());
    expect(await ids(`?modifiedFrom=${today}`)).toEqual([recent, other].sort());
    expect(await ids(`?blueprintName=${VERSLAG}`)).toEqual([old, recent].sort());
    expect(await ids(`?modifiedFrom=${today}&blueprintName=${VERSLAG}`)).toEqual([recent]);
    const future = await s.teacher.get('/reports?modifiedFrom=2999-01-01');
    expect(future.statusCode).toBe(400);
    expect((await s.teacher.get('/reports?modifiedFrom=01/01/2025')).statusCode).toBe(400);
  });

  it('lists only the reports the reader can read, whatever their type', async () => {
    const s = await setup({ '': READ });
    const mine = await s.filled();
    await s.teacher.create('Eind', BEOORDELING);
    const list = (await s.pupil.get('/reports')).json();
    expect(list.map((r: { id: number }) => r.id)).toEqual([mine]);
    expect(list[0].rights).toEqual({ write: false, admin: false });
  });
});

describe('deleting', () => {
  it('removes a report with its document; a trajectory deleted for good takes its reports’ documents along', async () => {
    const s = await setup();
    const first = await s.filled('Week 1');
    const second = await s.filled('Week 2');
    const documentOf = async (id: number) =>
      (
        await t.ctx.db
          .selectFrom('reports')
          .select('document_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).document_id;
    const firstDocument = await documentOf(first);
    const secondDocument = await documentOf(second);
    expect((await s.teacher.remove(first)).statusCode).toBe(204);
    const documents = async (ids: number[]) =>
      (await t.ctx.db.selectFrom('documents').select('id').where('id', 'in', ids).execute()).length;
    expect(await documents([firstDocument])).toBe(0);
    expect((await s.teacher.get(`/reports/${first}`)).statusCode).toBe(404);
    const gone = await call(t, { method: 'DELETE', url: s.base, token: s.tokens.teacher });
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await documents([secondDocument])).toBe(0);
  });
});

describe('files in a report (D19)', () => {
  it('are readable by whoever may read the field holding them; a value may not point at a file the writer cannot read', async () => {
    const s = await buildTrajectory(t, {
      student: student({ '': READ, bijlage: H, foto: W }),
      reports: [
        {
          name: VERSLAG,
          fields: [
            { ...field('bijlage', 'Vertrouwelijke bijlage'), type: 'upload' },
            { ...field('foto', 'Foto'), type: 'image' },
          ],
        },
      ],
    });
    const base = `/api/v2/trajectories/${s.id}/reports`;
    const id = (
      await call(t, {
        method: 'POST',
        url: `${base}?blueprintName=${VERSLAG}`,
        token: s.teacher.token,
        payload: { name: 'Week 1' },
      })
    ).json().id;
    const secret = await uploadFile(t, s.teacher.token);
    const photo = await uploadFile(t, s.teacher.token);
    const saved = await call(t, {
      method: 'PATCH',
      url: `${base}/${id}`,
      token: s.teacher.token,
      payload: [
        { op: 'add', path: '/values/bijlage', value: [secret] },
        { op: 'add', path: '/values/foto', value: JSON.stringify([photo]) },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (resource: number) =>
      call(t, { method: 'GET', url: `/api/resources/${resource}/content`, token: s.pupil.token });
    expect((await read(photo)).statusCode).toBe(200);
    expect((await read(secret)).statusCode).toBe(404);
    // The pupil may write the photo, but not point it at the teacher's secret file.
    const sneaky = await call(t, {
      method: 'PATCH',
      url: `${base}/${id}`,
      token: s.pupil.token,
      payload: [{ op: 'replace', path: '/values/foto', value: JSON.stringify([secret]) }],
    });
    expect(sneaky.statusCode).toBe(400);
    expect(sneaky.json()).toMatchObject({
      key: 'invalidDocumentContent',
      fields: [{ path: 'values.foto', key: 'fileNotReadable' }],
    });
    expect((await read(secret)).statusCode).toBe(404);
  });
});

describe('modified as each reader sees it (issue 30)', () => {
  it('a save of a field hidden from the reader moves neither their modified nor their list’s date filter', async () => {
    const s = await setup({ '': READ, oordeel: H, verslag: W });
    const id = await s.filled();
    // The report as the student last saw it changed: a day ago (every save so far, set back).
    const dayAgo = new Date(Date.now() - 86_400_000);
    await sql`update reports set modified_at = ${dayAgo}, created_at = ${dayAgo} where id = ${id}`.execute(
      t.ctx.db,
    );
    await sql`update document_events set created_at = ${dayAgo}
      where document_id = (select document_id from reports where id = ${id})`.execute(t.ctx.db);
    const before = (await s.pupil.get(`/reports/${id}`)).json().modified;
    expect(before).toBe(dayAgo.toISOString());
    // The teacher changes only the field hidden from the student.
    const hidden = await s.teacher.patch(id, [{ op: 'replace', path: '/values/oordeel', value: 'Nieuw' }]);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await s.teacher.get(`/reports/${id}`)).json().modified > before).toBe(true);
    expect((await s.pupil.get(`/reports/${id}`)).json().modified).toBe(before);
    const listed = (await s.pupil.get('/reports')).json();
    expect(listed.find((report: { id: number }) => report.id === id).modified).toBe(before);
    const today = businessToday(t.ctx.config.businessTimeZone);
    const since = (token: 'pupil' | 'teacher') => s[token].get(`/reports?modifiedFrom=${today}`);
    expect((await since('pupil')).json()).toEqual([]);
    expect((await since('teacher')).json().map((report: { id: number }) => report.id)).toEqual([id]);
    // A change they see moves it for them too.
    const seen = await s.teacher.patch(id, [{ op: 'replace', path: '/values/verslag', value: 'Anders' }]);
    expect(seen.statusCode).toBe(200);
    expect((await s.pupil.get(`/reports/${id}`)).json().modified > before).toBe(true);
    expect((await since('pupil')).json().map((report: { id: number }) => report.id)).toEqual([id]);
  });
});
