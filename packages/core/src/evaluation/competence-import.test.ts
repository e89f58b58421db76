import { describe, expect, it } from 'vitest';
import { zCompetence } from '../contract/blueprints.ts';
import { competencesFromRows } from './competence-import.ts';

function uuids() {
  let next = 0;
  return () => `c${++next}`;
}

function shape(list: { description: string; subcompetences: unknown[] }[]): unknown[] {
  return list.map((competence) => [
    competence.description,
    ...shape(competence.subcompetences as { description: string; subcompetences: unknown[] }[]),
  ]);
}

describe('competence import (spec part 2 §5)', () => {
  it('rows with outline number and name build a nested list', () => {
    const { competences, skipped } = competencesFromRows(
      [
        ['Nummer', 'Naam'],
        ['1', 'Communiceren'],
        ['1.1', 'Luisteren'],
        ['1.1.1', 'Doorvragen'],
        ['1.2', 'Presenteren'],
        ['2.', 'Samenwerken'],
        [2.1, 'Afspraken nakomen'],
      ],
      uuids(),
    );
    expect(skipped).toEqual([0]);
    expect(shape(competences)).toEqual([
      ['Communiceren', ['Luisteren', ['Doorvragen']], ['Presenteren']],
      ['Samenwerken', ['Afspraken nakomen']],
    ]);
    expect(competences[0]).toMatchObject({ uuid: 'c1', labels: [], info: '' });
  });

  it.each([
    ['rows whose parent level is missing are skipped', [['2.1', 'Orphan']], [0]],
    [
      'a child of a skipped row is skipped too',
      [
        ['3.1', 'Orphan'],
        ['3.1.1', 'Orphan child'],
      ],
      [0, 1],
    ],
    ['rows without a name are skipped', [['1', '  ']], [0]],
    [
      'rows without a valid number are skipped',
      [
        ['a', 'x'],
        ['1..2', 'y'],
        [null, 'z'],
      ],
      [0, 1, 2],
    ],
    [
      'a number used twice keeps the first',
      [
        ['1', 'A'],
        ['1', 'B'],
      ],
      [1],
    ],
  ])('%s', (_name, rows, skipped) => {
    expect(competencesFromRows(rows, uuids()).skipped).toEqual(skipped);
  });

  it('the info column is stored empty when it has no visible text', () => {
    const { competences } = competencesFromRows([['1', 'A', '<p><br></p>']], uuids());
    expect(competences[0]?.info).toBe('');
    expect(zCompetence.parse({ uuid: 'u', description: 'd', info: '<p>&nbsp;</p>' }).info).toBe('');
    expect(zCompetence.parse({ uuid: 'u', description: 'd', info: '<p>Tekst</p>' }).info).toBe(
      '<p>Tekst</p>',
    );
  });
});
