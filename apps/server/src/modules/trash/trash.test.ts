import { existsSync } from 'node:fs';
import { join } from 'node:path';
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
  uniqueEmail,
} from '../../../test/helpers.ts';
import { buildTrajectory, field } from '../../../test/trajectory-fixture.ts';
import { uploadFile } from '../../../test/uploads.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ companyDomain: 'groeipad.nl' });
});
afterAll(() => t.close());

type Caller = { token: string };
const get = (who: Caller, url: string) => call(t, { method: 'GET', url, token: who.token });
const trash = async (who: Caller) => {
  const res = await get(who, '/api/trash');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; name: string; type: string; admin: boolean }[];
};
const restore = (who: Caller, id: string, status: unknown = 'LIVE') =>
  call(t, { method: 'PUT', url: `/api/trash/${id}`, token: who.token, payload: { status } });
const purge = (who: Caller, id: string) =>
  call(t, { method: 'DELETE', url: `/api/trash/${id}`, token: who.token });

async function deleteTrajectory(who: Caller, id: number) {
  const res = await call(t, {
    method: 'PUT',
    url: `/api/v2/trajectories/${id}/status`,
    token: who.token,
    payload: { status: 'deleted' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function deleteBlueprint(who: Caller, id: number) {
  const res = await call(t, {
    method: 'PUT',
    url: `/api/blueprints/${id}/status`,
    token: who.token,
    payload: { status: 'DELETED' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function createBlueprint(who: Caller, type: string, name: string, userRights: unknown[] = []) {
  const res = await call(t, {
    method: 'POST',
    url: '/api/blueprints',
    token: who.token,
    payload: { type, name, userRights },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

async function patchContent(who: Caller, path: string, payload: unknown[]) {
  const res = await call(t, { method: 'PATCH', url: path, token: who.token, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const fileRow = (id: number) =>
  t.ctx.db.selectFrom('resources').selectAll().where('id', '=', id).executeTakeFirst();
/** Whether a file's row and its bytes in storage are both there. */
async function fileKept(id: number): Promise<{ row: boolean; bytes: boolean }> {
  const row = await fileRow(id);
  return {
    row: row !== undefined,
    bytes: row?.storage_key ? existsSync(join(t.ctx.config.dataDir, 'files', row.storage_key)) : false,
  };
}
async function storagePath(id: number): Promise<string> {
  const row = await fileRow(id);
  return join(t.ctx.config.dataDir, 'files', row!.storage_key!);
}

const documentCount = async (ids: number[]) =>
  (await t.ctx.db.selectFrom('documents').select('id').where('id', 'in', ids).execute()).length;
const eventCount = async (ids: number[]) =>
  (await t.ctx.db.selectFrom('document_events').select('id').where('document_id', 'in', ids).execute())
    .length;

/** A teacher's organisation with a trajectory (Docent: METADATA; Student: read only) and blueprints. */
async function setup() {
  const s = await buildTrajectory(t);
  const teacher = { ...s.teacher };
  const pupil = { ...s.pupil };
  return { ...s, teacher, pupil };
}

describe('GET /api/trash (D38)', () => {
  it('lists the deleted trajectories and blueprints the user can see, with admin per D13, who and when', async () => {
    const s = await setup();
    const before = Date.now();
    const shared = await createBlueprint(s.teacher, 'INFORMATION', 'Intake', [
      { user: s.pupil.email, rights: ['READ'] },
    ]);
    const own = await createBlueprint(s.teacher, 'COMPETENCE_LIST', 'Alleen van mij');
    const live = await createBlueprint(s.teacher, 'REPORT', 'Blijft staan');
    await deleteTrajectory(s.teacher, s.id);
    await deleteBlueprint(s.teacher, shared);
    await deleteBlueprint(s.teacher, own);
    // The trajectory blueprint stays LIVE: not in the trash.
    const teacherView = await trash(s.teacher);
    expect(teacherView.map((item) => item.id).sort()).toEqual(
      [`trajectory-${s.id}`, `blueprint-${shared}`, `blueprint-${own}`].sort(),
    );
    expect(teacherView.find((item) => item.id === `blueprint-${live}`)).toBeUndefined();
    for (const item of teacherView) {
      expect(item.admin).toBe(true);
      expect(item).toMatchObject({ statusModifiedByEmail: s.teacher.email });
      const on = Date.parse((item as unknown as { statusModifiedOn: string }).statusModifiedOn);
      expect(on).toBeGreaterThanOrEqual(before - 5_000);
    }
    expect(teacherView.find((item) => item.id === `trajectory-${s.id}`)).toMatchObject({
      name: 'BPV Sam',
      type: 'TRAJECTORY',
    });
    expect(teacherView.find((item) => item.id === `blueprint-${shared}`)).toMatchObject({
      name: 'Intake',
      type: 'INFORMATION',
    });
    // The most recently deleted first.
    expect(teacherView[0]?.id).toBe(`blueprint-${own}`);

    // The pupil reads the trajectory (no METADATA) and the shared blueprint (READ, no ADMIN).
    const pupilView = await trash(s.pupil);
    expect(pupilView.map((item) => [item.id, item.admin]).sort()).toEqual(
      [
        [`blueprint-${shared}`, false],
        [`trajectory-${s.id}`, false],
      ].sort(),
    );

    // A member without any access sees nothing; so does another organisation.
    const member = await buildUser(t);
    await addMember(t, s.org.id, member.id, 'ADMIN');
    const memberToken = (await tokensFor(t, member.email, s.org.id)).accessToken;
    expect(await trash({ token: memberToken })).toEqual([]);
    const stranger = await buildUser(t);
    const strangerOrg = await buildOrganisation(t, (await login(t, stranger.email)).accessToken);
    expect(await trash({ token: (await tokensFor(t, stranger.email, strangerOrg.id)).accessToken })).toEqual(
      [],
    );
  });
});

describe('PUT /api/trash/{id} (restore)', () => {
  it('a non-admin gets 403 and nothing changes (D13)', async () => {
    const s = await setup();
    const shared = await createBlueprint(s.teacher, 'INFORMATION', 'Intake', [
      { user: s.pupil.email, rights: ['READ', 'WRITE'] },
    ]);
    await deleteTrajectory(s.teacher, s.id);
    await deleteBlueprint(s.teacher, shared);
    for (const id of [`trajectory-${s.id}`, `blueprint-${shared}`]) {
      const refused = await restore(s.pupil, id);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toEqual({ status: 403, key: 'forbidden' });
      const gone = await purge(s.pupil, id);
      expect(gone.statusCode, gone.body).toBe(403);
    }
    const status = await t.ctx.db
      .selectFrom('trajectories')
      .select('status')
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('DELETED');
    expect((await trash(s.teacher)).map((item) => item.id).sort()).toEqual(
      [`trajectory-${s.id}`, `blueprint-${shared}`].sort(),
    );
  });

  it('restores (LIVE in any letter case, D30): the item is back in its list and out of the trash', async () => {
    const s = await setup();
    const blueprint = await createBlueprint(s.teacher, 'DASHBOARD', 'Overzicht');
    await deleteTrajectory(s.teacher, s.id);
    await deleteBlueprint(s.teacher, blueprint);
    expect((await get(s.teacher, '/api/v2/trajectories')).json()).toEqual([]);

    const wrong = await restore(s.teacher, `trajectory-${s.id}`, 'DELETED');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().key).toBe('validationError');

    expect((await restore(s.teacher, `trajectory-${s.id}`, 'live')).statusCode).toBe(204);
    expect((await restore(s.teacher, `blueprint-${blueprint}`, 'Live')).statusCode).toBe(204);
    expect(await trash(s.teacher)).toEqual([]);
    const trajectories = (await get(s.teacher, '/api/v2/trajectories')).json();
    expect(trajectories.map((item: { id: number }) => item.id)).toEqual([s.id]);
    // The pupil sees it again too, with the same access as before.
    expect((await get(s.pupil, `/api/v2/trajectories/${s.id}`)).statusCode).toBe(200);
    const blueprints = (await get(s.teacher, '/api/blueprints')).json();
    expect(blueprints.map((item: { id: number }) => item.id)).toContain(blueprint);
    const row = await t.ctx.db
      .selectFrom('trajectories')
      .select(['status', 'status_modified_by'])
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'LIVE', status_modified_by: s.teacher.id });

    // A LIVE item is not in the trash: restoring or deleting it again is 404, and it stays.
    expect((await restore(s.teacher, `trajectory-${s.id}`)).statusCode).toBe(404);
    expect((await purge(s.teacher, `blueprint-${blueprint}`)).statusCode).toBe(404);
    expect((await get(s.teacher, `/api/blueprints/${blueprint}`)).statusCode).toBe(200);
  });

  it('restores an expired trajectory too (D12: deleting and restoring are not writes)', async () => {
    const s = await setup();
    await deleteTrajectory(s.teacher, s.id);
    await t.ctx.db
      .updateTable('trajectories')
      .set({ active_until: '2020-01-31' })
      .where('id', '=', s.id)
      .execute();
    expect((await restore(s.teacher, `trajectory-${s.id}`)).statusCode).toBe(204);
    expect((await get(s.teacher, `/api/v2/trajectories/${s.id}`)).json().expired).toBe(true);
  });
});

describe('ids and organisations', () => {
  it('answers another organisation’s items 404 and ill-formed ids 400, and changes nothing', async () => {
    const s = await setup();
    await deleteTrajectory(s.teacher, s.id);
    const other = await setup();
    for (const send of [restore, purge]) {
      const res = await send(other.teacher, `trajectory-${s.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, key: 'notFound' });
      expect((await send(s.teacher, 'trajectory-999999999')).statusCode).toBe(404);
      expect((await send(s.teacher, `blueprint-${s.id + 999_999}`)).statusCode).toBe(404);
      for (const bad of ['999', 'user-1', 'trajectory-x', 'trajectory-2147483648', 'trajectory-01']) {
        const res2 = await send(s.teacher, bad);
        expect(res2.statusCode, bad).toBe(400);
        expect(res2.json().key, bad).toBe('validationError');
      }
    }
    expect((await trash(s.teacher)).map((item) => item.id)).toEqual([`trajectory-${s.id}`]);
  });
});

describe('DELETE /api/trash/{id} (for good)', () => {
  it('removes a trajectory’s documents, versions, events, access rows and reports, and only the files nobody else refers to', async () => {
    const teacherSetup = await buildTrajectory(t, {
      fields: [
        {
          ...field('vervoer', 'Vervoer', 'select'),
          options: [{ value: 'fiets', attachments: [] }],
        },
        field('bijlage', 'Bijlage', 'upload'),
        field('naam', 'Naam'),
      ],
      reports: [{ name: 'Verslag', fields: [field('plaats', 'Plaats')] }],
    });
    const s = teacherSetup;
    // An attachment in the blueprint, then a trajectory made from it shares the file (a snapshot, D9).
    const attachment = await uploadFile(t, s.teacher.token, { name: 'route.png' });
    await patchContent(s.teacher, `/api/blueprints/trajectories/${s.blueprintId}/content`, [
      { op: 'replace', path: '/information/fields/0/options/0/attachments', value: [attachment] },
    ]);
    const blueprintContent = (
      await get(s.teacher, `/api/blueprints/trajectories/${s.blueprintId}/content`)
    ).json();
    const made = await call(t, {
      method: 'POST',
      url: '/api/v2/trajectories',
      token: s.teacher.token,
      payload: {
        blueprintId: s.blueprintId,
        name: 'BPV Noor',
        access: {
          roles: blueprintContent.roles,
          users: [
            { user: s.teacher.email, roles: ['Docent'] },
            { user: s.pupil.email, roles: ['Student'] },
          ],
        },
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    // Its own uploads: the first replaced by the second (the first then lives in the history only).
    const first = await uploadFile(t, s.teacher.token, { name: 'contract-1.png' });
    const second = await uploadFile(t, s.teacher.token, { name: 'contract-2.png' });
    const form = `/api/v2/trajectories/${id}/form`;
    await patchContent(s.teacher, form, [{ op: 'add', path: '/values/bijlage', value: [first] }]);
    await patchContent(s.teacher, form, [{ op: 'replace', path: '/values/bijlage', value: [second] }]);
    // The same photo in another trajectory's form: it must stay.
    const sharedPhoto = await uploadFile(t, s.teacher.token, { name: 'klas.png' });
    await patchContent(s.teacher, form, [{ op: 'add', path: '/values/bijlage/-', value: sharedPhoto }]);
    await patchContent(s.teacher, `/api/v2/trajectories/${s.id}/form`, [
      { op: 'add', path: '/values/bijlage', value: [sharedPhoto] },
    ]);
    const report = await call(t, {
      method: 'POST',
      url: `/api/v2/trajectories/${id}/reports?blueprintName=Verslag`,
      token: s.teacher.token,
      payload: { name: 'Week 1' },
    });
    expect(report.statusCode, report.body).toBe(201);

    const row = await t.ctx.db
      .selectFrom('trajectories')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const reportDocs = (
      await t.ctx.db.selectFrom('reports').select('document_id').where('trajectory_id', '=', id).execute()
    ).map((r) => r.document_id);
    const documents = [
      row.form_document_id,
      row.evaluation_document_id,
      row.access_document_id,
      ...reportDocs,
    ];
    expect(reportDocs).toHaveLength(1);
    expect(await documentCount(documents)).toBe(4);
    const firstPath = await storagePath(first);
    const secondPath = await storagePath(second);
    expect(existsSync(firstPath) && existsSync(secondPath)).toBe(true);

    await deleteTrajectory(s.teacher, id);
    // The pupil (no METADATA) may not; nothing changed.
    expect((await purge(s.pupil, `trajectory-${id}`)).statusCode).toBe(403);
    expect(await documentCount(documents)).toBe(4);

    const removed = await purge(s.teacher, `trajectory-${id}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await documentCount(documents)).toBe(0);
    expect(await eventCount(documents)).toBe(0);
    expect(
      await t.ctx.db
        .selectFrom('trajectory_access')
        .select('email')
        .where('trajectory_id', '=', id)
        .execute(),
    ).toEqual([]);
    expect(
      await t.ctx.db.selectFrom('reports').select('id').where('trajectory_id', '=', id).execute(),
    ).toEqual([]);
    expect((await get(s.teacher, `/api/v2/trajectories/${id}`)).statusCode).toBe(404);
    expect(await trash(s.teacher)).toEqual([]);
    // Its own files are gone, rows and bytes, the replaced one too.
    expect(await fileRow(first)).toBeUndefined();
    expect(await fileRow(second)).toBeUndefined();
    expect(existsSync(firstPath)).toBe(false);
    expect(existsSync(secondPath)).toBe(false);
    // The blueprint's attachment and the photo another trajectory holds stay, bytes included.
    expect(await fileKept(attachment)).toEqual({ row: true, bytes: true });
    expect(await fileKept(sharedPhoto)).toEqual({ row: true, bytes: true });
    expect((await get(s.pupil, `/api/resources/${sharedPhoto}/content`)).statusCode).toBe(200);
    // Gone is gone: a second delete or a restore is 404.
    expect((await purge(s.teacher, `trajectory-${id}`)).statusCode).toBe(404);
    expect((await restore(s.teacher, `trajectory-${id}`)).statusCode).toBe(404);
  });

  it('removes a blueprint trajectories were made from: they keep their snapshot (D9) and the files they share', async () => {
    const s = await buildTrajectory(t, {
      fields: [{ ...field('vervoer', 'Vervoer', 'select'), options: [{ value: 'fiets', attachments: [] }] }],
    });
    const attachment = await uploadFile(t, s.teacher.token, { name: 'route.png' });
    const reportAttachment = await uploadFile(t, s.teacher.token, { name: 'rubric.png' });
    const onlyOld = await uploadFile(t, s.teacher.token, { name: 'oud.png' });
    // The trajectory already exists; its form holds the fields of the blueprint at that version.
    // Give the blueprint's form an attachment and report blueprint, then make a second trajectory.
    await patchContent(s.teacher, `/api/blueprints/trajectories/${s.blueprintId}/content`, [
      { op: 'replace', path: '/information/fields/0/options/0/attachments', value: [onlyOld] },
    ]);
    await patchContent(s.teacher, `/api/blueprints/trajectories/${s.blueprintId}/content`, [
      { op: 'replace', path: '/information/fields/0/options/0/attachments', value: [attachment] },
      {
        op: 'replace',
        path: '/reportBlueprints',
        value: [
          {
            id: null,
            version: null,
            name: 'Verslag',
            fields: [
              {
                ...field('oordeel', 'Oordeel', 'select'),
                options: [{ value: 'goed', attachments: [reportAttachment] }],
              },
            ],
          },
        ],
      },
    ]);
    const content = (await get(s.teacher, `/api/blueprints/trajectories/${s.blueprintId}/content`)).json();
    const made = await call(t, {
      method: 'POST',
      url: '/api/v2/trajectories',
      token: s.teacher.token,
      payload: {
        blueprintId: s.blueprintId,
        name: 'BPV Noor',
        access: { roles: content.roles, users: [{ user: s.teacher.email, roles: ['Docent'] }] },
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const documentId = (
      await t.ctx.db
        .selectFrom('blueprints')
        .select('document_id')
        .where('id', '=', s.blueprintId)
        .executeTakeFirstOrThrow()
    ).document_id;

    await deleteBlueprint(s.teacher, s.blueprintId);
    const removed = await purge(s.teacher, `blueprint-${s.blueprintId}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await documentCount([documentId])).toBe(0);
    expect(await eventCount([documentId])).toBe(0);
    expect(
      await t.ctx.db
        .selectFrom('blueprint_rights')
        .select('email')
        .where('blueprint_id', '=', s.blueprintId)
        .execute(),
    ).toEqual([]);
    expect((await get(s.teacher, `/api/blueprints/${s.blueprintId}`)).statusCode).toBe(404);

    // The trajectory keeps its own snapshot: its form with the attachment, the link shown as removed.
    const info = (await get(s.teacher, `/api/v2/trajectories/${id}`)).json();
    expect(info).toMatchObject({ blueprintId: s.blueprintId, blueprintRemoved: true, blueprintName: null });
    const formRead = (await get(s.teacher, `/api/v2/trajectories/${id}/form`)).json();
    expect(formRead.fields[0].options[0].attachments).toEqual([attachment]);
    expect(await fileKept(attachment)).toEqual({ row: true, bytes: true });
    expect((await get(s.teacher, `/api/resources/${attachment}/content`)).statusCode).toBe(200);
    // Its report blueprints are a snapshot too (no report made yet): their file stays, and a report made now has it.
    expect(await fileKept(reportAttachment)).toEqual({ row: true, bytes: true });
    const report = await call(t, {
      method: 'POST',
      url: `/api/v2/trajectories/${id}/reports?blueprintName=Verslag`,
      token: s.teacher.token,
      payload: { name: 'Week 1' },
    });
    expect(report.statusCode, report.body).toBe(201);
    // A file only an earlier version of the blueprint held is the blueprint's alone: gone.
    expect(await fileKept(onlyOld)).toEqual({ row: false, bytes: false });
    // The first trajectory, made before any of this, still reads.
    expect((await get(s.teacher, `/api/v2/trajectories/${s.id}/form`)).statusCode).toBe(200);
  });

  it('keeps a shared logo while another document refers to it, and removes it with the last one', async () => {
    const s = await setup();
    const logo = await uploadFile(t, s.teacher.token, { name: 'logo.png' });
    const first = await createBlueprint(s.teacher, 'EXTRACT', 'Voortgang');
    const second = await createBlueprint(s.teacher, 'EXTRACT', 'Voortgang (kopie)');
    for (const id of [first, second])
      await patchContent(s.teacher, `/api/blueprints/extracts/${id}/content`, [
        { op: 'replace', path: '/logo', value: logo },
      ]);
    const path = await storagePath(logo);
    await deleteBlueprint(s.teacher, first);
    await deleteBlueprint(s.teacher, second);
    expect((await purge(s.teacher, `blueprint-${first}`)).statusCode).toBe(204);
    expect(await fileKept(logo)).toEqual({ row: true, bytes: true });
    expect((await purge(s.teacher, `blueprint-${second}`)).statusCode).toBe(204);
    expect(await fileRow(logo)).toBeUndefined();
    expect(existsSync(path)).toBe(false);
  });

  it('two deletes for good at once of items sharing a file: both succeed and the file goes with the last', async () => {
    const s = await setup();
    const logo = await uploadFile(t, s.teacher.token, { name: 'logo.png' });
    const ids = [
      await createBlueprint(s.teacher, 'EXTRACT', 'Voortgang'),
      await createBlueprint(s.teacher, 'EXTRACT', 'Eindverslag'),
    ];
    for (const id of ids) {
      await patchContent(s.teacher, `/api/blueprints/extracts/${id}/content`, [
        { op: 'replace', path: '/logo', value: logo },
      ]);
      await deleteBlueprint(s.teacher, id);
    }
    const answers = await Promise.all(ids.map((id) => purge(s.teacher, `blueprint-${id}`)));
    expect(answers.map((res) => res.statusCode)).toEqual([204, 204]);
    expect(await fileKept(logo)).toEqual({ row: false, bytes: false });
  });

  it('a restore and a delete for good of the same item at once: one wins, the other finds nothing (404)', async () => {
    const s = await setup();
    await deleteTrajectory(s.teacher, s.id);
    const answers = await Promise.all([
      restore(s.teacher, `trajectory-${s.id}`),
      purge(s.teacher, `trajectory-${s.id}`),
    ]);
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([204, 404]);
    const row = await t.ctx.db
      .selectFrom('trajectories')
      .select('status')
      .where('id', '=', s.id)
      .executeTakeFirst();
    // Restored first: LIVE, and the delete found it out of the trash. Deleted first: gone, and the
    // restore found nothing.
    if (row) expect([row.status, answers[0]?.statusCode]).toEqual(['LIVE', 204]);
    else expect(answers[1]?.statusCode).toBe(204);
  });

  it('keeps the files of a blueprint published to the library (its import copies them, D31)', async () => {
    const owner = await buildUser(t, { email: uniqueEmail('auteur').replace('example.nl', 'groeipad.nl') });
    const org = await buildOrganisation(t, (await login(t, owner.email)).accessToken);
    const author = { token: (await tokensFor(t, owner.email, org.id)).accessToken };
    const logo = await uploadFile(t, author.token, { name: 'logo.png' });
    const extract = await createBlueprint(author, 'EXTRACT', 'Voortgang');
    await patchContent(author, `/api/blueprints/extracts/${extract}/content`, [
      { op: 'replace', path: '/logo', value: logo },
    ]);
    const published = await call(t, {
      method: 'POST',
      url: '/api/library',
      token: author.token,
      payload: { id: extract },
    });
    expect(published.statusCode, published.body).toBe(201);
    await deleteBlueprint(author, extract);
    expect((await purge(author, `blueprint-${extract}`)).statusCode).toBe(204);
    expect(await fileKept(logo)).toEqual({ row: true, bytes: true });
    // An import still gets its copy of the logo.
    const imported = await call(t, {
      method: 'POST',
      url: '/api/blueprints',
      token: author.token,
      payload: { id: published.json().id, name: 'Uit de bibliotheek' },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const copy = (await get(author, `/api/blueprints/extracts/${imported.json().id}/content`)).json();
    expect(copy.logo).toEqual(expect.any(Number));
    expect(copy.logo).not.toBe(logo);
  });
});
