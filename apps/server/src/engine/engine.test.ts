import { applyPatch, type JsonValue, type PatchOperation } from '@groeipad/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildOrganisation, buildUser, createTestApp, login, type TestApp } from '../../test/helpers.ts';
import { zodFields } from '../errors.ts';
import '../modules/blueprints/kinds.ts';
import '../modules/trajectories/kinds.ts';
import {
  ConcurrentSave,
  createDocument,
  documentEvents,
  documentJson,
  loadDocument,
  patchDocument,
  readDocumentVersion,
  replaceDocument,
} from './engine.ts';
import { FULL_ACCESS, type Permit, READ_ONLY, registeredKinds } from './kinds.ts';

/**
 * The engine's generic guarantees, proven once for every registered kind (DESIGN point 2, issue 7):
 * versions and events, 409 on a stale version, 403 outside the writable paths, 400 for content the
 * kind refuses and for prototype paths, and in every refused case nothing written.
 */
let t: TestApp;
let organisationId: number;
let actorId: number;

beforeAll(async () => {
  t = await createTestApp();
  const user = await buildUser(t);
  organisationId = (await buildOrganisation(t, (await login(t, user.email)).accessToken)).id;
  actorId = user.id;
});
afterAll(() => t.close());

const kinds = registeredKinds();

async function expectStatus(promise: Promise<unknown>, status: number, key?: string) {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as { status?: number; key?: string } | null;
  expect(error?.status).toBe(status);
  if (key) expect(error?.key).toBe(key);
}

function request(id: number, patch: PatchOperation[], options: { version?: number; permit?: Permit } = {}) {
  return {
    organisationId,
    documentId: id,
    actorId,
    patch,
    expectedVersion: options.version,
    permit: options.permit ?? FULL_ACCESS,
    // Kinds that react to a save (notifications, D27) enqueue their job on it.
    jobs: t.ctx.jobs,
  };
}

/**
 * A valid, non-empty content per kind: what a first save might write. A newly registered kind needs
 * an entry (the test fails until it has one).
 */
const field = (uuid: string, type = 'text') => ({ uuid, name: `Veld ${uuid}`, type, required: false });
const access = (user: string) => ({
  roles: [
    {
      name: 'Admin',
      informationRights: {},
      evaluationRights: { write: true, read: true },
      reportRights: {},
      adminRights: { purchase: true, metadata: true, rights: true },
    },
  ],
  users: [{ user, roles: ['Admin'] }],
});

/** Where a kind's documents start when its empty content is not valid on its own (an access list needs an admin). */
const STARTS: Record<string, JsonValue> = {
  'trajectory:access': access('docent@school.nl'),
};

const SAMPLES: Record<string, JsonValue> = {
  'trajectory:form': { fields: [field('naam')], values: { naam: 'Sam' } },
  'trajectory:evaluation': {
    criteria: [{ type: 'cluster', uuid: 'k1', name: 'Kerntaak 1', info: '', labels: [], subsections: [] }],
    minScore: 1,
    maxScore: 2,
    scoreNames: ['Nog niet', 'Goed'],
    scoreColours: ['#e03131', '#2f9e44'],
    scoreInfo: ['', ''],
  },
  'trajectory:access': access('mentor@school.nl'),
  'trajectory:report': { structure: [field('verslag')], values: { verslag: 'Werkt zelfstandig' } },
  'blueprint:COMPETENCE_LIST': {
    competences: [
      {
        uuid: 'c1',
        description: 'Communiceren',
        labels: ['BPV'],
        info: '<p>Info</p>',
        subcompetences: [
          { uuid: 'c1.1', description: 'Mondeling', labels: [], info: '', subcompetences: [] },
        ],
      },
    ],
  },
  'blueprint:INFORMATION': { fields: [field('naam'), field('geboortedatum', 'date')] },
  'blueprint:REPORT': { fields: [field('verslag')] },
  'blueprint:DASHBOARD': { widgets: [{ uuid: 'w1', name: 'Historie', type: 'evaluation_history' }] },
  'blueprint:EXTRACT': {
    level: 4,
    logo: null,
    title: 'Voortgangsrapport',
    subtitle: '',
    addressLine1: 'Schoolstraat 1',
    addressLine2: '',
    studentNamePath: 'Naam',
    showAchieved: true,
    showScoreChart: false,
    chartVariant: 'old',
    scoreColours: Array.from({ length: 10 }, () => [1, 2, 3]),
    pages: [],
  },
  'blueprint:TRAJECTORY': {
    dashboard: { id: null, version: null, widgets: [] },
    information: { id: null, version: null, fields: [field('naam')] },
    competenceList: { id: null, version: null, competences: [] },
    scoreInfo: [{ name: 'Goed', description: '', colour: '#00ff00' }],
    reportBlueprints: [{ name: 'Stageverslag', fields: [field('verslag')] }],
    roles: [],
    users: [],
  },
};

