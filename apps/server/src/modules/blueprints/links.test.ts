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
} from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('link states of a trajectory blueprint (D9)', () => {
  it('tells live, removed and not readable apart, and withholds what the asker may not read', async () => {
    const owner = await buildUser(t);
    const org = await buildOrganisation(t, (await login(t, owner.email)).accessToken);
    const reader = await buildUser(t);
    await addMember(t, org.id, reader.id, 'USER');
    const token = (await tokensFor(t, owner.email, org.id)).accessToken;
    const readerToken = (await tokensFor(t, reader.email, org.id)).accessToken;
    const create = async (type: string, name: string, readable: boolean) =>
      (
        await call(t, {
          method: 'POST',
          url: '/api/blueprints',
          token,
          payload: { type, name, userRights: readable ? [{ user: reader.email, rights: ['READ'] }] : [] },
        })
      ).json().id as number;
    const competences = await create('COMPETENCE_LIST', 'BPV-competenties', true);
    const intake = await create('INFORMATION', 'Intake (vertrouwelijk)', false);
    const dashboard = await create('DASHBOARD', 'Overzicht', true);
    const trajectory = await create('TRAJECTORY', 'BPV', true);
    const linked = await call(t, {
      method: 'PATCH',
      url: `/api/blueprints/trajectories/${trajectory}/content`,
      token,
      payload: [
        { op: 'replace', path: '/competenceList/id', value: competences },
        { op: 'replace', path: '/competenceList/version', value: 1 },
        { op: 'replace', path: '/information/id', value: intake },
        { op: 'replace', path: '/information/version', value: 1 },
        { op: 'replace', path: '/dashboard/id', value: dashboard },
        { op: 'replace', path: '/dashboard/version', value: 1 },
      ],
    });
    expect(linked.statusCode, linked.body).toBe(200);
    await call(t, {
      method: 'PUT',
      url: `/api/blueprints/${dashboard}/status`,
      token,
      payload: { status: 'DELETED' },
    });
    const url = `/api/blueprints/${trajectory}/links`;
    const seen = await call(t, { method: 'GET', url, token: readerToken });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toEqual(
      expect.arrayContaining([
        { id: competences, state: 'live', name: 'BPV-competenties', latestVersion: 1 },
        { id: intake, state: 'noAccess', name: null, latestVersion: null },
        { id: dashboard, state: 'removed', name: null, latestVersion: null },
      ]),
    );
    expect(seen.body).not.toContain('vertrouwelijk');
    const owners = (await call(t, { method: 'GET', url, token })).json();
    expect(owners).toContainEqual({
      id: intake,
      state: 'live',
      name: 'Intake (vertrouwelijk)',
      latestVersion: 1,
    });
    // Any other blueprint type has no links; a stranger gets 404.
    expect(
      (await call(t, { method: 'GET', url: `/api/blueprints/${competences}/links`, token })).json(),
    ).toEqual([]);
    const stranger = await buildUser(t);
    const strangerOrg = await buildOrganisation(t, (await login(t, stranger.email)).accessToken);
    const strangerToken = (await tokensFor(t, stranger.email, strangerOrg.id)).accessToken;
    expect((await call(t, { method: 'GET', url, token: strangerToken })).statusCode).toBe(404);
  });
});

describe('links of a trajectory blueprint stay in its organisation (D42)', () => {
  async function owner() {
    const user = await buildUser(t);
    const org = await buildOrganisation(t, (await login(t, user.email)).accessToken);
    const token = (await tokensFor(t, user.email, org.id)).accessToken;
    const create = async (type: string, name: string) => {
      const created = await call(t, {
        method: 'POST',
        url: '/api/blueprints',
        token,
        payload: { type, name },
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().id as number;
    };
    return { token, create };
  }

  it('answers 400 invalidValue at the link naming a blueprint of another organisation, of another type or at no version, and stores nothing', async () => {
    const us = await owner();
    const them = await owner();
    const theirs = await them.create('INFORMATION', 'Intake van een andere school');
    const theirReport = await them.create('REPORT', 'Verslag van een andere school');
    const ours = await us.create('INFORMATION', 'Intake');
    const ourDashboard = await us.create('DASHBOARD', 'Overzicht');
    const trajectory = await us.create('TRAJECTORY', 'BPV');
    const url = `/api/blueprints/trajectories/${trajectory}/content`;
    const save = (payload: unknown[], token = us.token) => call(t, { method: 'PATCH', url, token, payload });
    const link = (part: string, id: number, version = 1) => [
      { op: 'replace', path: `/${part}/id`, value: id },
      { op: 'replace', path: `/${part}/version`, value: version },
    ];
    const refused = (...paths: string[]) => ({
      status: 400,
      key: 'invalidDocumentContent',
      fields: paths.map((path) => ({ path, key: 'invalidValue' })),
    });
    expect((await save(link('information', theirs))).json()).toEqual(refused('information.id'));
    expect(
      (
        await save([
          {
            op: 'add',
            path: '/reportBlueprints/-',
            value: { id: theirReport, version: 1, name: 'V', fields: [] },
          },
        ])
      ).json(),
    ).toEqual(refused('reportBlueprints.0.id'));
    expect((await save(link('dashboard', 987_654_321))).json()).toEqual(refused('dashboard.id'));
    expect((await save(link('dashboard', 2 ** 40))).json()).toEqual(refused('dashboard.id'));
    expect((await save(link('information', ourDashboard))).json()).toEqual(refused('information.id'));
    expect((await save(link('information', ours, 2))).json()).toEqual(refused('information.version'));
    // Nothing stored: still the first version, no link.
    const stored = await call(t, { method: 'GET', url, token: us.token });
    expect(stored.headers.etag).toBe('"1"');
    expect(stored.json().information).toMatchObject({ id: null, version: null });

    // A link to its own organisation's blueprint is kept, and judged only when it changes: one whose
    // blueprint was deleted for good since does not block the next save.
    expect((await save(link('dashboard', ourDashboard))).statusCode).toBe(200);
    await call(t, {
      method: 'PUT',
      url: `/api/blueprints/${ourDashboard}/status`,
      token: us.token,
      payload: { status: 'DELETED' },
    });
    const gone = await call(t, {
      method: 'DELETE',
      url: `/api/trash/blueprint-${ourDashboard}`,
      token: us.token,
    });
    expect(gone.statusCode, gone.body).toBe(204);
    const next = await save(link('information', ours));
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json()).toMatchObject({
      information: { id: ours, version: 1 },
      dashboard: { id: ourDashboard, version: 1 },
    });
  });
});
