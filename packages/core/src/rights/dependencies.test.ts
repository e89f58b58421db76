import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyEvaluationRightChange,
  applyFieldRightChange,
  applyFieldRightChangeToKeys,
  applyReportRightChange,
  deleteRole,
  fieldRightTriState,
  triState,
  usersWithRole,
} from './dependencies.ts';
import { role } from './test-roles.ts';

const off = { write: false, read: false, hidden: false };
const all = { write: true, read: true, hidden: false };

describe('information and report field rights (spec part 1 §4)', () => {
  it.each([
    [
      'turning on write also turns on read and turns off hidden',
      { ...off, hidden: true },
      'write',
      true,
      all,
    ],
    ['turning on read turns off hidden', { ...off, hidden: true }, 'read', true, { ...off, read: true }],
    ['turning on hidden turns off write and read', all, 'hidden', true, { ...off, hidden: true }],
    ['turning off read turns off write', all, 'read', false, off],
    ['turning off write keeps read', all, 'write', false, { ...off, read: true }],
    ['turning off hidden changes nothing else', { ...off, hidden: true }, 'hidden', false, off],
  ] as const)('%s', (_, before, flag, value, after) => {
    expect(applyFieldRightChange(before, { flag, value })).toEqual(after);
  });
});

describe('report-level rights (spec part 1 §4)', () => {
  const none = { admin: false, write: false, read: false, hidden: false };
  it.each([
    [
      'turning on admin turns on write and read and turns off hidden',
      { ...none, hidden: true },
      'admin',
      true,
      { admin: true, write: true, read: true, hidden: false },
    ],
    [
      'turning off read turns off admin and write',
      { admin: true, write: true, read: true, hidden: false },
      'read',
      false,
      none,
    ],
    [
      'turning off write turns off admin',
      { admin: true, write: true, read: true, hidden: false },
      'write',
      false,
      { ...none, read: true },
    ],
    [
      'turning on hidden turns off the others',
      { admin: true, write: true, read: true, hidden: false },
      'hidden',
      true,
      { ...none, hidden: true },
    ],
    [
      'turning off admin keeps write and read',
      { admin: true, write: true, read: true, hidden: false },
      'admin',
      false,
      { ...none, write: true, read: true },
    ],
  ] as const)('%s', (_, before, flag, value, after) => {
    expect(applyReportRightChange(before, { flag, value })).toEqual(after);
  });
});

describe('evaluation rights (spec part 1 §4)', () => {
  it('turning on write also turns on read', () => {
    expect(applyEvaluationRightChange({ write: false, read: false }, { flag: 'write', value: true })).toEqual(
      { write: true, read: true },
    );
  });
  it('turning off read turns off write', () => {
    expect(applyEvaluationRightChange({ write: true, read: true }, { flag: 'read', value: false })).toEqual({
      write: false,
      read: false,
    });
  });
});

const fieldRights = fc.record({ write: fc.boolean(), read: fc.boolean(), hidden: fc.boolean() });
const reportRights = fc.record({
  admin: fc.boolean(),
  write: fc.boolean(),
  read: fc.boolean(),
  hidden: fc.boolean(),
});

describe('closure properties', () => {
  it('field: the changed flag holds, invariants hold, applying again changes nothing', () => {
    fc.assert(
      fc.property(
        fieldRights,
        fc.constantFrom('write', 'read', 'hidden'),
        fc.boolean(),
        (before, flag, value) => {
          const after = applyFieldRightChange(before, { flag, value });
          expect(after[flag]).toBe(value);
          if (after.write) expect(after.read).toBe(true);
          if (after.read) expect(after.hidden).toBe(false);
          expect(applyFieldRightChange(after, { flag, value })).toEqual(after);
        },
      ),
    );
  });
  it('report: admin ⇒ write ⇒ read ⇒ not hidden, and idempotent', () => {
    fc.assert(
      fc.property(
        reportRights,
        fc.constantFrom('admin', 'write', 'read', 'hidden'),
        fc.boolean(),
        (before, flag, value) => {
          const after = applyReportRightChange(before, { flag, value });
          expect(after[flag]).toBe(value);
          if (after.admin) expect(after.write).toBe(true);
          if (after.write) expect(after.read).toBe(true);
          if (after.read) expect(after.hidden).toBe(false);
          expect(applyReportRightChange(after, { flag, value })).toEqual(after);
        },
      ),
    );
  });
  it('evaluation: write ⇒ read, and idempotent', () => {
    fc.assert(
      fc.property(
        fc.record({ write: fc.boolean(), read: fc.boolean() }),
        fc.constantFrom('write', 'read'),
        fc.boolean(),
        (before, flag, value) => {
          const after = applyEvaluationRightChange(before, { flag, value });
          expect(after[flag]).toBe(value);
          if (after.write) expect(after.read).toBe(true);
          expect(applyEvaluationRightChange(after, { flag, value })).toEqual(after);
        },
      ),
    );
  });
});

describe('tri-state over a selected field set', () => {
  it.each([
    [[true, true], 'checked'],
    [[false, false], 'unchecked'],
    [[true, false], 'mixed'],
    [[], 'unchecked'],
  ] as const)('%j is %s', (values, state) => {
    expect(triState(values)).toBe(state);
  });
  it('reads a flag per key, a missing entry being off', () => {
    const map = { a: { write: true, read: true, hidden: false } };
    expect(fieldRightTriState(map, ['a'], 'read')).toBe('checked');
    expect(fieldRightTriState(map, ['a', 'b'], 'read')).toBe('mixed');
    expect(fieldRightTriState(map, ['constructor'], 'read')).toBe('unchecked');
  });
  it('applies one change to several keys', () => {
    const next = applyFieldRightChangeToKeys({ a: { write: false, read: false, hidden: true } }, ['a', 'b'], {
      flag: 'write',
      value: true,
    });
    expect(next).toEqual({ a: all, b: all });
  });
});

describe('deleting a role', () => {
  it('removes it and strips it from every default user that holds it', () => {
    const access = {
      roles: [role({ name: 'teacher' }), role({ name: 'student' })],
      users: [
        { user: 'a@x.nl', roles: ['teacher', 'student'] },
        { user: 'b@x.nl', roles: ['student'] },
      ],
    };
    expect(usersWithRole(access, 'teacher')).toEqual(['a@x.nl']);
    const next = deleteRole(access, 'teacher');
    expect(next.roles.map((r) => r.name)).toEqual(['student']);
    expect(next.users).toEqual([
      { user: 'a@x.nl', roles: ['student'] },
      { user: 'b@x.nl', roles: ['student'] },
    ]);
  });
});