describe.each(kinds.map((kind) => [kind.name, kind] as const))('document engine: %s', (_name, kind) => {
  it('creates version 1 with an event; each save makes the next version with its patch and inverse; old versions stay readable', async () => {
    const sample = SAMPLES[kind.name];
    expect(sample, `add a sample content for ${kind.name} to SAMPLES`).toBeDefined();
    const doc = await createDocument(t.ctx.db, {
      kind,
      organisationId,
      actorId,
      ...(STARTS[kind.name] ? { content: STARTS[kind.name] } : {}),
    });
    expect(doc.version).toBe(1);
    const saved = await replaceDocument(t.ctx.db, {
      ...request(doc.id, [], { version: 1 }),
      content: sample!,
    });
    expect(saved.version).toBe(2);
    const events = await documentEvents(t.ctx.db, organisationId, doc.id);
    expect(events.map((e) => e.version)).toEqual([1, 2]);
    expect(events[1]!.actorId).toBe(actorId);
    expect(events[1]!.patch.length).toBeGreaterThan(0);
    expect((await readDocumentVersion(t.ctx.db, organisationId, doc.id, 1)).content).toEqual(doc.content);
    expect((await readDocumentVersion(t.ctx.db, organisationId, doc.id, 2)).content).toEqual(saved.content);
    // saving the same content again writes nothing
    expect(
      (await replaceDocument(t.ctx.db, { ...request(doc.id, []), content: saved.content })).version,
    ).toBe(2);
    await expectStatus(readDocumentVersion(t.ctx.db, organisationId, doc.id, 3), 404);
  });

  it('answers a stale version with 409 and its current version, and writes nothing', async () => {
    const doc = await createDocument(t.ctx.db, {
      kind,
      organisationId,
      actorId,
      ...(STARTS[kind.name] ? { content: STARTS[kind.name] } : {}),
    });
    await replaceDocument(t.ctx.db, { ...request(doc.id, []), content: doc.content });
    const error = await patchDocument(
      t.ctx.db,
      request(doc.id, [{ op: 'replace', path: '', value: doc.content }], { version: 0 }),
    ).catch((e) => e);
    expect(error).toMatchObject({ status: 409, key: 'staleDocument', version: 1 });
    expect((await loadDocument(t.ctx.db, organisationId, doc.id)).version).toBe(1);
  });

  it('refuses a change outside the writable paths with 403, and writes nothing', async () => {
    const doc = await createDocument(t.ctx.db, {
      kind,
      organisationId,
      actorId,
      ...(STARTS[kind.name] ? { content: STARTS[kind.name] } : {}),
    });
    await expectStatus(
      patchDocument(
        t.ctx.db,
        request(doc.id, [{ op: 'remove', path: `/${Object.keys(doc.content as object)[0]}` }], {
          permit: READ_ONLY,
        }),
      ),
      403,
      'forbidden',
    );
    expect(await loadDocument(t.ctx.db, organisationId, doc.id)).toMatchObject({
      version: 1,
      content: doc.content,
    });
  });

  it('refuses content the kind does not accept, and patches that do not apply, with 400', async () => {
    const doc = await createDocument(t.ctx.db, {
      kind,
      organisationId,
      actorId,
      ...(STARTS[kind.name] ? { content: STARTS[kind.name] } : {}),
    });
    await expectStatus(
      patchDocument(t.ctx.db, request(doc.id, [{ op: 'replace', path: '', value: 42 }])),
      400,
      'invalidDocumentContent',
    );
    await expectStatus(
      patchDocument(t.ctx.db, request(doc.id, [{ op: 'remove', path: '/no/such/place' }])),
      400,
      'invalidPatch',
    );
    for (const path of ['/__proto__/polluted', '/constructor/prototype/x', '/a/__proto__'])
      await expectStatus(
        patchDocument(t.ctx.db, request(doc.id, [{ op: 'add', path, value: 1 }])),
        400,
        'invalidPatch',
      );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await loadDocument(t.ctx.db, organisationId, doc.id)).toMatchObject({
      version: 1,
      content: doc.content,
    });
    expect(await documentEvents(t.ctx.db, organisationId, doc.id)).toHaveLength(1);
  });

  it('keeps the whole change or none of it: a patch failing at its last operation writes nothing', async () => {
    const doc = await createDocument(t.ctx.db, {
      kind,
      organisationId,
      actorId,
      ...(STARTS[kind.name] ? { content: STARTS[kind.name] } : {}),
    });
    const first = Object.keys(doc.content as object)[0]!;
    await expectStatus(
      patchDocument(
        t.ctx.db,
        request(doc.id, [
          { op: 'remove', path: `/${first}` },
          { op: 'test', path: '/nothing', value: 1 },
        ]),
      ),
      400,
    );
    expect((await loadDocument(t.ctx.db, organisationId, doc.id)).content).toEqual(doc.content);
  });

  it('answers another organisation with 404', async () => {
    const doc = await createDocument(t.ctx.db, {
      kind,
      organisationId,
      actorId,
      ...(STARTS[kind.name] ? { content: STARTS[kind.name] } : {}),
    });
    await expectStatus(loadDocument(t.ctx.db, organisationId + 100_000, doc.id), 404, 'notFound');
    await expectStatus(patchDocument(t.ctx.db, { ...request(doc.id, []), organisationId: 0 }), 404);
  });
});

