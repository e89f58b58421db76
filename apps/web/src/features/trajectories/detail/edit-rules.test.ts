import type { TrajectoryAbilities, TrajectoryAccess, TrajectoryRole } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import {
  accessEditButton,
  headerChanges,
  headerDraftOf,
  headerProblems,
  mayUpdateBlueprint,
  saveState,
} from './edit-rules';

/** What the server sends with a trajectory: nothing allowed but what is named. */
const abilities = (allowed: Partial<TrajectoryAbilities> = {}): TrajectoryAbilities => ({
  edit: false,
  updateMetadata: false,
  updateActiveUntil: false,
  updateAccess: false,
  updateBlueprint: false,
  delete: false,
  readInformation: false,
  readEvaluation: false,
  writeEvaluation: false,
  agreeScore: false,
  readReports: false,
  inviteMentor: false,
  progressReport: false,
  ...allowed,
});

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

describe('the access section Edit-access button (spec part 1 §5, D35)', () => {
  const holder = { rights: ['READ', 'RIGHTS'] as const, abilities: abilities({ updateAccess: true }) };
  it('is absent without RIGHTS: the reader sees the access read-only', () => {
    expect(
      accessEditButton({ rights: ['READ'], abilities: abilities() }, access, 'student@example.com'),
    ).toBe('absent');
  });
  it('is enabled for a RIGHTS holder the server lets change the access, whose roles keep RIGHTS', () => {
    expect(accessEditButton({ ...holder, rights: [...holder.rights] }, access, 'docent@example.com')).toBe(
      'enabled',
    );
  });
  it('is disabled when the own roles would not keep RIGHTS', () => {
    expect(accessEditButton({ ...holder, rights: [...holder.rights] }, access, 'lezer@example.com')).toBe(
      'disabled',
    );
  });
  it('is disabled while the server refuses the change (expired, D12), whatever the list says', () => {
    expect(
      accessEditButton({ rights: ['READ', 'RIGHTS'], abilities: abilities() }, access, 'docent@example.com'),
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
    abilities: abilities({ updateBlueprint: true }),
    blueprintVersion: 2,
    latestBlueprintVersion: 3,
  };
  it('is enabled only while editing, when the server allows the move, when the versions differ', () => {
    expect(mayUpdateBlueprint(trajectory, true)).toBe(true);
    expect(mayUpdateBlueprint(trajectory, false)).toBe(false);
    expect(mayUpdateBlueprint({ ...trajectory, abilities: abilities() }, true)).toBe(false);
    expect(mayUpdateBlueprint({ ...trajectory, latestBlueprintVersion: 2 }, true)).toBe(false);
    expect(mayUpdateBlueprint({ ...trajectory, latestBlueprintVersion: null }, true)).toBe(false);
  });
});
