import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  buildSecretTrajectory,
  C1_ENTRIES,
  type Person,
  REFLECTIE,
  type Scene,
  VERSLAG,
} from '../../../test/secret-trajectory.ts';
import { allowedTrajectories, loadGrants, trajectoryReads } from './grant.ts';

/**
 * The grants as one table (spec part 1 §6, D11, D12, D13, D35): who × which part × which action →
 * the answer. Derived from the spec and the decisions, not from what the server happens to do:
 * - D11: an organisation OWNER without a role on the trajectory has no access to it (404, not listed);
 * - a member removed from the organisation is refused before anything is looked up (403
 *   organisationRequired, every-route.test.ts); another organisation's user gets 404 (notFound);
 * - reading needs a role; title needs METADATA (D13), access changes need RIGHTS, the access section is
 *   read by every reader (D35); the information map needs METADATA (D40); extracts need METADATA;
 * - form values need write on the field, the evaluation write on the evaluation (D2), a report read or
 *   write on it, creating and deleting reports admin on its blueprint (§6); the dashboard and the form's
 *   history answer every reader (only what they may read).
 * Every refused write is checked to have written nothing; every accepted one to have written.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Holder = 'owner' | 'teacher' | 'student' | 'mentor' | 'reader' | 'removed' | 'stranger';
/** A status, `'<status> <key>'` when the message key is part of the rule, or whether the list holds it. */
type Expected = number | string;

interface Outcome {
  res: LightMyRequestResponse;
  /** For writes: whether the change is there afterwards (read back as the teacher). */
  written?: boolean;
}

