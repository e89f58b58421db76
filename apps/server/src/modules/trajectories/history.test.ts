import { businessToday, type EvaluationRights, type TrajectoryRoleInput } from '@groeipad/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildOrganisation,
  buildUser,
  call,
  createTestApp,
  login,
  type TestApp,
  tokensFor,
} from '../../../test/helpers.ts';
import {
  buildEvaluationTrajectory,
  buildTrajectory,
  field,
  studentRole,
} from '../../../test/trajectory-fixture.ts';
import { uploadFile } from '../../../test/uploads.ts';

/**
 * Change history with restore (issue 9 "Beyond the spec"): the form, a report and the evaluation read back
 * from the engine's events as changes the reader may read (D18: a hidden field's event and value never
 * appear), filtered by person and business day (D4), and restored by a writer as one ordinary save (D1,
 * D29) — the evaluation by a NEW dated entry (D2); refused on an expired trajectory (D12). Every refused
 * restore is checked to have written nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// biome-ignore lint/suspicious/noExplicitAny: answers are read freely
type Doc = any;

async function name(userId: number, first: string, last: string) {
  await t.ctx.db
    .updateTable('users')
    .set({ first_name: first, last_name: last })
    .where('id', '=', userId)
    .execute();
}

async function expire(id: number) {
  await t.ctx.db
    .updateTable('trajectories')
    .set({ active_until: '2020-01-01' })
    .where('id', '=', id)
    .execute();
}

async function eventCount(documentId: number): Promise<number> {
  const rows = await t.ctx.db
    .selectFrom('document_events')
    .select('version')
    .where('document_id', '=', documentId)
    .execute();
  return rows.length;
}

async function documentIds(id: number) {
  return t.ctx.db
    .selectFrom('trajectories')
    .select(['form_document_id', 'evaluation_document_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

function client(base: string, token: string) {
  return {
    get: (url: string) => call(t, { method: 'GET', url: `${base}${url}`, token }),
    post: (url: string, payload: object, version?: number) =>
      call(t, {
        method: 'POST',
        url: `${base}${url}`,
        token,
        payload,
        headers: version === undefined ? {} : { 'if-match': `"${version}"` },
      }),
    patch: (url: string, payload: unknown[]) =>
      call(t, { method: 'PATCH', url: `${base}${url}`, token, payload: payload as object }),
  };
}

async function formSetup() {
  const s = await buildTrajectory(t, {
    fields: [
      field('geheim', 'Vertrouwelijke notitie'),
      field('motivatie', 'Motivatie'),
      field('naam', 'Naam'),
      {
        uuid: 'map',
        name: 'Bijlagen',
        type: 'group',
        required: false,
        children: [field('bewijs', 'Bewijs', 'upload')],
      },
    ],
    student: studentRole({ map: { write: true, read: true, hidden: false } }),
  });
  await name(s.teacher.id, 'Tessa', 'Docent');
  const base = `/api/v2/trajectories/${s.id}`;
  const teacher = client(base, s.teacher.token);
  const pupil = client(base, s.pupil.token);
  const save = async (as: typeof teacher, path: string, value: unknown) => {
    const res = await as.patch('/form', [{ op: 'add', path, value }]);
    expect(res.statusCode, res.body).toBe(200);
    return Number(JSON.parse(res.headers.etag as string));
  };
  const values = async () => (await teacher.get('/form')).json().values;
  const formId = (await documentIds(s.id)).form_document_id;
  return { ...s, base, asTeacher: teacher, asPupil: pupil, save, values, formId };
}

describe('the form’s history (D18, D33)', () => {
  it('lists who changed which value and when, newest first, with before and after', async () => {
    const s = await formSetup();
    const v1 = await s.save(s.asTeacher, '/values/naam', 'Sam');
    const v2 = await s.save(s.asTeacher, '/values/naam', 'Samira');
    const res = await s.asTeacher.get('/form/history');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.version).toBe(v2);
    expect(body.total).toBe(2);
    expect(body.content.map((entry: Doc) => entry.version)).toEqual([v2, v1]);
    const [newest, oldest] = body.content;
    expect(newest.who).toEqual({ id: s.teacher.id, name: 'Tessa Docent', email: s.teacher.email });
    expect(Number.isNaN(Date.parse(newest.at))).toBe(false);
    expect(newest.changes).toEqual([
      { field: field('naam', 'Naam'), groups: [], before: 'Sam', after: 'Samira', current: 'after' },
    ]);
    // The field holds neither side of the first change any more: both can be put back.
    expect(oldest.changes).toEqual([
      { field: field('naam', 'Naam'), groups: [], before: null, after: 'Sam', current: null },
    ]);
    expect(body.people).toEqual([{ id: s.teacher.id, name: 'Tessa Docent', email: s.teacher.email }]);
  });

  it('hides from a reader every change of a field they may not read: no event of it, no value of it (D18)', async () => {
    const s = await formSetup();
    await s.save(s.asTeacher, '/values/naam', 'Sam');
    await s.save(s.asTeacher, '/values/geheim', 'Let op: thuissituatie');
    // One save touching both: the pupil sees only the readable half.
    const both = await s.asTeacher.patch('/form', [
      { op: 'replace', path: '/values/naam', value: 'Samira' },
      { op: 'replace', path: '/values/geheim', value: 'Gesprek met ouders gepland' },
    ]);
    expect(both.statusCode, both.body).toBe(200);

    const seen = await s.asPupil.get('/form/history');
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().total).toBe(2);
    expect(seen.json().content.map((entry: Doc) => entry.changes.map((c: Doc) => c.field.uuid))).toEqual([
      ['naam'],
      ['naam'],
    ]);
    for (const hidden of ['geheim', 'Vertrouwelijke notitie', 'thuissituatie', 'ouders'])
      expect(seen.body).not.toContain(hidden);

    // The teacher reads everything: three saves, the combined one with both fields in form order.
    const all = (await s.asTeacher.get('/form/history')).json();
    expect(all.total).toBe(3);
    expect(all.content[0].changes.map((c: Doc) => c.field.uuid)).toEqual(['geheim', 'naam']);
  });

  it('filters by person and by business day (D4), pages, and refuses a period that ends before it starts', async () => {
    const s = await formSetup();
    await name(s.pupil.id, 'Sam', 'Student');
    await s.save(s.asTeacher, '/values/naam', 'Sam');
    await s.save(s.asPupil, '/values/motivatie', 'Ik wil de zorg in');
    await s.save(s.asTeacher, '/values/naam', 'Samira');

    const mine = (await s.asTeacher.get(`/form/history?person=${s.pupil.id}`)).json();
    expect(mine.total).toBe(1);
    expect(mine.content[0].who.name).toBe('Sam Student');
    expect(mine.content[0].changes[0].after).toBe('Ik wil de zorg in');
    // The person filter offers everyone with a listed save, whatever the filters.
    expect(mine.people.map((p: Doc) => p.name)).toEqual(['Sam Student', 'Tessa Docent']);

    const today = businessToday(t.ctx.config.businessTimeZone);
    expect((await s.asTeacher.get(`/form/history?from=${today}&to=${today}`)).json().total).toBe(3);
    expect((await s.asTeacher.get('/form/history?to=2020-01-01')).json().total).toBe(0);
    expect((await s.asTeacher.get('/form/history?from=2999-01-01')).json().total).toBe(0);
    const paged = (await s.asTeacher.get('/form/history?size=2&page=1')).json();
    expect(paged.total).toBe(3);
    expect(paged.content).toHaveLength(1);
    expect(paged.content[0].changes[0].after).toBe('Sam');

    const backwards = await s.asTeacher.get('/form/history?from=2024-05-02&to=2024-05-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({
      key: 'validationError',
      fields: [{ path: 'to', key: 'invalidValue' }],
    });
    const badDay = await s.asTeacher.get('/form/history?from=01-05-2024');
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().key).toBe('validationError');
  });

  it('names the files of an upload value, also once they are no longer in the form', async () => {
    const s = await formSetup();
    const file = await uploadFile(t, s.teacher.token, { name: 'stageovereenkomst.png' });
    await s.save(s.asTeacher, '/values/bewijs', [file]);
    const removed = await s.asTeacher.patch('/form', [{ op: 'remove', path: '/values/bewijs' }]);
    expect(removed.statusCode, removed.body).toBe(200);
    const body = (await s.asPupil.get('/form/history')).json();
    expect(body.content[0].changes[0]).toMatchObject({ groups: ['Bijlagen'], before: [file], after: null });
    expect(body.files).toEqual([{ id: file, name: 'stageovereenkomst.png' }]);
  });
});

describe('restoring a form value (D1, D12, D29)', () => {
  it('puts the value of a version back as a new save that the history lists, with the new ETag', async () => {
    const s = await formSetup();
    const first = await s.save(s.asTeacher, '/values/naam', 'Sam');
    const second = await s.save(s.asTeacher, '/values/naam', 'Samira');
    const before = await eventCount(s.formId);

    const res = await s.asTeacher.post('/form/history/restore', { version: first, field: 'naam' }, second);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ version: second + 1, changed: true });
    expect(res.headers.etag).toBe(`"${second + 1}"`);
    expect((await s.values()).naam).toBe('Sam');
    expect(await eventCount(s.formId)).toBe(before + 1);
    const history = (await s.asTeacher.get('/form/history')).json();
    expect(history.content[0]).toMatchObject({
      version: second + 1,
      changes: [{ before: 'Samira', after: 'Sam' }],
    });

    // The value before the first save (none): the field is emptied.
    const emptied = await s.asTeacher.post('/form/history/restore', { version: first - 1, field: 'naam' });
    expect(emptied.json()).toEqual({ version: second + 2, changed: true });
    expect((await s.values()).naam).toBeUndefined();

    // Already that value: nothing is saved.
    const same = await s.asTeacher.post('/form/history/restore', { version: first - 1, field: 'naam' });
    expect(same.json()).toEqual({ version: second + 2, changed: false });
    expect(await eventCount(s.formId)).toBe(before + 2);
  });

  it('refuses a reader without write (403), a hidden or unknown field and an unknown version (400), a stale version (409): nothing written', async () => {
    const s = await formSetup();
    const first = await s.save(s.asTeacher, '/values/naam', 'Sam');
    await s.save(s.asTeacher, '/values/geheim', 'Vertrouwelijk');
    const current = await s.save(s.asTeacher, '/values/naam', 'Samira');
    const events = await eventCount(s.formId);

    const noWrite = await s.asPupil.post('/form/history/restore', { version: first, field: 'naam' });
    expect(noWrite.statusCode).toBe(403);
    expect(noWrite.json()).toEqual({ status: 403, key: 'forbidden' });

    // A field hidden from them answers as one that does not exist: nothing about it leaks.
    for (const target of ['geheim', 'bestaat-niet']) {
      const refused = await s.asPupil.post('/form/history/restore', { version: first, field: target });
      expect(refused.statusCode, target).toBe(400);
      expect(refused.json()).toEqual({
        status: 400,
        key: 'validationError',
        fields: [{ path: 'field', key: 'invalidValue' }],
      });
    }
    const future = await s.asTeacher.post('/form/history/restore', { version: current + 5, field: 'naam' });
    expect(future.statusCode).toBe(400);
    expect(future.json().fields).toEqual([{ path: 'version', key: 'invalidValue' }]);
    for (const version of [0, -1, 'twee']) {
      const bad = await s.asTeacher.post('/form/history/restore', { version, field: 'naam' });
      expect(bad.statusCode, String(version)).toBe(400);
      expect(bad.json().key).toBe('validationError');
    }
    const stale = await s.asTeacher.post(
      '/form/history/restore',
      { version: first, field: 'naam' },
      current - 1,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ key: 'staleDocument' });

    expect(await eventCount(s.formId)).toBe(events);
    expect((await s.values()).naam).toBe('Samira');
  });

  it('lets a reader restore a field they may write', async () => {
    const s = await formSetup();
    const first = await s.save(s.asPupil, '/values/motivatie', 'Eerste versie');
    await s.save(s.asPupil, '/values/motivatie', 'Tweede versie');
    const res = await s.asPupil.post('/form/history/restore', { version: first, field: 'motivatie' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await s.values()).motivatie).toBe('Eerste versie');
  });

  it('is refused on an expired trajectory with 403 expiredTrajectory, while its history stays readable (D12)', async () => {
    const s = await formSetup();
    const first = await s.save(s.asTeacher, '/values/naam', 'Sam');
    await s.save(s.asTeacher, '/values/naam', 'Samira');
    await expire(s.id);
    const events = await eventCount(s.formId);
    const res = await s.asTeacher.post('/form/history/restore', { version: first, field: 'naam' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 403, key: 'expiredTrajectory' });
    expect(await eventCount(s.formId)).toBe(events);
    expect((await s.asTeacher.get('/form/history')).json().total).toBe(2);
  });

  it('answers 404 for another organisation’s trajectory, reading and restoring', async () => {
    const s = await formSetup();
    const first = await s.save(s.asTeacher, '/values/naam', 'Sam');
    const stranger = await buildUser(t);
    const org = await buildOrganisation(t, (await login(t, stranger.email)).accessToken);
    const other = client(s.base, (await tokensFor(t, stranger.email, org.id)).accessToken);
    expect((await other.get('/form/history')).statusCode).toBe(404);
    const restore = await other.post('/form/history/restore', { version: first, field: 'naam' });
    expect(restore.json()).toEqual({ status: 404, key: 'notFound' });
  });
});

const VERSLAG = 'Stageverslag';
const W = { write: true, read: true, hidden: false };
const R = { write: false, read: true, hidden: false };
const H = { write: false, read: false, hidden: true };

describe('a report’s history (D15, D16, spec §6)', () => {
  async function reportSetup() {
    const student: TrajectoryRoleInput = {
      ...studentRole(),
      reportRights: { [VERSLAG]: { '': R, oordeel: H, verslag: W } },
    };
    const s = await buildTrajectory(t, {
      student,
      reports: [
        {
          name: VERSLAG,
          fields: [
            field('oordeel', 'Oordeel'),
            field('verslag', 'Verslag'),
            field('uren', 'Uren', 'integer'),
          ],
        },
      ],
    });
    const base = `/api/v2/trajectories/${s.id}`;
    const teacher = client(base, s.teacher.token);
    const pupil = client(base, s.pupil.token);
    const created = await call(t, {
      method: 'POST',
      url: `${base}/reports?blueprintName=${VERSLAG}`,
      token: s.teacher.token,
      payload: { name: 'Week 1' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const reportId = created.json().id as number;
    const save = async (as: typeof teacher, ops: unknown[]) => {
      const res = await as.patch(`/reports/${reportId}`, ops);
      expect(res.statusCode, res.body).toBe(200);
      return Number(JSON.parse(res.headers.etag as string));
    };
    const row = await t.ctx.db
      .selectFrom('reports')
      .select(['document_id', 'modified_at'])
      .where('id', '=', reportId)
      .executeTakeFirstOrThrow();
    return { ...s, base, asTeacher: teacher, asPupil: pupil, reportId, save, documentId: row.document_id };
  }

  it('hides the fields the reader may not read, and lets them restore one they may write (modified follows)', async () => {
    const s = await reportSetup();
    const v1 = await s.save(s.asTeacher, [
      { op: 'add', path: '/values/oordeel', value: 'Zorgen over aanwezigheid' },
      { op: 'add', path: '/values/verslag', value: 'Week één' },
      { op: 'add', path: '/values/uren', value: 32 },
    ]);
    await s.save(s.asTeacher, [{ op: 'replace', path: '/values/oordeel', value: 'Gaat beter' }]);
    await s.save(s.asPupil, [{ op: 'replace', path: '/values/verslag', value: 'Week één, herschreven' }]);

    const seen = await s.asPupil.get(`/reports/${s.reportId}/history`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().total).toBe(2);
    expect(seen.json().content.map((e: Doc) => e.changes.map((c: Doc) => c.field.uuid))).toEqual([
      ['verslag'],
      ['verslag', 'uren'],
    ]);
    for (const hidden of ['oordeel', 'Oordeel', 'aanwezigheid', 'Gaat beter'])
      expect(seen.body).not.toContain(hidden);
    expect((await s.asTeacher.get(`/reports/${s.reportId}/history`)).json().total).toBe(3);

    const modified = (await s.asTeacher.get(`/reports/${s.reportId}`)).json().modified;
    const restored = await s.asPupil.post(`/reports/${s.reportId}/history/restore`, {
      version: v1,
      field: 'verslag',
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().changed).toBe(true);
    const after = (await s.asTeacher.get(`/reports/${s.reportId}`)).json();
    expect(after.values.verslag).toBe('Week één');
    expect(Date.parse(after.modified)).toBeGreaterThanOrEqual(Date.parse(modified));

    const events = await eventCount(s.documentId);
    const readOnly = await s.asPupil.post(`/reports/${s.reportId}/history/restore`, {
      version: v1 - 1,
      field: 'uren',
    });
    expect(readOnly.statusCode).toBe(403);
    const hidden = await s.asPupil.post(`/reports/${s.reportId}/history/restore`, {
      version: v1,
      field: 'oordeel',
    });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().fields).toEqual([{ path: 'field', key: 'invalidValue' }]);
    expect(await eventCount(s.documentId)).toBe(events);
    expect((await s.asTeacher.get(`/reports/${s.reportId}`)).json().values.uren).toBe(32);
  });

  it('answers noAccess to a reader without any right on the report, 404 for an unknown report or trajectory', async () => {
    // The default student holds no report rights at all.
    const s = await buildTrajectory(t, {
      reports: [{ name: VERSLAG, fields: [field('verslag', 'Verslag')] }],
    });
    const base = `/api/v2/trajectories/${s.id}`;
    const created = await call(t, {
      method: 'POST',
      url: `${base}/reports?blueprintName=${VERSLAG}`,
      token: s.teacher.token,
      payload: { name: 'Week 1' },
    });
    const reportId = created.json().id as number;
    const pupil = client(base, s.pupil.token);
    expect((await pupil.get(`/reports/${reportId}/history`)).json()).toEqual({
      status: 403,
      key: 'noAccess',
    });
    const restore = await pupil.post(`/reports/${reportId}/history/restore`, {
      version: 1,
      field: 'verslag',
    });
    expect(restore.json()).toEqual({ status: 403, key: 'noAccess' });
    expect((await client(base, s.teacher.token).get('/reports/999999/history')).statusCode).toBe(404);
    const outsider = await buildTrajectory(t);
    expect((await client(base, outsider.teacher.token).get(`/reports/${reportId}/history`)).statusCode).toBe(
      404,
    );
  });

  it('is refused on an expired trajectory with 403 expiredTrajectory (D12)', async () => {
    const s = await reportSetup();
    const v1 = await s.save(s.asTeacher, [{ op: 'add', path: '/values/verslag', value: 'Eerst' }]);
    await s.save(s.asTeacher, [{ op: 'replace', path: '/values/verslag', value: 'Later' }]);
    await expire(s.id);
    const res = await s.asTeacher.post(`/reports/${s.reportId}/history/restore`, {
      version: v1,
      field: 'verslag',
    });
    expect(res.json()).toEqual({ status: 403, key: 'expiredTrajectory' });
  });
});

/** Three levels (D3): one cluster, one sub-cluster, two competences. */
const competences = [
  {
    uuid: 'zorg',
    description: 'Zorg',
    subcompetences: [
      {
        uuid: 'plan',
        description: 'Zorgplan',
        subcompetences: [
          { uuid: 'c1', description: 'Inventariseert de zorgvraag' },
          { uuid: 'c2', description: 'Stelt een zorgplan op' },
        ],
      },
    ],
  },
];
const scoreInfo = [
  { name: 'Onvoldoende', description: '', colour: '#d32f2f' },
  { name: 'Voldoende', description: '', colour: '#fbc02d' },
  { name: 'Goed', description: '', colour: '#388e3c' },
];

