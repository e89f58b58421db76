import { describe, expect, it } from 'vitest';
import { missingRuleRole, scoreRuleOfKind } from './score-rule';

const roles = ['Docent', 'Praktijkopleider', 'Student'];

describe('the score rule in the trajectory blueprint editor (issue 23)', () => {
  it('stores the default as nothing, agreed as itself, and a role rule with a role of the blueprint', () => {
    expect(scoreRuleOfKind('latest', roles, { kind: 'agreed' })).toBeUndefined();
    expect(scoreRuleOfKind('agreed', roles, undefined)).toEqual({ kind: 'agreed' });
    expect(scoreRuleOfKind('role', roles, undefined)).toEqual({ kind: 'role', role: 'Docent' });
    expect(scoreRuleOfKind('role', roles, { kind: 'role', role: 'Student' })).toEqual({
      kind: 'role',
      role: 'Student',
    });
    expect(scoreRuleOfKind('role', roles, { kind: 'role', role: 'Ouder' })).toEqual({
      kind: 'role',
      role: 'Docent',
    });
  });

  it('names a role rule whose role the blueprint no longer has', () => {
    expect(missingRuleRole({ kind: 'role', role: 'Ouder' }, roles)).toBe('Ouder');
    expect(missingRuleRole({ kind: 'role', role: 'Docent' }, roles)).toBeNull();
    expect(missingRuleRole({ kind: 'agreed' }, roles)).toBeNull();
    expect(missingRuleRole(undefined, [])).toBeNull();
  });
});
