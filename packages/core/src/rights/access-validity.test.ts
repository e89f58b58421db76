import { describe, expect, it } from 'vitest';
import type { TrajectoryAccess } from '../contract/access.ts';
import {
  accessProblems,
  addAccessUser,
  canEditAccess,
  canNotRevokeRight,
  isAccessValid,
  isUserRowLocked,
  newRoleNameProblem,
  newUserProblem,
  roleGrantsSomething,
  zValidTrajectoryAccess,
} from './access-validity.ts';
import { role } from './test-roles.ts';

const admin = role({ name: 'admin', adminRights: { rights: true } });
const reader = role({ name: 'reader', evaluationRights: { read: true } });

function access(users: TrajectoryAccess['users']): TrajectoryAccess {
  return { roles: [admin, reader], users };
}

describe('access list validity (spec part 1 §5)', () => {
  it('is valid with valid unique users, an admin, and a right for everyone', () => {
    expect(
      isAccessValid(
        access([
          { user: 'a@x.nl', roles: ['admin'] },
          { user: 'b@x.nl', roles: ['reader'] },
        ]),
      ),
    ).toBe(true);
  });
  it.each([
    [
      'every user is a valid e-mail',
      [
        { user: 'a@x.nl', roles: ['admin'] },
        { user: 'not-mail', roles: ['reader'] },
      ],
      { code: 'invalidEmail', user: 'not-mail', index: 1 },
    ],
    [
      'users are unique (case-insensitively)',
      [
        { user: 'a@x.nl', roles: ['admin'] },
        { user: 'A@X.nl', roles: ['reader'] },
      ],
      { code: 'duplicateUser', user: 'A@X.nl', index: 1 },
    ],
    ['at least one user has admin', [{ user: 'a@x.nl', roles: ['reader'] }], { code: 'noAdmin' }],
    [
      'every user has at least one right',
      [
        { user: 'a@x.nl', roles: ['admin'] },
        { user: 'b@x.nl', roles: [] },
      ],
      { code: 'userWithoutRight', user: 'b@x.nl', index: 1 },
    ],
    [
      'a role that does not exist is no right',
      [
        { user: 'a@x.nl', roles: ['admin'] },
        { user: 'b@x.nl', roles: ['ghost'] },
      ],
      { code: 'userWithoutRight', user: 'b@x.nl', index: 1 },
    ],
  ] as const)('%s', (_, users, problem) => {
    const list = access(users.map((u) => ({ user: u.user, roles: [...u.roles] })));
    expect(accessProblems(list)).toContainEqual(problem);
    expect(isAccessValid(list)).toBe(false);
  });
  it('the current user’s own row is locked', () => {
    expect(isUserRowLocked({ user: 'me@x.nl', roles: [] }, ' ME@x.nl ')).toBe(true);
    expect(isUserRowLocked({ user: 'you@x.nl', roles: [] }, 'me@x.nl')).toBe(false);
  });
  it('user entries are lower-cased on insert', () => {
    const next = addAccessUser(access([]), '  New@Example.COM ', ['reader']);
    expect(next.users).toEqual([{ user: 'new@example.com', roles: ['reader'] }]);
  });
});

describe('new role and new user', () => {
  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['x'.repeat(256), 'tooLong'],
    ['Admin', 'duplicateRole'],
    [' reader ', 'duplicateRole'],
    ['coach', null],
  ])('role name %j → %s', (name, problem) => {
    expect(newRoleNameProblem(name, ['admin', 'reader'])).toBe(problem);
  });
  it.each([
    ['not-mail', 'invalidEmail'],
    ['A@x.nl', 'duplicateUser'],
    ['b@x.nl', null],
  ])('user %j → %s', (email, problem) => {
    expect(newUserProblem(email, access([{ user: 'a@x.nl', roles: ['admin'] }]))).toBe(problem);
  });
  it('adding an existing or invalid user changes nothing', () => {
    const list = access([{ user: 'a@x.nl', roles: ['admin'] }]);
    expect(addAccessUser(list, 'a@x.nl')).toBe(list);
    expect(addAccessUser(list, 'nope')).toBe(list);
  });
});

describe('canNotRevokeRight', () => {
  const before = access([
    { user: 'me@x.nl', roles: ['admin'] },
    { user: 'b@x.nl', roles: ['admin'] },
  ]);
  it('is true when the current user would lose the right to edit rights', () => {
    const after = access([
      { user: 'me@x.nl', roles: ['reader'] },
      { user: 'b@x.nl', roles: ['admin'] },
    ]);
    expect(canNotRevokeRight(before, after, 'me@x.nl')).toBe(true);
  });
  it('is true when the admin role itself loses adminRights.rights', () => {
    const after = { ...before, roles: [role({ name: 'admin' }), reader] };
    expect(canNotRevokeRight(before, after, 'ME@x.nl')).toBe(true);
  });
  it('is true when the current user is removed', () => {
    const after = access([{ user: 'b@x.nl', roles: ['admin'] }]);
    expect(canNotRevokeRight(before, after, 'me@x.nl')).toBe(true);
  });
  it('is false when someone else loses it', () => {
    const after = access([
      { user: 'me@x.nl', roles: ['admin'] },
      { user: 'b@x.nl', roles: ['reader'] },
    ]);
    expect(canNotRevokeRight(before, after, 'me@x.nl')).toBe(false);
    expect(canEditAccess(after, 'me@x.nl')).toBe(true);
    expect(canEditAccess(after, 'b@x.nl')).toBe(false);
  });
});

describe('zValidTrajectoryAccess', () => {
  it('reports each rule as an issue with a path', () => {
    const result = zValidTrajectoryAccess.safeParse({
      roles: [{ name: 'r' }, { name: 'r' }],
      users: [{ user: 'a@x.nl', roles: [] }],
    });
    expect(result.success).toBe(false);
    const issues = result.success ? [] : result.error.issues.map((i) => [i.message, i.path.join('.')]);
    expect(issues).toEqual([
      ['duplicateRole', 'roles.1.name'],
      ['userWithoutRight', 'users.0.user'],
      ['noAdmin', 'users'],
    ]);
    const valid = zValidTrajectoryAccess.safeParse({
      roles: [{ name: 'admin', adminRights: { rights: true } }],
      users: [{ user: 'A@x.nl', roles: ['admin'] }],
    });
    expect(valid.success && valid.data.users[0]?.user).toBe('a@x.nl');
  });
});

describe('D7: every user holds a role that grants at least one flag', () => {
  const empty = {
    name: 'Leeg',
    informationRights: { '': { write: false, read: false, hidden: true } },
    evaluationRights: { write: false, read: false },
    reportRights: { Verslag: { '': { write: false, read: false, hidden: true } } },
    adminRights: { purchase: false, metadata: false, rights: false },
  };
  const admin = { ...empty, name: 'Admin', adminRights: { purchase: false, metadata: false, rights: true } };
  it('counts a user whose only role grants nothing as without a right', () => {
    const problems = accessProblems({
      roles: [admin, empty],
      users: [
        { user: 'a@school.nl', roles: ['Admin'] },
        { user: 'b@school.nl', roles: ['Leeg'] },
      ],
    });
    expect(problems).toEqual([{ code: 'userWithoutRight', user: 'b@school.nl', index: 1 }]);
  });
  it('any single flag is enough', () => {
    const reader = {
      ...empty,
      name: 'Lezer',
      reportRights: { Verslag: { veld: { write: false, read: true, hidden: false } } },
    };
    expect(roleGrantsSomething(reader)).toBe(true);
    expect(roleGrantsSomething(empty)).toBe(false);
  });
});
