import { execFileSync } from 'node:child_process';
import type { TrajectoryRoleInput } from '@groeipad/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, buildUser, call, createTestApp, type TestApp, tokensFor } from '../../../test/helpers.ts';
import { buildTrajectory, field, studentRole } from '../../../test/trajectory-fixture.ts';

/**
 * "Voortgangsrapport maken" (issue 31): one click makes the trajectory's progress report with the
 * organisation's default extract blueprint, the only one the user may read, or the built-in standard;
 * a choice only among several without a default. The PDF holds the reports the maker may read, and
 * never a report or field hidden from them. Another organisation's trajectory or blueprint is 404.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pdfText = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');

const VERSLAG = 'Stageverslag';
const ZORG = 'Zorgoverleg';
const R = { write: false, read: true, hidden: false };
const H = { write: false, read: false, hidden: true };

/** The pupil holds METADATA (may make a progress report), reads the Stageverslag but not its `oordeel`, and no Zorgoverleg. */
function pupilRole(): TrajectoryRoleInput {
  return {
    ...studentRole(),
    adminRights: { purchase: false, metadata: true, rights: false },
    reportRights: { [VERSLAG]: { '': R, oordeel: H } },
  };
}

async function setup() {
  const s = await buildTrajectory(t, {
    student: pupilRole(),
    reports: [
      {
        name: VERSLAG,
        fields: [
          field('oordeel', 'Oordeel van de begeleider'),
          field('verslag', 'Verslag'),
          field('uren', 'Gewerkte uren', 'integer'),
          field('klaar', 'Afgerond', 'boolean'),
        ],
      },
      { name: ZORG, fields: [field('zorg', 'Zorgnotitie')] },
    ],
  });
  const base = `/api/v2/trajectories/${s.id}`;
  const report = async (blueprintName: string, name: string, values: Record<string, unknown>) => {
    const created = await call(t, {
      method: 'POST',
      url: `${base}/reports?blueprintName=${encodeURIComponent(blueprintName)}`,
      token: s.teacher.token,
      payload: { name },
    });
    expect(created.statusCode, created.body).toBe(201);
    const saved = await call(t, {
      method: 'PATCH',
      url: `${base}/reports/${created.json().id}`,
      token: s.teacher.token,
      payload: Object.entries(values).map(([uuid, value]) => ({ op: 'add', path: `/values/${uuid}`, value })),
    });
    expect(saved.statusCode, saved.body).toBe(200);
  };
  await report(VERSLAG, 'Week 1', {
    oordeel: 'Geheim-Oordeel-Begeleider',
    verslag: 'Werkt zorgvuldig met clienten',
    uren: 32,
    klaar: true,
  });
  await report(ZORG, 'Overleg maart', { zorg: 'Vertrouwelijk-Zorgoverleg' });
  return s;
}

const options = (token: string) => call(t, { method: 'GET', url: '/api/extracts/progress-report', token });
const make = (token: string, payload: Record<string, unknown>) =>
  call(t, { method: 'POST', url: '/api/extracts/progress-report', token, payload });
const setDefault = (token: string, extract: number | null) =>
  call(t, { method: 'PUT', url: '/api/extracts/progress-report/default', token, payload: { extract } });

async function pdfOf(token: string, extractId: number): Promise<string> {
  const pdf = await call(t, { method: 'GET', url: `/api/extracts/${extractId}/content`, token });
  expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
  return pdfText(pdf.rawPayload);
}

