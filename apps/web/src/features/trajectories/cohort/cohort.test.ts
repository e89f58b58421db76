import type { CohortCluster, CohortGridView, CohortRowView } from '@groeipad/core';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../../public/locales/en.json';
import nl from '../../../../public/locales/nl.json';
import { cellText, cellView, exportedScore, withSavedCell } from './cell-view';
import { choiceIn, chosenGroups, columnOptions, columnsOf, optionValue } from './cohort-columns';
import { cohortSheets, exportFileName } from './cohort-export';
import { cohortLink, cohortSourceOf, tooManyForGrid } from './cohort-source';
import { clampPosition, moveInGrid } from './grid-navigation';

const i18n = i18next.createInstance();
beforeAll(() =>
  i18n.init({
    lng: 'nl',
    resources: { nl: { translation: nl }, en: { translation: en } },
    interpolation: { escapeValue: false },
  }),
);

const tree: CohortCluster[] = [
  {
    uuid: 'zorg',
    name: 'Zorg',
    subClusters: [
      {
        uuid: 'plan',
        name: 'Zorgplan',
        competences: [
          { uuid: 'c1', name: 'Inventariseert' },
          { uuid: 'c2', name: 'Stelt op' },
        ],
      },
      { uuid: 'uitvoering', name: 'Uitvoering', competences: [{ uuid: 'c4', name: 'Voert uit' }] },
    ],
  },
  {
    uuid: 'comm',
    name: 'Communicatie',
    subClusters: [
      { uuid: 'gesprek', name: 'Gesprekken', competences: [{ uuid: 'c3', name: 'Voert een gesprek' }] },
    ],
  },
];

const scale = {
  minScore: 1,
  maxScore: 4,
  scoreNames: ['Onvoldoende', 'Matig', 'Voldoende', 'Goed'],
  scoreColours: ['#d32f2f', '#f57c00', '#fbc02d', '#388e3c'],
  scoreInfo: [],
};

const anna: CohortRowView = {
  id: 7,
  name: 'Anna',
  expired: false,
  evaluation: {
    version: 3,
    canScore: true,
    scale,
    cells: {
      c1: { path: [0, 0, 0], latest: { score: '3', date: '06/05/2025', remarks: 'Goed bezig' } },
      c2: { path: [0, 0, 1], latest: { score: '0' } },
    },
  },
};
const bram: CohortRowView = {
  ...anna,
  id: 8,
  name: 'Bram',
  expired: true,
  evaluation: { ...anna.evaluation!, canScore: false },
};
const cas: CohortRowView = { id: 9, name: 'Cas', expired: false, evaluation: null };

describe('cohortSourceOf and cohortLink', () => {
  it('reads ids, or a group of the group-by, from the address', () => {
    expect(cohortSourceOf(new URLSearchParams('ids=3,1,x,3,0,-2'))).toEqual({ kind: 'ids', ids: [3, 1] });
    expect(cohortSourceOf(new URLSearchParams('groupBy=Klas'))).toEqual({
      kind: 'group',
      key: 'Klas',
      value: undefined,
    });
    expect(cohortSourceOf(new URLSearchParams('groupBy=Klas&group=3A'))).toMatchObject({ value: '3A' });
    expect(cohortSourceOf(new URLSearchParams('groupBy=Klas&group='))).toMatchObject({ value: null });
    expect(cohortSourceOf(new URLSearchParams('ids=&groupBy= '))).toEqual({ kind: 'none' });
  });

  it('opens the selection, else the group-by, else the rows shown; never much more than a grid shows', () => {
    expect(cohortLink({ selected: [4, 2], groupBy: 'Klas', shown: [1, 2, 3, 4] })).toBe(
      '/trajectories/cohort?ids=4,2',
    );
    expect(cohortLink({ selected: [], groupBy: 'Klas 3', shown: [1] })).toBe(
      '/trajectories/cohort?groupBy=Klas+3',
    );
    expect(cohortLink({ selected: [], groupBy: null, shown: [1, 2] })).toBe('/trajectories/cohort?ids=1,2');
    const many = Array.from({ length: 500 }, (_, index) => index + 1);
    const ids = cohortSourceOf(
      new URLSearchParams(cohortLink({ selected: [], groupBy: null, shown: many }).split('?')[1]),
    );
    expect(ids.kind === 'ids' && ids.ids.length).toBe(201);
    expect(ids.kind === 'ids' && tooManyForGrid(ids.ids)).toBe(true);
    expect(tooManyForGrid(many.slice(0, 200))).toBe(false);
  });
});

describe('columns', () => {
  it('offers each cluster, then its sub-clusters', () => {
    expect(
      columnOptions(tree).map((option) => [option.value, option.cluster.uuid, option.sub?.uuid ?? null]),
    ).toEqual([
      ['0', 'zorg', null],
      ['0.0', 'zorg', 'plan'],
      ['0.1', 'zorg', 'uitvoering'],
      ['1', 'comm', null],
      ['1.0', 'comm', 'gesprek'],
    ]);
    expect(optionValue(tree, { cluster: 'zorg', sub: 'uitvoering' })).toBe('0.1');
    expect(optionValue(tree, { cluster: 'weg', sub: null })).toBe('');
  });

  it('keeps the address’s choice when the tree has it, else the first cluster', () => {
    expect(choiceIn(tree, 'comm', 'gesprek')).toEqual({ cluster: 'comm', sub: 'gesprek' });
    expect(choiceIn(tree, 'comm', 'plan')).toEqual({ cluster: 'comm', sub: null });
    expect(choiceIn(tree, 'weg', null)).toEqual({ cluster: 'zorg', sub: null });
    expect(choiceIn([], null, null)).toBeNull();
  });

  it('shows a whole cluster’s competences, or one sub-cluster’s', () => {
    expect(columnsOf(chosenGroups(tree, { cluster: 'zorg', sub: null })).map((c) => c.uuid)).toEqual([
      'c1',
      'c2',
      'c4',
    ]);
    expect(columnsOf(chosenGroups(tree, { cluster: 'zorg', sub: 'uitvoering' })).map((c) => c.uuid)).toEqual([
      'c4',
    ]);
    expect(chosenGroups(tree, null)).toEqual([]);
  });
});

