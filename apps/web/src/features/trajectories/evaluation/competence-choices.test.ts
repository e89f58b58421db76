import { describe, expect, it } from 'vitest';
import { competenceChoices } from './competence-choices';

const competence = (uuid: string, name: string) => ({
  type: 'competence' as const,
  uuid,
  name,
  info: '',
  labels: [],
  properties: {},
  latestProperties: null,
});

describe('competenceChoices', () => {
  it('lists every competence in tree order, named with the clusters above it', () => {
    const criteria = [
      {
        type: 'cluster' as const,
        uuid: 'k',
        name: 'Zorg',
        info: '',
        labels: [],
        subsections: [
          {
            type: 'cluster' as const,
            uuid: 'k1',
            name: 'Zorgplan',
            info: '',
            labels: [],
            subsections: [competence('c1', 'Inventariseert'), competence('c2', 'Stelt op')],
          },
        ],
      },
      competence('c3', 'Los'),
    ];
    expect(competenceChoices(criteria)).toEqual([
      { value: 'c1', label: 'Zorg › Zorgplan › Inventariseert' },
      { value: 'c2', label: 'Zorg › Zorgplan › Stelt op' },
      { value: 'c3', label: 'Los' },
    ]);
  });

  it('puts each code before its name (D56), so the picker finds a competence by its code', () => {
    const criteria = [
      {
        type: 'cluster' as const,
        uuid: 'b1',
        code: 'B1',
        name: 'Basisdeel',
        info: '',
        labels: [],
        subsections: [
          {
            type: 'cluster' as const,
            uuid: 'k1',
            code: 'B1-K1',
            name: 'Bereidt werk voor',
            info: '',
            labels: [],
            subsections: [{ ...competence('w1', 'Stelt een werkplanning op'), code: 'B1-K1-W1' }],
          },
        ],
      },
    ];
    const [choice] = competenceChoices(criteria);
    expect(choice).toEqual({
      value: 'w1',
      label: 'B1 Basisdeel › B1-K1 Bereidt werk voor › B1-K1-W1 Stelt een werkplanning op',
    });
    expect(choice?.label.toLowerCase()).toContain('b1-k1-w1');
  });

  it('offers nothing for an empty tree', () => {
    expect(competenceChoices([])).toEqual([]);
  });
});
