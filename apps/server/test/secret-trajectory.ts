import { defaultAdminRole, type TrajectoryRoleInput } from '@groeipad/core';
import { expect } from 'vitest';
import { addMember, buildOrganisation, buildUser, call, login, type TestApp, tokensFor } from './helpers.ts';
import { buildTrajectory, field } from './trajectory-fixture.ts';

/**
 * A trajectory whose form and report hold fields hidden from some of its readers, filled and changed
 * several times by the teacher, for the tests that prove a hidden field never reaches its reader
 * (D18, D35, D40) and the table of grants (spec part 1 §6, D11, D13). Every secret is distinctive, so
 * a plain text search of an answer finds it wherever it went.
 */

/** A hidden text field: its uuid, name and every value the teacher gave it (oldest first). */
export const GEHEIM = {
  uuid: 'f-geheim-uuid',
  name: 'Salarisgeheim',
  values: ['ZEER-GEHEIM-0001', 'ZEER-GEHEIM-0002', 'ZEER-GEHEIM-1234'],
} as const;
/** A hidden number field. */
export const BONUS = {
  uuid: 'f-bonus-uuid',
  name: 'Bonusbedrag',
  values: [7719253, 7719254, 7719255],
} as const;
/** A calculation visible to the student over the hidden text field (D18: its fallback, D40: `$…`). */
export const DUBBEL_SALARIS = {
  uuid: 'f-dubbel-salaris',
  name: 'Dubbel salaris',
  expression: '$Salarisgeheim * 2',
};
/** A calculation visible to the student over the hidden number: a value computed from it would leak it. */
export const DUBBELE_BONUS = {
  uuid: 'f-dubbele-bonus',
  name: 'Dubbele bonus',
  expression: '$Bonusbedrag * 2',
};
/** A report field hidden from the student (and unreadable to the mentor). */
export const RAPPORT_GEHEIM = {
  uuid: 'r-geheim-uuid',
  name: 'Beoordelingsnotitie',
  values: ['VERTROUWELIJK-RAPPORT-0001', 'VERTROUWELIJK-RAPPORT-0002', 'VERTROUWELIJK-RAPPORT-5678'],
} as const;
/** The report field the student writes (the mentor may not read the report at all). */
export const REFLECTIE = { uuid: 'r-open-uuid', name: 'Reflectie', value: 'REFLECTIE-OPEN-42' } as const;

export const VERSLAG = 'Stageverslag';
export const NAAM = 'Sam de Vries';

/** The form: hidden fields first (D1), a field the student writes, a read-only name, two calculations. */
export const FORM_FIELDS = [
  field(GEHEIM.uuid, GEHEIM.name),
  field(BONUS.uuid, BONUS.name, 'integer'),
  field('motivatie', 'Motivatie'),
  field('naam', 'Naam'),
  { ...field(DUBBEL_SALARIS.uuid, DUBBEL_SALARIS.name, 'calculation'), value: DUBBEL_SALARIS.expression },
  { ...field(DUBBELE_BONUS.uuid, DUBBELE_BONUS.name, 'calculation'), value: DUBBELE_BONUS.expression },
];
export const REPORT_FIELDS = [
  field(RAPPORT_GEHEIM.uuid, RAPPORT_GEHEIM.name),
  field(REFLECTIE.uuid, REFLECTIE.name),
];

const W = { write: true, read: true, hidden: false };
const R = { write: false, read: true, hidden: false };
const H = { write: false, read: false, hidden: true };
const NO_ADMIN = { purchase: false, metadata: false, rights: false };
const hiddenFormFields = { [GEHEIM.uuid]: H, [BONUS.uuid]: H };

/** Reads the form, writes `motivatie`; reads the evaluation; writes the report but for its hidden field. */
export const STUDENT: TrajectoryRoleInput & { name: string } = {
  name: 'Student',
  informationRights: { '': R, ...hiddenFormFields, motivatie: W },
  evaluationRights: { write: false, read: true },
  reportRights: { [VERSLAG]: { '': { admin: false, ...W }, [RAPPORT_GEHEIM.uuid]: H } },
  adminRights: NO_ADMIN,
};
/** METADATA only: reads the form but its hidden fields, writes nothing, no evaluation, no report. */
export const MENTOR: TrajectoryRoleInput & { name: string } = {
  name: 'Mentor',
  informationRights: { '': R, ...hiddenFormFields },
  evaluationRights: { write: false, read: false },
  reportRights: {},
  adminRights: { ...NO_ADMIN, metadata: true },
};
/** READ only: reads the form, the evaluation and the report (its hidden field too), writes nothing. */
export const READER: TrajectoryRoleInput & { name: string } = {
  name: 'Lezer',
  informationRights: { '': R },
  evaluationRights: { write: false, read: true },
  reportRights: { [VERSLAG]: { '': { admin: false, ...R } } },
  adminRights: NO_ADMIN,
};
export const TEACHER = defaultAdminRole([VERSLAG], 'Docent');