describe('the evaluation’s history (D2, D4)', () => {
  async function evaluationSetup(evaluationRights: EvaluationRights) {
    const s = await buildEvaluationTrajectory(t, evaluationRights, {
      competences,
      scale: scoreInfo,
      name: 'Evaluatie',
    });
    const id = s.id;
    const base = `/api/v2/trajectories/${id}`;
    const teacher = client(base, s.teacher.token);
    const pupil = client(base, s.pupil.token);
    const read = async () => (await teacher.get('/evaluations')).json();
    /** Adds one entry to c1 (the first competence) as the teacher. */
    const score = async (timestamp: string, entry: Record<string, string>) => {
      const doc = await read();
      doc.criteria[0].subsections[0].subsections[0].properties[timestamp] = entry;
      const res = await call(t, {
        method: 'PUT',
        url: `${base}/evaluations`,
        token: s.teacher.token,
        payload: doc,
      });
      expect(res.statusCode, res.body).toBe(200);
      return Number(JSON.parse(res.headers.etag as string));
    };
    const c1 = async () => (await read()).criteria[0].subsections[0].subsections[0];
    const documentId = (await documentIds(id)).evaluation_document_id;
    return { ...s, id, base, asTeacher: teacher, asPupil: pupil, score, c1, read, documentId };
  }

  const T1 = '2024-03-01T09:00:00.000Z';
  const T2 = '2024-04-01T09:00:00.000Z';

  it('lists the entries added and deleted per competence, for every evaluation reader', async () => {
    const s = await evaluationSetup({ read: true, write: false });
    const v1 = await s.score(T1, { score: '1', date: '01/03/2024', remarks: 'Begin' });
    const v2 = await s.score(T2, { score: '3', date: '01/04/2024' });
    const res = await s.asPupil.get('/evaluations/history');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.content.map((e: Doc) => e.version)).toEqual([v2, v1]);
    expect(body.content[1].changes).toEqual([
      {
        competence: 'c1',
        competenceName: 'Inventariseert de zorgvraag',
        path: ['Zorg', 'Zorgplan'],
        change: 'added',
        entry: T1,
        properties: {
          score: '1',
          date: '01/03/2024',
          remarks: 'Begin',
          // Issue 23: the server stamps who wrote it.
          rater: { role: 'Docent', email: s.teacher.email, name: s.teacher.email },
        },
      },
    ]);
    // Deleting an entry (D2) is listed as such.
    const doc = await s.read();
    delete doc.criteria[0].subsections[0].subsections[0].properties[T2];
    const removed = await call(t, {
      method: 'PUT',
      url: `${s.base}/evaluations`,
      token: s.teacher.token,
      payload: doc,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const latest = (await s.asPupil.get('/evaluations/history')).json().content[0];
    expect(latest.changes).toMatchObject([
      { competence: 'c1', change: 'removed', entry: T2, properties: { score: '3' } },
    ]);
  });

  it('answers noAccess without evaluation read', async () => {
    const s = await evaluationSetup({ read: false, write: false });
    const res = await s.asPupil.get('/evaluations/history');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 403, key: 'noAccess' });
  });

  it('restores by adding a NEW dated entry with the old properties; the old entries stay as they were (D2, D4)', async () => {
    const s = await evaluationSetup({ read: true, write: false });
    const v1 = await s.score(T1, { score: '1', remarks: 'Begin' });
    const v2 = await s.score(T2, { score: '3', date: '01/04/2024' });
    const before = await s.c1();
    const res = await s.asTeacher.post(
      '/evaluations/history/restore',
      { version: v1, competence: 'c1', entry: T1 },
      v2,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ version: v2 + 1, changed: true });
    const after = await s.c1();
    const keys = Object.keys(after.properties).sort();
    expect(keys).toHaveLength(3);
    expect(after.properties[T1]).toEqual(before.properties[T1]);
    expect(after.properties[T2]).toEqual(before.properties[T2]);
    const added = keys.find((key) => key !== T1 && key !== T2)!;
    expect(Date.now() - Date.parse(added)).toBeLessThan(60_000);
    // The old properties, its score date included; the rater is the one who restores (issue 23).
    expect(after.properties[added]).toEqual(before.properties[T1]);
    expect(after.properties[T1]).toEqual({
      score: '1',
      remarks: 'Begin',
      date: '01/03/2024',
      rater: { role: 'Docent', email: s.teacher.email, name: s.teacher.email },
    });
    expect(after.latestProperties).toEqual(after.properties[added]);
    const history = (await s.asTeacher.get('/evaluations/history')).json();
    expect(history.content[0].changes).toMatchObject([{ competence: 'c1', change: 'added', entry: added }]);
  });

  it('refuses a reader without write, a bad competence, entry or version, a stale version and an expired trajectory: nothing written', async () => {
    const s = await evaluationSetup({ read: true, write: false });
    const v1 = await s.score(T1, { score: '2' });
    const v2 = await s.score(T2, { score: '3' });
    const events = await eventCount(s.documentId);
    const refused = async (as: typeof s.asTeacher, body: object, status: number, version?: number) => {
      const res = await as.post('/evaluations/history/restore', body, version);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      return res.json();
    };
    expect(await refused(s.asPupil, { version: v1, competence: 'c1', entry: T1 }, 403)).toEqual({
      status: 403,
      key: 'forbidden',
    });
    expect((await refused(s.asTeacher, { version: v1, competence: 'c9', entry: T1 }, 400)).fields).toEqual([
      { path: 'competence', key: 'invalidValue' },
    ]);
    // T2 did not exist yet at v1.
    expect((await refused(s.asTeacher, { version: v1, competence: 'c1', entry: T2 }, 400)).fields).toEqual([
      { path: 'entry', key: 'invalidValue' },
    ]);
    expect(
      (await refused(s.asTeacher, { version: v2 + 3, competence: 'c1', entry: T1 }, 400)).fields,
    ).toEqual([{ path: 'version', key: 'invalidValue' }]);
    expect((await refused(s.asTeacher, { version: v1, competence: 'c1', entry: 'gisteren' }, 400)).key).toBe(
      'validationError',
    );
    expect((await refused(s.asTeacher, { version: v1, competence: 'c1', entry: T1 }, 409, v1)).key).toBe(
      'staleDocument',
    );
    await expire(s.id);
    expect(await refused(s.asTeacher, { version: v1, competence: 'c1', entry: T1 }, 403)).toEqual({
      status: 403,
      key: 'expiredTrajectory',
    });
    expect(await eventCount(s.documentId)).toBe(events);
    expect(Object.keys((await s.c1()).properties)).toHaveLength(2);
  });

  it('lets a student with evaluation write restore', async () => {
    const s = await evaluationSetup({ read: true, write: true });
    const v1 = await s.score(T1, { score: '2' });
    await s.score(T2, { score: '3' });
    const res = await s.asPupil.post('/evaluations/history/restore', {
      version: v1,
      competence: 'c1',
      entry: T1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await s.c1()).latestProperties).toMatchObject({ score: '2' });
    const history = (await s.asTeacher.get(`/evaluations/history?person=${s.pupil.id}`)).json();
    expect(history.total).toBe(1);
  });
});
