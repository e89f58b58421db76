import { applyPatch, type EvaluationRights } from '@groeipad/core';
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
import { buildEvaluationTrajectory, CODED_COMPETENCES } from '../../../test/trajectory-fixture.ts';
import { preparedTexts } from '../../db/prepared.ts';
import { readDocumentVersion } from '../../engine/engine.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const widgets = [
  { uuid: 'w-alles', name: 'Alle scores', type: 'evaluation_scores' },
  { uuid: 'w-zorg', name: 'Zorgplan', type: 'evaluation_scores', cluster: 'zorg.zorgplan' },
  { uuid: 'w-weg', name: 'Verdwenen cluster', type: 'evaluation_scores', cluster: 'bestaat-niet' },
  { uuid: 'w-hist', name: 'Geschiedenis', type: 'evaluation_history' },
];

const NONE: EvaluationRights = { read: false, write: false };
const READ: EvaluationRights = { read: true, write: false };
const WRITE: EvaluationRights = { read: true, write: true };

/** The evaluation fixture's trajectory, with this file's dashboard widgets. */
const evaluationTrajectory = (evaluationRights: EvaluationRights = READ) =>
  buildEvaluationTrajectory(t, evaluationRights, { widgets });
type Setup = Awaited<ReturnType<typeof evaluationTrajectory>>;

// biome-ignore lint/suspicious/noExplicitAny: test documents are edited freely
type Doc = any;
const evaluationUrl = (s: Setup) => `/api/v2/trajectories/${s.id}/evaluations`;

async function read(s: Setup, token = s.teacher.token): Promise<{ body: Doc; version: number }> {
  const res = await call(t, { method: 'GET', url: evaluationUrl(s), token });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.json(), version: Number(JSON.parse(res.headers.etag as string)) };
}

function put(s: Setup, body: Doc, options: { token?: string; version?: number; editDate?: string } = {}) {
  return call(t, {
    method: 'PUT',
    url: evaluationUrl(s) + (options.editDate ? `?editDate=${options.editDate}` : ''),
    token: options.token ?? s.teacher.token,
    payload: body,
    headers: options.version === undefined ? {} : { 'if-match': `"${options.version}"` },
  });
}

/** The rater the server stamps on the teacher's entries (issue 23): Docent, no name, so the e-mail. */
const docent = (s: Setup) => ({ role: 'Docent', email: s.teacher.email, name: s.teacher.email });

/** The competence at the top-to-bottom indexes (c1 = [0, 0, 0], c2 = [0, 0, 1], c3 = [1, 0, 0]). */
function competence(body: Doc, [a, b, c]: [number, number, number]): Doc {
  return body.criteria[a].subsections[b].subsections[c];
}

async function eventCount(s: Setup): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('trajectories')
    .select('evaluation_document_id')
    .where('id', '=', s.id)
    .executeTakeFirstOrThrow();
  const events = await t.ctx.db
    .selectFrom('document_events')
    .select('version')
    .where('document_id', '=', row.evaluation_document_id)
    .execute();
  return events.length;
}

/** Adds one entry as the teacher and returns the saved evaluation. */
async function addEntry(s: Setup, at: [number, number, number], timestamp: string, entry: object) {
  const { body, version } = await read(s);
  competence(body, at).properties[timestamp] = entry;
  const res = await put(s, body, { version });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET evaluations and competencelist', () => {
  it('answers the tree (D3) with the blueprint’s scale (D6) and an ETag; the competence list without scores', async () => {
    const s = await evaluationTrajectory(READ);
    const { body, version } = await read(s, s.pupil.token);
    expect(version).toBe(1);
    expect(body).toMatchObject({
      minScore: 1,
      maxScore: 4,
      scoreNames: ['Onvoldoende', 'Matig', 'Voldoende', 'Goed'],
      scoreColours: ['#d32f2f', '#f57c00', '#fbc02d', '#388e3c'],
      scoreInfo: ['Nog niet', 'Soms', 'Meestal', 'Altijd'],
    });
    expect(competence(body, [0, 0, 0])).toMatchObject({
      type: 'competence',
      uuid: 'c1',
      name: 'Inventariseert de zorgvraag',
      labels: ['kern'],
      properties: {},
      latestProperties: null,
    });
    const list = await call(t, {
      method: 'GET',
      url: `/api/v2/trajectories/${s.id}/competencelist`,
      token: s.pupil.token,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.headers.etag).toBe('"1"');
    const tree = list.json().criteria;
    expect(tree.map((node: Doc) => [node.type, node.uuid, node.name, node.labels])).toEqual([
      ['cluster', 'zorg', 'Zorg en begeleiding', ['BPV']],
      ['cluster', 'comm', 'Communicatie', []],
    ]);
    expect(tree[0].subsections[0].subsections[0]).toEqual({
      type: 'competence',
      uuid: 'c1',
      name: 'Inventariseert de zorgvraag',
      info: '<p>Uitleg</p>',
      labels: ['kern'],
    });
  });

  it('refuses a reader without evaluation read: 403 noAccess (spec part 1 §6)', async () => {
    const s = await evaluationTrajectory(NONE);
    for (const path of ['evaluations', 'competencelist']) {
      const res = await call(t, {
        method: 'GET',
        url: `/api/v2/trajectories/${s.id}/${path}`,
        token: s.pupil.token,
      });
      expect(res.json(), path).toEqual({ status: 403, key: 'noAccess' });
    }
  });

  it('is 404 for a trajectory of another organisation, also to its owner', async () => {
    const s = await evaluationTrajectory();
    const stranger = await buildUser(t);
    const strangerToken = (await login(t, stranger.email)).accessToken;
    const org = await buildOrganisation(t, strangerToken);
    const token = (await tokensFor(t, stranger.email, org.id)).accessToken;
    const { body } = await read(s);
    for (const method of ['GET', 'PUT', 'PATCH'] as const) {
      const res = await call(t, {
        method,
        url: evaluationUrl(s),
        token,
        ...(method === 'PUT' ? { payload: body } : {}),
        ...(method === 'PATCH'
          ? { payload: [{ op: 'add', path: `${C1}/${ADDED}`, value: { score: '2' } }] }
          : {}),
      });
      expect(res.statusCode, method).toBe(404);
    }
  });
});

