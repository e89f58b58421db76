import { describe, expect, it } from 'vitest';
import {
  detailDescriptionProblem,
  groupByStorageKey,
  groupTrajectories,
  informationFromRows,
  zCreateTrajectory,
  zTrajectoryListQuery,
  zTrajectoryStatusUpdate,
  zUpdateTrajectory,
} from './trajectories.ts';

const access = { roles: [], users: [] };
const firstKey = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('create trajectory payload', () => {
  it('accepts a template, a title and a description; blank description becomes null', () => {
    const parsed = zCreateTrajectory.parse({ blueprintId: 3, name: '  Anna  ', description: '  ', access });
    expect(parsed).toMatchObject({ blueprintId: 3, name: 'Anna', description: null });
  });

  it.each([
    ['a template is required', { name: 'x', access }, [['blueprintId', 'required']]],
    ['the title is required', { blueprintId: 1, name: '   ', access }, [['name', 'required']]],
    ['the title is at most 255', { blueprintId: 1, name: 'x'.repeat(256), access }, [['name', 'tooLong']]],
    [
      'the description is at most 1000',
      { blueprintId: 1, name: 'x', description: 'y'.repeat(1001), access },
      [['description', 'tooLong']],
    ],
  ])('%s', (_name, input, issues) => {
    expect(firstKey(zCreateTrajectory.safeParse(input))).toEqual(issues);
  });

  it('allows 255 and 1000 exactly', () => {
    expect(
      zCreateTrajectory.safeParse({
        blueprintId: 1,
        name: 'x'.repeat(255),
        description: 'y'.repeat(1000),
        access,
      }).success,
    ).toBe(true);
  });
});

describe('trajectory detail', () => {
  it('the description on the detail page: at most 255 when changed, a longer stored one may stay (D5)', () => {
    expect(zUpdateTrajectory.safeParse({ name: 'a', description: 'y'.repeat(1000) }).success).toBe(true);
    expect(firstKey(zUpdateTrajectory.safeParse({ name: 'a', description: 'y'.repeat(1001) }))).toEqual([
      ['description', 'tooLong'],
    ]);
    expect(detailDescriptionProblem(null, 'y'.repeat(255))).toBeNull();
    expect(detailDescriptionProblem(null, 'y'.repeat(256))).toBe('tooLong');
    expect(detailDescriptionProblem('x'.repeat(800), 'x'.repeat(800))).toBeNull();
    expect(detailDescriptionProblem('x'.repeat(800), 'z'.repeat(800))).toBe('tooLong');
    expect(detailDescriptionProblem('x'.repeat(800), null)).toBeNull();
  });
});

describe('status', () => {
  it('LIVE or DELETED; the list defaults to LIVE', () => {
    expect(zTrajectoryStatusUpdate.parse({ status: 'DELETED' })).toEqual({ status: 'DELETED' });
    expect(zTrajectoryStatusUpdate.safeParse({ status: 'GONE' }).success).toBe(false);
    expect(zTrajectoryListQuery.parse({})).toEqual({ status: 'LIVE' });
  });
});

describe('information from a data file', () => {
  it('names from the first row, values from the second', () => {
    expect(
      informationFromRows([
        ['Name', 'Class', '', 'Age'],
        ['Anna', '3B', 'ignored', 12],
        ['third row', 'is ignored'],
      ]),
    ).toEqual({ Name: 'Anna', Class: '3B', Age: '12' });
  });

  it('a file with fewer than 2 rows is ignored', () => {
    expect(informationFromRows([['Name']])).toBeNull();
    expect(informationFromRows([])).toBeNull();
  });

  it('a __proto__ column is plain data', () => {
    const information = informationFromRows([['__proto__'], ['x']]);
    expect(Object.hasOwn(information!, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(information)).toBe(Object.prototype);
  });
});

describe('group-by (spec part 1 §2)', () => {
  const items = [
    { id: 1, klas: '3B' },
    { id: 2, klas: null },
    { id: 3, klas: '3A' },
    { id: 4, klas: '  ' },
    { id: 5, klas: '3B' },
    { id: 6 },
  ] as { id: number; klas?: string | null }[];
  it('groups by value, with an Uncategorised group (value null) last for trajectories without a value', () => {
    const groups = groupTrajectories(items, (item) => item.klas);
    expect(groups.map((group) => [group.value, group.trajectories.map((item) => item.id)])).toEqual([
      ['3A', [3]],
      ['3B', [1, 5]],
      [null, [2, 4, 6]],
    ]);
  });
  it('no Uncategorised group when every trajectory has a value', () => {
    expect(groupTrajectories([{ v: 'a' }], (item) => item.v).map((group) => group.value)).toEqual(['a']);
  });
  it('the group-by key is remembered per user and organisation', () => {
    expect(groupByStorageKey(3, 7)).not.toBe(groupByStorageKey(3, 8));
    expect(groupByStorageKey(3, 7)).not.toBe(groupByStorageKey(4, 7));
  });
});
