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

  it('offers nothing for an empty tree', () => {
    expect(competenceChoices([])).toEqual([]);
  });
});
