import {
  applyPatch,
  type CompetenceProperties,
  type Criterion,
  diffJson,
  type Evaluation,
  type EvaluationCompetence,
  hasPointer,
  type JsonValue,
  type PatchOperation,
} from '@groeipad/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, NETWORK_FAILURE } from '../api-error';
import { draftOperations, patchToSend, rebaseOperations, uploadReference } from './operations';
import { createDraftQueue, type DraftQueue } from './queue';
import { type DraftStore, memoryDraftStore } from './store';
import type { DraftTransport } from './transport';

const T1 = '2025-03-01T09:00:00.000Z';
const MINE = '2025-03-15T10:00:00.000Z';
const MINE2 = '2025-03-15T10:05:00.000Z';
const THEIRS = '2025-03-15T11:00:00.000Z';
const DAY = '2025-03-15';

function competence(
  uuid: string,
  properties: Record<string, CompetenceProperties> = {},
): EvaluationCompetence {
  const newest = Object.keys(properties).sort().at(-1);
  return {
    type: 'competence',
    uuid,
    name: `Competentie ${uuid}`,
    info: '',
    labels: [],
    properties,
    latestProperties: newest ? properties[newest]! : null,
  };
}

function cluster(uuid: string, subsections: Criterion[]): Criterion {
  return { type: 'cluster', uuid, name: uuid, info: '', labels: [], subsections };
}

/** Two clusters, three competences on the third level (D3), a four-step scale. */
function evaluation(a = competence('a'), b = competence('b'), c = competence('c')): Evaluation {
  return {
    criteria: [cluster('k1', [cluster('s1', [a, b])]), cluster('k2', [cluster('s2', [c])])],
    minScore: 1,
    maxScore: 4,
    scoreNames: ['Nog niet', 'In ontwikkeling', 'Voldoende', 'Goed'],
    scoreColours: ['#e03131', '#f59f00', '#74b816', '#2f9e44'],
    scoreInfo: ['', '', '', ''],
  };
}

/** Every competence of a tree by uuid. */
function competences(value: Evaluation): Map<string, EvaluationCompetence> {
  const found = new Map<string, EvaluationCompetence>();
  const walk = (nodes: readonly Criterion[]) => {
    for (const node of nodes)
      node.type === 'competence' ? found.set(node.uuid, node) : walk(node.subsections);
  };
  walk(value.criteria);
  return found;
}

/**
 * A server with the evaluation PATCH's rules that matter here (apps/server patchEvaluation): If-Match
 * → 409 staleDocument, an entry that exists → 403, a path to nothing → 400 invalidPatch; each save one
 * version on. It can be taken offline, or made to answer one error.
 */
class TestServer implements DraftTransport {
  evaluation: Evaluation;
  version = 7;
  offline = false;
  answerNext: ApiError | null = null;
  readonly saves: { ifMatch: number | null; editDate: string; operations: PatchOperation[] }[] = [];
  readonly files: { id: number; name: string; size: number }[] = [];

  constructor(initial: Evaluation) {
    this.evaluation = structuredClone(initial);
  }

  /** Someone else saves (a teacher in between, or a blueprint update moving the tree). */
  saveElsewhere(next: Evaluation) {
    this.evaluation = structuredClone(next);
    this.version += 1;
  }

  private reach() {
    if (this.offline) throw new ApiError(0, NETWORK_FAILURE);
    const answer = this.answerNext;
    this.answerNext = null;
    if (answer) throw answer;
  }

  async patch(
    _trajectoryId: number,
    operations: PatchOperation[],
    options: { ifMatch: number | null; editDate: string },
  ) {
    this.reach();
    if (options.ifMatch !== null && options.ifMatch !== this.version)
      throw new ApiError(409, 'staleDocument', [], undefined, this.version);
    // An entry is never rewritten: adding a timestamp that exists is refused whole.
    const json = this.evaluation as unknown as JsonValue;
    if (operations.some((operation) => operation.op === 'add' && hasPointer(json, operation.path)))
      throw new ApiError(403, 'forbidden');
    let next: Evaluation;
    try {
      next = applyPatch(this.evaluation, operations);
    } catch {
      throw new ApiError(400, 'invalidPatch');
    }
    this.evaluation = next;
    this.version += 1;
    this.saves.push({ ifMatch: options.ifMatch, editDate: options.editDate, operations });
    return { version: this.version, patch: operations };
  }

  async load() {
    this.reach();
    return { evaluation: structuredClone(this.evaluation), version: this.version };
  }

  async upload(file: Blob, name: string) {
    this.reach();
    const id = 100 + this.files.length;
    this.files.push({ id, name, size: file.size });
    return id;
  }

  entries(uuid: string): Record<string, CompetenceProperties> {
    return competences(this.evaluation).get(uuid)?.properties ?? {};
  }
}

