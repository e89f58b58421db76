import { defaultAdminRole, type EvaluationRights, type TrajectoryRoleInput } from '@groeipad/core';
import { expect } from 'vitest';
import { addMember, buildOrganisation, buildUser, call, login, type TestApp, tokensFor } from './helpers.ts';

export const field = (uuid: string, name: string, type = 'text') => ({ uuid, name, type, required: false });

/** A student role: reads everything but `geheim` (hidden), writes `motivatie` (and what `extra` adds). */
export function studentRole(
  extra: Record<string, { write: boolean; read: boolean; hidden: boolean }> = {},
): TrajectoryRoleInput & { name: string } {
  return {
    name: 'Student',
    informationRights: {
      '': { write: false, read: true, hidden: false },
      geheim: { write: false, read: false, hidden: true },
      motivatie: { write: true, read: true, hidden: false },
      ...extra,
    },
    evaluationRights: { write: false, read: true },
    reportRights: {},
    adminRights: { purchase: false, metadata: false, rights: false },
  };
}

/**
 * A teacher's organisation with a trajectory blueprint (`fields`, default: a field hidden from the
 * student BEFORE the field the student may write, D1, and one the student may only read) and a
 * trajectory from it with the teacher as Docent (all rights) and a pupil as Student.
 */
export async function buildTrajectory(
  t: TestApp,
  options: {
    fields?: unknown[];
    student?: TrajectoryRoleInput;
    /** Report blueprints made in the trajectory blueprint (D9); the Docent is admin on each. */
    reports?: { name: string; fields: unknown[] }[];
    /** The data file's row sent with the create call (D14, D40). */
    information?: Record<string, string>;
  } = {},
) {
  const teacher = await buildUser(t);
  const org = await buildOrganisation(t, (await login(t, teacher.email)).accessToken);
  const pupil = await buildUser(t);
  await addMember(t, org.id, pupil.id, 'USER');
  const token = (await tokensFor(t, teacher.email, org.id)).accessToken;
  const blueprint = (
    await call(t, {
      method: 'POST',
      url: '/api/blueprints',
      token,
      payload: { type: 'TRAJECTORY', name: 'Stage' },
    })
  ).json();
  const fields = options.fields ?? [
    field('geheim', 'Vertrouwelijke notitie'),
    field('motivatie', 'Motivatie'),
    field('naam', 'Naam'),
  ];
  const student = options.student ?? studentRole();
  const reports = options.reports ?? [];
  const docent = defaultAdminRole(
    reports.map((report) => report.name),
    'Docent',
  );
  await call(t, {
    method: 'PATCH',
    url: `/api/blueprints/trajectories/${blueprint.id}/content`,
    token,
    payload: [
      { op: 'replace', path: '/information/fields', value: fields },
      { op: 'replace', path: '/roles', value: [docent, student] },
      {
        op: 'replace',
        path: '/reportBlueprints',
        value: reports.map((report) => ({ id: null, version: null, ...report })),
      },
    ],
  });
  const created = await call(t, {
    method: 'POST',
    url: '/api/v2/trajectories',
    token,
    payload: {
      blueprintId: blueprint.id,
      name: 'BPV Sam',
      access: {
        roles: [docent, student],
        users: [
          { user: teacher.email, roles: ['Docent'] },
          { user: pupil.email, roles: ['Student'] },
        ],
      },
      ...(options.information ? { information: options.information } : {}),
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return {
    id: created.json().id as number,
    org,
    blueprintId: blueprint.id as number,
    teacher: { ...teacher, token },
    pupil: { ...pupil, token: (await tokensFor(t, pupil.email, org.id)).accessToken },
  };
}

/** Three levels (D3): cluster → sub-cluster → competence. */
export const EVALUATION_COMPETENCES = [
  {
    uuid: 'zorg',
    description: 'Zorg en begeleiding',
    labels: ['BPV'],
    subcompetences: [
      {
        uuid: 'zorgplan',
        description: 'Zorgplan',
        subcompetences: [
          { uuid: 'c1', description: 'Inventariseert de zorgvraag', labels: ['kern'], info: '<p>Uitleg</p>' },
          { uuid: 'c2', description: 'Stelt een zorgplan op' },
        ],
      },
    ],
  },
  {
    uuid: 'comm',
    description: 'Communicatie',
    subcompetences: [
      {
        uuid: 'gesprek',
        description: 'Gesprekken',
        subcompetences: [{ uuid: 'c3', description: 'Voert een gesprek' }],
      },
    ],
  },
];
/** EVALUATION_COMPETENCES with codes on every node but c3, and criteria (one nested) under c1 (D56). */
export const CODED_COMPETENCES = [
  {
    uuid: 'zorg',
    code: 'B1',
    description: 'Zorg en begeleiding',
    subcompetences: [
      {
        uuid: 'zorgplan',
        code: 'B1-K1',
        description: 'Zorgplan',
        subcompetences: [
          {
            uuid: 'c1',
            code: 'B1-K1-W1',
            description: 'Inventariseert de zorgvraag',
            criteria: [
              {
                uuid: 'k1',
                code: 'B1-K1-W1-1',
                description: 'Vraagt door',
                criteria: [{ uuid: 'k1a', code: 'B1-K1-W1-1a', description: 'Vat samen' }],
              },
              { uuid: 'k2', description: 'Legt vast' },
            ],
          },
          { uuid: 'c2', code: 'B1-K1-W2', description: 'Stelt een zorgplan op' },
        ],
      },
    ],
  },
  {
    uuid: 'comm',
    code: 'B2',
    description: 'Communicatie',
    subcompetences: [
      {
        uuid: 'gesprek',
        code: 'B2-K1',
        description: 'Gesprekken',
        subcompetences: [{ uuid: 'c3', description: 'Voert een gesprek' }],
      },
    ],
  },
];

/** D6: the scale 1…4 from the blueprint's scoreInfo. */
export const EVALUATION_SCALE = [
  { name: 'Onvoldoende', description: 'Nog niet', colour: '#d32f2f' },
  { name: 'Matig', description: 'Soms', colour: '#f57c00' },
  { name: 'Voldoende', description: 'Meestal', colour: '#fbc02d' },
  { name: 'Goed', description: 'Altijd', colour: '#388e3c' },
];
/**
 * buildTrajectory's teacher and pupil (the pupil's evaluation rights given), on a second trajectory
 * (default 'BPV Sam — evaluatie') whose blueprint has the competences (default EVALUATION_COMPETENCES: c1 =
 * [0,0,0], c2 = [0,0,1], c3 = [1,0,0]), the scale (default EVALUATION_SCALE, 1…4) and the dashboard widgets.
 */
export async function buildEvaluationTrajectory(
  t: TestApp,
  evaluationRights: EvaluationRights,
  options: { widgets?: unknown[]; competences?: unknown[]; scale?: unknown[]; name?: string } = {},
) {
  const {
    widgets = [],
    competences = EVALUATION_COMPETENCES,
    scale = EVALUATION_SCALE,
    name = 'BPV Sam — evaluatie',
  } = options;
  const student = { ...studentRole(), evaluationRights };
  const s = await buildTrajectory(t, { student });
  const patched = await call(t, {
    method: 'PATCH',
    url: `/api/blueprints/trajectories/${s.blueprintId}/content`,
    token: s.teacher.token,
    payload: [
      { op: 'replace', path: '/competenceList/competences', value: competences },
      { op: 'replace', path: '/scoreInfo', value: scale },
      { op: 'replace', path: '/dashboard/widgets', value: widgets },
    ],
  });
  expect(patched.statusCode, patched.body).toBe(200);
  const created = await call(t, {
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
          { user: s.pupil.email, roles: ['Student'] },
        ],
      },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { ...s, id: created.json().id as number };
}
