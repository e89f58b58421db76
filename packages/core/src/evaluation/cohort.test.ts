import { describe, expect, it } from 'vitest';
import type { CompetenceProperties, Criterion } from '../contract/evaluation.ts';
import { applyPatch } from '../patch/apply.ts';
import {
  cellAfterSave,
  cohortCells,
  cohortScoreOperation,
  cohortTree,
  expandCohortGrid,
  latestByUuid,
  latestPointers,
  latestPropertiesPointer,
} from './cohort.ts';
import { cluster, competence } from './test-data.ts';

const named = (node: Criterion, name: string): Criterion => ({ ...node, name });

/** Version 1: zorg/plan → c1, c2; comm/gesprek → c3. */
const v1: Criterion[] = [
  cluster('zorg', [cluster('plan', [competence('c1'), competence('c2')])], [], 'Zorg'),
  cluster('comm', [cluster('gesprek', [competence('c3')])], [], 'Communicatie'),
];
/** Version 2: c2 renamed and moved before c1, c1 gone to a new sub-cluster, c4 new; comm unchanged. */
const v2: Criterion[] = [
  cluster(
    'zorg',
    [
      cluster('plan', [named(competence('c2'), 'Stelt een plan op'), competence('c4')], [], 'Plan'),
      cluster('uitvoering', [competence('c1')]),
    ],
    [],
    'Zorg en begeleiding',
  ),
  cluster('comm', [cluster('gesprek', [competence('c3')])], [], 'Communicatie'),
];

describe('cohortTree', () => {
  it('unites the trees by uuid in the newest version’s order and names; older competences follow', () => {
    const tree = cohortTree([v2, v1]);
    expect(tree).toEqual([
      {
        uuid: 'zorg',
        name: 'Zorg en begeleiding',
        subClusters: [
          {
            uuid: 'plan',
            name: 'Plan',
            competences: [
              { uuid: 'c2', name: 'Stelt een plan op' },
              { uuid: 'c4', name: 'Competence c4' },
            ],
          },
          { uuid: 'uitvoering', name: 'uitvoering', competences: [{ uuid: 'c1', name: 'Competence c1' }] },
        ],
      },
      {
        uuid: 'comm',
        name: 'Communicatie',
        subClusters: [
          { uuid: 'gesprek', name: 'gesprek', competences: [{ uuid: 'c3', name: 'Competence c3' }] },
        ],
      },
    ]);
  });

  it('carries the codes (D56) of clusters, sub-clusters and competences that have one', () => {
    const coded: Criterion[] = [
      {
        ...cluster('b1', [
          { ...cluster('k1', [{ ...competence('w1'), code: 'B1-K1-W1' }, competence('w2')]), code: 'B1-K1' },
        ]),
        code: 'B1',
      },
    ];
    expect(cohortTree([coded])).toEqual([
      {
        uuid: 'b1',
        code: 'B1',
        name: 'b1',
        subClusters: [
          {
            uuid: 'k1',
            code: 'B1-K1',
            name: 'k1',
            competences: [
              { uuid: 'w1', code: 'B1-K1-W1', name: 'Competence w1' },
              { uuid: 'w2', name: 'Competence w2' },
            ],
          },
        ],
      },
    ]);
  });

  it('keeps a competence only the older version has, after the newer ones of its sub-cluster', () => {
    const older: Criterion[] = [cluster('zorg', [cluster('plan', [competence('c1'), competence('oud')])])];
    const newer: Criterion[] = [cluster('zorg', [cluster('plan', [competence('c5'), competence('c1')])])];
    const [zorg] = cohortTree([newer, older]);
    expect(zorg?.subClusters[0]?.competences.map((c) => c.uuid)).toEqual(['c5', 'c1', 'oud']);
  });

  it('leaves out clusters without competences and nodes off the third level (D3)', () => {
    const odd: Criterion[] = [
      cluster('leeg', [cluster('niets', [])]),
      competence('los'),
      cluster('half', [competence('te-hoog'), cluster('sub', [competence('c9')])]),
    ];
    expect(cohortTree([odd])).toEqual([
      {
        uuid: 'half',
        name: 'half',
        subClusters: [{ uuid: 'sub', name: 'sub', competences: [{ uuid: 'c9', name: 'Competence c9' }] }],
      },
    ]);
    expect(cohortTree([])).toEqual([]);
  });
});

describe('cohortCells', () => {
  it('gives each competence its index path in this tree and its latest values', () => {
    const scored: Criterion[] = [
      cluster('zorg', [
        cluster('plan', [named(competence('c2'), 'x'), competence('c4')]),
        cluster('uitvoering', [
          competence('c1', { '2025-03-01T10:00:00.000Z': { score: '3', date: '01/03/2025' } }),
        ]),
      ]),
    ];
    expect(cohortCells(scored)).toEqual({
      c2: { path: [0, 0, 0], latest: null },
      c4: { path: [0, 0, 1], latest: null },
      c1: { path: [0, 1, 0], latest: { score: '3', date: '01/03/2025' } },
    });
    expect(cohortCells(v1).c1?.path).toEqual([0, 0, 0]);
  });
});

