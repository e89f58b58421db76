import { describe, expect, it } from 'vitest';
import {
  BLUEPRINT_TYPE_PATHS,
  blueprintTypeFromPath,
  checkBlueprintUserRights,
  zCompetenceListContent,
  zCreateBlueprint,
  zEditBlueprint,
  zTrajectoryBlueprintContent,
} from './blueprints.ts';

describe('blueprint payloads', () => {
  it('create needs a type and a name', () => {
    expect(zCreateBlueprint.parse({ type: 'REPORT', name: ' R ' })).toEqual({
      type: 'REPORT',
      name: 'R',
      description: null,
    });
    const issues = zCreateBlueprint.safeParse({ name: '' }).error?.issues.map((issue) => issue.message);
    expect(issues).toEqual(['required', 'required']);
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
      'noRights',
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
