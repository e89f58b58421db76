import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CfPackage, MBO_TEMPLATE_EXAMPLE, samplePackage } from '@groeipad/core';
import { Ajv2019 } from 'ajv/dist/2019.js';
import addFormats from 'ajv-formats';
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
import { buildEvaluationTrajectory } from '../../../test/trajectory-fixture.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ companyDomain: 'groeipad.nl' });
});
afterAll(() => t.close());

const root = join(import.meta.dirname, '../../../../..');
const ajv = new Ajv2019({ strict: false, allErrors: true });
addFormats.default(ajv);
const schema = JSON.parse(
  readFileSync(join(root, 'packages/core/case-schema/case-v1p1-cfpackage.json'), 'utf8'),
);
const validate = ajv.compile(schema);
/** One item as `CFItems/{id}` answers it (without its document link): the schema's in-package item. */
const validItem = ajv.compile({ $ref: `${schema.$id}#/$defs/CFPckgItem` });

async function teacher(domain = 'example.nl') {
  const user = await buildUser(t, { email: uniqueEmail('docent').replace('example.nl', domain) });
  const org = await buildOrganisation(t, (await login(t, user.email)).accessToken);
  return { ...user, org, token: (await tokensFor(t, user.email, org.id)).accessToken };
}

const HEADER = ['code', 'titel', 'soort', 'bovenliggende code', 'omschrijving'];

async function importPackage(token: string, pkg: unknown, extra: Record<string, unknown> = {}) {
  const body = { source: { format: 'case', package: pkg }, ...extra };
  const check = await call(t, {
    method: 'POST',
    url: '/api/v2/competence-frameworks/check',
    token,
    payload: body,
  });
  expect(check.statusCode, check.body).toBe(200);
  const preview = check.json();
  const run = await call(t, {
    method: 'POST',
    url: '/api/v2/competence-frameworks',
    token,
    payload: {
      ...body,
      blueprintId: preview.match?.id ?? null,
      ...(preview.match ? { expectedVersion: preview.match.version } : {}),
    },
  });
  expect(run.statusCode, run.body).toBe(201);
  return { preview, result: run.json() };
}