/**
 * Parts stored apart (migration 0011; the evaluation's entries): what a reader gets is the whole content
 * as saved, the rows hold only what differs from the placeholder, and a save of a partly read document
 * writes only the parts it read.
 */
describe('document engine: the files a document refers to', () => {
  it('keeps document_resources to the files the content names, through saves that change them and saves that do not', async () => {
    const form = kinds.find((kind) => kind.name === 'trajectory:form')!;
    const [a, b] = await t.ctx.db
      .insertInto('resources')
      .values(
        ['a.pdf', 'b.pdf'].map((name) => ({
          organisation_id: organisationId,
          name,
          media_type: 'application/pdf',
          size: 10,
          // The writer's own uploads: a save may name only files its writer may read (D42).
          uploaded_by: actorId,
        })),
      )
      .returning('id')
      .execute();
    const files = async (id: number) =>
      (
        await t.ctx.db
          .selectFrom('document_resources')
          .select('resource_id')
          .where('document_id', '=', id)
          .execute()
      )
        .map((row) => row.resource_id)
        .sort((x, y) => x - y);
    const doc = await createDocument(t.ctx.db, {
      kind: form,
      organisationId,
      actorId,
      content: {
        fields: [field('bestand', 'upload'), field('naam')],
        values: { bestand: [a!.id], naam: 'Sam' },
      },
    });
    expect(await files(doc.id)).toEqual([a!.id]);
    // A save that leaves the files alone keeps their rows (and writes none).
    await patchDocument(t.ctx.db, request(doc.id, [{ op: 'replace', path: '/values/naam', value: 'Sem' }]));
    expect(await files(doc.id)).toEqual([a!.id]);
    await patchDocument(
      t.ctx.db,
      request(doc.id, [{ op: 'replace', path: '/values/bestand', value: [a!.id, b!.id] }]),
    );
    expect(await files(doc.id)).toEqual([a!.id, b!.id].sort((x, y) => x - y));
    await patchDocument(
      t.ctx.db,
      request(doc.id, [{ op: 'replace', path: '/values/bestand', value: [b!.id] }]),
    );
    expect(await files(doc.id)).toEqual([b!.id]);
    await patchDocument(t.ctx.db, request(doc.id, [{ op: 'replace', path: '/values/bestand', value: [] }]));
    expect(await files(doc.id)).toEqual([]);
  });
});

/**
 * D42: a save may name only files its writer may read (D19) — checked by the engine for every kind that
 * names files, so no caller can forget it. A newly registered kind that names files needs an entry here.
 */
const upload = (uuid: string) => field(uuid, 'upload');
const attached = (file: number) => [
  { ...field('keuze', 'select'), options: [{ value: 'Ja', attachments: [file] }] },
];
const NAMING: Record<string, { content: (file: number) => JsonValue; place: string }> = {
  'trajectory:form': {
    content: (file) => ({ fields: [upload('bewijs')], values: { bewijs: [file] } }),
    place: 'values.bewijs',
  },
  'trajectory:report': {
    content: (file) => ({ structure: [upload('bewijs')], values: { bewijs: [file] } }),
    place: 'values.bewijs',
  },
  'trajectory:evaluation': {
    // An entry's photos as evidence (issue 23).
    content: (file) => ({
      criteria: [
        {
          type: 'cluster',
          uuid: 'k',
          name: 'Zorg',
          info: '',
          labels: [],
          subsections: [
            {
              type: 'competence',
              uuid: 'c',
              name: 'Rapporteert',
              info: '',
              labels: [],
              properties: { '2026-01-05T10:00:00.000Z': { score: '1', photos: `[${file}]` } },
              latestProperties: null,
            },
          ],
        },
      ],
      minScore: 1,
      maxScore: 1,
      scoreNames: ['Goed'],
      scoreColours: ['#2E7D32'],
      scoreInfo: [''],
    }),
    place: 'criteria.0.subsections.0.properties.2026-01-05T10:00:00.000Z.photos',
  },
  'blueprint:INFORMATION': {
    content: (file) => ({ fields: attached(file) }),
    place: 'fields.0.options.0.attachments',
  },
  'blueprint:REPORT': {
    content: (file) => ({ fields: attached(file) }),
    place: 'fields.0.options.0.attachments',
  },
  'blueprint:EXTRACT': {
    content: (file) => ({ ...(SAMPLES['blueprint:EXTRACT'] as object), logo: file }),
    place: 'logo',
  },
  'blueprint:TRAJECTORY': {
    content: (file) => ({
      ...(SAMPLES['blueprint:TRAJECTORY'] as object),
      reportBlueprints: [{ name: 'Stageverslag', fields: attached(file) }],
    }),
    place: 'reportBlueprints.0.fields.0.options.0.attachments',
  },
};