describe('latestByUuid', () => {
  it('takes the latest values stored apart over those the tree holds; null removes one', () => {
    const legacy: Criterion[] = [
      cluster('zorg', [
        cluster('plan', [
          competence('c1', { '2024-01-01T10:00:00.000Z': { score: '1' } }),
          competence('c2', { '2024-01-01T10:00:00.000Z': { score: '2' } }),
          competence('c3'),
          competence('c4'),
        ]),
      ]),
    ];
    const tree = cohortCells(legacy);
    const pointers = latestPointers(tree);
    expect(pointers.get('/criteria/0/subsections/0/subsections/2/latestProperties')).toBe('c3');
    expect(latestPropertiesPointer([0, 0, 3])).toBe(
      '/criteria/0/subsections/0/subsections/3/latestProperties',
    );
    const stored: [string, CompetenceProperties | null][] = [
      [latestPropertiesPointer([0, 0, 0]), { score: '4', date: '02/02/2025' }],
      [latestPropertiesPointer([0, 0, 1]), null],
      [latestPropertiesPointer([0, 0, 2]), { score: '3' }],
      ['/criteria/9/subsections/0/subsections/0/latestProperties', { score: '1' }],
    ];
    expect(latestByUuid(tree, pointers, stored)).toEqual({
      c1: { score: '4', date: '02/02/2025' },
      c3: { score: '3' },
    });
    // The tree's cells are shared, never changed.
    expect(tree.c1?.latest).toEqual({ score: '1' });
  });
});

describe('cohortScoreOperation', () => {
  const at = new Date('2025-05-06T08:30:00.000Z');
  const editDate = new Date(2025, 4, 6);

  it('adds the latest values with the new score, dated on the edit day (D2, D4)', () => {
    const cell = {
      path: [1, 0, 2],
      latest: { score: '2', date: '01/03/2025', remarks: '<p>Goed bezig</p>', location: 'school' },
    };
    expect(cohortScoreOperation(cell, 4, { at, editDate })).toEqual({
      op: 'add',
      path: '/criteria/1/subsections/0/subsections/2/properties/2025-05-06T08:30:00.000Z',
      value: { score: '4', date: '06/05/2025', remarks: '<p>Goed bezig</p>', location: 'school' },
    });
  });

  it('scores a competence never assessed', () => {
    const operation = cohortScoreOperation({ path: [0, 0, 0], latest: null }, 1, { at, editDate });
    expect('value' in operation && operation.value).toEqual({ score: '1', date: '06/05/2025' });
  });

  it('applies to the trajectory’s own tree at the cell’s place', () => {
    const evaluation = { criteria: v2 } as unknown as Parameters<typeof applyPatch>[0];
    const cell = cohortCells(v2).c1!;
    const next = applyPatch(evaluation, [cohortScoreOperation(cell, 3, { at, editDate })]) as {
      criteria: Criterion[];
    };
    const level = (node: Criterion | undefined) =>
      (node as Extract<Criterion, { type: 'cluster' }>).subsections;
    const c1 = level(level(next.criteria[0])[1])[0];
    expect(c1).toMatchObject({ uuid: 'c1', properties: { [at.toISOString()]: { score: '3' } } });
  });
});

describe('cellAfterSave', () => {
  const cell = { path: [0, 1, 0], latest: { score: '2' } };
  const sent = cohortScoreOperation(cell, 3, {
    at: new Date('2025-05-06T08:30:00.000Z'),
    editDate: new Date(2025, 4, 6),
  });

  it('takes the latest values the server applied', () => {
    const applied = [
      sent,
      {
        op: 'replace' as const,
        path: '/criteria/0/subsections/1/subsections/0/latestProperties',
        value: { score: '3', date: '06/05/2025' },
      },
    ];
    expect(cellAfterSave(cell, sent, applied)).toEqual({
      path: [0, 1, 0],
      latest: { score: '3', date: '06/05/2025' },
    });
  });

  it('else the entry sent', () => {
    expect(cellAfterSave(cell, sent, []).latest).toEqual({ score: '3', date: '06/05/2025' });
  });
});

describe('expandCohortGrid', () => {
  it('gives each readable row its layout’s scale and a cell per competence of its tree', () => {
    const scale = { minScore: 1, maxScore: 4, scoreNames: [], scoreColours: [], scoreInfo: [] };
    const view = expandCohortGrid({
      tree: [],
      layouts: [{ scale, paths: { c1: [0, 0, 0], c2: [0, 0, 1] } }],
      rows: [
        {
          id: 1,
          name: 'Anna',
          expired: false,
          evaluation: { version: 3, canScore: true, layout: 0, latest: { c2: { score: '2' } } },
        },
        { id: 2, name: 'Bram', expired: true, evaluation: null },
      ],
    });
    expect(view.rows).toEqual([
      {
        id: 1,
        name: 'Anna',
        expired: false,
        evaluation: {
          version: 3,
          canScore: true,
          scale,
          cells: { c1: { path: [0, 0, 0], latest: null }, c2: { path: [0, 0, 1], latest: { score: '2' } } },
        },
      },
      { id: 2, name: 'Bram', expired: true, evaluation: null },
    ]);
  });
});
