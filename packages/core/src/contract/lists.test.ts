import { describe, expect, it } from 'vitest';
import { sectionNumbers } from '../evaluation/criteria-tree.ts';
import { cluster, competence } from '../evaluation/test-data.ts';
import { blueprintFilterStorageKey, isCompanyDomainUser, matchesBlueprintFilter } from './blueprints.ts';
import { canChangeMember } from './organisation-users.ts';
import { reportBlueprintAddProblem } from './reports.ts';

describe('blueprint list filter: type, name and description (spec part 2 §2)', () => {
  const item = { type: 'REPORT', name: 'Intake gesprek', description: 'Eerste week' } as const;
  it.each([
    [{}, true],
    [{ type: 'REPORT' }, true],
    [{ type: 'EXTRACT' }, false],
    [{ name: 'INTAKE' }, true],
    [{ name: 'exit' }, false],
    [{ description: 'week' }, true],
    [{ type: null, name: ' ', description: '' }, true],
  ] as const)('%j → %s', (filter, matches) => {
    expect(matchesBlueprintFilter(item, filter)).toBe(matches);
  });
  it('the filter is persisted per user and organisation', () => {
    expect(blueprintFilterStorageKey(1, 2)).not.toBe(blueprintFilterStorageKey(1, 3));
  });
  it.each([
    ['me@provider.nl', 'provider.nl', true],
    ['Me@Provider.NL', '@provider.nl', true],
    ['me@other.nl', 'provider.nl', false],
    ['me@sub.provider.nl', 'provider.nl', false],
    ['me@provider.nl', '', false],
  ])('library features only for company-domain users: %s in %j → %s', (email, domain, ok) => {
    expect(isCompanyDomainUser(email, domain)).toBe(ok);
  });
});

describe('report blueprints in a trajectory blueprint (spec part 2 §5)', () => {
  it.each([
    ['Add only after a blueprint is chosen', 'Exit', false, 'blueprintRequired'],
    ['a unique non-blank name', 'Exit', true, null],
    ['a blank name', '  ', true, 'required'],
    ['a name already in the list', 'intake', true, 'duplicate'],
  ])('%s', (_rule, name, chosen, problem) => {
    expect(reportBlueprintAddProblem(name, ['Intake'], chosen)).toBe(problem);
  });
});

describe('organisation members (spec part 2 §6)', () => {
  it("a member's role can be changed and a member deleted, except the current user's own row", () => {
    expect(canChangeMember({ id: 2 }, 1)).toBe(true);
    expect(canChangeMember({ id: 1 }, 1)).toBe(false);
  });
});

describe('extract sections are numbered per level (spec part 2 §9)', () => {
  it('1, 1.1, 1.1.1', () => {
    const criteria = [
      cluster('a', [cluster('b', [competence('c'), competence('d')])]),
      cluster('e', [competence('f')]),
    ];
    expect(Object.fromEntries(sectionNumbers(criteria))).toEqual({
      a: '1',
      b: '1.1',
      c: '1.1.1',
      d: '1.1.2',
      e: '2',
      f: '2.1',
    });
  });
});
