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