/** Three levels (D3), a scale (D6) and a dashboard, so the evaluation routes answer something. */
const COMPETENCES = [
  {
    uuid: 'zorg',
    description: 'Zorg en begeleiding',
    labels: ['BPV'],
    subcompetences: [
      {
        uuid: 'zorgplan',
        description: 'Zorgplan',
        subcompetences: [{ uuid: 'c1', description: 'Inventariseert de zorgvraag', labels: ['kern'] }],
      },
    ],
  },
];
const SCORE_INFO = [
  { name: 'Onvoldoende', description: 'Nog niet', colour: '#d32f2f' },
  { name: 'Goed', description: 'Altijd', colour: '#388e3c' },
];
const WIDGETS = [
  { uuid: 'w-alles', name: 'Alle scores', type: 'evaluation_scores' },
  { uuid: 'w-hist', name: 'Geschiedenis', type: 'evaluation_history' },
];
/** Where c1 keeps its dated entries (D2). */
export const C1_ENTRIES = '/criteria/0/subsections/0/subsections/0/properties';

export interface Person {
  id: number;
  email: string;
  token: string;
}

export type Scene = Awaited<ReturnType<typeof buildSecretTrajectory>>;

async function member(t: TestApp, organisationId: number, role: 'USER' | 'OWNER'): Promise<Person> {
  const user = await buildUser(t);
  await addMember(t, organisationId, user.id, role);
  return {
    id: user.id,
    email: user.email,
    token: (await tokensFor(t, user.email, organisationId)).accessToken,
  };
}

/** Asserts a set-up call succeeded with `status` and answers its body. */
async function ok(t: TestApp, status: number, options: Parameters<typeof call>[1]) {
  const res = await call(t, options);
  expect(res.statusCode, `${options.method} ${options.url}: ${res.body}`).toBe(status);
  return res;
}

/**
 * The scene: the teacher (Docent, all rights; the organisation's owner), a student, a mentor (METADATA
 * only), a reader (READ only), a second organisation OWNER without any trajectory role (D11), a member
 * who reads the trajectory and is then removed from the organisation, and a user of another
 * organisation. The teacher fills the hidden fields three times each (so the history has versions), a
 * report's hidden field three times, adds an evaluation entry, tries to copy a hidden value into the
 * information map, makes an extract, and changes the trajectory blueprint afterwards (a newer version
 * that renames the hidden field and removes the hidden number, D10).
 */
