import type { TrajectoryAbilities } from '@groeipad/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, buildUser, call, createTestApp, type TestApp, tokensFor } from '../../../test/helpers.ts';
import { buildTrajectory, field, studentRole } from '../../../test/trajectory-fixture.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setup = () => buildTrajectory(t);

describe('trajectory form (D1, D33)', () => {
  it('writes by uuid: the student’s edit lands on the right field although a hidden one comes first', async () => {
    const s = await setup();
    const url = `/api/v2/trajectories/${s.id}/form`;
    await call(t, {
      method: 'PATCH',
      url,
      token: s.teacher.token,
      payload: [{ op: 'add', path: '/values/geheim', value: 'Let op: thuissituatie' }],
    });
    const mine = await call(t, { method: 'GET', url, token: s.pupil.token });
    expect(mine.json().fields.map((f: { uuid: string }) => f.uuid)).toEqual(['motivatie', 'naam']);
    expect(mine.json().values).toEqual({});
    expect(JSON.stringify(mine.json())).not.toContain('thuissituatie');
    const version = Number(JSON.parse(mine.headers.etag as string));
    const saved = await call(t, {
      method: 'PATCH',
      url,
      token: s.pupil.token,
      payload: [{ op: 'add', path: '/values/motivatie', value: 'Ik wil graag in de zorg werken' }],
      headers: { 'if-match': `"${version}"` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().values).toEqual({ motivatie: 'Ik wil graag in de zorg werken' });
    const all = (await call(t, { method: 'GET', url, token: s.teacher.token })).json();
    expect(all.values).toEqual({
      geheim: 'Let op: thuissituatie',
      motivatie: 'Ik wil graag in de zorg werken',
    });
  });

  it('refuses writes outside the writable values (403) and by position, a stale version (409), and writes nothing', async () => {
    const s = await setup();
    const url = `/api/v2/trajectories/${s.id}/form`;
    const patch = (payload: object, headers: Record<string, string> = {}) =>
      call(t, { method: 'PATCH', url, token: s.pupil.token, payload, headers });
    for (const payload of [
      [{ op: 'add', path: '/values/naam', value: 'x' }],
      [{ op: 'add', path: '/values/geheim', value: 'x' }],
      [{ op: 'replace', path: '/fields/1/name', value: 'x' }],
      [
        { op: 'add', path: '/values/motivatie', value: 'ok' },
        { op: 'add', path: '/values/naam', value: 'x' },
      ],
    ])
      expect((await patch(payload)).statusCode).toBe(403);
    expect(
      (await patch([{ op: 'add', path: '/values/motivatie', value: 'x' }], { 'if-match': '"99"' })).json(),
    ).toMatchObject({
      status: 409,
      key: 'staleDocument',
    });
    expect((await call(t, { method: 'GET', url, token: s.teacher.token })).json().values).toEqual({});
  });
});

describe('trajectory access', () => {
  it('shows readers only the rights of fields they may read (D35); RIGHTS holders see all', async () => {
    const s = await setup();
    const url = `/api/v2/trajectories/${s.id}/access`;
    const theirs = (await call(t, { method: 'GET', url, token: s.pupil.token })).json();
    const student = theirs.roles.find((r: { name: string }) => r.name === 'Student');
    expect(Object.keys(student.informationRights).sort()).toEqual(['', 'motivatie']);
    const mine = (await call(t, { method: 'GET', url, token: s.teacher.token })).json();
    expect(Object.keys(mine.roles[1].informationRights).sort()).toEqual(['', 'geheim', 'motivatie']);
    // The fields the rights tables list: all for the RIGHTS holder, the readable ones for the student.
    const uuids = (answer: { fields: { uuid: string }[] }) => answer.fields.map((f) => f.uuid);
    expect(uuids(mine)).toEqual(['geheim', 'motivatie', 'naam']);
    expect(uuids(theirs)).toEqual(['motivatie', 'naam']);
    expect(theirs.reportBlueprints).toEqual([]);
    expect(
      (
        await call(t, { method: 'GET', url: `/api/v2/trajectories/${s.id}/users`, token: s.pupil.token })
      ).json(),
    ).toHaveLength(2);
  });

  it('gives the RIGHTS holder the report blueprints the report rights are set on (D9), and no one else', async () => {
    const s = await buildTrajectory(t, {
      reports: [{ name: 'Voortgang', fields: [field('r-doel', 'Leerdoel')] }],
    });
    const url = `/api/v2/trajectories/${s.id}/access`;
    const mine = (await call(t, { method: 'GET', url, token: s.teacher.token })).json();
    expect(mine.reportBlueprints).toEqual([
      { name: 'Voortgang', fields: [expect.objectContaining({ uuid: 'r-doel', name: 'Leerdoel' })] },
    ]);
    expect((await call(t, { method: 'GET', url, token: s.pupil.token })).json().reportBlueprints).toEqual([]);
  });

  it('lists a report field’s rights only to readers of that field (D35): a hidden field’s uuid never', async () => {
    const student = studentRole();
    const s = await buildTrajectory(t, {
      student: {
        ...student,
        reportRights: {
          Voortgang: {
            '': { read: true, write: false, hidden: false },
            'r-geheim-veld': { read: false, write: false, hidden: true },
          },
        },
      },
      reports: [
        { name: 'Voortgang', fields: [field('r-geheim-veld', 'Cijferadvies'), field('r-doel', 'Leerdoel')] },
      ],
    });
    const url = `/api/v2/trajectories/${s.id}/access`;
    const theirs = await call(t, { method: 'GET', url, token: s.pupil.token });
    expect(theirs.body).not.toContain('r-geheim-veld');
    const rights = theirs.json().roles.map((role: { reportRights: object }) => role.reportRights);
    expect(rights).toContainEqual({ Voortgang: { '': { read: true, write: false, hidden: false } } });
    const mine = (await call(t, { method: 'GET', url, token: s.teacher.token })).json();
    expect(JSON.stringify(mine.roles)).toContain('r-geheim-veld');
  });

  it('saves a valid access that keeps the own RIGHTS, updates who sees the trajectory, and refuses the rest', async () => {
    const s = await setup();
    const url = `/api/v2/trajectories/${s.id}/access`;
    const current = await call(t, { method: 'GET', url, token: s.teacher.token });
    const access = current.json();
    const put = (payload: object, token = s.teacher.token) => call(t, { method: 'PUT', url, token, payload });
    // the student holds no RIGHTS
    expect((await put(access, s.pupil.token)).statusCode).toBe(403);
    // the teacher would lose RIGHTS
    const revoke = await put({
      ...access,
      users: [
        { user: s.teacher.email, roles: ['Student'] },
        { user: s.pupil.email, roles: ['Docent'] },
      ],
    });
    expect(revoke.json()).toEqual({ status: 400, key: 'canNotRevokeRight' });
    // an invalid list
    const duplicate = await put({ ...access, roles: [...access.roles, { ...access.roles[1] }] });
    expect(duplicate.json().fields).toContainEqual({ path: 'roles.2.name', key: 'duplicateRole' });
    // removing the student: they no longer see it
    const saved = await put({ ...access, users: [access.users[0]] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (await call(t, { method: 'GET', url: '/api/v2/trajectories', token: s.pupil.token })).json(),
    ).toEqual([]);
    expect(
      (await call(t, { method: 'GET', url: `/api/v2/trajectories/${s.id}`, token: s.pupil.token }))
        .statusCode,
    ).toBe(404);
  });
});

describe('the version a reader sees (D29, D40)', () => {
  it('a student’s form ETag moves only when what they see moves, and If-Match takes that version', async () => {
    const s = await setup();
    const url = `/api/v2/trajectories/${s.id}/form`;
    const tag = async (token: string) => (await call(t, { method: 'GET', url, token })).headers.etag;
    const teacherWrites = (path: string, value: string) =>
      call(t, { method: 'PATCH', url, token: s.teacher.token, payload: [{ op: 'add', path, value }] });
    const before = await tag(s.pupil.token);
    const teacherBefore = await tag(s.teacher.token);
    for (const note of ['eerste', 'tweede', 'derde']) await teacherWrites('/values/geheim', note);
    expect(await tag(s.pupil.token)).toBe(before);
    expect(await tag(s.teacher.token)).not.toBe(teacherBefore);
    // A save on the version they see succeeds; its answer carries the next one.
    const saved = await call(t, {
      method: 'PATCH',
      url,
      token: s.pupil.token,
      payload: [{ op: 'add', path: '/values/motivatie', value: 'Zorg' }],
      headers: { 'if-match': before as string },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers.etag).toBe(`"${Number(JSON.parse(before as string)) + 1}"`);
    // A visible change by someone else makes their version stale: 409 names the version they see now.
    await teacherWrites('/values/naam', 'Sam');
    const stale = await call(t, {
      method: 'PATCH',
      url,
      token: s.pupil.token,
      payload: [{ op: 'add', path: '/values/motivatie', value: 'Techniek' }],
      headers: { 'if-match': saved.headers.etag as string },
    });
    expect(stale.statusCode).toBe(409);
    expect(`"${stale.json().version}"`).toBe(await tag(s.pupil.token));
  });

  it('the form’s history numbers its versions as the reader sees them, and restores in those numbers', async () => {
    const s = await setup();
    const url = `/api/v2/trajectories/${s.id}/form`;
    const write = (path: string, value: string) =>
      call(t, { method: 'PATCH', url, token: s.teacher.token, payload: [{ op: 'add', path, value }] });
    await write('/values/motivatie', 'Zorg'); // 2: seen by the student
    await write('/values/geheim', 'een'); // 3, 4: hidden from them
    await write('/values/geheim', 'twee');
    await write('/values/naam', 'Sam'); // 5: seen
    const history = (await call(t, { method: 'GET', url: `${url}/history`, token: s.pupil.token })).json();
    expect(history.content.map((entry: { version: number }) => entry.version)).toEqual([3, 2]);
    expect(history.version).toBe(3);
    const tag = (await call(t, { method: 'GET', url, token: s.pupil.token })).headers.etag;
    expect(tag).toBe('"3"');
    // The teacher sees every save: the document's own numbers.
    const theirs = (await call(t, { method: 'GET', url: `${url}/history`, token: s.teacher.token })).json();
    expect(theirs.content.map((entry: { version: number }) => entry.version)).toEqual([5, 4, 3, 2]);
    // The student's field back as it was before their version 2 (their version 1), made on their version 3.
    const restored = await call(t, {
      method: 'POST',
      url: `${url}/history/restore`,
      token: s.pupil.token,
      payload: { version: 1, field: 'motivatie' },
      headers: { 'if-match': '"3"' },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({ version: 4, changed: true });
    expect((await call(t, { method: 'GET', url, token: s.pupil.token })).headers.etag).toBe('"4"');
    const beyond = await call(t, {
      method: 'POST',
      url: `${url}/history/restore`,
      token: s.pupil.token,
      payload: { version: 5, field: 'motivatie' },
    });
    expect(beyond.statusCode).toBe(400);
  });

  it('a report’s ETag likewise ignores saves of a field hidden from the reader', async () => {
    const s = await buildTrajectory(t, {
      student: {
        ...studentRole(),
        reportRights: {
          Voortgang: {
            '': { read: true, write: false, hidden: false },
            'r-geheim': { read: false, write: false, hidden: true },
          },
        },
      },
      reports: [{ name: 'Voortgang', fields: [field('r-geheim', 'Advies'), field('r-doel', 'Leerdoel')] }],
    });
    const base = `/api/v2/trajectories/${s.id}/reports`;
    const made = await call(t, {
      method: 'POST',
      url: `${base}?blueprintName=Voortgang`,
      token: s.teacher.token,
      payload: { name: 'Week 1' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const url = `${base}/${made.json().id}`;
    const tag = async (token: string) => (await call(t, { method: 'GET', url, token })).headers.etag;
    const write = (uuid: string, value: string) =>
      call(t, {
        method: 'PATCH',
        url,
        token: s.teacher.token,
        payload: [{ op: 'add', path: `/values/${uuid}`, value }],
      });
    const before = await tag(s.pupil.token);
    expect((await write('r-geheim', 'niet doorgeven')).statusCode).toBe(200);
    expect(await tag(s.pupil.token)).toBe(before);
    expect((await write('r-doel', 'Zelfstandig werken')).statusCode).toBe(200);
    expect(await tag(s.pupil.token)).not.toBe(before);
  });
});

describe('information map and grouping (D14, D33, D34, D40)', () => {
  const fields = [
    field('geheim', 'Vertrouwelijke notitie'),
    field('motivatie', 'Motivatie'),
    field('naam', 'Naam'),
    field('uren', 'Uren', 'integer'),
  ];
  const row = { ' Naam ': 'Sam de Boer', Klas: 'VIG3A', 'Vertrouwelijke notitie': 'niet voor de student' };
  const info = (id: number, token: string, payload: object) =>
    call(t, { method: 'PATCH', url: `/api/v2/trajectories/${id}/information`, token, payload });
  const formOf = async (id: number, token: string) =>
    (await call(t, { method: 'GET', url: `/api/v2/trajectories/${id}/form`, token })).json();
  const grouped = async (key: string, token: string) =>
    (
      await call(t, {
        method: 'GET',
        url: `/api/v2/trajectories/grouped?key=${encodeURIComponent(key)}`,
        token,
      })
    ).json();
  const keys = async (token: string) =>
    (await call(t, { method: 'GET', url: '/api/v2/trajectories/information-keys', token })).json();

  it('at creation a column naming a form field fills it under the creator’s rights; the map keeps the rest', async () => {
    const s = await buildTrajectory(t, { fields, information: row });
    expect((await formOf(s.id, s.teacher.token)).values).toEqual({
      naam: 'Sam de Boer',
      geheim: 'niet voor de student',
    });
    // The map holds only the column that names no field: changing it answers the whole map.
    const res = await info(s.id, s.teacher.token, [{ op: 'add', path: '/Mentor', value: 'J. Jansen' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ Klas: 'VIG3A', Mentor: 'J. Jansen' });
  });

  it('refuses a text the field cannot take, or a field the creator may not write, and makes nothing', async () => {
    const s = await buildTrajectory(t, { fields });
    const before = (
      await call(t, { method: 'GET', url: '/api/v2/trajectories', token: s.teacher.token })
    ).json();
    const access = (
      await call(t, { method: 'GET', url: `/api/v2/trajectories/${s.id}/access`, token: s.teacher.token })
    ).json();
    const create = (information: Record<string, string>, roles = access.roles) =>
      call(t, {
        method: 'POST',
        url: '/api/v2/trajectories',
        token: s.teacher.token,
        payload: {
          blueprintId: s.blueprintId,
          name: 'Nog een',
          access: { roles, users: access.users },
          information,
        },
      });
    const unfit = await create({ Uren: 'veel', Klas: '3B' });
    expect(unfit.statusCode, unfit.body).toBe(400);
    expect(unfit.json().fields).toEqual([{ path: 'information.Uren', key: 'invalidValue' }]);
    // A Docent who may only read the confidential field cannot fill it through the data file.
    const readOnlyNote = access.roles.map((role: { name: string; informationRights: object }) =>
      role.name === 'Docent'
        ? {
            ...role,
            informationRights: {
              ...role.informationRights,
              geheim: { read: true, write: false, hidden: false },
            },
          }
        : role,
    );
    const refused = await create({ 'Vertrouwelijke notitie': 'x' }, readOnlyNote);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(
      (await call(t, { method: 'GET', url: '/api/v2/trajectories', token: s.teacher.token })).json(),
    ).toEqual(before);
  });

  it('PATCH information needs METADATA and touches only map keys: never a form field, never the root', async () => {
    const s = await buildTrajectory(t, { fields, information: row });
    const teacherForm = await formOf(s.id, s.teacher.token);
    for (const [token, payload, status] of [
      // a form field by name, as the mentor case of issue 19: refused, the form unchanged
      [s.teacher.token, [{ op: 'replace', path: '/Vertrouwelijke notitie', value: 'overschreven' }], 403],
      [s.teacher.token, [{ op: 'add', path: '/naam', value: 'Iemand anders' }], 403],
      [s.teacher.token, [{ op: 'replace', path: '', value: { Klas: 'X' } }], 400],
      [s.teacher.token, [{ op: 'add', path: '/', value: 'X' }], 400],
      [s.teacher.token, [{ op: 'add', path: '/__proto__/x', value: 'X' }], 400],
      [s.teacher.token, [{ op: 'copy', from: '/Klas', path: '/Klas2' }], 400],
      // the student holds no METADATA
      [s.pupil.token, [{ op: 'add', path: '/Klas', value: 'X' }], 403],
    ] as const) {
      const res = await info(s.id, token, payload);
      expect(res.statusCode, `${JSON.stringify(payload)} ${res.body}`).toBe(status);
      expect(res.body).not.toContain('niet voor de student');
    }
    expect(await formOf(s.id, s.teacher.token)).toEqual(teacherForm);
    expect(
      (await info(s.id, s.teacher.token, [{ op: 'test', path: '/Klas', value: 'VIG3A' }])).json(),
    ).toEqual({
      Klas: 'VIG3A',
    });
  });

  it('groups by a map key or a form field as the reader may read it, and offers only what they may see', async () => {
    const s = await buildTrajectory(t, { fields, information: row });
    const second = await buildTrajectory(t);
    const values = (groups: { value: string | null }[]) => groups.map((group) => group.value);
    expect(values(await grouped('Klas', s.teacher.token))).toEqual(['VIG3A']);
    expect(values(await grouped('naam', s.pupil.token))).toEqual(['Sam de Boer']);
    // The student may not read the confidential field: grouping by it puts the trajectory under null.
    const hidden = await grouped('Vertrouwelijke notitie', s.pupil.token);
    expect(hidden).toEqual([{ value: null, trajectories: [expect.objectContaining({ id: s.id })] }]);
    expect(JSON.stringify(hidden)).not.toContain('niet voor de student');
    expect(values(await grouped('Vertrouwelijke notitie', s.teacher.token))).toEqual([
      'niet voor de student',
    ]);
    // Another organisation's trajectories never appear.
    expect(
      (await grouped('Klas', second.teacher.token)).flatMap((g: { trajectories: { id: number }[] }) =>
        g.trajectories.map((x) => x.id),
      ),
    ).toEqual([second.id]);
    // The choices: map keys and the top-level form fields the reader may read, never a hidden one's name.
    expect(await keys(s.teacher.token)).toEqual([
      'Klas',
      'Motivatie',
      'Naam',
      'Uren',
      'Vertrouwelijke notitie',
    ]);
    expect(await keys(s.pupil.token)).toEqual(['Klas', 'Motivatie', 'Naam', 'Uren']);
  });

  it('a copy of a form value kept in the map before D40 is never answered nor grouped by', async () => {
    const s = await buildTrajectory(t, { fields });
    await t.ctx.db
      .updateTable('trajectories')
      .set({ information: JSON.stringify({ 'Vertrouwelijke notitie': 'oude kopie', Klas: '3B' }) })
      .where('id', '=', s.id)
      .execute();
    const hidden = await grouped('Vertrouwelijke notitie', s.pupil.token);
    expect(hidden).toEqual([{ value: null, trajectories: [expect.objectContaining({ id: s.id })] }]);
    expect(await keys(s.pupil.token)).not.toContain('Vertrouwelijke notitie');
    const res = await info(s.id, s.teacher.token, [{ op: 'add', path: '/Mentor', value: 'J' }]);
    expect(res.json()).toEqual({ Klas: '3B', Mentor: 'J' });
  });
});

describe('abilities and writable: what the server sends the web to render from (DESIGN points 1, 2)', () => {
  /** METADATA only: no information field, no evaluation. */
  const mentorRole = {
    name: 'Mentor',
    informationRights: {},
    evaluationRights: { write: false, read: false },
    reportRights: {},
    adminRights: { purchase: false, metadata: true, rights: false },
  };

  /** The fixture's trajectory (a private organisation) with a mentor beside the teacher and the student. */
  async function withMentor() {
    const s = await buildTrajectory(t);
    const mentor = await buildUser(t);
    await addMember(t, s.org.id, mentor.id, 'USER');
    const url = `/api/v2/trajectories/${s.id}/access`;
    const { roles, users } = (await call(t, { method: 'GET', url, token: s.teacher.token })).json();
    const access = {
      roles: [...roles, mentorRole],
      users: [...users, { user: mentor.email, roles: ['Mentor'] }],
    };
    const saved = await call(t, { method: 'PUT', url, token: s.teacher.token, payload: access });
    expect(saved.statusCode, saved.body).toBe(200);
    const token = (await tokensFor(t, mentor.email, s.org.id)).accessToken;
    return { ...s, access, readers: { teacher: s.teacher.token, student: s.pupil.token, mentor: token } };
  }
  type Setup = Awaited<ReturnType<typeof withMentor>>;

  const none: TrajectoryAbilities = {
    edit: false,
    updateMetadata: false,
    updateActiveUntil: false,
    updateAccess: false,
    updateBlueprint: false,
    delete: false,
    readInformation: false,
    readEvaluation: false,
    writeEvaluation: false,
    agreeScore: false,
    readReports: false,
    inviteMentor: false,
    progressReport: false,
  };
  const allow = (...names: (keyof TrajectoryAbilities)[]): TrajectoryAbilities => ({
    ...none,
    ...Object.fromEntries(names.map((name) => [name, true])),
  });

  /**
   * Reader → abilities and the form fields they may write. A private organisation: no one sets the last
   * active day (D12, credits only); while expired every write goes, deleting stays (D12, D13).
   */
  const expected: Record<
    'active' | 'expired',
    Record<keyof Setup['readers'], { abilities: TrajectoryAbilities; writable: string[] }>
  > = {
    active: {
      teacher: {
        abilities: allow(
          'edit',
          'updateMetadata',
          'updateAccess',
          'updateBlueprint',
          'delete',
          'readInformation',
          'readEvaluation',
          'writeEvaluation',
          'agreeScore',
          'readReports',
          'inviteMentor',
          'progressReport',
        ),
        writable: ['geheim', 'motivatie', 'naam'],
      },
      // Neither the fixture's student nor the mentor has a right on any report: noAccess there.
      student: {
        abilities: allow('edit', 'readInformation', 'readEvaluation', 'progressReport'),
        writable: ['motivatie'],
      },
      mentor: {
        abilities: allow('edit', 'updateMetadata', 'updateBlueprint', 'delete', 'progressReport'),
        writable: [],
      },
    },
    expired: {
      teacher: {
        abilities: allow('delete', 'readInformation', 'readEvaluation', 'readReports', 'progressReport'),
        writable: [],
      },
      student: { abilities: allow('readInformation', 'readEvaluation', 'progressReport'), writable: [] },
      mentor: { abilities: allow('delete', 'progressReport'), writable: [] },
    },
  };

  /**
   * Each ability beside a call of the route that does it. Every one is harmless here: the same access
   * list, the trajectory restored where it is, an evaluation patch that names nothing (400 after the
   * policy), a new description, and a last day that only organisation 0 could set.
   */
  const routes: Partial<
    Record<keyof TrajectoryAbilities, (s: Setup, token: string) => ReturnType<typeof call>>
  > = {
    updateMetadata: async (s, token) => {
      const url = `/api/v2/trajectories/${s.id}`;
      const now = (await call(t, { method: 'GET', url, token: s.teacher.token })).json();
      const description = now.description === 'Eerste' ? 'Tweede' : 'Eerste';
      return call(t, { method: 'PUT', url, token, payload: { name: now.name, description } });
    },
    updateActiveUntil: async (s, token) => {
      const url = `/api/v2/trajectories/${s.id}`;
      const now = (await call(t, { method: 'GET', url, token: s.teacher.token })).json();
      const payload = { name: now.name, description: now.description, activeUntil: '2099-12-31' };
      return call(t, { method: 'PUT', url, token, payload });
    },
    updateAccess: (s, token) =>
      call(t, { method: 'PUT', url: `/api/v2/trajectories/${s.id}/access`, token, payload: s.access }),
    updateBlueprint: (s, token) =>
      call(t, { method: 'GET', url: `/api/v2/trajectories/${s.id}/update`, token }),
    delete: (s, token) =>
      call(t, {
        method: 'PUT',
        url: `/api/v2/trajectories/${s.id}/status`,
        token,
        payload: { status: 'LIVE' },
      }),
    readEvaluation: (s, token) =>
      call(t, { method: 'GET', url: `/api/v2/trajectories/${s.id}/evaluations`, token }),
    writeEvaluation: (s, token) =>
      call(t, {
        method: 'PATCH',
        url: `/api/v2/trajectories/${s.id}/evaluations`,
        token,
        payload: [{ op: 'add', path: '/criteria/9/properties/2024-01-01T00:00:00Z', value: { score: '1' } }],
      }),
    readReports: (s, token) => call(t, { method: 'GET', url: `/api/v2/trajectories/${s.id}/reports`, token }),
    // A role the access does not define: 400 unknownRole once allowed, so nothing is sent.
    inviteMentor: (s, token) =>
      call(t, {
        method: 'POST',
        url: `/api/v2/trajectories/${s.id}/mentor-links`,
        token,
        payload: { email: 'nobody@example.com', name: 'Niemand', role: 'Geen rol' },
      }),
    // Issue 31: "Voortgangsrapport maken" (it only reads, so also while inactive).
    progressReport: (s, token) =>
      call(t, { method: 'POST', url: '/api/extracts/progress-report', token, payload: { trajectory: s.id } }),
  };

  it.each(['active', 'expired'] as const)(
    '%s: each reader gets the abilities and writable fields the routes then honour',
    async (state) => {
      const s = await withMentor();
      if (state === 'expired')
        await t.ctx.db
          .updateTable('trajectories')
          .set({ active_until: '2020-01-01' })
          .where('id', '=', s.id)
          .execute();
      for (const [reader, want] of Object.entries(expected[state])) {
        const token = s.readers[reader as keyof Setup['readers']];
        const info = (await call(t, { method: 'GET', url: `/api/v2/trajectories/${s.id}`, token })).json();
        expect(info.abilities, reader).toEqual(want.abilities);
        expect(info.expired, reader).toBe(state === 'expired');
        const formUrl = `/api/v2/trajectories/${s.id}/form`;
        const form = (await call(t, { method: 'GET', url: formUrl, token })).json();
        expect(form.writable, reader).toEqual(want.writable);
        // The information section tells "no fields" from "none for you" by readInformation.
        expect(form.fields.length > 0, reader).toBe(want.abilities.readInformation);

        for (const [name, route] of Object.entries(routes)) {
          const answer = await route(s, token);
          const allowed = want.abilities[name as keyof TrajectoryAbilities];
          expect(answer.statusCode === 403, `${reader} ${name}: ${answer.body}`).toBe(!allowed);
        }
        // Every field they read: a value lands exactly where `writable` says, with `writable` in the answer.
        for (const { uuid } of form.fields as { uuid: string }[]) {
          const saved = await call(t, {
            method: 'PATCH',
            url: formUrl,
            token,
            payload: [{ op: 'add', path: `/values/${uuid}`, value: `${reader} ${state}` }],
          });
          const writable = want.writable.includes(uuid);
          expect(saved.statusCode, `${reader} ${uuid}: ${saved.body}`).toBe(writable ? 200 : 403);
          if (writable) expect(saved.json().writable).toEqual(want.writable);
        }
      }
    },
  );
});
