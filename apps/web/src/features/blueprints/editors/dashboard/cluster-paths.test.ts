import type { Competence } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import { clusterChoices, clusterNames } from './cluster-paths';

const node = (uuid: string, description: string, subcompetences: Competence[] = []): Competence => ({
  uuid,
  description,
  labels: [],
  info: '',
  subcompetences,
});
const tree = [
  node('k1', 'Kerntaak 1', [
    node('s1', 'Zorgplan', [node('c1', 'Inventariseert')]),
    node('s2', 'Zorg verlenen'),
  ]),
  node('k2', 'Beroepshouding'),
];

describe('cluster paths (D20)', () => {
  it('offers clusters and sub-clusters as uuid paths with names, never competences', () => {
    expect(clusterChoices(tree)).toEqual([
      { value: 'k1', names: ['Kerntaak 1'] },
      { value: 'k1.s1', names: ['Kerntaak 1', 'Zorgplan'] },
      { value: 'k1.s2', names: ['Kerntaak 1', 'Zorg verlenen'] },
      { value: 'k2', names: ['Beroepshouding'] },
    ]);
  });

  it('shows the names of a stored path, or null when the tree does not hold it', () => {
    expect(clusterNames(tree, 'k1.s2')).toEqual(['Kerntaak 1', 'Zorg verlenen']);
    expect(clusterNames(tree, 'k2.s1')).toBeNull();
  });
});
