import { defaultAdminRole, type TrajectoryRole } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import { type AccessDocument, emptyRole, losesOwnRightsAdmin, problemsByUser } from './access-change';

const admin = defaultAdminRole([], 'Admin');
const student: TrajectoryRole = { ...emptyRole('Student'), evaluationRights: { write: false, read: true } };
const ME = 'ik@school.nl';

const access = (users: AccessDocument['users']): AccessDocument => ({ roles: [admin, student], users });

describe('losesOwnRightsAdmin (canNotRevokeRight)', () => {
  const mine = access([{ user: ME, roles: ['Admin'] }]);

  it('refuses turning off the rights flag of the own admin role', () => {
    expect(
      losesOwnRightsAdmin(
        mine,
        (draft) => {
          const role = draft.roles.find((entry) => entry.name === 'Admin');
          if (role) role.adminRights.rights = false;
        },
        'IK@school.nl',
      ),
    ).toBe(true);
  });

  it('refuses deleting the own admin role', () => {
    expect(
      losesOwnRightsAdmin(
        mine,
        (draft) => {
          draft.roles = draft.roles.filter((entry) => entry.name !== 'Admin');
        },
        ME,
      ),
    ).toBe(true);
  });

  it('lets through changes that keep the right, and any change of a user who holds none here', () => {
    expect(
      losesOwnRightsAdmin(
        mine,
        (draft) => {
          draft.users.push({ user: 'student@school.nl', roles: ['Student'] });
        },
        ME,
      ),
    ).toBe(false);
    expect(
      losesOwnRightsAdmin(
        access([]),
        (draft) => {
          draft.roles = [];
        },
        ME,
      ),
    ).toBe(false);
  });

  it('does not change the input', () => {
    losesOwnRightsAdmin(
      mine,
      (draft) => {
        draft.users = [];
      },
      ME,
    );
    expect(mine.users).toHaveLength(1);
  });
});

describe('emptyRole', () => {
  it('grants nothing and trims the name', () => {
    expect(emptyRole('  Mentor ')).toEqual({
      name: 'Mentor',
      informationRights: {},
      evaluationRights: { write: false, read: false },
      reportRights: {},
      adminRights: { purchase: false, metadata: false, rights: false },
    });
  });
});

describe('problemsByUser', () => {
  it('groups core access problems per user row, noAdmin apart', () => {
    const { general, byIndex } = problemsByUser(
      access([
        { user: 'a@school.nl', roles: ['Student'] },
        { user: 'a@school.nl', roles: [] },
      ]),
    );
    expect(general.map((problem) => problem.code)).toEqual(['noAdmin']);
    expect(byIndex.get(0)).toBeUndefined();
    expect(byIndex.get(1)?.map((problem) => problem.code)).toEqual(['duplicateUser', 'userWithoutRight']);
  });

  it('is empty for a valid list', () => {
    const { general, byIndex } = problemsByUser(access([{ user: ME, roles: ['Admin'] }]));
    expect(general).toEqual([]);
    expect(byIndex.size).toBe(0);
  });
});
