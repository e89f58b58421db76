import { defaultAdminRole } from '@groeipad/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, buildUser, call, createTestApp, type TestApp, tokensFor } from '../../../test/helpers.ts';
import { buildTrajectory, field, studentRole } from '../../../test/trajectory-fixture.ts';
import { uploadFile } from '../../../test/uploads.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const uploadPng = (token: string) => uploadFile(t, token);

describe('e-mail suggestions for the access editor', () => {
  it('answers members matching the text to a RIGHTS holder who is a plain organisation USER; 403 without RIGHTS; 404 elsewhere', async () => {
    const s = await buildTrajectory(t);
    // The teacher (organisation OWNER) hands RIGHTS to a colleague who is a plain USER.
    const colleague = await buildUser(t, { email: `docent_100%-${Date.now()}@school.nl` });
    await addMember(t, s.org.id, colleague.id, 'USER');
    const access = (
      await call(t, { method: 'GET', url: `/api/v2/trajectories/${s.id}/access`, token: s.teacher.token })
    ).json();
    access.users.push({ user: colleague.email, roles: ['Docent'] });
    const put = await call(t, {
      method: 'PUT',
      url: `/api/v2/trajectories/${s.id}/access`,
      token: s.teacher.token,
      payload: access,
    });
    expect(put.statusCode, put.body).toBe(200);
    const token = (await tokensFor(t, colleague.email, s.org.id)).accessToken;
    const url = `/api/v2/trajectories/${s.id}/email-suggestions`;
    const all = await call(t, { method: 'GET', url, token });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual([s.teacher.email, s.pupil.email, colleague.email].sort());
    // LIKE characters are taken literally: '100%' matches only the address holding it.
    const literal = await call(t, { method: 'GET', url: `${url}?q=${encodeURIComponent('_100%')}`, token });
    expect(literal.json()).toEqual([colleague.email]);
    const upper = await call(t, {
      method: 'GET',
      url: `${url}?q=${encodeURIComponent(s.pupil.email.toUpperCase())}`,
      token,
    });
    expect(upper.json()).toEqual([s.pupil.email]);
    expect((await call(t, { method: 'GET', url, token: s.pupil.token })).statusCode).toBe(403);
    const stranger = await buildTrajectory(t);
    expect((await call(t, { method: 'GET', url, token: stranger.teacher.token })).statusCode).toBe(404);
  });
});