describe('moveInGrid', () => {
  const size = { rows: 30, cols: 11 };
  it('moves one cell with the arrows and stops at the edges', () => {
    expect(moveInGrid({ row: 0, col: 1 }, 'ArrowRight', size)).toEqual({ row: 0, col: 2 });
    expect(moveInGrid({ row: 0, col: 1 }, 'ArrowUp', size)).toEqual({ row: 0, col: 1 });
    expect(moveInGrid({ row: 29, col: 10 }, 'ArrowDown', size)).toEqual({ row: 29, col: 10 });
    expect(moveInGrid({ row: 3, col: 0 }, 'ArrowLeft', size)).toEqual({ row: 3, col: 0 });
  });
  it('jumps with Home, End (with Ctrl: the corners) and Page Up/Down', () => {
    expect(moveInGrid({ row: 5, col: 5 }, 'Home', size)).toEqual({ row: 5, col: 0 });
    expect(moveInGrid({ row: 5, col: 5 }, 'End', size)).toEqual({ row: 5, col: 10 });
    expect(moveInGrid({ row: 5, col: 5 }, 'End', size, true)).toEqual({ row: 29, col: 10 });
    expect(moveInGrid({ row: 5, col: 5 }, 'PageDown', size)).toEqual({ row: 15, col: 5 });
    expect(moveInGrid({ row: 5, col: 5 }, 'PageUp', size)).toEqual({ row: 0, col: 5 });
    expect(moveInGrid({ row: 5, col: 5 }, 'Enter', size)).toBeNull();
    expect(clampPosition({ row: 40, col: 12 }, size)).toEqual({ row: 29, col: 10 });
  });
});

describe('cells', () => {
  it('shows the latest score with its name and date; read-only, absent and unreadable say so', async () => {
    const t = i18n.t;
    expect(cellText(t, cellView(anna, 'c1'))).toBe('3 Voldoende, beoordeeld op 06/05/2025');
    expect(cellView(anna, 'c1')).toMatchObject({
      kind: 'open',
      chip: { score: 3, colour: '#fbc02d' },
      writable: true,
    });
    expect(cellText(t, cellView(anna, 'c2'))).toBe('Nog niet beoordeeld');
    expect(cellText(t, cellView(anna, 'c4'))).toBe('Niet in dit traject');
    expect(cellText(t, cellView(bram, 'c1'))).toBe('3 Voldoende, beoordeeld op 06/05/2025 (alleen lezen)');
    expect(cellText(t, cellView(cas, 'c1'))).toBe('Geen toegang tot de beoordeling');
    await i18n.changeLanguage('en');
    expect(cellText(i18n.t, cellView(bram, 'c1'))).toBe('3 Voldoende, assessed on 06/05/2025 (read-only)');
    await i18n.changeLanguage('nl');
  });

  it('counts a score only when it is one (not empty, not 0)', () => {
    expect(exportedScore(anna, 'c1')).toBe(3);
    expect(exportedScore(anna, 'c2')).toBeNull();
    expect(exportedScore(cas, 'c1')).toBeNull();
  });

  it('puts a saved cell and its row’s new version into the grid, leaving the rest', () => {
    const grid: CohortGridView = { tree, rows: [anna, bram, cas] };
    const saved = withSavedCell(grid, 7, 'c2', 4, {
      path: [0, 0, 1],
      latest: { score: '2', date: '07/05/2025' },
    });
    expect(saved.rows[0]?.evaluation).toMatchObject({
      version: 4,
      cells: { c1: anna.evaluation?.cells.c1, c2: { latest: { score: '2' } } },
    });
    expect(saved.rows[1]).toBe(bram);
    expect(grid.rows[0]).toBe(anna);
  });
});

describe('export', () => {
  it('writes a sheet of numbers and one in words, a column per competence', () => {
    const [scores, details] = cohortSheets(
      i18n.t,
      [anna, cas],
      [
        { uuid: 'c1', name: 'Inventariseert' },
        { uuid: 'c2', name: 'Stelt op' },
        { uuid: 'c4', name: 'Voert uit' },
      ],
    );
    expect(scores).toMatchObject({
      name: 'Scores',
      rows: [
        ['Traject', 'Inventariseert', 'Stelt op', 'Voert uit'],
        ['Anna', 3, null, null],
        ['Cas', null, null, null],
      ],
    });
    expect(details?.rows[1]).toEqual([
      'Anna',
      '3 Voldoende, beoordeeld op 06/05/2025',
      null,
      'Niet in dit traject',
    ]);
    expect(details?.rows[2]?.[1]).toBe('Geen toegang tot de beoordeling');
  });

  it('names the file after the screen, the columns and the day, without path characters', () => {
    expect(exportFileName('Klasoverzicht', 'Zorg › Zorg/plan: 1', '2025-05-06')).toBe(
      'Klasoverzicht Zorg › Zorg plan 1 2025-05-06.xlsx',
    );
  });
});
