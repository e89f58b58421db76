import type { Field, TrajectoryAccess, TrajectoryRole } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import { formRights, readableFields, rolesReadInformation } from './form-rights';

const f = (uuid: string, type: Field['type'], extra: Record<string, unknown> = {}) =>
  ({ uuid, name: uuid, type, required: false, ...extra }) as unknown as Field;

const fields = [
  f('naam', 'text'),
  f('foto', 'image'),
  f('g', 'group', { collapsed: false, children: [f('tel', 'text')] }),
];

const role = (name: string, informationRights: TrajectoryRole['informationRights']): TrajectoryRole => ({
  name,
  informationRights,
  evaluationRights: { write: false, read: false },
  reportRights: {},
  adminRights: { purchase: false, metadata: false, rights: false },
});

const access: TrajectoryAccess = {
  roles: [
    role('Student', {
      '': { write: false, read: true, hidden: false },
      foto: { write: true, read: true, hidden: false },
    }),
    role('Gast', { g: { write: false, read: true, hidden: false } }),
  ],
  users: [
    { user: 'student@example.com', roles: ['Student'] },
    { user: 'gast@example.com', roles: ['Gast'] },
  ],
};

describe('formRights (spec part 1 §6)', () => {
  it('gives write only where a role grants it, read inherited from the root', () => {
    const rights = formRights(fields, access, 'Student@Example.com');
    expect(rights.get('naam')).toMatchObject({ read: true, write: false });
    expect(rights.get('foto')).toMatchObject({ read: true, write: true });
    expect(rights.get('tel')).toMatchObject({ read: true, write: false });
  });

  it('shows a group and its children only with read', () => {
    const rights = formRights(fields, access, 'gast@example.com');
    expect(readableFields(fields, rights).map((field) => field.uuid)).toEqual(['g']);
    expect(rolesReadInformation(access, 'gast@example.com')).toBe(true);
    expect(rolesReadInformation(access, 'niemand@example.com')).toBe(false);
  });
});