describe('competence labels', () => {
  it('lists the distinct labels of the trajectory’s competences to an evaluation reader; noAccess without', async () => {
    const s = await buildTrajectory(t, {
      student: { ...studentRole(), evaluationRights: { write: false, read: false } },
    });
    // A new blueprint version with labelled competences, then the trajectory moved to it.
    await call(t, {
      method: 'PATCH',
      url: `/api/blueprints/trajectories/${s.blueprintId}/content`,
      token: s.teacher.token,
      payload: [
        {
          op: 'replace',
          path: '/competenceList/competences',
          value: [
            {
              uuid: 'c1',
              description: 'Zorg',
              labels: ['Kerntaak 1'],
              subcompetences: [
                {
                  uuid: 'c1.1',
                  description: 'Hygiëne',
                  subcompetences: [
                    { uuid: 'c1.1.1', description: 'Handen wassen', labels: ['BPV', 'Kerntaak 1'] },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    const preview = await call(t, {
      method: 'GET',
      url: `/api/v2/trajectories/${s.id}/update`,
      token: s.teacher.token,
    });
    await call(t, {
      method: 'PUT',
      url: `/api/v2/trajectories/${s.id}/update`,
      token: s.teacher.token,
      payload: { version: preview.json().latestVersion },
    });
    const url = `/api/v2/trajectories/${s.id}/labels`;
    const labels = await call(t, { method: 'GET', url, token: s.teacher.token });
    expect(labels.statusCode, labels.body).toBe(200);
    expect(labels.json()).toEqual(['BPV', 'Kerntaak 1']);
    const refused = await call(t, { method: 'GET', url, token: s.pupil.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().key).toBe('noAccess');
  });
});

describe('D10: moving a trajectory to the newer blueprint version', () => {
  it('previews the changes, then keeps every answer by uuid, starts new fields empty and keeps removed values in the history', async () => {
    const s = await buildTrajectory(t);
    const form = `/api/v2/trajectories/${s.id}/form`;
    await call(t, {
      method: 'PATCH',
      url: form,
      token: s.teacher.token,
      payload: [
        { op: 'add', path: '/values/motivatie', value: 'Zorg is mijn roeping' },
        { op: 'add', path: '/values/geheim', value: 'Vertrouwelijk' },
      ],
    });
    await call(t, {
      method: 'PATCH',
      url: `/api/blueprints/trajectories/${s.blueprintId}/content`,
      token: s.teacher.token,
      payload: [
        {
          op: 'replace',
          path: '/information/fields',
          value: [field('motivatie', 'Waarom de zorg?'), field('naam', 'Naam'), field('mentor', 'Mentor')],
        },
        {
          op: 'replace',
          path: '/roles',
          value: [
            defaultAdminRole([], 'Docent'),
            studentRole(),
            { ...studentRole(), name: 'Praktijkopleider' },
          ],
        },
      ],
    });
    const before = (
      await call(t, { method: 'GET', url: `/api/v2/trajectories/${s.id}`, token: s.teacher.token })
    ).json();
    expect(before.latestBlueprintVersion).toBeGreaterThan(before.blueprintVersion);
    const preview = await call(t, {
      method: 'GET',
      url: `/api/v2/trajectories/${s.id}/update`,
      token: s.teacher.token,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().changes).toEqual(
      expect.arrayContaining([
        { kind: 'fieldRenamed', name: 'Waarom de zorg?', from: 'Motivatie' },
        { kind: 'fieldAdded', name: 'Mentor' },
        { kind: 'fieldRemoved', name: 'Vertrouwelijke notitie' },
        { kind: 'roleAdded', name: 'Praktijkopleider' },
      ]),
    );
    // Without METADATA: 403; a version that is not the latest: 409 and nothing moved.
    const update = `/api/v2/trajectories/${s.id}/update`;
    expect((await call(t, { method: 'GET', url: update, token: s.pupil.token })).statusCode).toBe(403);
    const stale = await call(t, {
      method: 'PUT',
      url: update,
      token: s.teacher.token,
      payload: { version: before.blueprintVersion },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().key).toBe('staleDocument');
    const applied = await call(t, {
      method: 'PUT',
      url: update,
      token: s.teacher.token,
      payload: { version: preview.json().latestVersion },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().blueprintVersion).toBe(preview.json().latestVersion);
    const after = (await call(t, { method: 'GET', url: form, token: s.teacher.token })).json();
    expect(after.fields.map((f: { name: string }) => f.name)).toEqual(['Waarom de zorg?', 'Naam', 'Mentor']);
    expect(after.values).toEqual({ motivatie: 'Zorg is mijn roeping' });
    const roles = (
      await call(t, { method: 'GET', url: `/api/v2/trajectories/${s.id}/roles`, token: s.teacher.token })
    ).json();
    expect(roles.map((r: { name: string }) => r.name)).toContain('Praktijkopleider');
    // The removed value is still in the form's history (an event's inverse patch holds it).
    const history = await t.ctx.db
      .selectFrom('document_events as e')
      .innerJoin('trajectories as tr', 'tr.form_document_id', 'e.document_id')
      .select('e.inverse')
      .where('tr.id', '=', s.id)
      .execute();
    expect(JSON.stringify(history.map((h) => h.inverse))).toContain('Vertrouwelijk');
    const again = await call(t, { method: 'GET', url: update, token: s.teacher.token });
    expect(again.json().changes).toEqual([]);
  });
});

describe('D10, D40: a METADATA holder without RIGHTS moves the trajectory on', () => {
  it('sees only the changes of fields they may read, and applies the update', async () => {
    const mentor = { ...studentRole(), adminRights: { purchase: false, metadata: true, rights: false } };
    const s = await buildTrajectory(t, { student: mentor });
    await call(t, {
      method: 'PATCH',
      url: `/api/blueprints/trajectories/${s.blueprintId}/content`,
      token: s.teacher.token,
      payload: [
        {
          op: 'replace',
          path: '/information/fields',
          value: [
            field('geheim', 'Geheime notitie 2026'),
            field('motivatie', 'Motivatie'),
            field('naam', 'Naam'),
            field('mentor', 'Mentor'),
          ],
        },
      ],
    });
    const update = `/api/v2/trajectories/${s.id}/update`;
    const preview = await call(t, { method: 'GET', url: update, token: s.pupil.token });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().changes).toEqual([{ kind: 'fieldAdded', name: 'Mentor' }]);
    expect(preview.body).not.toContain('notitie');
    const applied = await call(t, {
      method: 'PUT',
      url: update,
      token: s.pupil.token,
      payload: { version: preview.json().latestVersion },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().blueprintVersion).toBe(preview.json().latestVersion);
  });
});

describe('files in a trajectory form (D19)', () => {
  const fields = [
    { ...field('geheim', 'Vertrouwelijke bijlage'), type: 'upload' },
    { ...field('motivatie', 'Foto'), type: 'image' },
    field('naam', 'Naam'),
  ];

  it('are readable by whoever may read the field holding them, not through a hidden one', async () => {
    const s = await buildTrajectory(t, { fields });
    const secret = await uploadPng(s.teacher.token);
    const photo = await uploadPng(s.teacher.token);
    const saved = await call(t, {
      method: 'PATCH',
      url: `/api/v2/trajectories/${s.id}/form`,
      token: s.teacher.token,
      payload: [
        { op: 'add', path: '/values/geheim', value: [secret] },
        { op: 'add', path: '/values/motivatie', value: JSON.stringify([photo]) },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (id: number) =>
      call(t, { method: 'GET', url: `/api/resources/${id}/content`, token: s.pupil.token });
    expect((await read(photo)).statusCode).toBe(200);
    expect((await read(secret)).statusCode).toBe(404);
  });

  it('refuses a form value pointing at a file the writer may not read, and writes nothing', async () => {
    const s = await buildTrajectory(t, { fields });
    const teachersOwn = await uploadPng(s.teacher.token);
    const url = `/api/v2/trajectories/${s.id}/form`;
    const sneaky = await call(t, {
      method: 'PATCH',
      url,
      token: s.pupil.token,
      payload: [{ op: 'add', path: '/values/motivatie', value: JSON.stringify([teachersOwn]) }],
    });
    expect(sneaky.statusCode).toBe(400);
    // D42: the engine names the field whose value names the file.
    expect(sneaky.json()).toMatchObject({
      key: 'invalidDocumentContent',
      fields: [{ path: 'values.motivatie', key: 'fileNotReadable' }],
    });
    expect((await call(t, { method: 'GET', url, token: s.teacher.token })).json().values).toEqual({});
    const own = await uploadPng(s.pupil.token);
    const fine = await call(t, {
      method: 'PATCH',
      url,
      token: s.pupil.token,
      payload: [{ op: 'add', path: '/values/motivatie', value: JSON.stringify([own]) }],
    });
    expect(fine.statusCode, fine.body).toBe(200);
    // Now the teacher reads the student's photo through the field.
    expect(
      (await call(t, { method: 'GET', url: `/api/resources/${own}/content`, token: s.teacher.token }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses copying a file id out of a field hidden from the writer into one they may write', async () => {
    const s = await buildTrajectory(t, { fields });
    const secret = await uploadPng(s.teacher.token);
    const url = `/api/v2/trajectories/${s.id}/form`;
    const stored = await call(t, {
      method: 'PATCH',
      url,
      token: s.teacher.token,
      payload: [{ op: 'add', path: '/values/geheim', value: [secret] }],
    });
    expect(stored.statusCode, stored.body).toBe(200);
    // The pupil cannot see 'geheim', but might guess or learn the id.
    const copied = await call(t, {
      method: 'PATCH',
      url,
      token: s.pupil.token,
      payload: [{ op: 'add', path: '/values/motivatie', value: JSON.stringify([secret]) }],
    });
    expect(copied.statusCode).toBe(400);
    expect(copied.json().fields).toEqual([{ path: 'values.motivatie', key: 'fileNotReadable' }]);
    expect(
      (await call(t, { method: 'GET', url: `/api/resources/${secret}/content`, token: s.pupil.token }))
        .statusCode,
    ).toBe(404);
  });
});
