import { defaultAdminRole, type TrajectoryRole } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import { creationAccess, creationInformation, idFromLocation, titleDescriptionProblems } from './creation';

const docent = defaultAdminRole([], 'Docent');
const student: TrajectoryRole = {
  name: 'Student',
  informationRights: { '': { write: false, read: true, hidden: false } },
  evaluationRights: { write: false, read: true },
  reportRights: {},
  adminRights: { purchase: false, metadata: false, rights: false },
};

describe('creationAccess (spec part 1 §5)', () => {
  it('gives the creator the blueprint roles that grant RIGHTS, beside the blueprint default users', () => {
    const result = creationAccess(
      { roles: [docent, student], users: [{ user: 'Mentor@School.nl', roles: ['Student'] }] },
      'Eigenaar@Demo.nl',
    );
    expect(result).toEqual({
      ok: true,
      creatorRoles: ['Docent'],
      access: {
        roles: [docent, student],
        users: [
          { user: 'eigenaar@demo.nl', roles: ['Docent'] },
          { user: 'mentor@school.nl', roles: ['Student'] },
        ],
      },
    });
  });

  it('keeps the roles a blueprint already gives the creator, once', () => {
    const result = creationAccess(
      { roles: [docent, student], users: [{ user: 'eigenaar@demo.nl', roles: ['Student', 'Docent'] }] },
      'eigenaar@demo.nl',
    );
    expect(result.ok && result.access.users).toEqual([
      { user: 'eigenaar@demo.nl', roles: ['Student', 'Docent'] },
    ]);
  });

  it('refuses a blueprint without a role that grants RIGHTS: principalRequiredRights', () => {
    expect(creationAccess({ roles: [student], users: [] }, 'a@b.nl')).toEqual({
      ok: false,
      problem: 'principalRequiredRights',
    });
    expect(creationAccess({ roles: [], users: [] }, 'a@b.nl').ok).toBe(false);
  });

  it('does not share role objects with the blueprint it read', () => {
    const result = creationAccess({ roles: [docent], users: [] }, 'a@b.nl');
    expect(result.ok && result.access.roles[0]).not.toBe(docent);
  });
});

describe('creationInformation (D14, D40)', () => {
  it('sends every column as it is and leaves out prototype names', () => {
    expect(creationInformation({ Naam: 'Sanne', 'Klas/groep': 'VIG3A', __proto__x: 'ok' })).toEqual({
      Naam: 'Sanne',
      'Klas/groep': 'VIG3A',
      __proto__x: 'ok',
    });
    const hostile = JSON.parse('{"__proto__": "x", "constructor": "y", "Klas": "A"}');
    const sent = creationInformation(hostile);
    expect(Object.keys(sent)).toEqual(['Klas']);
    expect(Object.getPrototypeOf(sent)).toBe(Object.prototype);
  });
});

describe('idFromLocation', () => {
  it('reads the last path segment of the Location header', () => {
    expect(idFromLocation('/api/v2/trajectories/42')).toBe(42);
    expect(idFromLocation('http://x/api/v2/trajectories/7/')).toBe(7);
    expect(idFromLocation(null)).toBeNull();
    expect(idFromLocation('/api/v2/trajectories/abc')).toBeNull();
  });
});

describe('titleDescriptionProblems (spec part 1 §5)', () => {
  it('needs a non-blank title of at most 255 and a description of at most 1000 characters', () => {
    expect(titleDescriptionProblems('  ', '')).toEqual({ name: 'required', description: null });
    expect(titleDescriptionProblems('x'.repeat(255), 'y'.repeat(1000))).toEqual({
      name: null,
      description: null,
    });
    expect(titleDescriptionProblems('x'.repeat(256), 'y'.repeat(1001))).toEqual({
      name: 'tooLong',
      description: 'tooLong',
    });
  });
});
