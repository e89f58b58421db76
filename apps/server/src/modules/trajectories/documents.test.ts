import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildTrajectory, field } from '../../../test/trajectory-fixture.ts';

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

describe('information map and grouping (D14, D33, D34)', () => {
  it('stores every column, fills the matching form fields, and groups by a key without revealing hidden values', async () => {
    const s = await setup();
    const second = await setup();
    const info = (id: number, token: string, payload: object) =>
      call(t, { method: 'PATCH', url: `/api/v2/trajectories/${id}/information`, token, payload });
    const res = await info(s.id, s.teacher.token, [
      { op: 'add', path: '/ Naam ', value: 'Sam de Boer' },
      { op: 'add', path: '/Klas', value: 'VIG3A' },
      { op: 'add', path: '/Vertrouwelijke notitie', value: 'niet voor de student' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ' Naam ': 'Sam de Boer',
      Klas: 'VIG3A',
      'Vertrouwelijke notitie': 'niet voor de student',
    });
    const form = (
      await call(t, { method: 'GET', url: `/api/v2/trajectories/${s.id}/form`, token: s.teacher.token })
    ).json();
    expect(form.values).toEqual({ naam: 'Sam de Boer', geheim: 'niet voor de student' });
    expect((await info(s.id, s.pupil.token, [{ op: 'add', path: '/Klas', value: 'X' }])).statusCode).toBe(
      403,
    );
    expect(
      (await info(s.id, s.teacher.token, [{ op: 'add', path: '/__proto__/x', value: 'X' }])).statusCode,
    ).toBe(400);

    const grouped = async (key: string, token: string) =>
      (
        await call(t, {
          method: 'GET',
          url: `/api/v2/trajectories/grouped?key=${encodeURIComponent(key)}`,
          token,
        })
      ).json();
    expect((await grouped('Klas', s.teacher.token)).map((g: { value: string | null }) => g.value)).toEqual([
      'VIG3A',
    ]);
    // the student may not read the confidential field: grouping by it puts the trajectory under null
    const hidden = await grouped('Vertrouwelijke notitie', s.pupil.token);
    expect(hidden).toEqual([{ value: null, trajectories: [expect.objectContaining({ id: s.id })] }]);
    expect(JSON.stringify(hidden)).not.toContain('niet voor de student');
    expect((await grouped('Vertrouwelijke notitie', s.teacher.token))[0].value).toBe('niet voor de student');
    // another organisation's trajectories never appear
    expect(
      (await grouped('Klas', second.teacher.token)).flatMap((g: { trajectories: { id: number }[] }) =>
        g.trajectories.map((x) => x.id),
      ),
    ).toEqual([second.id]);
    // the keys the list offers to group by: this organisation's, sorted
    const keys = async (token: string) =>
      (await call(t, { method: 'GET', url: '/api/v2/trajectories/information-keys', token })).json();
    expect(await keys(s.teacher.token)).toEqual([' Naam ', 'Klas', 'Vertrouwelijke notitie']);
    expect(await keys(second.teacher.token)).toEqual([]);
  });
});