/** What the editor sends (features/trajectories/evaluation `entryPatch`): the entry diff of two versions. */
function editorPatch(base: Evaluation, edited: Evaluation): PatchOperation[] {
  return diffJson(base as unknown as JsonValue, edited as unknown as JsonValue).filter(
    (operation) =>
      (operation.op === 'add' || operation.op === 'remove') && /\/properties\/[^/]+$/.test(operation.path),
  );
}

/** A draft adding one entry to competence `uuid` of `base` (made on `version`). */
function scoreDraft(base: Evaluation, version: number | null, uuid: string, at: string, score: string) {
  const touched = competences(base).get(uuid)!;
  const edited = mapCompetence(base, uuid, competence(uuid, { ...touched.properties, [at]: { score } }));
  return {
    operations: draftOperations(base, editorPatch(base, edited)),
    baseVersion: version,
    editDate: DAY,
  };
}

function mapCompetence(value: Evaluation, uuid: string, replacement: EvaluationCompetence): Evaluation {
  const map = (nodes: readonly Criterion[]): Criterion[] =>
    nodes.map((node) =>
      node.type === 'competence'
        ? node.uuid === uuid
          ? replacement
          : node
        : { ...node, subsections: map(node.subsections) },
    );
  return { ...value, criteria: map(value.criteria) };
}

const TEACHER = 'user:1@5';
const OTHER = 'user:2@5';
const ID = 42;

let store: DraftStore;
let server: TestServer;
let queue: DraftQueue;
let base: Evaluation;

beforeEach(() => {
  base = evaluation(competence('a', { [T1]: { score: '1' } }));
  store = memoryDraftStore();
  server = new TestServer(base);
  let id = 0;
  let tick = Date.parse('2025-03-15T12:00:00.000Z');
  queue = createDraftQueue({
    store,
    transport: server,
    newId: () => `d${++id}`,
    now: () => {
      tick += 1000;
      return new Date(tick);
    },
  });
});

describe('draftOperations and patchToSend', () => {
  it('keep the editor patch as it is, with each entry’s competence uuid beside it', () => {
    const draft = scoreDraft(base, 7, 'c', MINE, '3');
    expect(draft.operations).toEqual([
      {
        op: 'add',
        path: `/criteria/1/subsections/0/subsections/0/properties/${MINE}`,
        competenceUuid: 'c',
        value: { score: '3' },
      },
    ]);
    expect(patchToSend(draft.operations, new Map())).toEqual([
      { op: 'add', path: draft.operations[0]!.path, value: { score: '3' } },
    ]);
  });

  it('refuse anything but the adds and removes of entries (the server would refuse it too)', () => {
    expect(() => draftOperations(base, [{ op: 'replace', path: '/minScore', value: 0 }])).toThrow();
    expect(() =>
      draftOperations(base, [{ op: 'add', path: '/criteria/9/properties/x', value: {} }]),
    ).toThrow();
  });

  it('fill in upload references and refuse one without its upload', () => {
    const operations = [
      {
        op: 'add' as const,
        path: `/criteria/0/subsections/0/subsections/0/properties/${MINE}`,
        competenceUuid: 'a',
        value: { score: '2', remarks: `foto [${uploadReference('photo')}]` },
      },
    ];
    expect(patchToSend(operations, new Map([['photo', 12]]))[0]).toMatchObject({
      value: { score: '2', remarks: 'foto [12]' },
    });
    expect(() => patchToSend(operations, new Map())).toThrow(/photo/);
  });
});

describe('rebaseOperations (a 409, D2)', () => {
  it('places entries by uuid in the newer tree, skips those there already, drops vanished competences', () => {
    const operations = [
      ...scoreDraft(base, 7, 'a', MINE, '2').operations,
      ...scoreDraft(base, 7, 'b', MINE, '3').operations,
      ...scoreDraft(base, 7, 'c', MINE, '4').operations,
    ];
    // The newer version: b moved to the second cluster, c gone, a already holds my entry.
    const newer: Evaluation = {
      ...base,
      criteria: [
        cluster('k1', [cluster('s1', [competence('a', { [T1]: { score: '1' }, [MINE]: { score: '2' } })])]),
        cluster('k2', [cluster('s2', [competence('x'), competence('b')])]),
      ],
    };
    const rebased = rebaseOperations(newer, operations);
    expect(rebased.operations.map((operation) => operation.path)).toEqual([
      `/criteria/1/subsections/0/subsections/1/properties/${MINE}`,
    ]);
    expect(rebased.skipped).toBe(1);
    expect(rebased.missing).toEqual(['c']);
  });
});

