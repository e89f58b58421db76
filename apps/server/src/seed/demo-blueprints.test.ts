import { FIELD_TYPES } from '@groeipad/core';
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
} from '../../test/helpers.ts';
import { seedDemoBlueprints } from './demo-blueprints.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo blueprints', () => {
  it('are a complete, valid Dutch example: 30 competences in three levels, every field type, all six types linked', async () => {
    const owner = await buildUser(t);
    const org = await buildOrganisation(t, (await login(t, owner.email)).accessToken);
    const colleague = await buildUser(t);
    await addMember(t, org.id, colleague.id, 'USER');
    await t.ctx.db
      .transaction()
      .execute((trx) =>
        seedDemoBlueprints(
          trx,
          { userId: owner.id, email: owner.email, organisationId: org.id, role: 'OWNER' },
          [colleague.email],
        ),
      );
    const token = (await tokensFor(t, owner.email, org.id)).accessToken;
    const list = (await call(t, { method: 'GET', url: '/api/blueprints', token })).json();
    expect(list.map((b: { type: string }) => b.type).sort()).toEqual(
      ['COMPETENCE_LIST', 'DASHBOARD', 'EXTRACT', 'INFORMATION', 'REPORT', 'REPORT', 'TRAJECTORY'].sort(),
    );
    const colleagueToken = (await tokensFor(t, colleague.email, org.id)).accessToken;
    const theirs = (await call(t, { method: 'GET', url: '/api/blueprints', token: colleagueToken })).json();
    expect(theirs).toHaveLength(7);
    expect(theirs[0].abilities).toMatchObject({ read: true, write: false });

    const content = async (type: string, name: string) => {
      const id = list.find((b: { name: string }) => b.name === name).id;
      return (await call(t, { method: 'GET', url: `/api/blueprints/${type}/${id}/content`, token })).json();
    };
    const tree = (await content('competencelists', 'BPV-competenties Verzorgende IG')).competences;
    const leaves = tree.flatMap((c: { subcompetences: { subcompetences: unknown[] }[] }) =>
      c.subcompetences.flatMap((s) => s.subcompetences),
    );
    expect(tree).toHaveLength(3);
    expect(leaves).toHaveLength(30);
    const types = new Set<string>();
    const walk = (fields: { type: string; children?: unknown[] }[]) =>
      fields.forEach((f) => {
        types.add(f.type);
        if (f.children) walk(f.children as { type: string }[]);
      });
    walk((await content('information', 'Intakeformulier BPV')).fields);
    expect([...types].sort()).toEqual([...FIELD_TYPES].sort());
    const trajectory = await content('trajectories', 'BPV-traject Verzorgende IG');
    expect(trajectory.competenceList.competences).toHaveLength(3);
    expect(trajectory.reportBlueprints.map((r: { name: string }) => r.name)).toEqual([
      'Voortgangsgesprek',
      'Eindbeoordeling',
    ]);
    // Linked with id and version like every sub-blueprint (D9, D50).
    const reportIds = list
      .filter((b: { type: string }) => b.type === 'REPORT')
      .map((b: { id: number; name: string }) => [b.name, b.id]);
    expect(
      trajectory.reportBlueprints.map((r: { name: string; id: number; version: number }) => [
        r.name,
        r.id,
        r.version,
      ]),
    ).toEqual(
      ['Voortgangsgesprek', 'Eindbeoordeling'].map((n) => [
        n,
        reportIds.find(([name]: [string]) => name === n)[1],
        1,
      ]),
    );
    expect(trajectory.roles.map((r: { name: string }) => r.name)).toEqual([
      'Docent',
      'Student',
      'Praktijkopleider',
    ]);
    // Field rights at work: the student writes some fields and never sees whether a VOG was handed in.
    const names = new Map<string, string>();
    const name = (fields: { uuid: string; name: string; children?: unknown[] }[]) =>
      fields.forEach((f) => {
        names.set(f.uuid, f.name);
        if (f.children) name(f.children as { uuid: string; name: string }[]);
      });
    name(trajectory.information.fields);
    const student = trajectory.roles.find((r: { name: string }) => r.name === 'Student');
    const byName = Object.fromEntries(
      Object.entries(student.informationRights as Record<string, unknown>).map(([k, v]) => [
        names.get(k) ?? k,
        v,
      ]),
    );
    expect(byName).toMatchObject({
      '': { read: true, write: false },
      Motivatie: { write: true },
      Pasfoto: { write: true },
      'VOG aanwezig': { hidden: true, read: false },
    });
    expect(trajectory.scoreInfo).toHaveLength(4);
    expect(trajectory.dashboard.widgets.map((w: { type: string }) => w.type)).toEqual([
      'evaluation_scores',
      'evaluation_history',
    ]);
  });
});