export async function buildSecretTrajectory(t: TestApp) {
  const s = await buildTrajectory(t, {
    fields: FORM_FIELDS,
    student: STUDENT,
    reports: [{ name: VERSLAG, fields: REPORT_FIELDS }],
  });
  const teacher: Person = { id: s.teacher.id, email: s.teacher.email, token: s.teacher.token };
  const student: Person = { id: s.pupil.id, email: s.pupil.email, token: s.pupil.token };
  await ok(t, 200, {
    method: 'PATCH',
    url: `/api/blueprints/trajectories/${s.blueprintId}/content`,
    token: teacher.token,
    payload: [
      { op: 'replace', path: '/competenceList/competences', value: COMPETENCES },
      { op: 'replace', path: '/scoreInfo', value: SCORE_INFO },
      { op: 'replace', path: '/dashboard/widgets', value: WIDGETS },
    ],
  });
  const mentor = await member(t, s.org.id, 'USER');
  const reader = await member(t, s.org.id, 'USER');
  const owner = await member(t, s.org.id, 'OWNER');
  const removed = await member(t, s.org.id, 'USER');
  const strangerUser = await buildUser(t);
  const strangerOrg = await buildOrganisation(t, (await login(t, strangerUser.email)).accessToken);
  const stranger: Person = {
    id: strangerUser.id,
    email: strangerUser.email,
    token: (await tokensFor(t, strangerUser.email, strangerOrg.id)).accessToken,
  };

  // D14, D40: the data file's row; the column naming the hidden field fills it as the teacher's write.
  const created = await ok(t, 201, {
    method: 'POST',
    url: '/api/v2/trajectories',
    token: teacher.token,
    payload: {
      blueprintId: s.blueprintId,
      name: 'BPV Sam',
      information: { Klas: '3B', [GEHEIM.name]: GEHEIM.values[0] },
      access: {
        roles: [TEACHER, STUDENT, MENTOR, READER],
        users: [
          { user: teacher.email, roles: [TEACHER.name] },
          { user: student.email, roles: [STUDENT.name] },
          { user: mentor.email, roles: [MENTOR.name] },
          { user: reader.email, roles: [READER.name] },
          { user: removed.email, roles: [READER.name] },
        ],
      },
    },
  });
  const id = created.json().id as number;
  const base = `/api/v2/trajectories/${id}`;
  const saveForm = (values: Record<string, unknown>) =>
    ok(t, 200, {
      method: 'PATCH',
      url: `${base}/form`,
      token: teacher.token,
      payload: Object.entries(values).map(([uuid, value]) => ({ op: 'add', path: `/values/${uuid}`, value })),
    });
  // Versions of the hidden values, interleaved with visible changes.
  await saveForm({ [GEHEIM.uuid]: GEHEIM.values[0], [BONUS.uuid]: BONUS.values[0], naam: NAAM });
  await saveForm({ motivatie: 'Leren plannen' });
  await saveForm({ [GEHEIM.uuid]: GEHEIM.values[1], [BONUS.uuid]: BONUS.values[1] });
  await saveForm({ [GEHEIM.uuid]: GEHEIM.values[2] });
  await saveForm({ motivatie: 'Leren plannen en evalueren' });
  await saveForm({ [BONUS.uuid]: BONUS.values[2] });
  // "Where possible": a hidden value copied into the information map (D40: refused — the walk finds it otherwise).
  await call(t, {
    method: 'PATCH',
    url: `${base}/information`,
    token: teacher.token,
    payload: [
      { op: 'add', path: `/${GEHEIM.name}`, value: GEHEIM.values[2] },
      { op: 'add', path: `/${BONUS.name}`, value: String(BONUS.values[2]) },
    ],
  });
  await ok(t, 200, {
    method: 'PATCH',
    url: `${base}/information`,
    token: teacher.token,
    payload: [{ op: 'add', path: '/Mentorgroep', value: 'M2' }],
  });

  const report = await ok(t, 201, {
    method: 'POST',
    url: `${base}/reports?blueprintName=${VERSLAG}`,
    token: teacher.token,
    payload: { name: 'Week 1' },
  });
  const reportId = report.json().id as number;
  const saveReport = (values: Record<string, unknown>) =>
    ok(t, 200, {
      method: 'PATCH',
      url: `${base}/reports/${reportId}`,
      token: teacher.token,
      payload: Object.entries(values).map(([uuid, value]) => ({ op: 'add', path: `/values/${uuid}`, value })),
    });
  await saveReport({ [RAPPORT_GEHEIM.uuid]: RAPPORT_GEHEIM.values[0], [REFLECTIE.uuid]: REFLECTIE.value });
  await saveReport({ [RAPPORT_GEHEIM.uuid]: RAPPORT_GEHEIM.values[1] });
  await saveReport({ [RAPPORT_GEHEIM.uuid]: RAPPORT_GEHEIM.values[2] });

  await ok(t, 200, {
    method: 'PATCH',
    url: `${base}/evaluations`,
    token: teacher.token,
    payload: [{ op: 'add', path: `${C1_ENTRIES}/2025-03-10T09:00:00.000Z`, value: { score: '2' } }],
  });

  // An extract blueprint whose student name is the hidden field: the one way a form value reaches a PDF.
  const extractBlueprint = await ok(t, 201, {
    method: 'POST',
    url: '/api/blueprints',
    token: teacher.token,
    payload: { type: 'EXTRACT', name: 'Voortgangsrapport' },
  });
  const extractBlueprintId = extractBlueprint.json().id as number;
  await ok(t, 200, {
    method: 'PATCH',
    url: `/api/blueprints/extracts/${extractBlueprintId}/content`,
    token: teacher.token,
    payload: [
      { op: 'replace', path: '/studentNamePath', value: GEHEIM.name },
      { op: 'replace', path: '/title', value: 'Voortgangsverslag' },
    ],
  });
  await ok(t, 200, {
    method: 'PUT',
    url: `/api/blueprints/${extractBlueprintId}/rights`,
    token: teacher.token,
    payload: [
      { user: teacher.email, rights: ['ADMIN', 'WRITE', 'READ'] },
      ...[student, mentor, reader, owner, removed].map((p) => ({ user: p.email, rights: ['READ'] })),
    ],
  });
  const teacherExtract = await ok(t, 202, {
    method: 'POST',
    url: '/api/extracts',
    token: teacher.token,
    payload: { name: 'Docentrapport', extract: extractBlueprintId, trajectories: [id] },
  });

  // A newer blueprint version (D10) that renames the hidden field and removes the hidden number (whose
  // values then live on in the history only): the update preview names changes.
  await ok(t, 200, {
    method: 'PATCH',
    url: `/api/blueprints/trajectories/${s.blueprintId}/content`,
    token: teacher.token,
    payload: [
      {
        op: 'replace',
        path: '/information/fields',
        value: FORM_FIELDS.filter((f) => f.uuid !== BONUS.uuid).map((f) =>
          f.uuid === GEHEIM.uuid ? { ...f, name: `${GEHEIM.name} 2025` } : f,
        ),
      },
    ],
  });

  // The removed member's token still names the organisation (every-route.test.ts: 403 organisationRequired).
  await t.ctx.db
    .deleteFrom('memberships')
    .where('organisation_id', '=', s.org.id)
    .where('user_id', '=', removed.id)
    .execute();

  return {
    id,
    base,
    org: s.org,
    blueprintId: s.blueprintId,
    reportId,
    extractBlueprintId,
    teacherExtractId: teacherExtract.json()[0].id as number,
    teacher,
    student,
    mentor,
    reader,
    owner,
    removed,
    stranger,
  };
}
