import type { CohortCluster, CohortGrid, CohortScale, CohortSubCluster } from '../contract/cohort.ts';
import type { CompetenceProperties, Criterion } from '../contract/evaluation.ts';
import type { PatchOperation } from '../patch/operation.ts';
import { formatPointer } from '../patch/pointer.ts';
import { editCompetence, type PropertyChanges, SCORE_DATE_LEVEL } from './properties.ts';

/**
 * The cohort grid's rules (issue 22), shared by the server (what a grid answer holds) and the web (what
 * scoring a cell sends): trajectories made from different blueprint versions line up by competence uuid,
 * and each keeps its own index paths for the PATCH that scores it.
 */

/**
 * One competence of one trajectory: where it sits in THAT trajectory's tree (its index path, what the
 * PATCH that scores it needs) and its latest values (null: never assessed).
 */
export interface CohortCell {
  path: number[];
  latest: CompetenceProperties | null;
}

/** A row of the grid as the screen works with it: its evaluation with its scale and a cell per competence. */
export interface CohortRowView {
  id: number;
  name: string;
  expired: boolean;
  evaluation: {
    version: number;
    canScore: boolean;
    scale: CohortScale;
    /** By competence uuid; a competence this trajectory does not have has no cell. */
    cells: Record<string, CohortCell>;
  } | null;
}

/** The grid as the screen works with it: the columns and the rows with their cells. */
export interface CohortGridView {
  tree: CohortCluster[];
  rows: CohortRowView[];
}

/**
 * The grid's answer unfolded for the screen: each readable row gets its layout's scale and a cell per
 * competence of its layout, with the row's latest values (none: null).
 */
export function expandCohortGrid(grid: CohortGrid): CohortGridView {
  return {
    tree: grid.tree,
    rows: grid.rows.map((row) => {
      const layout = row.evaluation ? grid.layouts[row.evaluation.layout] : undefined;
      if (!row.evaluation || !layout) return { ...row, evaluation: null };
      const { latest } = row.evaluation;
      const cells: Record<string, CohortCell> = {};
      for (const [uuid, path] of Object.entries(layout.paths))
        cells[uuid] = { path, latest: Object.hasOwn(latest, uuid) ? (latest[uuid] ?? null) : null };
      return {
        ...row,
        evaluation: {
          version: row.evaluation.version,
          canScore: row.evaluation.canScore,
          scale: layout.scale,
          cells,
        },
      };
    }),
  };
}

/** A competence of the third level (D3) with the indexes of its cluster, sub-cluster and itself. */
interface PlacedCompetence {
  readonly path: readonly [number, number, number];
  readonly cluster: Criterion;
  readonly subCluster: Criterion;
  readonly competence: Extract<Criterion, { type: 'competence' }>;
}

/** Every competence on the third level (D3), in tree order; nodes on other levels are no column. */
function* placedCompetences(criteria: readonly Criterion[]): Generator<PlacedCompetence> {
  for (const [i, cluster] of criteria.entries()) {
    if (cluster.type !== 'cluster') continue;
    for (const [j, subCluster] of cluster.subsections.entries()) {
      if (subCluster.type !== 'cluster') continue;
      for (const [k, competence] of subCluster.subsections.entries())
        if (competence.type === 'competence') yield { path: [i, j, k], cluster, subCluster, competence };
    }
  }
}

/** One trajectory's cells: per competence uuid its index path in this tree and its latest values. */
export function cohortCells(criteria: readonly Criterion[]): Record<string, CohortCell> {
  const cells: Record<string, CohortCell> = {};
  for (const { path, competence } of placedCompetences(criteria)) {
    if (Object.hasOwn(cells, competence.uuid)) continue;
    cells[competence.uuid] = { path: [...path], latest: competence.latestProperties ?? null };
  }
  return cells;
}

/** A node's code as the grid carries it: only when it has one (D56). */
const withCode = (node: { readonly code?: string | undefined }) => (node.code ? { code: node.code } : {});

/**
 * The grid's columns: the union by uuid of several trajectories' trees, given newest blueprint version
 * first. A cluster, sub-cluster or competence takes its place and name from the first tree that has it;
 * one only an older version has follows the newer ones in its parent. A competence is one column even
 * when a version moved it to another sub-cluster (the newest place wins). Clusters and sub-clusters
 * without competences are left out: they would be a grid without columns.
 */