async function extractBlueprint(token: string, name: string, patch: unknown[] = []) {
  const created = await call(t, {
    method: 'POST',
    url: '/api/blueprints',
    token,
    payload: { type: 'EXTRACT', name },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  if (patch.length > 0) {
    const saved = await call(t, {
      method: 'PATCH',
      url: `/api/blueprints/extracts/${id}/content`,
      token,
      payload: patch,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return id;
}

const blueprintOf = async (extractId: number) =>
  await t.ctx.db
    .selectFrom('extracts')
    .select(['blueprint_id', 'name'])
    .where('id', '=', extractId)
    .executeTakeFirstOrThrow();

describe('progress report in one click (issue 31)', () => {
  it('uses the built-in standard in a new organisation, with the reports the maker may read', async () => {
    const s = await setup();
    const offered = await options(s.teacher.token);
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json()).toEqual({
      default: null,
      oneClick: 'standard',
      choices: [],
      abilities: { setDefault: true },
    });
    expect((await options(s.pupil.token)).json().abilities.setDefault).toBe(false);

    const made = await make(s.teacher.token, { trajectory: s.id });
    expect(made.statusCode, made.body).toBe(202);
    expect(made.json()).toMatchObject({ name: 'Voortgangsrapport', trajectoryId: s.id, state: 'QUEUED' });
    expect(made.json().fileName).toBe('Voortgangsrapport-BPV Sam.pdf');
    expect((await blueprintOf(made.json().id)).blueprint_id).toBeNull();
    const teachers = await pdfOf(s.teacher.token, made.json().id);
    expect(teachers).toContain('Verslagen');
    expect(teachers).toContain('Week 1');
    expect(teachers).toContain('Werkt zorgvuldig met clienten');
    expect(teachers).toContain('Geheim-Oordeel-Begeleider');
    expect(teachers).toContain('Overleg maart');
    expect(teachers).toContain('Vertrouwelijk-Zorgoverleg');
    expect(teachers).toMatch(/Afgerond\s+Ja/);
    expect(teachers).toMatch(/Gewerkte uren\s+32/);

    // The pupil's own: the Stageverslag without the field hidden from them, no Zorgoverleg at all.
    const theirs = await make(s.pupil.token, { trajectory: s.id });
    expect(theirs.statusCode, theirs.body).toBe(202);
    const pupils = await pdfOf(s.pupil.token, theirs.json().id);
    expect(pupils).toContain('Werkt zorgvuldig met clienten');
    expect(pupils).not.toContain('Geheim-Oordeel-Begeleider');
    expect(pupils).not.toContain('Oordeel van de begeleider');
    expect(pupils).not.toContain('Overleg maart');
    expect(pupils).not.toContain('Vertrouwelijk-Zorgoverleg');
    expect(pupils).not.toContain(ZORG);
  });

  it('speaks the maker’s language: “Progress report” in English', async () => {
    const s = await setup();
    await t.ctx.db
      .updateTable('users')
      .set({ language: 'en' })
      .where('email', '=', s.teacher.email)
      .execute();
    const made = await make(s.teacher.token, { trajectory: s.id });
    expect(made.json().name).toBe('Progress report');
    const text = await pdfOf(s.teacher.token, made.json().id);
    expect(text).toContain('Reports');
    expect(text).toMatch(/Afgerond\s+Yes/);
  });

  it('leaves the reports out when the extract blueprint says so; the only readable blueprint is one click', async () => {
    const s = await setup();
    const id = await extractBlueprint(s.teacher.token, 'Zonder verslagen', [
      { op: 'replace', path: '/includeReports', value: false },
      { op: 'replace', path: '/title', value: 'Kort rapport' },
    ]);
    expect((await options(s.teacher.token)).json()).toMatchObject({
      default: null,
      oneClick: id,
      choices: [{ id, name: 'Zonder verslagen' }],
    });
    const made = await make(s.teacher.token, { trajectory: s.id });
    expect(made.statusCode, made.body).toBe(202);
    expect((await blueprintOf(made.json().id)).blueprint_id).toBe(id);
    const text = await pdfOf(s.teacher.token, made.json().id);
    expect(text).toContain('Kort rapport');
    expect(text).not.toContain('Werkt zorgvuldig met clienten');
    expect(text).not.toContain('Verslagen');
    // The pupil may read no extract blueprint: the standard, with their reports.
    expect((await options(s.pupil.token)).json().oneClick).toBe('standard');
  });

  it('asks for a choice among several without a default; an ADMIN’s default is every member’s one click', async () => {
    const s = await setup();
    const first = await extractBlueprint(s.teacher.token, 'Eerste');
    const second = await extractBlueprint(s.teacher.token, 'Tweede', [
      { op: 'replace', path: '/title', value: 'Tweede-Titel' },
    ]);
    expect((await options(s.teacher.token)).json()).toMatchObject({ default: null, oneClick: null });
    const refused = await make(s.teacher.token, { trajectory: s.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      key: 'validationError',
      fields: [{ path: 'extract', key: 'required' }],
    });
    const before = await t.ctx.db
      .selectFrom('extracts')
      .select('id')
      .where('trajectory_id', '=', s.id)
      .execute();
    expect(before).toEqual([]);
    // A choice of one the user may read.
    const chosen = await make(s.teacher.token, { trajectory: s.id, extract: first });
    expect(chosen.statusCode, chosen.body).toBe(202);
    expect((await blueprintOf(chosen.json().id)).blueprint_id).toBe(first);

    // A plain member may not choose the default; the ADMIN may.
    expect((await setDefault(s.pupil.token, second)).statusCode).toBe(403);
    const set = await setDefault(s.teacher.token, second);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ default: { id: second, name: 'Tweede' }, oneClick: second });
    const made = await make(s.teacher.token, { trajectory: s.id });
    expect((await blueprintOf(made.json().id)).blueprint_id).toBe(second);
    expect(await pdfOf(s.teacher.token, made.json().id)).toContain('Tweede-Titel');

    // The pupil may read neither blueprint, and still gets the organisation's default in one click.
    expect((await options(s.pupil.token)).json()).toMatchObject({
      default: { id: second },
      oneClick: second,
      choices: [],
    });
    const theirs = await make(s.pupil.token, { trajectory: s.id });
    expect(theirs.statusCode, theirs.body).toBe(202);
    expect((await blueprintOf(theirs.json().id)).blueprint_id).toBe(second);
    // …but not another blueprint they may not read.
    expect((await make(s.pupil.token, { trajectory: s.id, extract: first })).statusCode).toBe(404);

    // A deleted default no longer counts; null clears it.
    const trashed = await call(t, {
      method: 'PUT',
      url: `/api/blueprints/${second}/status`,
      token: s.teacher.token,
      payload: { status: 'DELETED' },
    });
    expect(trashed.statusCode, trashed.body).toBe(200);
    expect((await options(s.teacher.token)).json()).toMatchObject({ default: null, oneClick: first });
    expect((await setDefault(s.teacher.token, second)).statusCode).toBe(404);
    expect((await setDefault(s.teacher.token, null)).json().default).toBeNull();
  });

  it('needs METADATA or evaluation read on the trajectory (403) and a trajectory or blueprint of the organisation (404); nothing made', async () => {
    const s = await setup();
    const other = await setup();
    const colleague = await buildUser(t);
    await addMember(t, s.org.id, colleague.id, 'USER');
    const token = (await tokensFor(t, colleague.email, s.org.id)).accessToken;
    expect((await make(token, { trajectory: s.id })).statusCode).toBe(404);
    const otherBlueprint = await extractBlueprint(other.teacher.token, 'Elders');
    expect((await make(s.teacher.token, { trajectory: other.id })).statusCode).toBe(404);
    expect((await make(s.teacher.token, { trajectory: s.id, extract: otherBlueprint })).statusCode).toBe(404);
    expect((await setDefault(s.teacher.token, otherBlueprint)).statusCode).toBe(404);
    // A trajectory blueprint is no extract blueprint.
    expect((await setDefault(s.teacher.token, s.blueprintId)).statusCode).toBe(404);
    // A pupil with neither METADATA nor evaluation read: 403 noAccess.
    const plain = await buildTrajectory(t, {
      student: { ...studentRole(), evaluationRights: { read: false, write: false } },
    });
    const refused = await make(plain.pupil.token, { trajectory: plain.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().key).toBe('noAccess');
    // The learner who reads the evaluation makes their own (D58: from "Mijn voortgang" too).
    const learner = await buildTrajectory(t, {});
    const own = await make(learner.pupil.token, { trajectory: learner.id });
    expect(own.statusCode, own.body).toBe(202);
    const made = await t.ctx.db
      .selectFrom('extracts')
      .select('id')
      .where('trajectory_id', 'in', [s.id, other.id, plain.id])
      .execute();
    expect(made).toEqual([]);
  });
});
