import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildTrajectory, field, studentRole } from '../../../test/trajectory-fixture.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Flags = { write: boolean; read: boolean; hidden: boolean };
const W: Flags = { write: true, read: true, hidden: false };
const R: Flags = { write: false, read: true, hidden: false };
const H: Flags = { write: false, read: false, hidden: true };

/** A role holding `root` at the form's root and `own` on the field 'doel' (undefined: inherited). */
function role(root: Flags | undefined, own: Flags | undefined) {
  const base = studentRole();
  const informationRights: Record<string, Flags> = {};
  if (root) informationRights[''] = root;
  if (own) informationRights.doel = own;
  return { ...base, informationRights };
}

describe('rights matrix: information field flags (spec part 1 §6, D1, D18)', () => {
  // root flags, the field's own flags → the field is shown, its value is shown, a write answers
  const rows: [string, Flags | undefined, Flags | undefined, boolean, number][] = [
    ['write on the field', R, W, true, 200],
    ['read on the field', R, R, true, 403],
    ['hidden on the field', R, H, false, 403],
    ['inherited read from the root', R, undefined, true, 403],
    ['inherited write from the root', W, undefined, true, 200],
    ['hidden on the field under a writable root', W, H, false, 403],
    ['read on the field under a hidden root (granted wins)', H, R, true, 403],
    ['no entry anywhere', undefined, undefined, false, 403],
  ];

  it.each(rows)('%s', async (_name, root, own, shown, writeStatus) => {
    const s = await buildTrajectory(t, {
      fields: [field('doel', 'Leerdoel'), field('naam', 'Naam')],
      student: role(root, own),
    });
    const url = `/api/v2/trajectories/${s.id}/form`;
    const filled = await call(t, {
      method: 'PATCH',
      url,
      token: s.teacher.token,
      payload: [{ op: 'add', path: '/values/doel', value: 'Zelfstandig een zorgplan opstellen' }],
    });
    expect(filled.statusCode, filled.body).toBe(200);
    const seen = await call(t, { method: 'GET', url, token: s.pupil.token });
    expect(seen.statusCode).toBe(200);
    const uuids = seen.json().fields.map((f: { uuid: string }) => f.uuid);
    expect(uuids.includes('doel')).toBe(shown);
    expect(seen.body.includes('zorgplan')).toBe(shown);
    const write = await call(t, {
      method: 'PATCH',
      url,
      token: s.pupil.token,
      payload: [{ op: 'replace', path: '/values/doel', value: 'Nieuw doel' }],
    });
    expect(write.statusCode, write.body).toBe(writeStatus);
    const stored = (await call(t, { method: 'GET', url, token: s.teacher.token })).json().values.doel;
    expect(stored).toBe(writeStatus === 200 ? 'Nieuw doel' : 'Zelfstandig een zorgplan opstellen');
  });
});

describe('rights matrix: metadata and access (spec part 1 §6, D13, D35)', () => {
  type Admin = { purchase: boolean; metadata: boolean; rights: boolean };
  const none: Admin = { purchase: false, metadata: false, rights: false };
  // admin rights → title, status, D10 preview, access read, access write, e-mail suggestions
  const rows: [string, Admin, number, number, number, number, number, number][] = [
    ['READ only', none, 403, 403, 403, 200, 403, 403],
    ['PURCHASE', { ...none, purchase: true }, 403, 403, 403, 200, 403, 403],
    ['METADATA', { ...none, metadata: true }, 200, 200, 200, 200, 403, 403],
    ['RIGHTS', { ...none, rights: true }, 403, 403, 403, 200, 200, 200],
  ];

  it.each(rows)(
    '%s',
    async (_name, adminRights, title, status, preview, readAccess, writeAccess, suggest) => {
      const s = await buildTrajectory(t, { student: { ...studentRole(), adminRights } });
      const base = `/api/v2/trajectories/${s.id}`;
      const as = (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
        call(
          t,
          payload === undefined
            ? { method, url, token: s.pupil.token }
            : { method, url, token: s.pupil.token, payload: payload as Record<string, unknown> },
        );
      expect((await as('PUT', base, { name: 'BPV Sam (2)', description: null })).statusCode).toBe(title);
      expect((await as('PUT', `${base}/status`, { status: 'LIVE' })).statusCode).toBe(status);
      expect((await as('GET', `${base}/update`)).statusCode).toBe(preview === 200 ? 200 : 403);
      const access = await as('GET', `${base}/access`);
      expect(access.statusCode).toBe(readAccess);
      expect((await as('PUT', `${base}/access`, access.json())).statusCode).toBe(writeAccess);
      expect((await as('GET', `${base}/email-suggestions`)).statusCode).toBe(suggest);
      // Every refused write left the trajectory as it was.
      const info = (await call(t, { method: 'GET', url: base, token: s.teacher.token })).json();
      expect(info.name).toBe(title === 200 ? 'BPV Sam (2)' : 'BPV Sam');
    },
  );
});

describe('a record key’s own problem reaches the client', () => {
  it('answers tooLong at an over-long field key in the access rights, not invalidValue', async () => {
    const s = await buildTrajectory(t);
    const url = `/api/v2/trajectories/${s.id}/access`;
    const access = (await call(t, { method: 'GET', url, token: s.teacher.token })).json();
    const long = 'x'.repeat(300);
    access.roles[1].informationRights[long] = R;
    const refused = await call(t, { method: 'PUT', url, token: s.teacher.token, payload: access });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toContainEqual({
      path: `roles.1.informationRights.${long}`,
      key: 'tooLong',
    });
  });
});