export function cohortTree(trees: readonly (readonly Criterion[])[]): CohortCluster[] {
  const clusters = new Map<
    string,
    { uuid: string; code?: string; name: string; subClusters: Map<string, CohortSubCluster> }
  >();
  const placed = new Set<string>();
  for (const criteria of trees) {
    for (const { cluster, subCluster, competence } of placedCompetences(criteria)) {
      if (placed.has(competence.uuid)) continue;
      placed.add(competence.uuid);
      let column = clusters.get(cluster.uuid);
      if (!column) {
        column = { uuid: cluster.uuid, ...withCode(cluster), name: cluster.name, subClusters: new Map() };
        clusters.set(cluster.uuid, column);
      }
      let group = column.subClusters.get(subCluster.uuid);
      if (!group) {
        group = { uuid: subCluster.uuid, ...withCode(subCluster), name: subCluster.name, competences: [] };
        column.subClusters.set(subCluster.uuid, group);
      }
      group.competences.push({ uuid: competence.uuid, ...withCode(competence), name: competence.name });
    }
  }
  return [...clusters.values()].map(({ uuid, code, name, subClusters }) => ({
    uuid,
    ...(code ? { code } : {}),
    name,
    subClusters: [...subClusters.values()],
  }));
}

/** The JSON pointer of a cell's competence in its own trajectory's tree. */
function competencePointer(path: readonly number[]): string {
  const segments = ['criteria'];
  path.forEach((index, depth) => {
    if (depth > 0) segments.push('subsections');
    segments.push(String(index));
  });
  return formatPointer(segments);
}

/**
 * Where an evaluation stores a competence's latest values apart from its tree (the engine's part
 * `…/latestProperties`, apps/server `competencePartPointers`), by the competence's index path.
 */
export function latestPropertiesPointer(path: readonly number[]): string {
  return `${competencePointer(path)}/latestProperties`;
}

/**
 * The competence uuid of each `latestPropertiesPointer` of a tree: to place the latest values a
 * trajectory stores apart, once per tree rather than once per trajectory and competence.
 */
export function latestPointers(treeCells: Readonly<Record<string, CohortCell>>): Map<string, string> {
  return new Map(Object.entries(treeCells).map(([uuid, cell]) => [latestPropertiesPointer(cell.path), uuid]));
}

/**
 * One trajectory's latest values by competence uuid: those its tree itself holds (an evaluation stored
 * before its parts were, `cohortCells`), then those stored apart, by pointer, over them — null (every
 * entry deleted) removing one. Competences without values are left out.
 */
export function latestByUuid(
  treeCells: Readonly<Record<string, CohortCell>>,
  pointers: ReadonlyMap<string, string>,
  stored: Iterable<readonly [string, CompetenceProperties | null]>,
): Record<string, CompetenceProperties> {
  const latest: Record<string, CompetenceProperties> = {};
  for (const [uuid, cell] of Object.entries(treeCells)) if (cell.latest) latest[uuid] = cell.latest;
  for (const [pointer, values] of stored) {
    const uuid = pointers.get(pointer);
    if (uuid === undefined) continue;
    if (values) latest[uuid] = values;
    else delete latest[uuid];
  }
  return latest;
}

/**
 * A new dated entry of one competence as a PATCH operation (D2): the latest values with `changes` applied and
 * the date set to the edit day when a score is set (core `editCompetence`), keyed by the moment `at`. The
 * cohort grid's cell score and the mentor's page (issue 23: a score and a remark) add their entries so.
 */
export function cohortEntryOperation(
  cell: CohortCell,
  changes: PropertyChanges,
  options: { at: Date; editDate: Date },
): PatchOperation {
  const edited = editCompetence(
    {
      type: 'competence',
      uuid: '',
      name: '',
      info: '',
      labels: [],
      properties: {},
      latestProperties: cell.latest,
    },
    changes,
    { at: options.at, editDate: options.editDate, level: SCORE_DATE_LEVEL },
  );
  const timestamp = options.at.toISOString();
  return {
    op: 'add',
    path: `${competencePointer(cell.path)}/properties/${timestamp}`,
    value: edited.properties[timestamp] as CompetenceProperties as Record<string, string>,
  };
}

/**
 * Scoring a cell (D2): the entry with the score changed and the date set to the edit day, exactly what the
 * evaluation screen's one-tap score adds.
 */
export function cohortScoreOperation(
  cell: CohortCell,
  score: number,
  options: { at: Date; editDate: Date },
): PatchOperation {
  return cohortEntryOperation(cell, { score: String(score), date: '' }, options);
}

/**
 * The cell after its score was saved: the latest values as the server applied them (the saved patch
 * names the competence's latestProperties, with any date it filled in), else the entry sent.
 */
export function cellAfterSave(
  cell: CohortCell,
  sent: PatchOperation,
  applied: readonly PatchOperation[],
): CohortCell {
  const latestPath = latestPropertiesPointer(cell.path);
  const named = applied.find((operation) => operation.path === latestPath && 'value' in operation);
  const latest = named && 'value' in named ? named.value : 'value' in sent ? sent.value : null;
  return { ...cell, latest: latest as CompetenceProperties | null };
}