/**
 * D2 as a table: the evaluation right × the change a PUT makes. Only the write right, and only adding
 * or deleting a dated entry, gets through; every refusal writes nothing (same version, same content,
 * no event).
 */
const EXISTING = '2025-01-15T10:00:00.000Z';
const ADDED = '2025-03-10T09:00:00.000Z';
const CHANGES: Record<string, (body: Doc) => void> = {
  'add an entry': (body) => {
    competence(body, [0, 0, 0]).properties[ADDED] = { score: '3', date: '10/03/2025', remarks: 'Gaat goed' };
  },
  'delete an entry': (body) => {
    delete competence(body, [0, 0, 0]).properties[EXISTING];
  },
  'rename a competence': (body) => {
    competence(body, [0, 0, 0]).name = 'Iets anders';
  },
  'rename a cluster': (body) => {
    body.criteria[0].name = 'Zorg';
  },
  rescale: (body) => {
    body.maxScore = 5;
    body.scoreNames.push('Uitstekend');
    body.scoreColours.push('#1b5e20');
    body.scoreInfo.push('');
  },
  'change an existing entry': (body) => {
    competence(body, [0, 0, 0]).properties[EXISTING].score = '4';
  },
  'add a competence': (body) => {
    body.criteria[1].subsections[0].subsections.push({
      ...competence(body, [1, 0, 0]),
      uuid: 'c9',
      properties: {},
    });
  },
  'remove a cluster': (body) => {
    body.criteria.pop();
  },
  'change a label': (body) => {
    competence(body, [0, 0, 0]).labels = [];
  },
};
const ALLOWED = new Set(['add an entry', 'delete an entry']);
const RIGHTS: [string, EvaluationRights][] = [
  ['none', NONE],
  ['read', READ],
  ['write', WRITE],
];
const table = RIGHTS.flatMap(([rightName, rights]) =>
  Object.keys(CHANGES).map((change) => {
    const expected =
      rightName === 'none'
        ? [403, 'noAccess']
        : rightName === 'read' || !ALLOWED.has(change)
          ? [403, 'forbidden']
          : [200];
    return [rightName, change, rights, expected] as const;
  }),
);

describe('PUT evaluations: rights × changes (D2)', () => {
  const setups = new Map<string, Promise<Setup>>();
  const setupFor = (name: string, rights: EvaluationRights) => {
    if (!setups.has(name))
      setups.set(
        name,
        evaluationTrajectory(rights).then(async (s) => {
          await addEntry(s, [0, 0, 0], EXISTING, { score: '2', date: '15/01/2025' });
          return s;
        }),
      );
    return setups.get(name)!;
  };

  it.each(table)('%s × %s → %j', async (rightName, change, rights, [status, key]) => {
    const s = await setupFor(rightName, rights);
    const before = await read(s);
    const events = await eventCount(s);
    const body = structuredClone(before.body);
    CHANGES[change]!(body);
    const res = await put(s, body, { token: s.pupil.token, version: before.version });
    expect(res.statusCode, res.body).toBe(status);
    if (status !== 200) {
      expect(res.json()).toEqual({ status, key });
      const after = await read(s);
      expect(after.version).toBe(before.version);
      expect(after.body).toEqual(before.body);
      expect(await eventCount(s)).toBe(events);
      return;
    }
    // Accepted: exactly one event, and the change is there.
    expect(await eventCount(s)).toBe(events + 1);
    expect(res.headers.etag).toBe(`"${before.version + 1}"`);
    const saved = res.json();
    const c1 = competence(saved, [0, 0, 0]);
    if (change === 'add an entry') expect(Object.keys(c1.properties)).toContain(ADDED);
    else expect(Object.keys(c1.properties)).not.toContain(EXISTING);
    // Put the entry back (or take it away) so later rows start from the same state.
    const undo = structuredClone(saved);
    if (change === 'add an entry') delete competence(undo, [0, 0, 0]).properties[ADDED];
    else competence(undo, [0, 0, 0]).properties[EXISTING] = { score: '2', date: '15/01/2025' };
    expect((await put(s, undo, { token: s.pupil.token, version: before.version + 1 })).statusCode).toBe(200);
  });
});