describe('document engine: a save names only files its writer may read (D42)', () => {
  /** A small PNG's row, uploaded by `uploader` in the organisation (the extract logo's checks pass on it). */
  async function fileOf(uploader: number) {
    const row = await t.ctx.db
      .insertInto('resources')
      .values({
        organisation_id: organisationId,
        name: 'f.png',
        media_type: 'image/png',
        size: 10,
        uploaded_by: uploader,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const documentCount = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('documents')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('organisation_id', '=', organisationId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  const naming = kinds.filter((kind) => kind.resources);
  it('has a content naming a file for every kind that names files', () => {
    expect(naming.map((kind) => kind.name).filter((name) => !NAMING[name])).toEqual([]);
  });

  it.each(naming.map((kind) => [kind.name, kind] as const))(
    '%s: refuses a new or changed content naming a file the writer may not read, writing nothing; their own or a vouched one is fine',
    async (name, kind) => {
      const { content, place } = NAMING[name]!;
      const other = (await buildUser(t)).id;
      const theirs = await fileOf(other);
      const mine = await fileOf(actorId);
      const refused = {
        status: 400,
        key: 'invalidDocumentContent',
        fields: [{ path: place, key: 'fileNotReadable' }],
      };
      const before = await documentCount();
      const create = (file: number, vouchedFiles?: number[]) =>
        createDocument(t.ctx.db, {
          kind,
          organisationId,
          actorId,
          content: content(file),
          ...(vouchedFiles ? { vouchedFiles } : {}),
        });
      await expect(create(theirs)).rejects.toMatchObject(refused);
      await expect(create(999_999_999)).rejects.toMatchObject(refused);
      expect(await documentCount()).toBe(before);

      const doc = await create(mine);
      await expect(
        replaceDocument(t.ctx.db, { ...request(doc.id, []), content: content(theirs) }),
      ).rejects.toMatchObject(refused);
      expect((await loadDocument(t.ctx.db, organisationId, doc.id)).version).toBe(doc.version);
      // Another member's file the caller vouches for (a copy the server makes), and one already named, pass.
      const vouched = await replaceDocument(t.ctx.db, {
        ...request(doc.id, []),
        content: content(theirs),
        vouchedFiles: [theirs],
      });
      expect(vouched.version).toBe(doc.version + 1);
      const again = await replaceDocument(t.ctx.db, { ...request(doc.id, []), content: content(mine) });
      expect(again.version).toBe(doc.version + 2);
      await expect(create(theirs, [theirs])).resolves.toMatchObject({ version: 1 });
    },
  );

  it('counts a file copied out of a part hidden from the writer as new to them', async () => {
    const form = kinds.find((kind) => kind.name === 'trajectory:form')!;
    const secret = await fileOf((await buildUser(t)).id);
    const doc = await createDocument(t.ctx.db, {
      kind: form,
      organisationId,
      actorId,
      content: { fields: [upload('geheim'), upload('foto')], values: { geheim: [secret] } },
      vouchedFiles: [secret],
    });
    const hiding: Permit = {
      visible: (content) => {
        const { geheim: _hidden, ...values } = (content as { values: Record<string, JsonValue> }).values;
        return { ...(content as object), values } as JsonValue;
      },
      canWrite: (pointer) => pointer === '/values/foto',
    };
    const copy: PatchOperation[] = [{ op: 'add', path: '/values/foto', value: [secret] }];
    await expect(patchDocument(t.ctx.db, request(doc.id, copy, { permit: hiding }))).rejects.toMatchObject({
      status: 400,
      fields: [{ path: 'values.foto', key: 'fileNotReadable' }],
    });
    // Whoever sees it already may name it again.
    const seen = await patchDocument(t.ctx.db, request(doc.id, copy));
    expect(seen.version).toBe(doc.version + 1);
  });

  it('fails loudly, not silently, when no file check is registered', async () => {
    vi.resetModules();
    const fresh = await import('./kinds.ts');
    expect(() => fresh.fileCheck()).toThrow(/No file check registered/);
  });
});

describe('document engine: parts stored apart', () => {
  const evaluationKind = kinds.find((kind) => kind.name === 'trajectory:evaluation')!;
  const competence = (uuid: string, properties: Record<string, unknown> = {}) => ({
    type: 'competence',
    uuid,
    name: uuid,
    info: '',
    labels: [],
    properties,
    latestProperties: null,
  });
  const tree = (c3: Record<string, unknown> = {}) => ({
    criteria: [
      {
        type: 'cluster',
        uuid: 'k',
        name: 'Cluster',
        info: '',
        labels: [],
        subsections: [
          {
            type: 'cluster',
            uuid: 's',
            name: 'Sub',
            info: '',
            labels: [],
            subsections: [competence('c1', { '2025-01-01T08:00:00.000Z': { score: '2' } }), competence('c2')],
          },
        ],
      },
      competence('c3', c3),
    ],
    minScore: 1,
    maxScore: 4,
    scoreNames: [],
    scoreColours: [],
    scoreInfo: [],
  });
  const c1 = '/criteria/0/subsections/0/subsections/0/properties';
  const c3 = '/criteria/1/properties';
  /** An evaluation document of `tree(c3)`. */
  const newEvaluation = (c3?: Record<string, unknown>) =>
    createDocument(t.ctx.db, {
      kind: evaluationKind,
      organisationId,
      actorId,
      content: tree(c3) as unknown as JsonValue,
    });

  async function stored(id: number) {
    const row = await t.ctx.db
      .selectFrom('documents')
      .select('content')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const parts = await t.ctx.db
      .selectFrom('document_parts')
      .select(['pointer', 'content'])
      .where('document_id', '=', id)
      .orderBy('pointer')
      .execute();
    return { content: row.content as Record<string, unknown>, parts };
  }

  /** Notification jobs asked for by saves of document `id` (their payload names it). */
  async function countJobs(id: number) {
    const { rows } = await sql<{ count: number }>`select count(*)::int as count from jobs
      where name = 'notifications.event' and (payload->>'documentId')::int = ${id}`.execute(t.ctx.db);
    return rows[0]!.count;
  }

  it('keeps entries out of the document row and gives them back on every read, whole or per part', async () => {
    const doc = await newEvaluation({ '2025-02-01T08:00:00.000Z': { score: '3' } });
    const row = await stored(doc.id);
    expect(JSON.stringify(row.content)).not.toContain('2025-');
    expect(row.parts.map((part) => part.pointer)).toEqual([c1, c3]);
    expect((await loadDocument(t.ctx.db, organisationId, doc.id)).content).toEqual(doc.content);
    const partly = await loadDocument(t.ctx.db, organisationId, doc.id, { parts: [c3] });
    expect(partly.partsRead).toEqual([c3]);
    expect((partly.content as Doc).criteria[1].properties).toEqual({
      '2025-02-01T08:00:00.000Z': { score: '3' },
    });
    expect((partly.content as Doc).criteria[0].subsections[0].subsections[0].properties).toEqual({});
  });

  it('writes only the part a partly read save touched; refuses to touch a part it did not read', async () => {
    const doc = await newEvaluation();
    await t.ctx.db.transaction().execute(async (trx) => {
      const locked = await loadDocument(trx, organisationId, doc.id, { forUpdate: true, parts: [c3] });
      await patchDocument(trx, {
        ...request(doc.id, [{ op: 'add', path: `${c3}/2025-03-01T08:00:00.000Z`, value: { score: '4' } }]),
        locked,
      });
    });
    const whole = await loadDocument(t.ctx.db, organisationId, doc.id);
    expect((whole.content as Doc).criteria[1].properties).toEqual({
      '2025-03-01T08:00:00.000Z': { score: '4' },
    });
    // c1's entry, never read by that save, is still there.
    expect((whole.content as Doc).criteria[0].subsections[0].subsections[0].properties).toEqual({
      '2025-01-01T08:00:00.000Z': { score: '2' },
    });
    // Version 1 rebuilt from the inverse: the whole content as created.
    expect((await readDocumentVersion(t.ctx.db, organisationId, doc.id, 1)).content).toEqual(doc.content);

    const unread = t.ctx.db.transaction().execute(async (trx) => {
      const locked = await loadDocument(trx, organisationId, doc.id, { forUpdate: true, parts: [c3] });
      return patchDocument(trx, {
        ...request(doc.id, [{ op: 'add', path: `${c1}/2025-03-02T08:00:00.000Z`, value: { score: '1' } }]),
        locked,
      });
    });
    await expect(unread).rejects.toThrow(/not read/);
    expect((await loadDocument(t.ctx.db, organisationId, doc.id)).content).toEqual(whole.content);
  });

  it('checks a change inside parts with the parts’ schemas alone: the fields the whole schema names, nothing written; what they would change goes through the whole check', async () => {
    const doc = await newEvaluation();
    const whole = vi.spyOn(evaluationKind.schema, 'safeParse');
    const save = (patch: PatchOperation[]) => patchDocument(t.ctx.db, request(doc.id, patch));
    try {
      const entry = `${c3}/2025-03-01T08:00:00.000Z`;
      const bad: PatchOperation[] = [
        { op: 'add', path: entry, value: { score: 'veel', date: '31/02/2025', location: 'thuis' } },
        { op: 'replace', path: '/criteria/1/latestProperties', value: { planned_date: 'morgen' } },
      ];
      const error = await save(bad).catch(
        (e: unknown) => e as { status: number; key: string; fields: unknown },
      );
      // The same fields as the whole schema finds in the patched document.
      const wholeVerdict = evaluationKind.schema.safeParse(applyPatch(doc.content, bad));
      whole.mockClear();
      expect(wholeVerdict.success).toBe(false);
      expect(error).toMatchObject({ status: 400, key: 'invalidDocumentContent' });
      expect((error as { fields: unknown }).fields).toEqual(zodFields(wholeVerdict.error!.issues));
      expect((await stored(doc.id)).parts.map((part) => part.pointer)).toEqual([c1]);

      const saved = await save([{ op: 'add', path: entry, value: { score: '3' } }]);
      expect(saved.version).toBe(2);
      expect(whole).not.toHaveBeenCalled();

      // A key the schema drops: checked whole, stored and recorded as the schema keeps it.
      const stripped = await save([
        { op: 'add', path: `${c3}/2025-03-02T08:00:00.000Z`, value: { score: '2', kleur: 'rood' } },
      ]);
      expect(whole).toHaveBeenCalled();
      expect((stripped.content as Doc).criteria[1].properties['2025-03-02T08:00:00.000Z']).toEqual({
        score: '2',
      });
      expect(JSON.stringify(stripped.patch)).not.toContain('kleur');
      // A part's place removed: the whole schema puts its default back.
      const removed = await save([{ op: 'remove', path: c3 }]);
      expect((removed.content as Doc).criteria[1].properties).toEqual({});
      expect((await loadDocument(t.ctx.db, organisationId, doc.id)).content).toEqual(removed.content);
    } finally {
      whole.mockRestore();
    }
  });

  it('rewrites every part when the parts move (a competence removed), and drops a part emptied again', async () => {
    const doc = await newEvaluation({ '2025-02-01T08:00:00.000Z': { score: '3' } });
    // Partly read, a change of shape is a programming error.
    const moved = t.ctx.db.transaction().execute(async (trx) => {
      const locked = await loadDocument(trx, organisationId, doc.id, { forUpdate: true, parts: [c3] });
      return patchDocument(trx, { ...request(doc.id, [{ op: 'remove', path: '/criteria/0' }]), locked });
    });
    await expect(moved).rejects.toThrow(/changed shape/);
    // Whole, c3 moves to /criteria/0 and its row with it.
    await patchDocument(t.ctx.db, request(doc.id, [{ op: 'remove', path: '/criteria/0' }]));
    expect((await stored(doc.id)).parts.map((part) => part.pointer)).toEqual(['/criteria/0/properties']);
    await patchDocument(
      t.ctx.db,
      request(doc.id, [{ op: 'remove', path: '/criteria/0/properties/2025-02-01T08:00:00.000Z' }]),
    );
    expect((await stored(doc.id)).parts).toEqual([]);
    expect((await loadDocument(t.ctx.db, organisationId, doc.id)).content).toMatchObject({
      criteria: [{ uuid: 'c3', properties: {} }],
    });
  });
  it('saves a document read without a lock in one statement guarded by its version: a save that came first wins, the late one writes nothing', async () => {
    const doc = await newEvaluation();
    const jobsBefore = await countJobs(doc.id);
    // Two assessors read version 1 (no lock, no transaction); the first saves, then the second.
    const first = await loadDocument(t.ctx.db, organisationId, doc.id, { parts: [c3] });
    const second = await loadDocument(t.ctx.db, organisationId, doc.id, { parts: [c1] });
    const saved = await patchDocument(t.ctx.db, {
      ...request(doc.id, [{ op: 'add', path: `${c3}/2025-03-01T08:00:00.000Z`, value: { score: '4' } }]),
      unlocked: first,
    });
    expect(saved.version).toBe(2);
    expect(saved.patch).toEqual([
      { op: 'add', path: `${c3}/2025-03-01T08:00:00.000Z`, value: { score: '4' } },
    ]);
    const late = patchDocument(t.ctx.db, {
      ...request(doc.id, [{ op: 'add', path: `${c1}/2025-03-02T08:00:00.000Z`, value: { score: '1' } }]),
      unlocked: second,
    });
    await expect(late).rejects.toBeInstanceOf(ConcurrentSave);
    // Nothing of the late save: no version, no event, no part row, no second notification job.
    const after = await loadDocument(t.ctx.db, organisationId, doc.id);
    expect(after.version).toBe(2);
    expect((after.content as Doc).criteria[0].subsections[0].subsections[0].properties).toEqual({
      '2025-01-01T08:00:00.000Z': { score: '2' },
    });
    expect((await documentEvents(t.ctx.db, organisationId, doc.id)).map((event) => event.version)).toEqual([
      1, 2,
    ]);
    // The evaluation kind asks for its notification job in the save's own statement (one, coalescing).
    expect(await countJobs(doc.id)).toBe(jobsBefore + 1);
    // Read again, the second assessor's save lands on version 2.
    const again = await loadDocument(t.ctx.db, organisationId, doc.id, { parts: [c1] });
    const third = await patchDocument(t.ctx.db, {
      ...request(doc.id, [{ op: 'add', path: `${c1}/2025-03-02T08:00:00.000Z`, value: { score: '1' } }]),
      unlocked: again,
    });
    expect(third.version).toBe(3);
    const both = (await loadDocument(t.ctx.db, organisationId, doc.id)).content as Doc;
    expect(both.criteria[0].subsections[0].subsections[0].properties).toEqual({
      '2025-01-01T08:00:00.000Z': { score: '2' },
      '2025-03-02T08:00:00.000Z': { score: '1' },
    });
    expect(both.criteria[1].properties).toEqual({ '2025-03-01T08:00:00.000Z': { score: '4' } });
  });

  // On PostgreSQL two connections race; PGlite's one connection runs the transactions in turn.
  it('a locked read that waited for another save sees that save’s parts (no lost update)', async () => {
    const doc = await newEvaluation();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstLocked!: () => void;
    const locked = new Promise<void>((resolve) => {
      firstLocked = resolve;
    });
    // The first save takes the lock and holds it until the second is waiting for it.
    const first = t.ctx.db.transaction().execute(async (trx) => {
      const current = await loadDocument(trx, organisationId, doc.id, { forUpdate: true, parts: [c3] });
      firstLocked();
      await held;
      await patchDocument(trx, {
        ...request(doc.id, [{ op: 'add', path: `${c3}/2025-03-01T08:00:00.000Z`, value: { score: '4' } }]),
        locked: current,
      });
    });
    await locked;
    const second = t.ctx.db.transaction().execute(async (trx) => {
      const current = await loadDocument(trx, organisationId, doc.id, { forUpdate: true, parts: [c3] });
      return patchDocument(trx, {
        ...request(doc.id, [{ op: 'add', path: `${c3}/2025-03-02T08:00:00.000Z`, value: { score: '1' } }]),
        locked: current,
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await first;
    expect((await second).version).toBe(3);
    expect(
      ((await loadDocument(t.ctx.db, organisationId, doc.id)).content as Doc).criteria[1].properties,
    ).toEqual({
      '2025-03-01T08:00:00.000Z': { score: '4' },
      '2025-03-02T08:00:00.000Z': { score: '1' },
    });
  });

  it('reads and saves an entry with statements that, prepared on PostgreSQL, settle on a generic plan (no planning per save)', async () => {
    const doc = await newEvaluation();
    const parts = [c3, '/criteria/1/latestProperties'];
    await t.ctx.db.connection().execute(async (connection) => {
      for (let day = 1; day <= 8; day++) {
        const read = await loadDocument(connection, organisationId, doc.id, { parts });
        await patchDocument(connection, {
          ...request(doc.id, [
            { op: 'add', path: `${c3}/2025-03-0${day}T08:00:00.000Z`, value: { score: '3' } },
          ]),
          unlocked: read,
        });
      }
      const { rows } = await sql<{ statement: string; generic_plans: number }>`
        select statement, generic_plans::int from pg_prepared_statements`.execute(connection);
      const plans = (fragment: string) =>
        rows.filter((row) => row.statement.includes(fragment)).map((row) => row.generic_plans);
      if (t.database.kind === 'postgres') {
        // After five custom plans PostgreSQL keeps the generic one when it is no dearer (prepared.ts).
        // At least the last three of these eight (the connection may have run them, or variants, before).
        for (const fragment of ['with saved as', "'parts', (select"])
          expect(Math.max(0, ...plans(fragment))).toBeGreaterThanOrEqual(3);
      } else expect(rows).toEqual([]);
    });
    const saved = (await loadDocument(t.ctx.db, organisationId, doc.id)).content as Doc;
    expect(Object.keys(saved.criteria[1].properties)).toHaveLength(8);
  });

  it('reads a few parts with one statement text per power of two of them (a handful of prepared statements for any count)', async () => {
    const doc = await newEvaluation({ '2025-02-01T08:00:00.000Z': { score: '3' } });
    const text = (parts: string[]) =>
      sql`select ${documentJson(sql.val(doc.id), organisationId, parts)} as document`.compile(t.ctx.db).sql;
    const latest = '/criteria/1/latestProperties';
    const c2 = '/criteria/0/subsections/0/subsections/1/properties';
    expect(text([c1, c3, latest])).toBe(text([c1, c3, latest, c2]));
    expect(text([c1, c3])).not.toBe(text([c1, c3, latest]));
    // Padded with the last pointer again: still just the parts asked for.
    const read = await loadDocument(t.ctx.db, organisationId, doc.id, { parts: [c1, latest, c3] });
    expect(read.partRows).toEqual(new Set([c1, c3]));
    expect((read.content as Doc).criteria[1].properties).toEqual({
      '2025-02-01T08:00:00.000Z': { score: '3' },
    });
  });

  it('refuses an unlocked save that would need more than one statement (parts that move)', async () => {
    const doc = await newEvaluation({ '2025-02-01T08:00:00.000Z': { score: '3' } });
    const read = await loadDocument(t.ctx.db, organisationId, doc.id);
    await expect(
      patchDocument(t.ctx.db, {
        ...request(doc.id, [{ op: 'remove', path: '/criteria/0' }]),
        unlocked: read,
      }),
    ).rejects.toThrow(/without a lock/);
    expect((await loadDocument(t.ctx.db, organisationId, doc.id)).version).toBe(1);
  });
});

describe('document engine: a part kept inline (written by plain SQL)', () => {
  it('is read as it is, kept by a save that did not read it, and moved into its row by one that did', async () => {
    const evaluationKind = kinds.find((kind) => kind.name === 'trajectory:evaluation')!;
    const entry = { '2025-01-01T08:00:00.000Z': { score: '2' } };
    const competence = (uuid: string) => ({
      type: 'competence',
      uuid,
      name: uuid,
      info: '',
      labels: [],
      properties: {},
      latestProperties: null,
    });
    const content = {
      criteria: [competence('a'), competence('b')],
      minScore: 1,
      maxScore: 4,
      scoreNames: [],
      scoreColours: [],
      scoreInfo: [],
    };
    const doc = await createDocument(t.ctx.db, {
      kind: evaluationKind,
      organisationId,
      actorId,
      content: content as unknown as JsonValue,
    });
    // As a bulk load or an old export might write it: entries inside the document row, no part rows.
    const inline = structuredClone(content) as Doc;
    inline.criteria[0].properties = entry;
    await t.ctx.db
      .updateTable('documents')
      .set({ content: JSON.stringify(inline) })
      .where('id', '=', doc.id)
      .execute();
    const whole = async () => (await loadDocument(t.ctx.db, organisationId, doc.id)).content as Doc;
    expect((await whole()).criteria[0].properties).toEqual(entry);
    const add = (path: string) => [{ op: 'add' as const, path, value: { score: '3' } }];
    await t.ctx.db.transaction().execute(async (trx) => {
      const locked = await loadDocument(trx, organisationId, doc.id, {
        forUpdate: true,
        parts: ['/criteria/1/properties'],
      });
      await patchDocument(trx, {
        ...request(doc.id, add('/criteria/1/properties/2025-02-01T08:00:00.000Z')),
        locked,
      });
    });
    expect((await whole()).criteria[0].properties).toEqual(entry);
    await patchDocument(t.ctx.db, request(doc.id, add('/criteria/1/properties/2025-03-01T08:00:00.000Z')));
    expect((await whole()).criteria[0].properties).toEqual(entry);
    const rows = await t.ctx.db
      .selectFrom('document_parts')
      .select('pointer')
      .where('document_id', '=', doc.id)
      .orderBy('pointer')
      .execute();
    expect(rows.map((row) => row.pointer)).toEqual(['/criteria/0/properties', '/criteria/1/properties']);
  });
});

// biome-ignore lint/suspicious/noExplicitAny: test documents are read freely
type Doc = any;
