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

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ companyDomain: 'groeipad.nl' });
});
afterAll(() => t.close());

interface Member {
  id: number;
  email: string;
  token: string;
}

/** An organisation whose owner creates a competence list and grants `rights` to one colleague each. */
async function setup(options: { ownerEmail?: string } = {}) {
  const owner = await buildUser(t, options.ownerEmail ? { email: options.ownerEmail } : {});
  const org = await buildOrganisation(t, (await login(t, owner.email)).accessToken);
  const members: Record<string, Member> = {
    owner: { ...owner, token: (await tokensFor(t, owner.email, org.id)).accessToken },
  };
  for (const name of ['admin', 'write', 'read', 'none']) {
    const user = await buildUser(t);
    await addMember(t, org.id, user.id, 'USER');
    members[name] = { ...user, token: (await tokensFor(t, user.email, org.id)).accessToken };
  }
  const created = await call(t, {
    method: 'POST',
    url: '/api/blueprints',
    token: members.owner!.token,
    payload: {
      type: 'COMPETENCE_LIST',
      name: 'BPV-competenties',
      description: 'Beroepspraktijkvorming',
      userRights: [
        { user: members.admin!.email.toUpperCase(), rights: ['ADMIN'] },
        { user: members.write!.email, rights: ['WRITE'] },
        { user: members.read!.email, rights: ['READ'] },
      ],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { org, members, blueprint: created.json() as { id: number; type: string } };
}

const competence = (uuid: string, subcompetences: unknown[] = []) => ({
  uuid,
  description: `Competentie ${uuid}`,
  labels: [],
  info: '',
  subcompetences,
});

describe('blueprints: the rights matrix', () => {
  type Who = 'admin' | 'write' | 'read' | 'none';
  const actions: [
    string,
    (id: number) => { method: string; url: string; payload?: unknown },
    Record<Who, number>,
  ][] = [
    [
      'read',
      (id) => ({ method: 'GET', url: `/api/blueprints/${id}` }),
      { admin: 200, write: 200, read: 200, none: 404 },
    ],
    [
      'read content',
      (id) => ({ method: 'GET', url: `/api/blueprints/competencelists/${id}/content` }),
      { admin: 200, write: 200, read: 200, none: 404 },
    ],
    [
      'read rights',
      (id) => ({ method: 'GET', url: `/api/blueprints/${id}/rights` }),
      { admin: 200, write: 200, read: 200, none: 404 },
    ],
    [
      'read history',
      (id) => ({ method: 'GET', url: `/api/blueprints/${id}/history` }),
      { admin: 200, write: 200, read: 200, none: 404 },
    ],
    [
      'write content',
      (id) => ({
        method: 'PATCH',
        url: `/api/blueprints/competencelists/${id}/content`,
        payload: [{ op: 'add', path: '/competences/-', value: competence('k1') }],
      }),
      { admin: 200, write: 200, read: 403, none: 404 },
    ],
    [
      'edit name',
      (id) => ({ method: 'PUT', url: `/api/blueprints/${id}`, payload: { name: 'Nieuw' } }),
      { admin: 200, write: 403, read: 403, none: 404 },
    ],
    [
      'delete softly',
      (id) => ({ method: 'PUT', url: `/api/blueprints/${id}/status`, payload: { status: 'deleted' } }),
      { admin: 200, write: 403, read: 403, none: 404 },
    ],
    [
      'delete for good',
      (id) => ({ method: 'DELETE', url: `/api/blueprints/${id}` }),
      { admin: 204, write: 403, read: 403, none: 404 },
    ],
    [
      'write rights',
      (id) => ({ method: 'PUT', url: `/api/blueprints/${id}/rights`, payload: 'OWN_ADMIN' }),
      { admin: 200, write: 403, read: 403, none: 404 },
    ],
  ];
  const cases = actions.flatMap(([name, build, expected]) =>
    (Object.entries(expected) as [Who, number][]).map(([who, status]) => [name, who, status, build] as const),
  );

  it.each(cases)('%s by %s answers %i; a refusal changes nothing', async (_name, who, status, build) => {
    const { members, blueprint } = await setup();
    const actor = members[who]!;
    const { method, url, payload } = build(blueprint.id);
    const body = payload === 'OWN_ADMIN' ? [{ user: actor.email, rights: ['ADMIN'] }] : payload;
    const before = (
      await call(t, { method: 'GET', url: `/api/blueprints/${blueprint.id}`, token: members.owner!.token })
    ).json();
    const res = await call(t, {
      method: method as 'GET',
      url,
      token: actor.token,
      ...(body ? { payload: body as object } : {}),
    });
    expect(res.statusCode, res.body).toBe(status);
    if (status >= 400) {
      const after = await call(t, {
        method: 'GET',
        url: `/api/blueprints/${blueprint.id}`,
        token: members.owner!.token,
      });
      expect(after.json()).toEqual(before);
    }
  });

  it('presents each user their rights and abilities; the list shows only readable blueprints', async () => {
    const { members, blueprint } = await setup();
    const list = async (who: string) =>
      (await call(t, { method: 'GET', url: '/api/blueprints', token: members[who]!.token })).json();
    expect((await list('owner'))[0]).toMatchObject({
      id: blueprint.id,
      type: 'COMPETENCE_LIST',
      name: 'BPV-competenties',
      rights: ['ADMIN', 'WRITE', 'READ'],
      version: 1,
      library: false,
      status: 'LIVE',
      libraryUpdate: false,
      abilities: { read: true, write: true, admin: true, library: false, updateFromLibrary: false },
    });
    expect((await list('write'))[0]).toMatchObject({
      rights: ['WRITE', 'READ'],
      abilities: { write: true, admin: false },
    });
    expect((await list('read'))[0].abilities).toEqual({
      read: true,
      write: false,
      admin: false,
      library: false,
      updateFromLibrary: false,
    });
    expect(await list('none')).toEqual([]);
    const byType = await call(t, {
      method: 'GET',
      url: '/api/blueprints/competencelists',
      token: members.read!.token,
    });
    expect(byType.json().map((b: { id: number }) => b.id)).toEqual([blueprint.id]);
    expect(
      (await call(t, { method: 'GET', url: '/api/blueprints/reports', token: members.read!.token })).json(),
    ).toEqual([]);
  });
});

describe('blueprints: content through the engine', () => {
  it('versions every save, answers a stale If-Match with 409, and keeps old versions readable', async () => {
    const { members, blueprint } = await setup();
    const url = `/api/blueprints/competencelists/${blueprint.id}/content`;
    const token = members.write!.token;
    const first = await call(t, { method: 'GET', url, token });
    expect(first.headers.etag).toBe('"1"');
    expect(first.json()).toEqual({ competences: [] });
    const patch = (payload: unknown, ifMatch?: string) =>
      call(t, {
        method: 'PATCH',
        url,
        token,
        payload: payload as object,
        headers: ifMatch ? { 'if-match': ifMatch } : {},
      });
    const saved = await patch([{ op: 'add', path: '/competences/-', value: competence('k1') }], '"1"');
    expect(saved.statusCode).toBe(200);
    expect(saved.headers.etag).toBe('"2"');
    const stale = await patch([{ op: 'add', path: '/competences/-', value: competence('k2') }], '"1"');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ status: 409, key: 'staleDocument', version: 2 });
    expect((await call(t, { method: 'GET', url, token })).json().competences).toHaveLength(1);
    expect((await call(t, { method: 'GET', url: `${url}?version=1`, token })).json()).toEqual({
      competences: [],
    });
    const history = (
      await call(t, { method: 'GET', url: `/api/blueprints/${blueprint.id}/history`, token })
    ).json();
    expect(history.map((h: { version: number; user: string }) => [h.version, h.user])).toEqual([
      [2, members.write!.email],
      [1, members.owner!.email],
    ]);
    const item = (await call(t, { method: 'GET', url: `/api/blueprints/${blueprint.id}`, token })).json();
    expect(item.version).toBe(2);
    expect((await patch([], 'nonsense')).statusCode).toBe(400);
  });

  it('takes the dots out of field names on create and rename, in groups and in a trajectory blueprint’s copies (spec part 2 §5, D42)', async () => {
    const { members } = await setup();
    const token = members.owner!.token;
    const create = async (type: string) =>
      (await call(t, { method: 'POST', url: '/api/blueprints', token, payload: { type, name: type } })).json()
        .id as number;
    const text = (uuid: string, name: string) => ({ uuid, name, type: 'text', required: false });
    const group = {
      uuid: 'g',
      name: 'Stage.adres',
      type: 'group',
      required: false,
      children: [text('s', 'Straat.')],
    };
    const patch = (url: string, payload: unknown[]) => call(t, { method: 'PATCH', url, token, payload });
    const names = (fields: { name: string; children?: { name: string }[] }[]) =>
      fields.flatMap((field) => [field.name, ...(field.children ?? []).map((child) => child.name)]);

    for (const [type, path] of [
      ['INFORMATION', 'information'],
      ['REPORT', 'reports'],
    ] as const) {
      const url = `/api/blueprints/${path}/${await create(type)}/content`;
      const created = await patch(url, [
        { op: 'add', path: '/fields/-', value: text('a', 'Naam.leerling') },
        { op: 'add', path: '/fields/-', value: group },
      ]);
      expect(created.statusCode, created.body).toBe(200);
      expect(names(created.json().fields)).toEqual(['Naamleerling', 'Stageadres', 'Straat']);
      const renamed = await patch(url, [
        { op: 'replace', path: '/fields/0/name', value: 'Roep.naam' },
        { op: 'replace', path: '/fields/1/children/0/name', value: 'Huis.nummer' },
      ]);
      expect(names(renamed.json().fields)).toEqual(['Roepnaam', 'Stageadres', 'Huisnummer']);
      // A whole tree replaced is held to the same rule, and what is stored is what the answer showed.
      const replaced = await patch(url, [{ op: 'replace', path: '/fields', value: [text('b', 'v.a.')] }]);
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(names((await call(t, { method: 'GET', url, token })).json().fields)).toEqual(['va']);
    }

    const trajectory = `/api/blueprints/trajectories/${await create('TRAJECTORY')}/content`;
    const copied = await patch(trajectory, [
      { op: 'add', path: '/information/fields/-', value: group },
      { op: 'add', path: '/reportBlueprints/-', value: { name: 'Verslag', fields: [text('r', 'Week.1')] } },
    ]);
    expect(copied.statusCode, copied.body).toBe(200);
    expect(names(copied.json().information.fields)).toEqual(['Stageadres', 'Straat']);
    expect(names(copied.json().reportBlueprints[0].fields)).toEqual(['Week1']);
  });

  it('refuses a fourth level (D3) with tooDeep at the node, and keeps the stored tree', async () => {
    const { members, blueprint } = await setup();
    const url = `/api/blueprints/competencelists/${blueprint.id}/content`;
    const tree = [competence('a', [competence('a.1', [competence('a.1.1', [competence('a.1.1.1')])])])];
    const res = await call(t, {
      method: 'PATCH',
      url,
      token: members.owner!.token,
      payload: [{ op: 'replace', path: '/competences', value: tree }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      key: 'invalidDocumentContent',
      fields: [{ path: 'competences.0.subcompetences.0.subcompetences.0.subcompetences', key: 'tooDeep' }],
    });
    const three = [competence('a', [competence('a.1', [competence('a.1.1')])])];
    expect(
      (
        await call(t, {
          method: 'PATCH',
          url,
          token: members.owner!.token,
          payload: [{ op: 'replace', path: '/competences', value: three }],
        })
      ).statusCode,
    ).toBe(200);
  });

  it('keeps only the editor’s markup in rich-text info', async () => {
    const { members, blueprint } = await setup();
    const url = `/api/blueprints/competencelists/${blueprint.id}/content`;
    const info =
      '<h2 onclick="x()">Kop</h2><p>Tekst <strong>vet</strong> <a href="javascript:alert(1)">link</a> ' +
      '<a href="https://mbo.nl">mbo</a></p><script>alert(1)</script><img src=x onerror=alert(1)><h5>klein</h5>';
    const res = await call(t, {
      method: 'PATCH',
      url,
      token: members.owner!.token,
      payload: [{ op: 'add', path: '/competences/-', value: { ...competence('k'), info } }],
    });
    expect(res.json().competences[0].info).toBe(
      '<h2>Kop</h2><p>Tekst <strong>vet</strong> <a>link</a> <a href="https://mbo.nl">mbo</a></p>klein',
    );
  });

  it('refuses an extract blueprint without a level (missingRequiredField)', async () => {
    const { members } = await setup();
    const created = await call(t, {
      method: 'POST',
      url: '/api/blueprints',
      token: members.owner!.token,
      payload: { type: 'EXTRACT', name: 'Rapport' },
    });
    const res = await call(t, {
      method: 'PATCH',
      url: `/api/blueprints/extracts/${created.json().id}/content`,
      token: members.owner!.token,
      payload: [{ op: 'remove', path: '/level' }],
    });
    expect(res.json().fields).toEqual([{ path: 'level', key: 'missingRequiredField' }]);
  });

  it('a new trajectory blueprint starts with the default admin role (spec part 2 §6)', async () => {
    const { members } = await setup();
    const created = await call(t, {
      method: 'POST',
      url: '/api/blueprints',
      token: members.owner!.token,
      payload: { type: 'TRAJECTORY', name: 'Stage' },
    });
    const content = (
      await call(t, {
        method: 'GET',
        url: `/api/blueprints/trajectories/${created.json().id}/content`,
        token: members.owner!.token,
      })
    ).json();
    expect(content.roles).toEqual([
      expect.objectContaining({
        name: 'Admin',
        informationRights: { '': { write: true, read: true, hidden: false } },
        evaluationRights: { write: true, read: true },
        adminRights: { purchase: true, metadata: true, rights: true },
      }),
    ]);
  });

  it('a report blueprint linked later gives the default admin role all its rights but hidden (spec part 1/2 §6)', async () => {
    const { members } = await setup();
    const token = members.owner!.token;
    const created = await call(t, {
      method: 'POST',
      url: '/api/blueprints',
      token,
      payload: { type: 'TRAJECTORY', name: 'Stage' },
    });
    const url = `/api/blueprints/trajectories/${created.json().id}/content`;
    const patch = (payload: unknown[]) => call(t, { method: 'PATCH', url, token, payload });
    // A second role without admin rights, renamed default role: the rule follows the rights, not the name.
    const student = { name: 'Student', evaluationRights: { write: false, read: true } };
    expect(
      (
        await patch([
          { op: 'replace', path: '/roles/0/name', value: 'Docent' },
          { op: 'add', path: '/roles/-', value: student },
        ])
      ).statusCode,
    ).toBe(200);
    const linked = await patch([
      { op: 'add', path: '/reportBlueprints/-', value: { name: ' Voortgang ', fields: [] } },
    ]);
    expect(linked.statusCode, linked.body).toBe(200);
    const whole = { '': { admin: true, write: true, read: true, hidden: false } };
    const stored = (await call(t, { method: 'GET', url, token })).json();
    expect(stored.roles.map((role: { reportRights: unknown }) => role.reportRights)).toEqual([
      { Voortgang: whole },
      {},
    ]);
    // Rights the same save sets are kept; a role's later choice (none) is not undone by the next save.
    const second = await patch([
      { op: 'add', path: '/reportBlueprints/-', value: { name: 'Eind', fields: [] } },
      {
        op: 'add',
        path: '/roles/0/reportRights/Eind',
        value: { '': { admin: false, write: false, read: true, hidden: false } },
      },
      { op: 'replace', path: '/roles/0/reportRights/Voortgang', value: {} },
    ]);
    expect(second.statusCode, second.body).toBe(200);
    const again = await patch([{ op: 'replace', path: '/scoreInfo', value: [] }]);
    expect(again.statusCode, again.body).toBe(200);
    expect((await call(t, { method: 'GET', url, token })).json().roles[0].reportRights).toEqual({
      Voortgang: {},
      Eind: { '': { admin: false, write: false, read: true, hidden: false } },
    });
  });
});

describe('blueprints: create, rights, status', () => {
  it('needs a type to create and an id to import, never both or neither (D8)', async () => {
    const { members } = await setup();
    const post = (payload: object) =>
      call(t, { method: 'POST', url: '/api/blueprints', token: members.owner!.token, payload });
    expect((await post({ name: 'X' })).statusCode).toBe(400);
    expect((await post({ name: 'X', type: 'REPORT', id: 1 })).statusCode).toBe(400);
    expect((await post({ name: ' ', type: 'REPORT' })).json().fields).toEqual([
      { path: 'name', key: 'required' },
    ]);
    expect((await post({ name: 'x'.repeat(256), type: 'REPORT' })).json().fields).toEqual([
      { path: 'name', key: 'tooLong' },
    ]);
    expect((await post({ name: 'X', type: 'REPORT', description: 'd'.repeat(1001) })).json().fields).toEqual([
      { path: 'description', key: 'tooLong' },
    ]);
  });

  it('checks the rights list: one admin, unique valid users, each a right; the own ADMIN stays', async () => {
    const { members, blueprint } = await setup();
    const put = (payload: unknown) =>
      call(t, {
        method: 'PUT',
        url: `/api/blueprints/${blueprint.id}/rights`,
        token: members.admin!.token,
        payload: payload as object,
      });
    expect((await put([{ user: members.admin!.email, rights: ['READ'] }])).json()).toMatchObject({
      key: 'validationError',
      fields: [{ key: 'noAdmin' }],
    });
    const dup = await put([
      { user: members.admin!.email, rights: ['ADMIN'] },
      { user: members.admin!.email.toUpperCase(), rights: ['READ'] },
    ]);
    expect(dup.json().fields).toEqual([{ path: '1.user', key: 'duplicateUser' }]);
    expect(
      (
        await put([
          { user: members.admin!.email, rights: ['ADMIN'] },
          { user: 'x@y.nl', rights: [] },
        ])
      ).json().fields,
    ).toEqual([{ path: '1.user', key: 'userWithoutRight' }]);
    const revoke = await put([
      { user: members.owner!.email, rights: ['ADMIN'] },
      { user: members.admin!.email, rights: ['WRITE'] },
    ]);
    expect(revoke.json()).toEqual({ status: 400, key: 'canNotRevokeRight' });
    const ok = await put([
      { user: members.admin!.email, rights: ['ADMIN'] },
      { user: members.read!.email, rights: ['WRITE'] },
    ]);
    expect(ok.json()).toEqual(
      [
        { user: members.admin!.email, rights: ['ADMIN', 'WRITE', 'READ'] },
        { user: members.read!.email, rights: ['WRITE', 'READ'] },
      ].sort((a, b) => a.user.localeCompare(b.user)),
    );
    // the owner no longer holds any right: the blueprint is gone from their view
    expect(
      (await call(t, { method: 'GET', url: `/api/blueprints/${blueprint.id}`, token: members.owner!.token }))
        .statusCode,
    ).toBe(404);
  });

  it('soft-deletes into the DELETED list and restores, in any letter case (D30)', async () => {
    const { members, blueprint } = await setup();
    const token = members.admin!.token;
    const status = (value: string) =>
      call(t, {
        method: 'PUT',
        url: `/api/blueprints/${blueprint.id}/status`,
        token,
        payload: { status: value },
      });
    expect((await status('Deleted')).json().status).toBe('DELETED');
    expect((await call(t, { method: 'GET', url: '/api/blueprints', token })).json()).toEqual([]);
    expect(
      (await call(t, { method: 'GET', url: '/api/blueprints?status=deleted', token })).json(),
    ).toHaveLength(1);
    const write = await call(t, {
      method: 'PATCH',
      url: `/api/blueprints/competencelists/${blueprint.id}/content`,
      token,
      payload: [{ op: 'add', path: '/competences/-', value: competence('z') }],
    });
    expect(write.statusCode).toBe(404);
    expect((await status('live')).json().status).toBe('LIVE');
    expect((await status('gone')).statusCode).toBe(400);
  });
});

describe('the library (D31)', () => {
  it('publishes, imports into another organisation, updates from the source; others get 403', async () => {
    const author = await setup({ ownerEmail: uniqueEmail('auteur').replace('example.nl', 'groeipad.nl') });
    const token = author.members.owner!.token;
    const url = `/api/blueprints/competencelists/${author.blueprint.id}/content`;
    await call(t, {
      method: 'PATCH',
      url,
      token,
      payload: [{ op: 'add', path: '/competences/-', value: competence('k1') }],
    });
    const published = await call(t, {
      method: 'POST',
      url: '/api/library',
      token,
      payload: { id: author.blueprint.id },
    });
    expect(published.statusCode).toBe(201);
    const entryId = published.json().id;
    expect(published.headers.location).toBe(`/api/library/${entryId}`);
    const entries = (await call(t, { method: 'GET', url: '/api/library', token })).json();
    expect(entries).toContainEqual({
      id: entryId,
      type: 'COMPETENCE_LIST',
      name: 'BPV-competenties',
      description: 'Beroepspraktijkvorming',
      version: 2,
      removable: true,
    });
    expect((await call(t, { method: 'GET', url: '/api/blueprints', token })).json()[0].library).toBe(true);

    // a colleague of the company domain imports it into their own organisation
    const colleague = await setup({
      ownerEmail: uniqueEmail('collega').replace('example.nl', 'groeipad.nl'),
    });
    const theirs = colleague.members.owner!.token;
    const imported = await call(t, {
      method: 'POST',
      url: '/api/blueprints',
      token: theirs,
      payload: { id: entryId, name: 'Geïmporteerd' },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toMatchObject({
      type: 'COMPETENCE_LIST',
      sourceBlueprintId: author.blueprint.id,
      sourceBlueprintVersion: 2,
      rights: ['ADMIN', 'WRITE', 'READ'],
    });
    const copyUrl = `/api/blueprints/competencelists/${imported.json().id}/content`;
    expect((await call(t, { method: 'GET', url: copyUrl, token: theirs })).json().competences).toHaveLength(
      1,
    );

    // the author publishes a newer version; the importer updates from it
    await call(t, {
      method: 'PATCH',
      url,
      token,
      payload: [{ op: 'add', path: '/competences/-', value: competence('k2') }],
    });
    expect(
      (
        await call(t, { method: 'POST', url: '/api/library', token, payload: { id: author.blueprint.id } })
      ).json().id,
    ).toBe(entryId);
    const update = await call(t, {
      method: 'PUT',
      url: `/api/blueprints/${imported.json().id}/library`,
      token: theirs,
    });
    expect(update.statusCode).toBe(204);
    expect((await call(t, { method: 'GET', url: copyUrl, token: theirs })).json().competences).toHaveLength(
      2,
    );
    expect(
      (await call(t, { method: 'GET', url: `/api/blueprints/${imported.json().id}`, token: theirs })).json()
        .sourceBlueprintVersion,
    ).toBe(3);

    // outside the company domain: the library reads, but removing from it answers 403 (D58)
    const outsider = (await setup()).members.owner!.token;
    expect((await call(t, { method: 'GET', url: '/api/library', token: outsider })).statusCode).toBe(200);
    expect(
      (await call(t, { method: 'GET', url: `/api/library/${entryId}`, token: outsider })).statusCode,
    ).toBe(200);
    expect(
      (await call(t, { method: 'DELETE', url: `/api/library/${entryId}`, token: outsider })).statusCode,
    ).toBe(403);
    const own = (await setup()).members;
    expect(
      (
        await call(t, {
          method: 'POST',
          url: '/api/library',
          token: own.owner!.token,
          payload: {
            id: (await call(t, { method: 'GET', url: '/api/blueprints', token: own.owner!.token })).json()[0]
              .id,
          },
        })
      ).statusCode,
    ).toBe(403);

    expect((await call(t, { method: 'DELETE', url: `/api/library/${entryId}`, token })).statusCode).toBe(204);
    expect((await call(t, { method: 'GET', url: `/api/library/${entryId}`, token })).statusCode).toBe(404);
  });
});

describe('the library for every organisation (D58)', () => {
  it('a school user browses, imports, sees the update and updates; publishing and removing answer 403', async () => {
    const author = await setup({ ownerEmail: uniqueEmail('auteur').replace('example.nl', 'groeipad.nl') });
    const token = author.members.owner!.token;
    const url = `/api/blueprints/competencelists/${author.blueprint.id}/content`;
    await call(t, {
      method: 'PATCH',
      url,
      token,
      payload: [{ op: 'add', path: '/competences/-', value: competence('s1') }],
    });
    const entryId = (
      await call(t, { method: 'POST', url: '/api/library', token, payload: { id: author.blueprint.id } })
    ).json().id as number;

    // a school of its own, not of the company domain, with a private blueprint of its own
    const school = await setup();
    const teacher = school.members.owner!.token;
    expect(school.members.owner!.email.endsWith('@groeipad.nl')).toBe(false);
    const listed = await call(t, { method: 'GET', url: '/api/library', token: teacher });
    expect(listed.statusCode).toBe(200);
    const ids = (listed.json() as { id: number; removable: boolean }[]).map((entry) => entry.id);
    expect((listed.json() as { removable: boolean }[]).every((entry) => !entry.removable)).toBe(true);
    expect(ids).toContain(entryId);
    // another organisation's private blueprints never appear in the library
    const other = await setup();
    const library = await t.ctx.db
      .selectFrom('library_entries')
      .select(['id', 'source_blueprint_id'])
      .execute();
    expect(library.some((entry) => entry.source_blueprint_id === other.blueprint.id)).toBe(false);
    expect(library.some((entry) => entry.source_blueprint_id === school.blueprint.id)).toBe(false);
    expect(ids).toHaveLength(library.length);

    const imported = await call(t, {
      method: 'POST',
      url: '/api/blueprints',
      token: teacher,
      payload: { id: entryId, name: 'Van de bibliotheek' },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toMatchObject({
      sourceBlueprintId: author.blueprint.id,
      sourceBlueprintVersion: 2,
      libraryUpdate: false,
      abilities: { admin: true, library: false, updateFromLibrary: true },
    });
    const mine = imported.json().id as number;

    // the author publishes a newer version: the school's list marks the update
    await call(t, {
      method: 'PATCH',
      url,
      token,
      payload: [{ op: 'add', path: '/competences/-', value: competence('s2') }],
    });
    await call(t, { method: 'POST', url: '/api/library', token, payload: { id: author.blueprint.id } });
    const rows = (await call(t, { method: 'GET', url: '/api/blueprints', token: teacher })).json() as {
      id: number;
      libraryUpdate: boolean;
    }[];
    expect(rows.find((row) => row.id === mine)?.libraryUpdate).toBe(true);
    expect(rows.find((row) => row.id === school.blueprint.id)?.libraryUpdate).toBe(false);
    // a colleague who holds no rights on the copy does not find it
    expect(
      (
        await call(t, {
          method: 'PUT',
          url: `/api/blueprints/${mine}/library`,
          token: school.members.read!.token,
        })
      ).statusCode,
    ).toBe(404);
    const update = await call(t, { method: 'PUT', url: `/api/blueprints/${mine}/library`, token: teacher });
    expect(update.statusCode, update.body).toBe(204);
    const after = (await call(t, { method: 'GET', url: `/api/blueprints/${mine}`, token: teacher })).json();
    expect(after).toMatchObject({ sourceBlueprintVersion: 3, libraryUpdate: false });
    expect(
      (
        await call(t, {
          method: 'GET',
          url: `/api/blueprints/competencelists/${mine}/content`,
          token: teacher,
        })
      ).json().competences,
    ).toHaveLength(2);

    // publishing and removing stay with the company domain
    expect(
      (await call(t, { method: 'POST', url: '/api/library', token: teacher, payload: { id: mine } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(t, { method: 'DELETE', url: `/api/library/${entryId}`, token: teacher })).statusCode,
    ).toBe(403);
    expect(
      (await call(t, { method: 'GET', url: `/api/library/${entryId}`, token: teacher })).statusCode,
    ).toBe(200);
  });
});
