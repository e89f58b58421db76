import {
  businessToday,
  type CohortGrid,
  type CohortGridView,
  type CohortRowView,
  calendarDateToDate,
  cohortScoreOperation,
  defaultAdminRole,
  type EvaluationRights,
  expandCohortGrid,
  isoToDisplayDate,
  parseIsoDate,
} from '@groeipad/core';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildEvaluationTrajectory, studentRole } from '../../../test/trajectory-fixture.ts';
import { cohortGrid } from './cohort.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NONE: EvaluationRights = { read: false, write: false };
const READ: EvaluationRights = { read: true, write: false };

type Setup = Awaited<ReturnType<typeof buildEvaluationTrajectory>>;

/**
 * The blueprint's second version (D9): zorgplan gets a new competence first and c2 (renamed) before c1;
 * the sub-cluster Gesprekken loses c3 and the cluster Zorg en begeleiding is renamed. Version 1 is the
 * fixture's EVALUATION_COMPETENCES: zorg/zorgplan → c1, c2; comm/gesprek → c3.
 */
const VERSION_2 = [
  {
    uuid: 'zorg',
    description: 'Zorg',
    subcompetences: [
      {
        uuid: 'zorgplan',
        description: 'Zorgplan',
        subcompetences: [
          { uuid: 'c4', description: 'Evalueert de zorg' },
          { uuid: 'c2', description: 'Stelt samen met de cliënt een zorgplan op' },
          { uuid: 'c1', description: 'Inventariseert de zorgvraag' },
        ],
      },
    ],
  },
  {
    uuid: 'comm',
    description: 'Communicatie',
    subcompetences: [{ uuid: 'gesprek', description: 'Gesprekken' }],
  },
];

