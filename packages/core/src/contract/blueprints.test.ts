import { describe, expect, it } from 'vitest';
import { checkBlueprintUserRights } from '../rights/blueprint-access.ts';
import {
  BLUEPRINT_TYPE_PATHS,
  blueprintTypeFromPath,
  zCompetenceListContent,
  zCreateBlueprint,
  zEditBlueprint,
  zTrajectoryBlueprintContent,
} from './blueprints.ts';

describe('blueprint payloads', () => {
  it('create needs a type and a name; userRights default to none', () => {
    expect(zCreateBlueprint.parse({ type: 'REPORT', name: ' R ' })).toEqual({
      type: 'REPORT',
      name: 'R',
      description: null,
      userRights: [],
    });
    const issues = zCreateBlueprint.safeParse({ name: 'x' }).error?.issues.map((issue) => issue.path);
    expect(issues).toEqual([['type']]);
    expect(zCreateBlueprint.safeParse({ type: 'REPORT', name: '' }).success).toBe(false);
  });

  it('POST /api/blueprints {id, name, description, userRights}: library import names the entry id', () => {
    const body = zCreateBlueprint.parse({
      id: 7,
      name: 'Copy',
      description: 'from the library',
      userRights: [{ user: ' A@X.nl ', rights: ['ADMIN', 'WRITE', 'READ'] }],
    });
    expect(body).toMatchObject({ id: 7, userRights: [{ user: 'a@x.nl' }] });
    expect(zCreateBlueprint.safeParse({ id: -1, name: 'x' }).success).toBe(false);
  });

  it.each([
    [{ name: 'x'.repeat(255), description: 'd'.repeat(1000) }, true],
    [{ name: 'x'.repeat(256) }, false],
    [{ name: 'x', description: 'd'.repeat(1001) }, false],
    [{ name: ' ' }, false],
  ])('edit %#', (input, ok) => {
    expect(zEditBlueprint.safeParse(input).success).toBe(ok);
  });

  it('type paths are lower-case plural, information singular', () => {
    expect(BLUEPRINT_TYPE_PATHS.COMPETENCE_LIST).toBe('competencelists');
    expect(BLUEPRINT_TYPE_PATHS.INFORMATION).toBe('information');
    expect(blueprintTypeFromPath('dashboards')).toBe('DASHBOARD');
    expect(blueprintTypeFromPath('nope')).toBeNull();
  });
});

describe('blueprint user rights', () => {
  it.each([
    [[{ user: 'a@x.nl', rights: ['ADMIN'] }], null],
    [[{ user: 'not-an-email', rights: ['ADMIN'] }], 'invalidEmail'],
    [
      [
        { user: 'a@x.nl', rights: ['ADMIN'] },
        { user: 'A@X.nl ', rights: ['READ'] },
      ],
      'duplicateUser',
    ],
    [[{ user: 'a@x.nl', rights: ['WRITE'] }], 'noAdmin'],
    [
      [
        { user: 'a@x.nl', rights: ['ADMIN'] },
        { user: 'b@x.nl', rights: [] },
      ],
      'userWithoutRight',
    ],
  ] as const)('access list %# → %s', (list, problem) => {
    expect(checkBlueprintUserRights(list)).toBe(problem);
  });
});

describe('blueprint contents', () => {
  it('a competence list nests subcompetences', () => {
    const parsed = zCompetenceListContent.parse({
      competences: [{ uuid: 'a', description: 'A', subcompetences: [{ uuid: 'b', description: 'B' }] }],
    });
    expect(parsed.competences[0]?.subcompetences[0]).toEqual({
      uuid: 'b',
      description: 'B',
      labels: [],
      info: '',
      subcompetences: [],
    });
  });

  it('a trajectory blueprint has linked parts, score info, report blueprints, roles and users', () => {
    const parsed = zTrajectoryBlueprintContent.parse({
      dashboard: {},
      information: { id: 4, version: 2 },
      competenceList: {},
      reportBlueprints: [{ name: 'Report', fields: [] }],
    });
    expect(parsed.information).toEqual({ id: 4, version: 2, fields: [] });
    expect(parsed.dashboard.id).toBeNull();
    expect(parsed.roles).toEqual([]);
  });
});
