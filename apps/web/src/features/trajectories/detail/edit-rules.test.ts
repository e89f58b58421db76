import type { TrajectoryAccess, TrajectoryRole } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import {
  accessEditButton,
  headerChanges,
  headerDraftOf,
  headerProblems,
  mayEditTrajectory,
  mayUpdateBlueprint,
  saveState,
} from './edit-rules';

const role = (name: string, patch: Partial<TrajectoryRole> = {}): TrajectoryRole => ({
  name,
  informationRights: {},
  evaluationRights: { write: false, read: false },
  reportRights: {},
  adminRights: { purchase: false, metadata: false, rights: false },
  ...patch,
});

const access: TrajectoryAccess = {
  roles: [
    role('Docent', { adminRights: { purchase: false, metadata: true, rights: true } }),
    role('Student', { informationRights: { a: { write: true, read: true, hidden: false } } }),
    role('Lezer', { informationRights: { a: { write: false, read: true, hidden: false } } }),
  ],
  users: [
    { user: 'docent@example.com', roles: ['Docent'] },
    { user: 'student@example.com', roles: ['Student'] },
    { user: 'lezer@example.com', roles: ['Lezer'] },
  ],
};

describe('the header Edit button (spec part 1 §6, D12)', () => {
  it('shows with METADATA or RIGHTS from the server, even before the access list is loaded', () => {
    expect(mayEditTrajectory({ rights: ['READ', 'METADATA'], expired: false }, null, 'x@example.com')).toBe(
      true,
    );
    expect(mayEditTrajectory({ rights: ['READ', 'RIGHTS'], expired: false }, null, 'x@example.com')).toBe(
      true,
    );
  });
  it('shows for a role with a write right on a field', () => {
    expect(mayEditTrajectory({ rights: ['READ'], expired: false }, access, 'STUDENT@example.com')).toBe(true);
  });
  it('hides for a reader without any write right', () => {
    expect(mayEditTrajectory({ rights: ['READ'], expired: false }, access, 'lezer@example.com')).toBe(false);
    expect(mayEditTrajectory({ rights: ['READ'], expired: false }, null, 'student@example.com')).toBe(false);
  });
  it('never shows while expired', () => {
    expect(
      mayEditTrajectory(
        { rights: ['READ', 'METADATA', 'RIGHTS'], expired: true },
        access,
        'docent@example.com',
      ),
    ).toBe(false);
  });
});

describe('the access section Edit-access button (spec part 1 §5, D35)', () => {
  it('is absent without RIGHTS: the reader sees the access read-only', () => {
    expect(accessEditButton({ rights: ['READ'], expired: false }, access, 'student@example.com')).toBe(
      'absent',
    );
  });
  it('is enabled for a RIGHTS holder whose roles keep RIGHTS', () => {
    expect(
      accessEditButton({ rights: ['READ', 'RIGHTS'], expired: false }, access, 'docent@example.com'),
    ).toBe('enabled');
  });
  it('is disabled when the own roles would not keep RIGHTS, and while expired', () => {
    expect(
      accessEditButton({ rights: ['READ', 'RIGHTS'], expired: false }, access, 'lezer@example.com'),
    ).toBe('disabled');
    expect(
      accessEditButton({ rights: ['READ', 'RIGHTS'], expired: true }, access, 'docent@example.com'),
    ).toBe('disabled');
  });
});

describe('title and description (spec part 1 §5, D5)', () => {
  const stored = { name: 'BPV Sanne', description: 'Kort' };

  it('sends nothing when nothing changed, also after trimming', () => {
    expect(headerChanges(stored, headerDraftOf(stored))).toBeNull();
    expect(headerChanges(stored, { name: ' BPV Sanne ', description: 'Kort  ' })).toBeNull();
    expect(headerChanges({ name: 'A', description: null }, { name: 'A', description: '  ' })).toBeNull();
  });
  it('sends the trimmed title and description; an emptied description becomes null', () => {
    expect(headerChanges(stored, { name: ' Nieuw ', description: '' })).toEqual({
      name: 'Nieuw',
      description: null,
    });
  });
  it('refuses a blank or over-long title', () => {
    expect(headerProblems(stored, { name: '  ', description: '' }).name).toBe('required');
    expect(headerProblems(stored, { name: 'x'.repeat(256), description: '' }).name).toBe('tooLong');
    expect(headerProblems(stored, { name: 'x'.repeat(255), description: '' })).toEqual({});
  });
  it('keeps a longer stored description but refuses a changed one over 255 (D5)', () => {
    const long = { name: 'A', description: 'y'.repeat(900) };
    expect(headerProblems(long, headerDraftOf(long))).toEqual({});
    expect(headerProblems(long, { name: 'A', description: `${'y'.repeat(900)}!` }).description).toBe(
      'tooLong',
    );
    expect(headerProblems(stored, { name: 'A', description: 'z'.repeat(255) })).toEqual({});
    expect(headerProblems(stored, { name: 'A', description: 'z'.repeat(256) }).description).toBe('tooLong');
  });
});

describe('Save is possible only when something changed and everything is valid (spec part 1 §4)', () => {
  it('is off with no changes', () => {
    expect(saveState([{ dirty: false, valid: true }, null])).toEqual({ dirty: false, canSave: false });
  });
  it('is on with a valid change in the header or the section', () => {
    expect(saveState([{ dirty: true, valid: true }, null]).canSave).toBe(true);
    expect(
      saveState([
        { dirty: false, valid: true },
        { dirty: true, valid: true },
      ]).canSave,
    ).toBe(true);
  });
  it('is off while any part is invalid', () => {
    expect(
      saveState([
        { dirty: true, valid: true },
        { dirty: false, valid: false },
      ]),
    ).toEqual({
      dirty: true,
      canSave: false,
    });
    expect(
      saveState([
        { dirty: true, valid: false },
        { dirty: true, valid: true },
      ]).canSave,
    ).toBe(false);
  });
});

describe('the blueprint update button (D10)', () => {
  const trajectory = {
    rights: ['READ', 'METADATA'] as const,
    blueprintVersion: 2,
    latestBlueprintVersion: 3,
  };
  it('is enabled only while editing, with METADATA, when the versions differ', () => {
    expect(mayUpdateBlueprint({ ...trajectory, rights: [...trajectory.rights] }, true)).toBe(true);
    expect(mayUpdateBlueprint({ ...trajectory, rights: [...trajectory.rights] }, false)).toBe(false);
    expect(mayUpdateBlueprint({ ...trajectory, rights: ['READ'] }, true)).toBe(false);
    expect(mayUpdateBlueprint({ ...trajectory, rights: ['METADATA'], latestBlueprintVersion: 2 }, true)).toBe(
      false,
    );
    expect(
      mayUpdateBlueprint({ ...trajectory, rights: ['METADATA'], latestBlueprintVersion: null }, true),
    ).toBe(false);
  });
});