interface Context {
  scene: Scene;
  who: Holder;
  person: Person;
  as(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  asTeacher(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
}

const ACTIONS = {
  list: async (c) => ({ res: await c.as('GET', '/api/v2/trajectories') }),
  info: async (c) => ({ res: await c.as('GET', c.scene.base) }),
  title: async (c) => {
    const res = await c.as('PUT', c.scene.base, { name: `BPV Sam (${c.who})`, description: null });
    return { res, written: (await c.asTeacher('GET', c.scene.base)).json().name === `BPV Sam (${c.who})` };
  },
  formRead: async (c) => ({ res: await c.as('GET', `${c.scene.base}/form`) }),
  formWrite: async (c) => {
    const value = `Motivatie van ${c.who}`;
    const res = await c.as('PATCH', `${c.scene.base}/form`, [
      { op: 'add', path: '/values/motivatie', value },
    ]);
    return {
      res,
      written: (await c.asTeacher('GET', `${c.scene.base}/form`)).json().values.motivatie === value,
    };
  },
  mapWrite: async (c) => {
    const res = await c.as('PATCH', `${c.scene.base}/information`, [
      { op: 'add', path: '/Klas', value: c.who },
    ]);
    const row = await t.ctx.db
      .selectFrom('trajectories')
      .select('information')
      .where('id', '=', c.scene.id)
      .executeTakeFirstOrThrow();
    return { res, written: (row.information as Record<string, string>).Klas === c.who };
  },
  evaluationRead: async (c) => ({ res: await c.as('GET', `${c.scene.base}/evaluations`) }),
  evaluationWrite: async (c) => {
    const entry = '2025-05-01T09:00:00.000Z';
    const res = await c.as('PATCH', `${c.scene.base}/evaluations`, [
      { op: 'add', path: `${C1_ENTRIES}/${entry}`, value: { score: '1' } },
    ]);
    const evaluation = (await c.asTeacher('GET', `${c.scene.base}/evaluations`)).json();
    const properties = evaluation.criteria[0].subsections[0].subsections[0].properties;
    return { res, written: entry in properties };
  },
  accessRead: async (c) => ({ res: await c.as('GET', `${c.scene.base}/access`) }),
  accessWrite: async (c) => {
    const { roles, users } = (await c.asTeacher('GET', `${c.scene.base}/access`)).json();
    return { res: await c.as('PUT', `${c.scene.base}/access`, { roles, users }) };
  },
  reportList: async (c) => ({ res: await c.as('GET', `${c.scene.base}/reports`) }),
  reportRead: async (c) => ({ res: await c.as('GET', `${c.scene.base}/reports/${c.scene.reportId}`) }),
  reportCreate: async (c) => {
    const name = `Week van ${c.who}`;
    const res = await c.as('POST', `${c.scene.base}/reports?blueprintName=${VERSLAG}`, { name });
    const list = (await c.asTeacher('GET', `${c.scene.base}/reports`)).json() as { name: string }[];
    return { res, written: list.some((report) => report.name === name) };
  },
  reportWrite: async (c) => {
    const url = `${c.scene.base}/reports/${c.scene.reportId}`;
    const value = `Reflectie van ${c.who}`;
    const res = await c.as('PATCH', url, [{ op: 'add', path: `/values/${REFLECTIE.uuid}`, value }]);
    return { res, written: (await c.asTeacher('GET', url)).json().values[REFLECTIE.uuid] === value };
  },
  reportDelete: async (c) => {
    const made = await c.asTeacher('POST', `${c.scene.base}/reports?blueprintName=${VERSLAG}`, {
      name: 'Weg',
    });
    const url = `${c.scene.base}/reports/${made.json().id}`;
    const res = await c.as('DELETE', url);
    return { res, written: (await c.asTeacher('GET', url)).statusCode === 404 };
  },
  dashboard: async (c) => ({ res: await c.as('GET', `${c.scene.base}/dashboard`) }),
  history: async (c) => ({ res: await c.as('GET', `${c.scene.base}/form/history`) }),
  extract: async (c) => ({
    res: await c.as('POST', '/api/extracts', {
      name: `Rapport van ${c.who}`,
      extract: c.scene.extractBlueprintId,
      trajectories: [c.scene.id],
    }),
  }),
} satisfies Record<string, (c: Context) => Promise<Outcome>>;
type Action = keyof typeof ACTIONS;
const ORDER = Object.keys(ACTIONS) as Action[];

const ALL_404 = '404 notFound';
const ORGANISATION_REQUIRED = '403 organisationRequired';
/** Every action of the table but the list, with one answer. */
const every = (answer: Expected, list: Expected): Record<Action, Expected> =>
  Object.fromEntries(ORDER.map((action) => [action, action === 'list' ? list : answer])) as Record<
    Action,
    Expected
  >;

const TABLE: Record<Holder, Record<Action, Expected>> = {
  // D11: no implicit access for the organisation's owner.
  owner: every(ALL_404, 'unlisted'),
  teacher: {
    list: 'listed',
    info: 200,
    title: 200,
    formRead: 200,
    formWrite: 200,
    mapWrite: 200,
    evaluationRead: 200,
    evaluationWrite: 200,
    accessRead: 200,
    accessWrite: 200,
    reportList: 200,
    reportRead: 200,
    reportCreate: 201,
    reportWrite: 200,
    reportDelete: 204,
    dashboard: 200,
    history: 200,
    extract: 202,
  },
  student: {
    list: 'listed',
    info: 200,
    title: 403,
    formRead: 200,
    formWrite: 200,
    mapWrite: 403,
    evaluationRead: 200,
    evaluationWrite: 403,
    accessRead: 200,
    accessWrite: 403,
    reportList: 200,
    reportRead: 200,
    reportCreate: 403,
    reportWrite: 200,
    reportDelete: 403,
    dashboard: 200,
    history: 200,
    extract: 403,
  },
  mentor: {
    list: 'listed',
    info: 200,
    title: 200,
    formRead: 200,
    formWrite: 403,
    mapWrite: 200,
    evaluationRead: 403,
    evaluationWrite: 403,
    accessRead: 200,
    accessWrite: 403,
    // no right on any report: the section says so (issue 21)
    reportList: '403 noAccess',
    reportRead: 403,
    reportCreate: 403,
    reportWrite: 403,
    reportDelete: 403,
    dashboard: 200,
    history: 200,
    extract: 202,
  },
  reader: {
    list: 'listed',
    info: 200,
    title: 403,
    formRead: 200,
    formWrite: 403,
    mapWrite: 403,
    evaluationRead: 200,
    evaluationWrite: 403,
    accessRead: 200,
    accessWrite: 403,
    reportList: 200,
    reportRead: 200,
    reportCreate: 403,
    reportWrite: 403,
    reportDelete: 403,
    dashboard: 200,
    history: 200,
    extract: 403,
  },
  removed: every(ORGANISATION_REQUIRED, ORGANISATION_REQUIRED),
  stranger: every(ALL_404, 'unlisted'),
};

/** What the table compares: the list's membership, or the status (with the key where the rule names one). */
function observed(action: Action, expected: Expected, scene: Scene, res: LightMyRequestResponse): Expected {
  if (action === 'list' && res.statusCode === 200)
    return res.json().some((item: { id: number }) => item.id === scene.id) ? 'listed' : 'unlisted';
  if (typeof expected === 'string' && expected.includes(' ') && res.statusCode >= 400)
    return `${res.statusCode} ${res.json().key}`;
  return res.statusCode;
}

describe('grants × parts × actions (spec part 1 §6, D11–D13, D35, D40)', () => {
  it.each(Object.keys(TABLE) as Holder[])('%s', async (who) => {
    const scene = await buildSecretTrajectory(t);
    const send =
      (token: string) =>
      (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
        call(t, { method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });
    const context: Context = {
      scene,
      who,
      person: scene[who],
      as: send(scene[who].token),
      asTeacher: send(scene.teacher.token),
    };
    const mismatches: string[] = [];
    for (const action of ORDER) {
      const expected = TABLE[who][action];
      const outcome: Outcome = await ACTIONS[action](context);
      const got = observed(action, expected, scene, outcome.res);
      if (got !== expected)
        mismatches.push(`${action}: expected ${expected}, got ${got} ${outcome.res.body.slice(0, 200)}`);
      const accepted = outcome.res.statusCode < 300;
      if (outcome.written !== undefined && outcome.written !== accepted)
        mismatches.push(
          `${action}: answered ${outcome.res.statusCode} but the change is ${outcome.written ? 'there' : 'missing'}`,
        );
    }
    expect(mismatches).toEqual([]);
  });
});

describe('the batch grant (issue 30: one statement for many ids, the same table as loadGrant)', () => {
  it("answers each holder's subset as loadGrant does, its SQL form the same for read, and another organisation nothing", async () => {
    const scene = await buildSecretTrajectory(t);
    const other = await buildSecretTrajectory(t);
    const own = await t.ctx.db
      .selectFrom('trajectories')
      .select('id')
      .where('organisation_id', '=', scene.org.id)
      .execute();
    const ids = [...own.map((row) => row.id), other.id, 999_999];
    const holders = ['teacher', 'student', 'mentor', 'reader', 'owner', 'stranger'] as const;
    const answers: Record<string, unknown> = {};
    for (const who of holders) {
      const actor = { organisationId: scene.org.id, email: scene[who].email };
      const read = await allowedTrajectories(t.ctx, t.ctx.db, actor, ids, 'read');
      const extract = await allowedTrajectories(t.ctx, t.ctx.db, actor, ids, 'extract');
      const sql = await trajectoryReads.readable(t.ctx.db, scene.org.id, actor.email).execute();
      // The SQL form gives exactly the ids the table allows to read, and never another organisation's.
      expect(sql.map((row) => row.trajectory_id).sort()).toEqual([...read.keys()].sort());
      expect(read.has(other.id)).toBe(false);
      answers[who] = { read: read.has(scene.id), extract: extract.has(scene.id) };
    }
    // The teacher and the mentor hold METADATA (the extract's right); an OWNER without a role sees nothing (D11).
    expect(answers).toEqual({
      teacher: { read: true, extract: true },
      student: { read: true, extract: false },
      mentor: { read: true, extract: true },
      reader: { read: true, extract: false },
      owner: { read: false, extract: false },
      stranger: { read: false, extract: false },
    });
    const readers = await trajectoryReads.readers(t.ctx.db, scene.org.id, scene.id).execute();
    expect(readers.map((row) => row.email).sort()).toEqual(
      [scene.teacher, scene.student, scene.mentor, scene.reader, scene.removed].map((p) => p.email).sort(),
    );
    // The all-or-refuse form: 404 for an id the actor holds no role on, then the policy's 403.
    const teacher = { organisationId: scene.org.id, email: scene.teacher.email };
    await expect(loadGrants(t.ctx, t.ctx.db, teacher, [scene.id, other.id], 'read')).rejects.toMatchObject({
      status: 404,
    });
    const student = { organisationId: scene.org.id, email: scene.student.email };
    await expect(loadGrants(t.ctx, t.ctx.db, student, [scene.id], 'extract')).rejects.toMatchObject({
      status: 403,
    });
    expect(await loadGrants(t.ctx, t.ctx.db, teacher, [scene.id, scene.id], 'purchase')).toEqual([
      { id: scene.id, name: 'BPV Sam', active: true },
    ]);
  });
});
