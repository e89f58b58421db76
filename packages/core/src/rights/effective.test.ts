import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TrajectoryRole } from '../contract/access.ts';
import type { Field } from '../contract/fields.ts';
import { zField } from '../contract/fields.ts';
import { effectiveRights, effectiveRightsOf, mergeRoles, userRoles } from './effective.ts';
import { informationFieldAccess, reportFieldAccess } from './field-access.ts';
import { role } from './test-roles.ts';

const flags = fc.record({ write: fc.boolean(), read: fc.boolean(), hidden: fc.boolean() });
const keys = fc.constantFrom('', 'a', 'b', 'g', 'c', 'constructor');
const arbRole: fc.Arbitrary<TrajectoryRole> = fc.record({
  name: fc.constantFrom('r1', 'r2', 'r3'),
  informationRights: fc.dictionary(keys, flags),
  evaluationRights: fc.record({ write: fc.boolean(), read: fc.boolean() }),
  reportRights: fc.dictionary(
    fc.constantFrom('Report A', 'Report B'),
    fc.dictionary(
      keys,
      fc.record({ admin: fc.boolean(), write: fc.boolean(), read: fc.boolean(), hidden: fc.boolean() }),
    ),
  ),
  adminRights: fc.record({ purchase: fc.boolean(), metadata: fc.boolean(), rights: fc.boolean() }),
});

const tree: Field[] = [
  zField.parse({ uuid: 'a#label', name: 'A', type: 'text' }),
  zField.parse({
    uuid: 'g',
    name: 'G',
    type: 'group',
    children: [
      { uuid: 'b', name: 'B', type: 'integer' },
      { uuid: 'x', name: 'X', type: 'group', children: [{ uuid: 'c', name: 'C', type: 'url' }] },
    ],
  }),
  zField.parse({ uuid: 'constructor', name: 'K', type: 'boolean' }),
];

describe('merging roles (OR)', () => {
  it('merging a role never removes a right', () => {
    fc.assert(
      fc.property(fc.array(arbRole, { maxLength: 3 }), arbRole, (roles, extra) => {
        const before = effectiveRights(roles);
        const after = effectiveRights([...roles, extra]);
        for (const flag of ['write', 'read'] as const)
          if (before.evaluation[flag]) expect(after.evaluation[flag]).toBe(true);
        for (const flag of ['purchase', 'metadata', 'rights'] as const)
          if (before.admin[flag]) expect(after.admin[flag]).toBe(true);
        const infoBefore = informationFieldAccess(tree, roles);
        const infoAfter = informationFieldAccess(tree, [...roles, extra]);
        const reportBefore = reportFieldAccess(tree, roles, 'Report A');
        const reportAfter = reportFieldAccess(tree, [...roles, extra], 'Report A');
        for (const [field, access] of infoBefore) {
          if (access.read) expect(infoAfter.get(field)?.read).toBe(true);
          if (access.write) expect(infoAfter.get(field)?.write).toBe(true);
        }
        for (const [field, access] of reportBefore) {
          if (access.read) expect(reportAfter.get(field)?.read).toBe(true);
          if (access.write) expect(reportAfter.get(field)?.write).toBe(true);
        }
        const merged = mergeRoles([...roles, extra]);
        const own = <T>(map: Record<string, T> | undefined, key: string) =>
          map && Object.hasOwn(map, key) ? map[key] : undefined;
        for (const input of [...roles, extra]) {
          for (const [key, rights] of Object.entries(input.informationRights)) {
            const m = own(merged.informationRights, key);
            for (const flag of ['write', 'read', 'hidden'] as const)
              if (rights[flag]) expect(m?.[flag]).toBe(true);
          }
          for (const [report, entries] of Object.entries(input.reportRights)) {
            for (const [key, rights] of Object.entries(entries)) {
              const m = own(own(merged.reportRights, report), key);
              for (const flag of ['admin', 'write', 'read', 'hidden'] as const)
                if (rights[flag]) expect(m?.[flag]).toBe(true);
            }
          }
          for (const flag of ['write', 'read'] as const)
            if (input.evaluationRights[flag]) expect(merged.evaluationRights[flag]).toBe(true);
          for (const flag of ['purchase', 'metadata', 'rights'] as const)
            if (input.adminRights[flag]) expect(merged.adminRights[flag]).toBe(true);
        }
      }),
    );
  });
  it('a user’s roles are found by e-mail, case-insensitively; unknown role names are ignored', () => {
    const access = {
      roles: [
        role({ name: 'a', evaluationRights: { read: true } }),
        role({ name: 'b', adminRights: { purchase: true } }),
      ],
      users: [{ user: 'me@x.nl', roles: ['a', 'b', 'ghost'] }],
    };
    expect(userRoles(access, 'ME@x.nl').map((r) => r.name)).toEqual(['a', 'b']);
    const rights = effectiveRightsOf(access, 'me@x.nl');
    expect(rights.evaluation).toEqual({ write: false, read: true });
    expect(rights.admin).toEqual({ purchase: true, metadata: false, rights: false });
    expect(effectiveRightsOf(access, 'other@x.nl').roles).toEqual([]);
  });
});