/** A trajectory from the set-up's blueprint at its current version, the teacher as Docent (and the pupil). */
async function newTrajectory(s: Setup, name: string, options: { pupil?: EvaluationRights } = {}) {
  const student = { ...studentRole(), evaluationRights: options.pupil ?? READ };
  const res = await call(t, {
    method: 'POST',
    url: '/api/v2/trajectories',
    token: s.teacher.token,
    payload: {
      blueprintId: s.blueprintId,
      name,
      access: {
        roles: [defaultAdminRole([], 'Docent'), student],
        users: [
          { user: s.teacher.email, roles: ['Docent'] },
          ...(options.pupil ? [{ user: s.pupil.email, roles: ['Student'] }] : []),
        ],
      },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

async function newBlueprintVersion(s: Setup) {
  const res = await call(t, {
    method: 'PATCH',
    url: `/api/blueprints/trajectories/${s.blueprintId}/content`,
    token: s.teacher.token,
    payload: [{ op: 'replace', path: '/competenceList/competences', value: VERSION_2 }],
  });
  expect(res.statusCode, res.body).toBe(200);
}

function askGrid(token: string, ids: string) {
  return call(t, { method: 'GET', url: `/api/v2/trajectories/cohort?ids=${ids}`, token });
}

/** The grid's answer as the web unfolds it: each readable row with its scale and a cell per competence. */
async function grid(token: string, ids: readonly number[]): Promise<CohortGridView> {
  const res = await askGrid(token, ids.join(','));
  expect(res.statusCode, res.body).toBe(200);
  return expandCohortGrid(res.json());
}

const rowOf = <Row extends { id: number }>(answer: { rows: Row[] }, id: number): Row =>
  answer.rows.find((row) => row.id === id)!;

/** A class over two blueprint versions: Sam (the fixture's) and Anna on version 1, Bram and Cas on version 2. */
async function twoVersions() {
  const s = await buildEvaluationTrajectory(t, READ);
  const anna = await newTrajectory(s, 'Anna', { pupil: NONE });
  await newBlueprintVersion(s);
  const bram = await newTrajectory(s, 'Bram');
  const cas = await newTrajectory(s, 'cas');
  return { s, sam: s.id, anna, bram, cas };
}

describe('GET /api/v2/trajectories/cohort', () => {
  it('lines trajectories of two blueprint versions up by competence uuid: the newest version’s order and names, one row per trajectory by name', async () => {
    const { s, sam, anna, bram, cas } = await twoVersions();
    const answer = await grid(s.teacher.token, [bram, sam, cas, anna]);
    expect(answer.rows.map((row) => row.name)).toEqual(['Anna', 'BPV Sam — evaluatie', 'Bram', 'cas']);
    expect(answer.tree).toEqual([
      {
        uuid: 'zorg',
        name: 'Zorg',
        subClusters: [
          {
            uuid: 'zorgplan',
            name: 'Zorgplan',
            competences: [
              { uuid: 'c4', name: 'Evalueert de zorg' },
              { uuid: 'c2', name: 'Stelt samen met de cliënt een zorgplan op' },
              { uuid: 'c1', name: 'Inventariseert de zorgvraag' },
            ],
          },
        ],
      },
      // Only version 1 has a competence here: its cluster comes with version 1's names.
      {
        uuid: 'comm',
        name: 'Communicatie',
        subClusters: [
          { uuid: 'gesprek', name: 'Gesprekken', competences: [{ uuid: 'c3', name: 'Voert een gesprek' }] },
        ],
      },
    ]);
    // Each row's cells carry the competence's place in ITS tree; a competence it lacks has no cell.
    for (const id of [sam, anna])
      expect(rowOf(answer, id).evaluation?.cells).toEqual({
        c1: { path: [0, 0, 0], latest: null },
        c2: { path: [0, 0, 1], latest: null },
        c3: { path: [1, 0, 0], latest: null },
      });
    for (const id of [bram, cas])
      expect(rowOf(answer, id).evaluation?.cells).toEqual({
        c4: { path: [0, 0, 0], latest: null },
        c2: { path: [0, 0, 1], latest: null },
        c1: { path: [0, 0, 2], latest: null },
      });
    // The answer sends each tree's paths and scale once: two versions, two layouts, whatever the rows.
    const raw: CohortGrid = (await askGrid(s.teacher.token, [bram, sam, cas, anna].join(','))).json();
    expect(raw.layouts).toHaveLength(2);
    expect(rowOf(raw, bram).evaluation?.layout).toBe(rowOf(raw, cas).evaluation?.layout);
    expect(rowOf(raw, bram).evaluation?.layout).not.toBe(rowOf(raw, sam).evaluation?.layout);
    expect(rowOf<CohortRowView>(answer, bram)).toMatchObject({
      expired: false,
      evaluation: {
        version: 1,
        canScore: true,
        scale: {
          minScore: 1,
          maxScore: 4,
          scoreNames: ['Onvoldoende', 'Matig', 'Voldoende', 'Goed'],
          scoreColours: ['#d32f2f', '#f57c00', '#fbc02d', '#388e3c'],
          scoreInfo: ['Nog niet', 'Soms', 'Meestal', 'Altijd'],
        },
      },
    });
  });

  it('shows a cell scored through the evaluation PATCH with its date; the version it gave makes a stale save a 409', async () => {
    const { s, sam, bram, cas } = await twoVersions();
    const before = await grid(s.teacher.token, [sam, bram, cas]);
    const row = rowOf(before, bram).evaluation!;
    const today = businessToday(t.ctx.config.businessTimeZone);
    // What the grid on the web sends: the latest values with the score, dated today, at c1's place in Bram's tree.
    const operation = cohortScoreOperation(row.cells.c1!, 3, {
      at: new Date(),
      editDate: calendarDateToDate(parseIsoDate(today)!),
    });
    expect(operation.path).toMatch(/^\/criteria\/0\/subsections\/0\/subsections\/2\/properties\//);
    const patch = (version: number) =>
      call(t, {
        method: 'PATCH',
        url: `/api/v2/trajectories/${bram}/evaluations?editDate=${today}`,
        token: s.teacher.token,
        headers: { 'if-match': `"${version}"` },
        payload: [operation],
      });
    const saved = await patch(row.version);
    expect(saved.statusCode, saved.body).toBe(200);

    const after = await grid(s.teacher.token, [sam, bram, cas]);
    const scored = rowOf(after, bram).evaluation!;
    expect(scored.version).toBe(row.version + 1);
    expect(scored.cells.c1).toEqual({
      path: [0, 0, 2],
      latest: { score: '3', date: isoToDisplayDate(today) },
    });
    expect(scored.cells.c2?.latest).toBeNull();
    // Sam's and Cas's c1 are other trajectories' (Cas shares Bram's tree): untouched.
    expect(rowOf(after, sam).evaluation?.cells.c1?.latest).toBeNull();
    expect(rowOf(after, cas).evaluation?.cells.c1).toEqual({ path: [0, 0, 2], latest: null });

    const stale = await patch(row.version);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ key: 'staleDocument' });
  });

  it('gives a reader without evaluation read the row without any value (spec part 1 §6), a reader without write no scoring', async () => {
    const { s, sam, anna } = await twoVersions();
    const scored = await call(t, {
      method: 'PATCH',
      url: `/api/v2/trajectories/${anna}/evaluations`,
      token: s.teacher.token,
      payload: [
        {
          op: 'add',
          path: '/criteria/0/subsections/0/subsections/0/properties/2025-01-06T10:00:00.000Z',
          value: { score: '4', date: '06/01/2025', remarks: 'Geheim voor de leerling' },
        },
      ],
    });
    expect(scored.statusCode, scored.body).toBe(200);
    // The pupil reads Sam's evaluation (READ), not Anna's (NONE).
    const res = await askGrid(s.pupil.token, `${anna},${sam}`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = expandCohortGrid(res.json());
    expect(rowOf(answer, anna)).toEqual({ id: anna, name: 'Anna', expired: false, evaluation: null });
    expect(res.body).not.toContain('Geheim');
    expect(rowOf(answer, sam).evaluation).toMatchObject({ canScore: false, cells: { c1: { latest: null } } });
    expect(answer.tree.map((cluster) => cluster.uuid)).toEqual(['zorg', 'comm']);

    // Without any readable evaluation: no tree either (the competence names are the evaluation's).
    const none = await askGrid(s.pupil.token, String(anna));
    expect(none.json()).toEqual({
      tree: [],
      layouts: [],
      rows: [{ id: anna, name: 'Anna', expired: false, evaluation: null }],
    });
  });

  it('shows an expired trajectory (D12) with its values, never to score', async () => {
    const { s, sam, bram } = await twoVersions();
    await t.ctx.db
      .updateTable('trajectories')
      .set({ active_until: '2020-01-31' })
      .where('id', '=', bram)
      .execute();
    const answer = await grid(s.teacher.token, [sam, bram]);
    expect(rowOf(answer, bram)).toMatchObject({ expired: true, evaluation: { canScore: false } });
    expect(rowOf(answer, sam)).toMatchObject({ expired: false, evaluation: { canScore: true } });
  });

  it('is 404 for the whole request when any id is another organisation’s, unknown or not the reader’s, whichever it is', async () => {
    const { s, sam, bram } = await twoVersions();
    const other = await buildEvaluationTrajectory(t, READ);
    const notFound = { status: 404, key: 'notFound' };
    for (const [token, ids] of [
      [s.teacher.token, `${sam},${other.id}`],
      [s.teacher.token, `${sam},999999`],
      [other.teacher.token, `${other.id},${sam}`],
      // The pupil holds no role on Bram.
      [s.pupil.token, `${sam},${bram}`],
    ] as const) {
      const res = await askGrid(token, ids);
      expect(res.statusCode, ids).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
  });

  it('refuses a bad id list: 400 validationError at ids', async () => {
    const s = await buildEvaluationTrajectory(t, READ);
    const tooMany = Array.from({ length: 201 }, (_, index) => index + 1).join(',');
    for (const [ids, key] of [
      ['', 'required'],
      ['abc', 'invalidValue'],
      ['0', 'invalidValue'],
      ['1,,2', 'invalidValue'],
      ['-3', 'invalidValue'],
      [tooMany, 'tooLong'],
    ] as const) {
      const res = await askGrid(s.teacher.token, ids);
      expect(res.statusCode, ids).toBe(400);
      expect(res.json(), ids).toEqual({
        status: 400,
        key: 'validationError',
        fields: [{ path: 'ids', key }],
      });
    }
    const missing = await call(t, {
      method: 'GET',
      url: '/api/v2/trajectories/cohort',
      token: s.teacher.token,
    });
    expect(missing.statusCode).toBe(400);
    // The same id twice is one row.
    expect((await grid(s.teacher.token, [s.id, s.id])).rows).toHaveLength(1);
  });

  it('reads the grid in one statement, for two rows as for twelve', async () => {
    const { s, sam, anna, bram, cas } = await twoVersions();
    const more = [];
    for (let index = 0; index < 8; index++) more.push(await newTrajectory(s, `Leerling ${index}`));
    let statements = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        statements += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const ctx = { ...t.ctx, db: t.ctx.db.withPlugin(counting) };
    const actor = {
      userId: s.teacher.id,
      email: s.teacher.email,
      organisationId: s.org.id,
      role: 'OWNER' as const,
    };
    const small = await cohortGrid(ctx, actor, [sam, bram]);
    expect(small.rows).toHaveLength(2);
    expect(statements).toBe(1);
    statements = 0;
    const large = await cohortGrid(ctx, actor, [sam, anna, bram, cas, ...more]);
    expect(large.rows).toHaveLength(12);
    expect(statements).toBe(1);
  });
});
