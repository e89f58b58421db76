import { describe, expect, it } from 'vitest';
import { zTrajectoryBlueprintContent } from '../contract/blueprints.ts';
import { zEvaluation } from '../contract/evaluation.ts';
import { blueprintUpdateChanges, migrateAccess, migrateEvaluation, migrateForm } from './blueprint-update.ts';

const role = (name: string, read = true) => ({
  name,
  informationRights: { '': { write: false, read, hidden: false } },
  evaluationRights: { write: false, read },
  reportRights: {},
  adminRights: { purchase: false, metadata: false, rights: name === 'Docent' },
});

const version1 = zTrajectoryBlueprintContent.parse({
  dashboard: { widgets: [] },
  information: {
    fields: [
      { uuid: 'naam', name: 'Naam', type: 'text', required: true },
      { uuid: 'klas', name: 'Klas', type: 'text' },
      {
        uuid: 'g',
        name: 'Stage',
        type: 'group',
        children: [{ uuid: 'bedrijf', name: 'Bedrijf', type: 'text' }],
      },
    ],
  },
  competenceList: {
    competences: [
      {
        uuid: 'c1',
        description: 'Zorg',
        subcompetences: [
          {
            uuid: 'c1.1',
            description: 'Hygiëne',
            subcompetences: [{ uuid: 'c1.1.1', description: 'Handen wassen' }],
          },
        ],
      },
    ],
  },
  scoreInfo: [
    { name: 'Onvoldoende', colour: '#c80000' },
    { name: 'Goed', colour: '#00a000' },
  ],
  roles: [role('Docent'), role('Student'), role('Stagiair')],
});

const version2 = zTrajectoryBlueprintContent.parse({
  ...version1,
  information: {
    fields: [
      { uuid: 'naam', name: 'Volledige naam', type: 'text', required: true },
      {
        uuid: 'g',
        name: 'Stage',
        type: 'group',
        children: [
          { uuid: 'bedrijf', name: 'Bedrijf', type: 'text' },
          { uuid: 'klas', name: 'Klas', type: 'text' },
        ],
      },
      { uuid: 'mentor', name: 'Mentor', type: 'text' },
    ],
  },
  competenceList: {
    competences: [
      {
        uuid: 'c1',
        description: 'Zorg',
        subcompetences: [
          {
            uuid: 'c1.1',
            description: 'Hygiëne',
            subcompetences: [{ uuid: 'c1.1.2', description: 'Handschoenen' }],
          },
        ],
      },
    ],
  },
  roles: [role('Docent'), role('Student', false), role('Praktijkopleider')],
});

describe('D10: updating a trajectory to a newer blueprint version', () => {
  it('names fields added, removed, renamed and moved, competences added and removed, roles added, removed and changed', () => {
    const changes = blueprintUpdateChanges(version1, version2);
    expect(changes).toEqual(
      expect.arrayContaining([
        { kind: 'fieldRenamed', name: 'Volledige naam', from: 'Naam' },
        { kind: 'fieldMoved', name: 'Klas', from: 'Klas', to: 'Stage / Klas' },
        { kind: 'fieldAdded', name: 'Mentor' },
        { kind: 'competenceAdded', name: 'Handschoenen' },
        { kind: 'competenceRemoved', name: 'Handen wassen' },
        { kind: 'roleChanged', name: 'Student' },
        { kind: 'roleAdded', name: 'Praktijkopleider' },
        { kind: 'roleRemoved', name: 'Stagiair' },
      ]),
    );
    expect(changes.some((c) => c.name === 'Docent')).toBe(false);
    expect(blueprintUpdateChanges(version1, version1)).toEqual([]);
  });

  it('keeps values by uuid and starts new fields empty', () => {
    const form = {
      fields: version1.information.fields,
      values: { naam: 'Sanne', klas: 'VIG3A', bedrijf: 'De Linde' },
    };
    const next = migrateForm(form, version2.information.fields);
    expect(next.values).toEqual({ naam: 'Sanne', klas: 'VIG3A', bedrijf: 'De Linde' });
    expect(next.fields.map((f) => f.uuid)).toEqual(['naam', 'g', 'mentor']);
  });

  it('drops the values of removed fields from the form (the history keeps them)', () => {
    const form = { fields: version1.information.fields, values: { naam: 'Sanne', weg: 'x' } };
    expect(migrateForm(form, version2.information.fields).values).toEqual({ naam: 'Sanne' });
  });

  it('keeps the dated entries of competences still there', () => {
    const evaluation = zEvaluation.parse({
      criteria: [
        {
          type: 'cluster',
          uuid: 'c1',
          name: 'Zorg',
          subsections: [
            {
              type: 'cluster',
              uuid: 'c1.1',
              name: 'Hygiëne',
              subsections: [
                {
                  type: 'competence',
                  uuid: 'c1.1.1',
                  name: 'Handen wassen',
                  properties: { '2026-10-01T00:00:00.000Z': { score: '2' } },
                  latestProperties: { score: '2' },
                },
              ],
            },
          ],
        },
      ],
      minScore: 1,
      maxScore: 2,
    });
    const kept = migrateEvaluation(evaluation, version1);
    const leaf = (kept.criteria[0] as { subsections: { subsections: { latestProperties: unknown }[] }[] })
      .subsections[0]!.subsections[0]!;
    expect(leaf.latestProperties).toEqual({ score: '2' });
    const moved = migrateEvaluation(evaluation, version2);
    const fresh = (
      moved.criteria[0] as { subsections: { subsections: { uuid: string; latestProperties: unknown }[] }[] }
    ).subsections[0]!.subsections[0]!;
    expect(fresh).toMatchObject({ uuid: 'c1.1.2', latestProperties: null });
  });

  it('follows the blueprint for roles it changed, keeps the trajectory’s own roles and edits, drops role-less users', () => {
    const custom = { ...role('Docent'), evaluationRights: { write: true, read: true } };
    const access = {
      roles: [custom, role('Student'), role('Stagiair'), role('Mentor')],
      users: [
        { user: 'docent@school.nl', roles: ['Docent'] },
        { user: 'stagiair@school.nl', roles: ['Stagiair'] },
        { user: 'mentor@bedrijf.nl', roles: ['Mentor', 'Stagiair'] },
      ],
    };
    const next = migrateAccess(access, version1.roles, version2.roles);
    expect(next.roles.map((r) => r.name).sort()).toEqual(['Docent', 'Mentor', 'Praktijkopleider', 'Student']);
    expect(next.roles.find((r) => r.name === 'Docent')).toEqual(custom);
    expect(next.roles.find((r) => r.name === 'Student')?.evaluationRights.read).toBe(false);
    expect(next.users).toEqual([
      { user: 'docent@school.nl', roles: ['Docent'] },
      { user: 'mentor@bedrijf.nl', roles: ['Mentor'] },
    ]);
  });
});