async function listContent(token: string, id: number) {
  const res = await call(t, { method: 'GET', url: `/api/blueprints/competencelists/${id}/content`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('competence frameworks (D56)', () => {
  it('imports a CASE package into a new list with codes and criteria, and exports it back valid and equal', async () => {
    const owner = await teacher();
    const pkg = samplePackage({ items: 60 });
    const { preview, result } = await importPackage(owner.token, pkg);
    expect(preview).toMatchObject({
      problems: [],
      name: 'Voorbeeldkader',
      match: null,
      counts: { clusters: 2, subClusters: 4, competences: 14, criteria: 40 },
      padding: 0,
      changes: [],
    });
    expect(result).toMatchObject({ created: true, version: 1, trajectoryBlueprints: [] });
    const list = await call(t, { method: 'GET', url: `/api/blueprints/${result.id}`, token: owner.token });
    expect(list.json()).toMatchObject({ type: 'COMPETENCE_LIST', name: 'Voorbeeldkader' });
    const content = await listContent(owner.token, result.id);
    expect(content.competences[0]).toMatchObject({ uuid: pkg.CFItems[0]!.identifier, code: 'B1-K1' });
    expect(content.competences[0].subcompetences[0].subcompetences[0].criteria).toHaveLength(3);
    const exported = await call(t, {
      method: 'GET',
      url: `/api/v2/competence-frameworks/${result.id}`,
      token: owner.token,
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const back = exported.json() as CfPackage;
    expect(validate(back), JSON.stringify(validate.errors)).toBe(true);
    const byId = (items: { identifier: string }[]) =>
      [...items].sort((a, b) => a.identifier.localeCompare(b.identifier));
    expect(byId(back.CFItems)).toEqual(byId(pkg.CFItems));
    expect(byId(back.CFAssociations)).toEqual(byId(pkg.CFAssociations));
    expect(back.CFDocument).toEqual(pkg.CFDocument);
  });

  it('the check names a package’s problems by path, and the import refuses them (400) and makes nothing', async () => {
    const owner = await teacher();
    const pkg = samplePackage({ items: 8 }) as unknown as { CFItems: Record<string, unknown>[] };
    pkg.CFItems[3] = { ...pkg.CFItems[3], fullStatement: '' };
    const body = { source: { format: 'case', package: pkg } };
    const check = await call(t, {
      method: 'POST',
      url: '/api/v2/competence-frameworks/check',
      token: owner.token,
      payload: body,
    });
    expect(check.json().problems).toEqual([
      { row: null, column: 'CFItems.3.fullStatement', key: 'required' },
    ]);
    const run = await call(t, {
      method: 'POST',
      url: '/api/v2/competence-frameworks',
      token: owner.token,
      payload: body,
    });
    expect(run.statusCode).toBe(400);
    expect(run.json()).toMatchObject({
      key: 'validationError',
      fields: [{ path: 'package.CFItems.3.fullStatement', key: 'required' }],
    });
    const lists = await call(t, { method: 'GET', url: '/api/blueprints?status=LIVE', token: owner.token });
    expect(lists.json()).toEqual([]);
  });

  it('a qualification-file spreadsheet: a bad row named by row and column (400, nothing made), then fixed and imported', async () => {
    const owner = await teacher();
    const bad = [HEADER, ...MBO_TEMPLATE_EXAMPLE.map((row) => [...row])];
    bad[4]![2] = 'werkprocess';
    const body = (rows: unknown) => ({ source: { format: 'mbo', rows } });
    const check = await call(t, {
      method: 'POST',
      url: '/api/v2/competence-frameworks/check',
      token: owner.token,
      payload: body(bad),
    });
    expect(check.json().problems).toEqual([{ row: 5, column: 'kind', key: 'invalidValue' }]);
    const refused = await call(t, {
      method: 'POST',
      url: '/api/v2/competence-frameworks',
      token: owner.token,
      payload: body(bad),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual([{ path: 'rows.5.kind', key: 'invalidValue' }]);
    expect((await call(t, { method: 'GET', url: '/api/blueprints', token: owner.token })).json()).toEqual([]);
    const fixed = await call(t, {
      method: 'POST',
      url: '/api/v2/competence-frameworks',
      token: owner.token,
      payload: { ...body([HEADER, ...MBO_TEMPLATE_EXAMPLE]), blueprintId: null },
    });
    expect(fixed.statusCode, fixed.body).toBe(201);
    const content = await listContent(owner.token, fixed.json().id);
    expect(content.competences.map((c: { code: string }) => c.code)).toEqual(['B1', 'P1']);
    expect(content.competences[0].subcompetences[0].subcompetences[0]).toMatchObject({
      code: 'B1-K1-W1',
      criteria: [{ code: 'B1-K1-W1-C1' }],
    });
    // The same dossier again is its next version: nothing changed.
    const again = await call(t, {
      method: 'POST',
      url: '/api/v2/competence-frameworks/check',
      token: owner.token,
      payload: body([HEADER, ...MBO_TEMPLATE_EXAMPLE]),
    });
    expect(again.json()).toMatchObject({ match: { id: fixed.json().id }, changes: [] });
  });

  it('the next version keeps scores by identifier, carries them by replacedBy, lists what is removed, and moves the linked trajectory blueprints', async () => {
    const s = await buildEvaluationTrajectory(t, { read: true, write: false });
    const pkg = samplePackage({ items: 20 });
    const { result } = await importPackage(s.teacher.token, pkg);
    const list = await listContent(s.teacher.token, result.id);
    // The trajectory blueprint links the list (D9) and a trajectory is made from it.
    const linked = await call(t, {
      method: 'PATCH',
      url: `/api/blueprints/trajectories/${s.blueprintId}/content`,
      token: s.teacher.token,
      payload: [
        {
          op: 'replace',
          path: '/competenceList',
          value: { id: result.id, version: 1, competences: list.competences },
        },
      ],
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const blueprint = await call(t, {
      method: 'GET',
      url: `/api/blueprints/${s.blueprintId}`,
      token: s.teacher.token,
    });
    const trajectory = await call(t, {
      method: 'POST',
      url: '/api/v2/trajectories',
      token: s.teacher.token,
      payload: {
        blueprintId: s.blueprintId,
        name: 'Kader Sam',
        access: { roles: linked.json().roles, users: [{ user: s.teacher.email, roles: ['Docent'] }] },
      },
    });
    expect(trajectory.statusCode, trajectory.body).toBe(201);
    const id = trajectory.json().id;
    const evaluationUrl = `/api/v2/trajectories/${id}/evaluations`;
    const read = async () => {
      const res = await call(t, { method: 'GET', url: evaluationUrl, token: s.teacher.token });
      return { body: res.json(), version: Number(JSON.parse(res.headers.etag as string)) };
    };
    const processes = (body: { criteria: { subsections: { subsections: { uuid: string }[] }[] }[] }) =>
      body.criteria.flatMap((k) => k.subsections.flatMap((g) => g.subsections)) as {
        uuid: string;
        code?: string;
        properties: Record<string, unknown>;
        criteria?: unknown[];
      }[];
    // Score the first three werkprocessen.
    const before = await read();
    const [kept, replaced, dropped] = processes(before.body);
    expect(kept?.code).toBe('B1-K1-W1');
    expect(kept?.criteria).toHaveLength(3);
    for (const [n, competence] of [kept, replaced, dropped].entries())
      competence!.properties[`2026-10-0${n + 1}T10:00:00.000Z`] = { score: '3' };
    const scored = await call(t, {
      method: 'PUT',
      url: evaluationUrl,
      token: s.teacher.token,
      payload: before.body,
      headers: { 'if-match': `"${before.version}"` },
    });
    expect(scored.statusCode, scored.body).toBe(200);

    // Version 2: `kept` renamed, `replaced` replaced by a new item (replacedBy), `dropped` removed.
    const next = samplePackage({ items: 20 });
    const drop = new Set([replaced!.uuid, dropped!.uuid]);
    const gone = new Set(
      next.CFAssociations.filter(
        (a) => a.associationType === 'isChildOf' && drop.has(a.destinationNodeURI.identifier),
      ).map((a) => a.originNodeURI.identifier),
    );
    next.CFItems = next.CFItems.filter((item) => !drop.has(item.identifier) && !gone.has(item.identifier));
    next.CFAssociations = next.CFAssociations.filter(
      (a) =>
        ![a.originNodeURI.identifier, a.destinationNodeURI.identifier].some(
          (x) => drop.has(x) || gone.has(x),
        ),
    );
    next.CFItems.find((item) => item.identifier === kept!.uuid)!.fullStatement = 'Plant het werk';
    const successor = {
      ...next.CFItems[2]!,
      identifier: '0000017e-0000-4000-8000-00000000abcd',
      humanCodingScheme: 'B1-K1-W8',
      fullStatement: 'Opvolger',
    };
    next.CFItems.push(successor);
    const group = next.CFItems[1]!;
    next.CFAssociations.push(
      {
        ...next.CFAssociations[0]!,
        identifier: '00000a55-0000-4000-8000-00000000abcd',
        originNodeURI: { title: 'o', identifier: successor.identifier, uri: successor.uri },
        destinationNodeURI: { title: 'g', identifier: group.identifier, uri: group.uri },
        sequenceNumber: 90,
      },
      {
        ...next.CFAssociations[0]!,
        identifier: '00000a55-0000-4000-8000-00000000abce',
        associationType: 'replacedBy',
        originNodeURI: { title: 'r', identifier: replaced!.uuid, uri: 'x' },
        destinationNodeURI: { title: 'o', identifier: successor.identifier, uri: successor.uri },
      },
    );
    const { preview, result: second } = await importPackage(s.teacher.token, next);
    expect(preview.match).toEqual({ id: result.id, name: 'Voorbeeldkader', version: 1 });
    expect(preview.trajectoryBlueprints).toEqual([{ id: s.blueprintId, name: blueprint.json().name }]);
    expect(preview.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'changed', uuid: kept!.uuid, name: 'B1-K1-W1 Plant het werk' }),
        expect.objectContaining({ kind: 'added', uuid: successor.identifier }),
        expect.objectContaining({ kind: 'removed', uuid: replaced!.uuid, successor: 'B1-K1-W8 Opvolger' }),
        expect.objectContaining({ kind: 'removed', uuid: dropped!.uuid }),
      ]),
    );
    expect(second).toMatchObject({ id: result.id, version: 2, created: false });
    expect(second.trajectoryBlueprints).toEqual([
      { id: s.blueprintId, name: blueprint.json().name, version: expect.any(Number) },
    ]);

    // The trajectory moves (D10): the preview counts what stays in the history and what is carried.
    const update = `/api/v2/trajectories/${id}/update`;
    const changes = (await call(t, { method: 'GET', url: update, token: s.teacher.token })).json();
    expect(changes.changes).toEqual(
      expect.arrayContaining([
        {
          kind: 'competenceRenamed',
          name: 'B1-K1-W1 Plant het werk',
          from: expect.stringContaining('B1-K1-W1'),
        },
        { kind: 'competenceCarried', name: 'B1-K1-W8 Opvolger', from: expect.any(String), entries: 1 },
        { kind: 'competenceRemoved', name: expect.any(String), entries: 1 },
      ]),
    );
    const moved = await call(t, {
      method: 'PUT',
      url: update,
      token: s.teacher.token,
      payload: { version: changes.latestVersion },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = processes((await read()).body);
    expect(Object.keys(after.find((c) => c.uuid === kept!.uuid)!.properties)).toEqual([
      '2026-10-01T10:00:00.000Z',
    ]);
    expect(Object.keys(after.find((c) => c.uuid === successor.identifier)!.properties)).toEqual([
      '2026-10-02T10:00:00.000Z',
    ]);
    expect(after.find((c) => c.uuid === dropped!.uuid)).toBeUndefined();
    // The removed competence's entry stays in the evaluation's history.
    const history = await call(t, {
      method: 'GET',
      url: `/api/v2/trajectories/${id}/evaluations/history`,
      token: s.teacher.token,
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().content[0].changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          competence: dropped!.uuid,
          change: 'removed',
          entry: '2026-10-03T10:00:00.000Z',
        }),
        expect.objectContaining({
          competence: successor.identifier,
          change: 'added',
          entry: '2026-10-02T10:00:00.000Z',
        }),
      ]),
    );
  });

  it('refuses an import whose match changed since the check (409), and a stale version (409)', async () => {
    const owner = await teacher();
    const pkg = samplePackage({ items: 8, documentNumber: 5 });
    const body = { source: { format: 'case', package: pkg }, blueprintId: null };
    expect(
      (
        await call(t, {
          method: 'POST',
          url: '/api/v2/competence-frameworks',
          token: owner.token,
          payload: body,
        })
      ).statusCode,
    ).toBe(201);
    const again = await call(t, {
      method: 'POST',
      url: '/api/v2/competence-frameworks',
      token: owner.token,
      payload: body,
    });
    expect(again.statusCode).toBe(409);
    const id = (await call(t, { method: 'GET', url: '/api/blueprints', token: owner.token })).json()[0].id;
    const stale = await call(t, {
      method: 'POST',
      url: '/api/v2/competence-frameworks',
      token: owner.token,
      payload: { ...body, blueprintId: id, expectedVersion: 7 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().key).toBe('staleDocument');
  });

  it('another organisation’s list: 404 to export, never matched, never served as CASE', async () => {
    const owner = await teacher();
    const other = await teacher();
    const pkg = samplePackage({ items: 8, documentNumber: 9 });
    const { result } = await importPackage(owner.token, pkg);
    const exported = await call(t, {
      method: 'GET',
      url: `/api/v2/competence-frameworks/${result.id}`,
      token: other.token,
    });
    expect(exported.statusCode).toBe(404);
    const check = await call(t, {
      method: 'POST',
      url: '/api/v2/competence-frameworks/check',
      token: other.token,
      payload: { source: { format: 'case', package: pkg } },
    });
    expect(check.json().match).toBeNull();
    // A member without the read right does not learn of the list either.
    const member = await buildUser(t);
    await addMember(t, owner.org.id, member.id, 'USER');
    const memberToken = (await tokensFor(t, member.email, owner.org.id)).accessToken;
    expect(
      (
        await call(t, {
          method: 'GET',
          url: `/api/v2/competence-frameworks/${result.id}`,
          token: memberToken,
        })
      ).statusCode,
    ).toBe(404);
    for (const url of [
      `/ims/case/v1p1/CFPackages/${pkg.CFDocument.identifier}`,
      `/ims/case/v1p1/CFItems/${pkg.CFItems[0]!.identifier}`,
    ])
      expect((await call(t, { method: 'GET', url })).statusCode, url).toBe(404);
    const documents = (await call(t, { method: 'GET', url: '/ims/case/v1p1/CFDocuments' })).json();
    expect(documents.CFDocuments.map((d: { identifier: string }) => d.identifier)).not.toContain(
      pkg.CFDocument.identifier,
    );
  });

  it('serves a library framework at the CASE provider paths, without sign-in, valid against the schema', async () => {
    const author = await teacher('groeipad.nl');
    const pkg = samplePackage({ items: 30, documentNumber: 12 });
    const { result } = await importPackage(author.token, pkg);
    const published = await call(t, {
      method: 'POST',
      url: '/api/library',
      token: author.token,
      payload: { id: result.id },
    });
    expect(published.statusCode, published.body).toBe(201);
    const documents = await call(t, { method: 'GET', url: '/ims/case/v1p1/CFDocuments' });
    expect(documents.statusCode).toBe(200);
    expect(documents.json().CFDocuments).toContainEqual(pkg.CFDocument);
    const served = await call(t, {
      method: 'GET',
      url: `/ims/case/v1p1/CFPackages/${pkg.CFDocument.identifier}`,
    });
    expect(served.statusCode, served.body).toBe(200);
    expect(validate(served.json()), JSON.stringify(validate.errors)).toBe(true);
    expect(served.json().CFItems).toHaveLength(30);
    const item = await call(t, {
      method: 'GET',
      url: `/ims/case/v1p1/CFItems/${pkg.CFItems[4]!.identifier}`,
    });
    expect(item.statusCode, item.body).toBe(200);
    const { CFDocumentURI, ...rest } = item.json();
    expect(validItem(rest), JSON.stringify(validItem.errors)).toBe(true);
    expect(rest).toEqual(pkg.CFItems[4]);
    expect(CFDocumentURI).toMatchObject({
      identifier: pkg.CFDocument.identifier,
      title: pkg.CFDocument.title,
    });
    // Removed from the library: gone from the provider paths too.
    const entry = (await call(t, { method: 'GET', url: '/api/library', token: author.token }))
      .json()
      .find((e: { name: string }) => e.name === 'Voorbeeldkader');
    expect(
      (await call(t, { method: 'DELETE', url: `/api/library/${entry.id}`, token: author.token })).statusCode,
    ).toBe(204);
    expect(
      (await call(t, { method: 'GET', url: `/ims/case/v1p1/CFPackages/${pkg.CFDocument.identifier}` }))
        .statusCode,
    ).toBe(404);
    expect((await call(t, { method: 'GET', url: '/ims/case/v1p1/CFItems/not-a-known-id' })).statusCode).toBe(
      404,
    );
  });
});
