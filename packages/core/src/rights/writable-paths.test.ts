import { describe, expect, it } from 'vitest';
import { zFields } from '../contract/fields.ts';
import { effectiveRights } from './effective.ts';
import { H, R, RO, role } from './test-roles.ts';
import {
  accessWritablePaths,
  canApplyPatch,
  canWritePath,
  evaluationWritablePaths,
  formWritablePaths,
  pointerSegments,
  reportWritablePaths,
  writablePointers,
} from './writable-paths.ts';

const fields = zFields.parse([
  { uuid: 'name', name: 'Name', type: 'text' },
  {
    uuid: 'g',
    name: 'Group',
    type: 'group',
    children: [
      { uuid: 'age', name: 'Age', type: 'integer' },
      { uuid: 'files', name: 'Files', type: 'upload', value: [1] },
    ],
  },
]);

describe('form writable paths', () => {
  const roles = [role({ name: 'r', informationRights: { '': RO, g: R, age: RO } })];
  const writable = formWritablePaths({ fields }, roles);
  it('lists the value pointers of writable fields, by uuid (D1, D33)', () => {
    expect(writablePointers(writable)).toEqual(['/values/files']);
  });
  it.each([
    ['/values/files', true],
    ['/values/files/0', true],
    ['/values/files/-', true],
    ['/values/age', false],
    ['/values/name', false],
    ['/values', false],
    ['/fields/1/children/1/value', false],
    ['/fields/1/children/1', false],
    ['/fields/-', false],
    ['', false],
    ['values/files', false],
    ['/values/files/__proto__', false],
    ['/values/files/~2', false],
  ])('%j → %s', (path, ok) => {
    expect(canWritePath(writable, path)).toBe(ok);
  });
  it('checks every operation, and `from` of move and copy', () => {
    expect(canApplyPatch(writable, [{ op: 'replace', path: '/values/files', value: [2] } as never])).toBe(
      true,
    );
    expect(canApplyPatch(writable, [{ op: 'copy', from: '/values/name', path: '/values/files' }])).toBe(
      false,
    );
    expect(canApplyPatch(writable, [{ op: 'remove', path: '/fields/1' }])).toBe(false);
    expect(canApplyPatch(writable, [])).toBe(true);
  });
  it('hidden and unwritable roles give nothing', () => {
    const none = formWritablePaths({ fields }, [role({ name: 'r', informationRights: { '': H } })]);
    expect(none.prefixes).toEqual([]);
  });
});

describe('report writable paths', () => {
  it('covers the values map only (escaped uuids, D15)', () => {
    const tree = zFields.parse([
      { uuid: 'a/b#x', name: 'A', type: 'text' },
      { uuid: 'c', name: 'C', type: 'text' },
    ]);
    const roles = [role({ name: 'r', reportRights: { Rep: { '': { read: true }, 'a/b': R } } })];
    const writable = reportWritablePaths({ name: 'Rep', structure: tree, values: {} }, roles);
    expect(writablePointers(writable)).toEqual(['/values/a~1b#x']);
    expect(canWritePath(writable, '/values/a~1b#x')).toBe(true);
    expect(canWritePath(writable, '/values/c')).toBe(false);
  });
  it('whole-report write or admin makes every field writable', () => {
    const tree = zFields.parse([{ uuid: 'c', name: 'C', type: 'text' }]);
    const roles = [role({ name: 'r', reportRights: { Rep: { '': { admin: true } } } })];
    expect(writablePointers(reportWritablePaths({ name: 'Rep', fields: tree }, roles))).toEqual([
      '/values/c',
    ]);
  });
});

describe('whole-document rights', () => {
  it('evaluation: write gives everything', () => {
    const writer = effectiveRights([role({ name: 'r', evaluationRights: { write: true, read: true } })]);
    expect(canWritePath(evaluationWritablePaths(writer), '/criteria/0/properties')).toBe(true);
    expect(canWritePath(evaluationWritablePaths(effectiveRights([])), '/criteria')).toBe(false);
  });
  it('access: rights admin gives everything', () => {
    const admin = effectiveRights([role({ name: 'r', adminRights: { rights: true } })]);
    expect(canWritePath(accessWritablePaths(admin), '/users/0/roles/-')).toBe(true);
    expect(canWritePath(accessWritablePaths(effectiveRights([])), '/users/0')).toBe(false);
  });
  it('parses pointers per RFC 6901', () => {
    expect(pointerSegments('/a~1b/c~0d')).toEqual(['a/b', 'c~d']);
    expect(pointerSegments('')).toEqual([]);
    expect(pointerSegments('a')).toBeNull();
  });
});