describe('the offline drafts queue', () => {
  it('sends one identity’s drafts oldest first, each on the version the one before answered', async () => {
    await queue.enqueue(TEACHER, ID, scoreDraft(base, 7, 'a', MINE, '2'));
    // Made on the same version, after the first (the editor kept both while offline).
    const afterFirst = mapCompetence(
      base,
      'a',
      competence('a', { [T1]: { score: '1' }, [MINE]: { score: '2' } }),
    );
    await queue.enqueue(TEACHER, ID, scoreDraft(afterFirst, 7, 'b', MINE2, '3'));
    await queue.enqueue(TEACHER, ID, scoreDraft(afterFirst, 7, 'c', THEIRS, '4'));
    expect((await queue.list(TEACHER, ID)).map((draft) => draft.id)).toEqual(['d1', 'd2', 'd3']);

    const result = await queue.flush(TEACHER, ID);

    expect(result).toMatchObject({ sent: 3, rebased: false, stopped: null, error: null });
    expect(server.saves.map((save) => save.ifMatch)).toEqual([7, 8, 9]);
    expect(server.saves.map((save) => save.operations[0]!.path.split('/').at(-1))).toEqual([
      MINE,
      MINE2,
      THEIRS,
    ]);
    expect(server.saves.every((save) => save.editDate === DAY)).toBe(true);
    expect(result.saved?.version).toBe(10);
    expect(await queue.list(TEACHER, ID)).toEqual([]);
  });

  it('keeps every draft on a network failure, without an error, and sends them when the connection returns', async () => {
    await queue.enqueue(TEACHER, ID, scoreDraft(base, 7, 'a', MINE, '2'));
    server.offline = true;
    const offline = await queue.flush(TEACHER, ID);
    expect(offline).toMatchObject({ sent: 0, stopped: 'offline', error: null });
    const kept = await queue.list(TEACHER, ID);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.error).toBeNull();

    server.offline = false;
    expect(await queue.flush(TEACHER, ID)).toMatchObject({ sent: 1, stopped: null });
    expect(server.entries('a')[MINE]).toEqual({ score: '2' });
  });

  it('re-bases onto the newer version after a 409: their entries stay, mine are added beside them', async () => {
    await queue.enqueue(TEACHER, ID, scoreDraft(base, 7, 'a', MINE, '2'));
    // A teacher saved in between, on the same competence, and the tree was rearranged (D10).
    server.saveElsewhere({
      ...base,
      criteria: [
        cluster('k0', [cluster('s0', [competence('new')])]),
        ...evaluation(competence('a', { [T1]: { score: '1' }, [THEIRS]: { score: '4' } })).criteria,
      ],
    });

    const result = await queue.flush(TEACHER, ID);

    expect(result).toMatchObject({ sent: 1, rebased: true, skipped: 0, missing: [], stopped: null });
    expect(server.saves).toHaveLength(1);
    expect(server.saves[0]!.ifMatch).toBe(8);
    expect(server.saves[0]!.operations[0]!.path).toBe(
      `/criteria/1/subsections/0/subsections/0/properties/${MINE}`,
    );
    expect(Object.keys(server.entries('a')).sort()).toEqual([T1, MINE, THEIRS]);
    expect(await queue.list(TEACHER, ID)).toEqual([]);
  });

  it('sends nothing twice: a draft whose save arrived but whose answer was lost is done after the 409', async () => {
    const draft = scoreDraft(base, 7, 'a', MINE, '2');
    await queue.enqueue(TEACHER, ID, draft);
    // The same PATCH reached the server before the connection dropped.
    await server.patch(ID, patchToSend(draft.operations, new Map()), { ifMatch: 7, editDate: DAY });

    const result = await queue.flush(TEACHER, ID);

    expect(result).toMatchObject({ sent: 1, rebased: true, skipped: 1 });
    expect(server.saves).toHaveLength(1);
    expect(await queue.list(TEACHER, ID)).toEqual([]);
  });

  it('keeps a draft refused with another 4xx with its reason, and later drafts wait behind it', async () => {
    await queue.enqueue(TEACHER, ID, scoreDraft(base, 7, 'a', MINE, '2'));
    await queue.enqueue(TEACHER, ID, scoreDraft(base, 7, 'b', MINE2, '3'));
    server.answerNext = new ApiError(403, 'expiredTrajectory');

    const refused = await queue.flush(TEACHER, ID);

    expect(refused).toMatchObject({
      sent: 0,
      stopped: 'error',
      error: { status: 403, key: 'expiredTrajectory' },
    });
    const kept = await queue.list(TEACHER, ID);
    expect(kept.map((draft) => [draft.id, draft.error?.key ?? null])).toEqual([
      ['d1', 'expiredTrajectory'],
      ['d2', null],
    ]);
    expect(server.saves).toEqual([]);

    // Tried again (the period was extended): both go, in order.
    expect(await queue.flush(TEACHER, ID)).toMatchObject({ sent: 2, stopped: null });
    expect(server.saves.map((save) => save.ifMatch)).toEqual([7, 8]);
  });

  it('lets the user drop a refused draft, and only their own', async () => {
    const mine = await queue.enqueue(TEACHER, ID, scoreDraft(base, 7, 'a', MINE, '2'));
    await queue.discard(OTHER, ID, mine.id);
    expect(await queue.list(TEACHER, ID)).toHaveLength(1);
    await queue.discard(TEACHER, ID, mine.id);
    expect(await queue.list(TEACHER, ID)).toEqual([]);
  });

  it('keeps two identities of one browser apart: each sees and sends only their own drafts', async () => {
    await queue.enqueue(TEACHER, ID, scoreDraft(base, 7, 'a', MINE, '2'));
    await queue.enqueue(OTHER, ID, scoreDraft(base, 7, 'b', MINE2, '3'));
    await queue.enqueue(TEACHER, 43, scoreDraft(base, 7, 'c', MINE2, '3'));

    expect((await queue.list(OTHER, ID)).map((draft) => draft.identity)).toEqual([OTHER]);
    expect((await queue.list(TEACHER, ID)).map((draft) => draft.trajectoryId)).toEqual([ID]);

    await queue.flush(OTHER, ID);
    expect(server.saves.map((save) => save.operations[0]!.path.split('/').at(-1))).toEqual([MINE2]);
    expect(await queue.list(TEACHER, ID)).toHaveLength(1);
    expect(await store.listAll(TEACHER)).toHaveLength(2);
    expect(await store.listAll(OTHER)).toEqual([]);
  });

  it('uploads a photo first, once, and sends the patch with its resource id', async () => {
    const path = `/criteria/0/subsections/0/subsections/0/properties/${MINE}`;
    await queue.enqueue(TEACHER, ID, {
      uploads: [{ key: 'photo', file: new Blob(['jpeg bytes']), name: 'werk.jpg', mediaType: 'image/jpeg' }],
      operations: [
        { op: 'add', path, competenceUuid: 'a', value: { score: '3', remarks: uploadReference('photo') } },
      ],
      baseVersion: 7,
      editDate: DAY,
    });
    const [kept] = await queue.list(TEACHER, ID);
    expect(kept!.steps.map((step) => step.kind)).toEqual(['upload', 'patch']);
    expect(kept!.steps[0]).toMatchObject({ kind: 'upload', name: 'werk.jpg', file: expect.any(Blob) });

    // The upload goes through, then the connection drops before the patch.
    const patch = server.patch.bind(server);
    server.patch = async (...args) => {
      server.offline = true;
      return patch(...args);
    };
    expect(await queue.flush(TEACHER, ID)).toMatchObject({ stopped: 'offline' });
    expect(server.files).toEqual([{ id: 100, name: 'werk.jpg', size: 10 }]);
    expect((await queue.list(TEACHER, ID))[0]!.steps[0]).toMatchObject({ resourceId: 100 });

    server.patch = patch;
    server.offline = false;
    expect(await queue.flush(TEACHER, ID)).toMatchObject({ sent: 1 });
    expect(server.files).toHaveLength(1);
    expect(server.entries('a')[MINE]).toEqual({ score: '3', remarks: '100' });
  });

  it('never sends a draft twice when asked twice at once, and sends one kept meanwhile', async () => {
    await queue.enqueue(TEACHER, ID, scoreDraft(base, 7, 'a', MINE, '2'));
    const first = queue.flush(TEACHER, ID);
    const second = queue.flush(TEACHER, ID);
    expect(queue.isSending(TEACHER, ID)).toBe(true);
    const afterFirst = mapCompetence(
      base,
      'a',
      competence('a', { [T1]: { score: '1' }, [MINE]: { score: '2' } }),
    );
    await queue.enqueue(TEACHER, ID, scoreDraft(afterFirst, 8, 'b', MINE2, '3'));
    await Promise.all([first, second]);
    expect(server.saves).toHaveLength(2);
    expect(await queue.list(TEACHER, ID)).toEqual([]);
    expect(queue.isSending(TEACHER, ID)).toBe(false);
  });

  it('tells its listeners about every change of a pair', async () => {
    const heard: string[] = [];
    const stop = queue.subscribe((identity, id) => heard.push(`${identity}#${id}`));
    await queue.enqueue(TEACHER, ID, scoreDraft(base, 7, 'a', MINE, '2'));
    await queue.flush(TEACHER, ID);
    stop();
    await queue.enqueue(OTHER, ID, scoreDraft(base, 7, 'a', MINE, '2'));
    expect(new Set(heard)).toEqual(new Set([`${TEACHER}#${ID}`]));
    expect(heard.length).toBeGreaterThanOrEqual(3);
  });
});
