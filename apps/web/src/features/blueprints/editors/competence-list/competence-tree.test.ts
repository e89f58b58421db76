import { describe, expect, it } from 'vitest';
import { criteriaCount } from '../../../../components/competence/criteria-list';
import { newCompetence, shownCriteria, withCode } from './competence-tree';

describe('a competence’s code and criteria in the editor (D56)', () => {
  it('sets a code trimmed, and a blank one takes it away', () => {
    const node = newCompetence('Stelt een werkplanning op', 'w1');
    expect(withCode(node, '  B1-K1-W1 ')).toEqual({ ...node, code: 'B1-K1-W1' });
    expect(withCode({ ...node, code: 'B1-K1-W1' }, '   ')).toEqual(node);
    expect('code' in withCode({ ...node, code: 'X' }, '')).toBe(false);
  });

  it('shows the criteria by their description, nested as in the framework, and counts them all', () => {
    const shown = shownCriteria([
      {
        uuid: 'k1',
        code: 'B1-K1-W1-1',
        description: 'Vraagt door',
        criteria: [{ uuid: 'k1a', description: 'Vat samen' }],
      },
      { uuid: 'k2', description: 'Legt vast' },
    ]);
    expect(shown).toEqual([
      {
        uuid: 'k1',
        code: 'B1-K1-W1-1',
        name: 'Vraagt door',
        criteria: [{ uuid: 'k1a', code: undefined, name: 'Vat samen' }],
      },
      { uuid: 'k2', code: undefined, name: 'Legt vast' },
    ]);
    expect(criteriaCount(shown)).toBe(3);
  });
});