describe('PUT evaluations: latestProperties, dates (D4), bad input', () => {
  it('recomputes latestProperties: the newest entry after an add, the next older one after a delete, then none', async () => {
    const s = await evaluationTrajectory(WRITE);
    const older = '2025-02-01T08:00:00.000Z';
    const newer = '2025-02-20T08:00:00.000Z';
    let saved = await addEntry(s, [0, 0, 1], newer, { score: '4', date: '20/02/2025', location: 'werkplek' });
    expect(competence(saved, [0, 0, 1]).latestProperties).toEqual({
      score: '4',
      date: '20/02/2025',
      location: 'werkplek',
      rater: docent(s),
    });
    // An older entry added later does not become the latest; the client's own latestProperties is ignored.
    const { body, version } = await read(s);
    competence(body, [0, 0, 1]).properties[older] = { score: '1', date: '01/02/2025' };
    competence(body, [0, 0, 1]).latestProperties = { score: '1' };
    competence(body, [1, 0, 0]).latestProperties = { score: '2' };
    const res = await put(s, body, { version });
    expect(res.statusCode, res.body).toBe(200);
    saved = res.json();
    expect(competence(saved, [0, 0, 1]).latestProperties.score).toBe('4');
    expect(competence(saved, [1, 0, 0]).latestProperties).toBeNull();
    // Deleting the newest: the next older one becomes the latest.
    delete competence(saved, [0, 0, 1]).properties[newer];
    saved = (await put(s, saved, { version: version + 1 })).json();
    expect(competence(saved, [0, 0, 1]).latestProperties).toEqual({
      score: '1',
      date: '01/02/2025',
      rater: docent(s),
    });
    // Deleting the last one: none.
    delete competence(saved, [0, 0, 1]).properties[older];
    saved = (await put(s, saved, { version: version + 2 })).json();
    expect(competence(saved, [0, 0, 1])).toMatchObject({ properties: {}, latestProperties: null });
  });

  it('D4: a score without a date gets the chosen edit date, else the entry’s day in Europe/Amsterdam', async () => {
    const s = await evaluationTrajectory(WRITE);
    const { body, version } = await read(s);
    // 23:30 UTC on 9 March is 00:30 on 10 March in Amsterdam.
    competence(body, [0, 0, 0]).properties['2025-03-09T23:30:00.000Z'] = { score: '3' };
    competence(body, [0, 0, 1]).properties['2025-03-09T12:00:00.000Z'] = { score: '2', date: '01/03/2025' };
    competence(body, [1, 0, 0]).properties['2025-03-09T12:00:00.000Z'] = { remarks: 'Nog niet beoordeeld' };
    const saved = (await put(s, body, { version })).json();
    expect(competence(saved, [0, 0, 0]).latestProperties).toEqual({
      score: '3',
      date: '10/03/2025',
      rater: docent(s),
    });
    expect(competence(saved, [0, 0, 1]).latestProperties.date).toBe('01/03/2025');
    expect(competence(saved, [1, 0, 0]).latestProperties).toEqual({
      remarks: 'Nog niet beoordeeld',
      rater: docent(s),
    });

    competence(saved, [0, 0, 0]).properties['2025-03-11T10:00:00.000Z'] = { score: '4' };
    const chosen = await put(s, saved, { version: version + 1, editDate: '2025-03-03' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(competence(chosen.json(), [0, 0, 0]).latestProperties).toEqual({
      score: '4',
      date: '03/03/2025',
      rater: docent(s),
    });
    const badDate = await put(s, chosen.json(), { version: version + 2, editDate: '03/03/2025' });
    expect(badDate.statusCode).toBe(400);
    // The picker offers no future day, and the server refuses one too (nothing written).
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const future = await put(s, chosen.json(), { version: version + 2, editDate: tomorrow });
    expect(future.statusCode).toBe(400);
    expect(future.json().fields).toEqual([{ path: 'editDate', key: 'invalidValue' }]);
    expect((await read(s)).version).toBe(version + 2);
  });

  it('refuses bad input with 400 at the field and writes nothing: score outside the scale, bad date, a fourth level, a future entry', async () => {
    const s = await evaluationTrajectory(WRITE);
    const before = await read(s);
    const events = await eventCount(s);
    const path = (ts: string) => `criteria.0.subsections.0.subsections.0.properties.${ts}`;
    const cases: [string, (body: Doc) => void, string, { path: string; key: string }[]][] = [
      [
        'score 5 on a 1–4 scale',
        (b) => {
          competence(b, [0, 0, 0]).properties[ADDED] = { score: '5' };
        },
        'validationError',
        [{ path: `${path(ADDED)}.score`, key: 'range' }],
      ],
      [
        'score -1',
        (b) => {
          competence(b, [0, 0, 0]).properties[ADDED] = { score: '-1' };
        },
        'validationError',
        [{ path: `${path(ADDED)}.score`, key: 'range' }],
      ],
      [
        'a date that is not dd/MM/yyyy',
        (b) => {
          competence(b, [0, 0, 0]).properties[ADDED] = { score: '2', date: '2025-03-10' };
        },
        'validationError',
        [{ path: `${path(ADDED)}.date`, key: 'invalidValue' }],
      ],
      [
        'a key that is not an ISO timestamp',
        (b) => {
          competence(b, [0, 0, 0]).properties['10/03/2025'] = { score: '2' };
        },
        'validationError',
        // Request validation turns the pointer's slashes into dots.
        [{ path: path('10.03.2025'), key: 'invalidEntryTimestamp' }],
      ],
      [
        'an entry two days ahead',
        (b) => {
          const ahead = new Date(Date.now() + 2 * 86_400_000).toISOString();
          competence(b, [0, 0, 0]).properties[ahead] = { score: '2' };
        },
        'validationError',
        [],
      ],
      [
        'a fourth level (D3)',
        (b) => {
          const c1 = competence(b, [0, 0, 0]);
          b.criteria[0].subsections[0].subsections[0] = {
            type: 'cluster',
            uuid: 'c1',
            name: c1.name,
            info: '',
            labels: [],
            subsections: [{ ...c1, uuid: 'c1a' }],
          };
        },
        'tooDeep',
        [{ path: 'criteria.0.subsections.0.subsections.0.subsections.0', key: 'tooDeep' }],
      ],
    ];
    for (const [name, change, key, fields] of cases) {
      const body = structuredClone(before.body);
      change(body);
      const res = await put(s, body, { version: before.version });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().key, name).toBe(key);
      if (fields.length > 0) expect(res.json().fields, name).toEqual(fields);
    }
    const after = await read(s);
    expect(after).toEqual(before);
    expect(await eventCount(s)).toBe(events);
  });

  it('answers 409 staleDocument with the current version on a stale If-Match, and writes nothing (D29)', async () => {
    const s = await evaluationTrajectory(WRITE);
    const first = await read(s);
    const mine = structuredClone(first.body);
    await addEntry(s, [0, 0, 0], '2025-03-01T09:00:00.000Z', { score: '2' });
    competence(mine, [0, 0, 1]).properties[ADDED] = { score: '3' };
    const res = await put(s, mine, { token: s.pupil.token, version: first.version });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 409, key: 'staleDocument', version: first.version + 1 });
    const after = await read(s);
    expect(after.version).toBe(first.version + 1);
    expect(competence(after.body, [0, 0, 1]).properties).toEqual({});
    // The same change on the current version goes through, and keeps the other's entry.
    const current = structuredClone(after.body);
    competence(current, [0, 0, 1]).properties[ADDED] = { score: '3' };
    const saved = await put(s, current, { token: s.pupil.token, version: after.version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(Object.keys(competence(saved.json(), [0, 0, 0]).properties)).toEqual(['2025-03-01T09:00:00.000Z']);
  });

  it('saves changes in several competences as one event whose inverse restores the previous version', async () => {
    const s = await evaluationTrajectory(WRITE);
    const before = await read(s);
    const body = structuredClone(before.body);
    competence(body, [0, 0, 0]).properties[ADDED] = { score: '3', date: '10/03/2025' };
    competence(body, [1, 0, 0]).properties[ADDED] = { score: '1', date: '10/03/2025' };
    expect((await put(s, body, { version: before.version })).statusCode).toBe(200);
    const row = await t.ctx.db
      .selectFrom('trajectories')
      .select('evaluation_document_id')
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    const old = await readDocumentVersion(t.ctx.db, s.org.id, row.evaluation_document_id, before.version);
    expect(old.content).toEqual(before.body);
    expect(await eventCount(s)).toBe(2);
  });

  it('refuses a save on an expired trajectory with 403 expiredTrajectory, but still reads it (D12)', async () => {
    const s = await evaluationTrajectory(WRITE);
    await t.ctx.db
      .updateTable('trajectories')
      .set({ active_until: '2020-01-01' })
      .where('id', '=', s.id)
      .execute();
    const before = await read(s, s.pupil.token);
    const body = structuredClone(before.body);
    competence(body, [0, 0, 0]).properties[ADDED] = { score: '3' };
    for (const token of [s.teacher.token, s.pupil.token]) {
      const res = await put(s, body, { token, version: before.version });
      expect(res.json()).toEqual({ status: 403, key: 'expiredTrajectory' });
    }
    expect((await read(s)).version).toBe(before.version);
  });
});

/** Where c1, c2 and c3 keep their entries (the PATCH's paths and the parts stored apart). */
const C1 = '/criteria/0/subsections/0/subsections/0/properties';
const C2 = '/criteria/0/subsections/0/subsections/1/properties';
const C3 = '/criteria/1/subsections/0/subsections/0/properties';

function patchEntries(
  s: Setup,
  patch: Doc[],
  options: { token?: string; version?: number; editDate?: string } = {},
) {
  return call(t, {
    method: 'PATCH',
    url: evaluationUrl(s) + (options.editDate ? `?editDate=${options.editDate}` : ''),
    token: options.token ?? s.teacher.token,
    payload: patch,
    headers: options.version === undefined ? {} : { 'if-match': `"${options.version}"` },
  });
}

describe('PATCH evaluations: entries only, the touched competences only (issue 9 bench goal)', () => {
  it.each(RIGHTS)('%s × add an entry', async (rightName, rights) => {
    const s = await evaluationTrajectory(rights);
    const before = await read(s);
    const res = await patchEntries(s, [{ op: 'add', path: `${C1}/${ADDED}`, value: { score: '2' } }], {
      token: s.pupil.token,
      version: before.version,
    });
    if (rightName === 'write') expect(res.statusCode, res.body).toBe(200);
    else {
      expect(res.json()).toEqual({ status: 403, key: rightName === 'none' ? 'noAccess' : 'forbidden' });
      expect(await read(s)).toEqual(before);
    }
  });

  it('answers the version and the patch as applied (latestProperties, the D4 date), which turns my copy into the saved one', async () => {
    const s = await evaluationTrajectory(WRITE);
    await addEntry(s, [0, 0, 0], EXISTING, { score: '2', date: '15/01/2025' });
    const before = await read(s);
    const res = await patchEntries(
      s,
      [
        { op: 'add', path: `${C1}/${ADDED}`, value: { score: '3', remarks: 'Goed gedaan' } },
        { op: 'add', path: `${C3}/${ADDED}`, value: { score: '1', date: '01/03/2025' } },
      ],
      { version: before.version, editDate: '2025-03-10' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBe(`"${before.version + 1}"`);
    const answer = res.json();
    expect(answer.version).toBe(before.version + 1);
    const after = await read(s);
    expect(applyPatch(before.body, answer.patch)).toEqual(after.body);
    expect(competence(after.body, [0, 0, 0]).latestProperties).toEqual({
      score: '3',
      remarks: 'Goed gedaan',
      date: '10/03/2025',
      rater: docent(s),
    });
    expect(competence(after.body, [1, 0, 0]).latestProperties).toEqual({
      score: '1',
      date: '01/03/2025',
      rater: docent(s),
    });
    expect(Object.keys(competence(after.body, [0, 0, 0]).properties)).toEqual([EXISTING, ADDED]);
    // Deleting the newest makes the older one the latest again; one event per save.
    const events = await eventCount(s);
    const removed = await patchEntries(s, [{ op: 'remove', path: `${C1}/${ADDED}` }], {
      version: answer.version,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(competence((await read(s)).body, [0, 0, 0]).latestProperties).toEqual({
      score: '2',
      date: '15/01/2025',
      rater: docent(s),
    });
    expect(await eventCount(s)).toBe(events + 1);
    // An empty patch writes nothing.
    const empty = await patchEntries(s, [], { version: answer.version + 1 });
    expect(empty.json()).toEqual({ version: answer.version + 1, patch: [] });
    expect(await eventCount(s)).toBe(events + 1);
  });

  it('keeps each competence’s entries in a row of their own, and older versions readable whole', async () => {
    const s = await evaluationTrajectory(WRITE);
    const first = await read(s);
    const row = await t.ctx.db
      .selectFrom('trajectories')
      .select('evaluation_document_id')
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    const documentId = row.evaluation_document_id;
    const tree = async () =>
      (
        await t.ctx.db
          .selectFrom('documents')
          .select('content')
          .where('id', '=', documentId)
          .executeTakeFirstOrThrow()
      ).content;
    const treeBefore = await tree();
    await patchEntries(s, [{ op: 'add', path: `${C1}/${EXISTING}`, value: { score: '2' } }]);
    await patchEntries(s, [{ op: 'add', path: `${C3}/${ADDED}`, value: { score: '4' } }]);
    // An entry's save leaves the tree as it is stored: its entries and latest properties have rows.
    expect(await tree()).toEqual(treeBefore);
    const parts = await t.ctx.db
      .selectFrom('document_parts')
      .select(['pointer', 'content'])
      .where('document_id', '=', documentId)
      .orderBy('pointer')
      .execute();
    const latest = (place: string) => place.replace(/properties$/, 'latestProperties');
    const rater = docent(s);
    expect(parts).toEqual([
      { pointer: latest(C1), content: { score: '2', date: '15/01/2025', rater } },
      { pointer: C1, content: { [EXISTING]: { score: '2', date: '15/01/2025', rater } } },
      // D4: a score without a date gets the entry's day.
      { pointer: latest(C3), content: { score: '4', date: '10/03/2025', rater } },
      { pointer: C3, content: { [ADDED]: { score: '4', date: '10/03/2025', rater } } },
    ]);
    const stored = await t.ctx.db
      .selectFrom('documents')
      .select('content')
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.content)).not.toContain(EXISTING);
    const v1 = await readDocumentVersion(t.ctx.db, s.org.id, documentId, first.version);
    expect(v1.content).toEqual(first.body);
    // The PUT reads and writes the same parts.
    const current = await read(s);
    competence(current.body, [0, 0, 1]).properties[ADDED] = { score: '1' };
    expect((await put(s, current.body, { version: current.version })).statusCode).toBe(200);
    expect(Object.keys(competence((await read(s)).body, [0, 0, 1]).properties)).toEqual([ADDED]);
  });

  it('refuses what is not an entry (403), what does not apply (400 invalidPatch), bad values (400) and a stale version (409); writes nothing', async () => {
    const s = await evaluationTrajectory(WRITE);
    await addEntry(s, [0, 0, 0], EXISTING, { score: '2', date: '15/01/2025' });
    const before = await read(s);
    const events = await eventCount(s);
    const cases: [string, Doc[], number, string, { path: string; key: string }[]?][] = [
      [
        'a replace of an entry',
        [{ op: 'replace', path: `${C1}/${EXISTING}`, value: { score: '3' } }],
        403,
        'forbidden',
      ],
      [
        'an entry added again (rewritten)',
        [{ op: 'add', path: `${C1}/${EXISTING}`, value: { score: '3' } }],
        403,
        'forbidden',
      ],
      [
        'latestProperties',
        [{ op: 'replace', path: '/criteria/0/subsections/0/subsections/0/latestProperties', value: null }],
        403,
        'forbidden',
      ],
      ['a name', [{ op: 'replace', path: '/criteria/0/name', value: 'Anders' }], 403, 'forbidden'],
      ['the scale', [{ op: 'replace', path: '/maxScore', value: 10 }], 403, 'forbidden'],
      ['a move', [{ op: 'move', from: `${C1}/${EXISTING}`, path: `${C2}/${EXISTING}` }], 403, 'forbidden'],
      ['an entry that is not there', [{ op: 'remove', path: `${C2}/${EXISTING}` }], 400, 'invalidPatch'],
      [
        'a competence that is not there',
        [{ op: 'add', path: `/criteria/7/properties/${ADDED}`, value: {} }],
        400,
        'invalidPatch',
      ],
      [
        'a cluster',
        [{ op: 'add', path: `/criteria/0/properties/${ADDED}`, value: { score: '2' } }],
        400,
        'invalidPatch',
      ],
      [
        'score 5 on a 1–4 scale',
        [{ op: 'add', path: `${C1}/${ADDED}`, value: { score: '5' } }],
        400,
        'validationError',
        [
          {
            path: 'criteria.0.subsections.0.subsections.0.properties.2025-03-10T09:00:00.000Z.score',
            key: 'range',
          },
        ],
      ],
      [
        'a date that is not dd/MM/yyyy',
        [{ op: 'add', path: `${C1}/${ADDED}`, value: { date: '2025-03-10' } }],
        400,
        'validationError',
        [{ path: '0.value.date', key: 'invalidValue' }],
      ],
      [
        'a key that is not an ISO timestamp',
        [{ op: 'add', path: `${C1}/10-03-2025`, value: { score: '2' } }],
        400,
        'validationError',
      ],
      [
        'the second of two operations wrong',
        [
          { op: 'add', path: `${C2}/${ADDED}`, value: { score: '2' } },
          { op: 'add', path: `${C1}/${ADDED}`, value: { score: '9' } },
        ],
        400,
        'validationError',
      ],
    ];
    for (const [name, patch, status, key, fields] of cases) {
      const res = await patchEntries(s, patch, { version: before.version });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json().key, name).toBe(key);
      if (fields) expect(res.json().fields, name).toEqual(fields);
    }
    const stale = await patchEntries(s, [{ op: 'add', path: `${C2}/${ADDED}`, value: { score: '2' } }], {
      version: before.version - 1,
    });
    expect(stale.json()).toEqual({ status: 409, key: 'staleDocument', version: before.version });
    expect(await read(s)).toEqual(before);
    expect(await eventCount(s)).toBe(events);
  });

  it('saves of several assessors at once: without If-Match each lands (done again on the newer version), with If-Match on one version only the first', async () => {
    const s = await evaluationTrajectory(WRITE);
    const before = await read(s);
    const events = await eventCount(s);
    // Six saves at once over three competences, none naming a version: on PostgreSQL they race (a save
    // whose version moved under it reads again), on PGlite they queue; either way all six are kept.
    const places = [C1, C2, C3, C1, C2, C3];
    const stamps = places.map((_, index) => `2025-02-0${index + 1}T08:00:00.000Z`);
    const answers = await Promise.all(
      places.map((place, index) =>
        patchEntries(s, [
          { op: 'add', path: `${place}/${stamps[index]}`, value: { score: String((index % 4) + 1) } },
        ]),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((res) => res.json().version)).size).toBe(6);
    const after = await read(s);
    expect(after.version).toBe(before.version + 6);
    expect(await eventCount(s)).toBe(events + 6);
    const cells: [number, number, number][] = [
      [0, 0, 0],
      [0, 0, 1],
      [1, 0, 0],
    ];
    for (const [index, cell] of cells.entries())
      expect(Object.keys(competence(after.body, cell).properties).sort()).toEqual(
        [stamps[index], stamps[index + 3]].sort(),
      );
    // Four saves made on the same version: one is kept, the others are told it moved on (D29).
    const raced = await Promise.all(
      [C1, C2, C3, C1].map((place, index) =>
        patchEntries(
          s,
          [{ op: 'add', path: `${place}/2025-02-1${index}T08:00:00.000Z`, value: { score: '2' } }],
          {
            version: after.version,
          },
        ),
      ),
    );
    expect(raced.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const res of raced.filter((res) => res.statusCode === 409))
      expect(res.json()).toEqual({ status: 409, key: 'staleDocument', version: after.version + 1 });
    expect((await read(s)).version).toBe(after.version + 1);
    expect(await eventCount(s)).toBe(events + 7);
  });

  it('refuses a save on an expired trajectory with 403 expiredTrajectory (D12)', async () => {
    const s = await evaluationTrajectory(WRITE);
    await t.ctx.db
      .updateTable('trajectories')
      .set({ active_until: '2020-01-01' })
      .where('id', '=', s.id)
      .execute();
    const res = await patchEntries(s, [{ op: 'add', path: `${C1}/${ADDED}`, value: { score: '2' } }]);
    expect(res.json()).toEqual({ status: 403, key: 'expiredTrajectory' });
  });

  it('sends the statements of a save as prepared ones on PostgreSQL: the read, the save and its notification job’s', async () => {
    const s = await evaluationTrajectory(WRITE);
    const res = await patchEntries(s, [{ op: 'add', path: `${C1}/${ADDED}`, value: { score: '2' } }]);
    expect(res.statusCode, res.body).toBe(200);
    const texts = preparedTexts();
    const has = (fragment: string) => texts.some((text) => text.includes(fragment));
    if (t.database.kind === 'postgres') {
      expect(has('as "member_role"')).toBe(true);
      expect(has('with saved as')).toBe(true);
      expect(has('from "document_events"')).toBe(true);
      expect(has('update jobs j set')).toBe(true);
    } else expect(texts).toEqual([]);
  });

  it('reads the membership with the trajectory: a writer removed from the organisation gets 403 organisationRequired, for an unknown trajectory too, where a member gets 404; nothing written', async () => {
    const s = await evaluationTrajectory(WRITE);
    const before = await read(s);
    const unknown = { ...s, id: 999_999 };
    const add = [{ op: 'add', path: `${C1}/${ADDED}`, value: { score: '2' } }];
    expect((await patchEntries(unknown, add, { token: s.pupil.token })).json()).toEqual({
      status: 404,
      key: 'notFound',
    });
    // Removed, with an access token that still names the organisation (and the trajectory's role kept).
    await t.ctx.db
      .deleteFrom('memberships')
      .where('organisation_id', '=', s.org.id)
      .where('user_id', '=', s.pupil.id)
      .execute();
    for (const target of [s, unknown])
      expect((await patchEntries(target, add, { token: s.pupil.token })).json()).toEqual({
        status: 403,
        key: 'organisationRequired',
      });
    expect(await read(s)).toEqual(before);
    expect((await patchEntries(s, add)).statusCode).toBe(200);
  });
});

describe('GET dashboard', () => {
  it('gives each scores widget its figures (latest score per competence, D20 cluster path) and the history, newest first', async () => {
    const s = await evaluationTrajectory(NONE);
    await addEntry(s, [0, 0, 0], '2025-01-10T09:00:00.000Z', { score: '1', date: '10/01/2025' });
    await addEntry(s, [0, 0, 0], '2025-02-10T09:00:00.000Z', { score: '4', date: '10/02/2025' });
    await addEntry(s, [0, 0, 1], '2025-02-01T09:00:00.000Z', { score: '3', date: '01/02/2025' });
    const res = await call(t, {
      method: 'GET',
      url: `/api/v2/trajectories/${s.id}/dashboard`,
      token: s.teacher.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    expect(view.evaluationReadable).toBe(true);
    const [all, zorg, gone, history] = view.widgets;
    // c1 counts with its latest score 4 (not 1), c2 with 3, c3 unrated: 3 competences.
    expect(all).toMatchObject({
      uuid: 'w-alles',
      type: 'evaluation_scores',
      cluster: null,
      clusterNames: [],
    });
    expect(all.overview.total).toBe(3);
    expect(all.overview.scores.map((slice: Doc) => [slice.score, slice.name, slice.count])).toEqual([
      [1, 'Onvoldoende', 0],
      [2, 'Matig', 0],
      [3, 'Voldoende', 1],
      [4, 'Goed', 1],
    ]);
    expect(all.overview.unrated).toMatchObject({ score: -1, colour: '#9E9E9E', count: 1 });
    expect(all.overview.unrated.percentage).toBeCloseTo(100 / 3);
    expect(all.overview.average).toBe(4); // (4 + 3) / 2 = 3.5 → 4
    expect(zorg).toMatchObject({
      cluster: 'zorg.zorgplan',
      clusterNames: ['Zorg en begeleiding', 'Zorgplan'],
    });
    expect(zorg.overview).toMatchObject({ total: 2, average: 4 });
    expect(zorg.overview.unrated.count).toBe(0);
    expect(gone).toMatchObject({ cluster: 'bestaat-niet', clusterNames: null, overview: null });
    expect(history.type).toBe('evaluation_history');
    expect(
      history.entries.map((entry: Doc) => [entry.competenceUuid, entry.timestamp, entry.values.score]),
    ).toEqual([
      ['c1', '2025-02-10T09:00:00.000Z', '4'],
      ['c2', '2025-02-01T09:00:00.000Z', '3'],
      ['c1', '2025-01-10T09:00:00.000Z', '1'],
    ]);
    expect(history.entries[0].competenceName).toBe('Inventariseert de zorgvraag');
    // The scale names and colours the history's chips (D6).
    expect(view.scale.map((entry: Doc) => [entry.score, entry.name])).toEqual([
      [1, 'Onvoldoende'],
      [2, 'Matig'],
      [3, 'Voldoende'],
      [4, 'Goed'],
    ]);
    expect(view.scale[0].colour).toMatch(/^#/);
  });

  it('gives a reader without evaluation read the widgets without figures', async () => {
    const s = await evaluationTrajectory(NONE);
    await addEntry(s, [0, 0, 0], '2025-01-10T09:00:00.000Z', {
      score: '1',
      remarks: 'geheim voor de student',
    });
    const res = await call(t, {
      method: 'GET',
      url: `/api/v2/trajectories/${s.id}/dashboard`,
      token: s.pupil.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      evaluationReadable: false,
      scoreRule: null,
      widgets: [
        {
          uuid: 'w-alles',
          name: 'Alle scores',
          type: 'evaluation_scores',
          cluster: null,
          clusterNames: null,
          overview: null,
        },
        {
          uuid: 'w-zorg',
          name: 'Zorgplan',
          type: 'evaluation_scores',
          cluster: 'zorg.zorgplan',
          clusterNames: null,
          overview: null,
        },
        {
          uuid: 'w-weg',
          name: 'Verdwenen cluster',
          type: 'evaluation_scores',
          cluster: 'bestaat-niet',
          clusterNames: null,
          overview: null,
        },
        { uuid: 'w-hist', name: 'Geschiedenis', type: 'evaluation_history', entries: null },
      ],
      scale: [],
    });
    expect(res.body).not.toContain('geheim');
  });
});

describe('an entry whose key is no timestamp (issue 30)', () => {
  it('answers 400 invalidEntryTimestamp at the entry, through the PATCH and the PUT, and writes nothing', async () => {
    const s = await evaluationTrajectory(WRITE);
    const before = await read(s);
    for (const key of ['geen-tijdstip', '2025-13-45T99:00:00.000Z', '2025-03-10', '0']) {
      const patched = await patchEntries(s, [{ op: 'add', path: `${C1}/${key}`, value: { score: '2' } }]);
      expect(patched.statusCode, `${key}: ${patched.body}`).toBe(400);
      expect(patched.json().fields[0]).toMatchObject({ key: 'invalidEntryTimestamp' });
      const body = structuredClone(before.body);
      competence(body, [0, 0, 0]).properties[key] = { score: '2' };
      const replaced = await put(s, body, { version: before.version });
      expect(replaced.statusCode, `${key}: ${replaced.body}`).toBe(400);
      expect(JSON.stringify(replaced.json())).toContain('invalidEntryTimestamp');
    }
    expect(await read(s)).toEqual(before);
  });
});

const CODE_CHANGES: Record<string, (body: Doc) => void> = {
  'change a competence’s code': (body) => {
    competence(body, [0, 0, 0]).code = 'B9-K9-W9';
  },
  'drop a competence’s code': (body) => {
    delete competence(body, [0, 0, 1]).code;
  },
  'give a competence without one a code': (body) => {
    competence(body, [1, 0, 0]).code = 'B2-K1-W1';
  },
  'change a cluster’s code': (body) => {
    body.criteria[1].code = 'B3';
  },
  'rename a criterion': (body) => {
    competence(body, [0, 0, 0]).criteria[0].name = 'Iets anders';
  },
  'change a criterion’s code': (body) => {
    competence(body, [0, 0, 0]).criteria[0].criteria[0].code = 'Z';
  },
  'add a criterion': (body) => {
    competence(body, [1, 0, 0]).criteria = [{ uuid: 'k9', name: 'Nieuw' }];
  },
  'drop the criteria': (body) => {
    delete competence(body, [0, 0, 0]).criteria;
  },
};

describe('codes and criteria are the blueprint’s (D2, D56)', () => {
  const coded = () => buildEvaluationTrajectory(t, WRITE, { competences: CODED_COMPETENCES });

  it('copies them into the evaluation: codes on clusters and competences, the criteria tree named by description', async () => {
    const s = await coded();
    const { body } = await read(s, s.pupil.token);
    expect(body.criteria[0]).toMatchObject({ uuid: 'zorg', code: 'B1' });
    expect(body.criteria[0].subsections[0]).toMatchObject({ uuid: 'zorgplan', code: 'B1-K1' });
    expect(competence(body, [0, 0, 0])).toMatchObject({
      code: 'B1-K1-W1',
      criteria: [
        {
          uuid: 'k1',
          code: 'B1-K1-W1-1',
          name: 'Vraagt door',
          criteria: [{ uuid: 'k1a', code: 'B1-K1-W1-1a', name: 'Vat samen' }],
        },
        { uuid: 'k2', name: 'Legt vast' },
      ],
    });
    expect(competence(body, [1, 0, 0]).criteria).toBeUndefined();
    expect(competence(body, [1, 0, 0]).code).toBeUndefined();
  });

  it.each(Object.keys(CODE_CHANGES))(
    'PUT: refuses a writer who tries to %s (403), writes nothing',
    async (change) => {
      const s = await coded();
      const before = await read(s);
      const events = await eventCount(s);
      const body = structuredClone(before.body);
      // With an entry added beside it: the allowed part does not carry the refused one through.
      competence(body, [0, 0, 1]).properties[ADDED] = { score: '3' };
      CODE_CHANGES[change]!(body);
      const res = await put(s, body, { token: s.pupil.token, version: before.version });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ status: 403, key: 'forbidden' });
      expect(await read(s)).toEqual(before);
      expect(await eventCount(s)).toBe(events);
    },
  );

  it('PATCH: refuses a code or a criterion beside an entry (403), writes nothing', async () => {
    const s = await coded();
    const before = await read(s);
    const events = await eventCount(s);
    const c1 = '/criteria/0/subsections/0/subsections/0';
    const attempts: Doc[][] = [
      [{ op: 'replace', path: `${c1}/code`, value: 'B9' }],
      [{ op: 'remove', path: `${c1}/code` }],
      [{ op: 'add', path: '/criteria/1/subsections/0/subsections/0/code', value: 'X' }],
      [{ op: 'replace', path: '/criteria/0/code', value: 'B9' }],
      [{ op: 'replace', path: `${c1}/criteria/0/name`, value: 'Anders' }],
      [{ op: 'add', path: `${c1}/criteria/-`, value: { uuid: 'k9', name: 'Nieuw' } }],
      [{ op: 'remove', path: `${c1}/criteria` }],
      [{ op: 'replace', path: `${c1}/criteria/0/criteria/0/code`, value: 'Z' }],
    ];
    for (const ops of attempts) {
      const res = await patchEntries(
        s,
        [{ op: 'add', path: `${C2}/${ADDED}`, value: { score: '2' } }, ...ops],
        {
          token: s.pupil.token,
          version: before.version,
        },
      );
      expect(res.statusCode, `${JSON.stringify(ops)}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual({ status: 403, key: 'forbidden' });
    }
    expect(await read(s)).toEqual(before);
    expect(await eventCount(s)).toBe(events);
    // An entry alone still goes through, and leaves the codes and criteria as they were.
    const ok = await patchEntries(s, [{ op: 'add', path: `${C1}/${ADDED}`, value: { score: '2' } }], {
      token: s.pupil.token,
      version: before.version,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const after = await read(s);
    expect(competence(after.body, [0, 0, 0]).code).toBe('B1-K1-W1');
    expect(competence(after.body, [0, 0, 0]).criteria).toEqual(competence(before.body, [0, 0, 0]).criteria);
  });
});
