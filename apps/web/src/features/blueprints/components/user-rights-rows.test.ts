import { describe, expect, it } from 'vitest';
import {
  addRow,
  isOwnRow,
  levelOf,
  newUserProblem,
  rightsFromRows,
  rowProblems,
  rowsFromRights,
  sameRows,
} from './user-rights-rows';

describe('blueprint user rights rows (spec part 2 §5)', () => {
  const saved = rowsFromRights([
    { user: 'Eigenaar@School.nl', rights: ['ADMIN', 'WRITE', 'READ'] },
    { user: 'docent@school.nl', rights: ['READ'] },
  ]);

  it('shows the highest right as the level, e-mails lower-cased', () => {
    expect(saved).toEqual([
      { user: 'eigenaar@school.nl', level: 'ADMIN' },
      { user: 'docent@school.nl', level: 'READ' },
    ]);
    expect(levelOf(['WRITE', 'READ'])).toBe('WRITE');
    expect(levelOf([])).toBeNull();
  });

  it('stores a level as its closed set of rights (admin ⇒ write ⇒ read)', () => {
    expect(
      rightsFromRows([
        { user: ' A@B.nl ', level: 'ADMIN' },
        { user: 'c@d.nl', level: 'WRITE' },
      ]),
    ).toEqual([
      { user: 'a@b.nl', rights: ['ADMIN', 'WRITE', 'READ'] },
      { user: 'c@d.nl', rights: ['WRITE', 'READ'] },
    ]);
  });

  it('adds a valid new e-mail, lower-cased, with READ; refuses invalid and duplicate ones', () => {
    expect(addRow(saved, ' Nieuw@School.NL ').at(-1)).toEqual({ user: 'nieuw@school.nl', level: 'READ' });
    expect(newUserProblem('geen-adres', saved)).toBe('invalidEmail');
    expect(newUserProblem('DOCENT@school.nl', saved)).toBe('duplicateUser');
    expect(addRow(saved, 'DOCENT@school.nl')).toEqual(saved);
  });

  it('names the problems: noAdmin, userWithoutRight, duplicateUser, invalidEmail', () => {
    expect(rowProblems(saved)).toEqual([]);
    expect(rowProblems([{ user: 'a@b.nl', level: 'READ' }]).map((problem) => problem.code)).toEqual([
      'noAdmin',
    ]);
    expect(
      rowProblems([
        { user: 'a@b.nl', level: 'ADMIN' },
        { user: 'c@d.nl', level: null },
        { user: 'A@b.nl', level: 'READ' },
        { user: 'x', level: 'READ' },
      ]).map((problem) => problem.code),
    ).toEqual(['userWithoutRight', 'duplicateUser', 'invalidEmail']);
  });

  it('knows the own row and whether anything changed', () => {
    expect(isOwnRow({ user: 'eigenaar@school.nl', level: 'ADMIN' }, 'Eigenaar@School.nl')).toBe(true);
    expect(sameRows(saved, [...saved])).toBe(true);
    expect(sameRows(saved, [saved[0]!, { user: 'docent@school.nl', level: 'WRITE' }])).toBe(false);
  });
});
