import {
  type CohortCell,
  type CohortGrid,
  type CohortLayout,
  type CohortRow,
  type CompetenceProperties,
  cohortCells,
  cohortTree,
  type Evaluation,
  latestByUuid,
  latestPointers,
} from '@groeipad/core';
import { sql } from 'kysely';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { parseJson } from '../../engine/engine.ts';
import { notFound } from '../../errors.ts';
import { accessRowGrant } from './grant.ts';
import { selectTrajectories } from './repository.ts';

/**
 * The rows of a cohort grid in one statement: the trajectories `ids` the actor can read, with their access
 * rows; for an evaluation reader the evaluation's version, its tree and scale (`content`) and each
 * competence's latest values (`latest`), which the database keeps beside the evaluation's progress
 * (`evaluation_progress.latest`, migration 0016), so no evaluation's parts are walked here. Evaluations
 * with the same content — the trajectories made from one blueprint version, whose entries and latest
 * values all live in parts — share it: it comes once, with the first of them (`tree_of` names that row
 * for the others; rows are matched by the content's fingerprint, `evaluation_progress.tree`), so a class
 * of 30 carries one tree instead of 30 (bench/class.ts). Content that differs in any byte is a tree of
 * its own.
 */
function selectCohortRows(ctx: AppContext, actor: Actor, ids: readonly number[]) {
  const sameTree = sql<number>`first_value(t.id) over (partition by coalesce(ep.tree, d.id::text) order by t.id)`;
  return selectTrajectories(ctx.db, actor.organisationId, actor.email)
    .leftJoin('documents as d', (join) =>
      join
        .onRef('d.id', '=', 't.evaluation_document_id')
        .on('d.organisation_id', '=', actor.organisationId)
        .on('a.evaluation_read', '=', true),
    )
    .leftJoin('evaluation_progress as ep', 'ep.document_id', 'd.id')
    .select(['a.evaluation_read', 'a.evaluation_write', 'd.version as evaluation_version'])
    .select(sameTree.as('tree_of'))
    .select(sql<unknown>`case when d.id is not null and ${sameTree} = t.id then d.content end`.as('content'))
    .select(sql<unknown>`coalesce(ep.latest, '[]')`.as('latest'))
    .where('t.id', 'in', ids)
    .execute();
}

type CohortRowRecord = Awaited<ReturnType<typeof selectCohortRows>>[number];

/** A tree the rows share: the evaluation's content, its cells, and its place among the answer's layouts. */
interface SharedTree {
  content: Evaluation;
  cells: Record<string, CohortCell>;
  /** Each competence's uuid by the pointer of its latest values. */
  pointers: Map<string, string>;
  blueprintVersion: number;
  id: number;
  layout?: number;
}

/** The trees the statement brought, by the id of the row that brought each. */
function sharedTrees(records: readonly CohortRowRecord[]): Map<number, SharedTree> {
  const trees = new Map<number, SharedTree>();
  for (const record of records) {
    if (record.content === null) continue;
    const content = parseJson<Evaluation>(record.content);
    const cells = cohortCells(content.criteria);
    trees.set(record.id, {
      content,
      cells,
      pointers: latestPointers(cells),
      blueprintVersion: record.blueprint_version ?? 0,
      id: record.id,
    });
  }
  return trees;
}

/** What the rows of one tree share: each competence's index path, and the scale. */
function layoutOf({ content, cells }: SharedTree): CohortLayout {
  return {
    scale: {
      minScore: content.minScore,
      maxScore: content.maxScore,
      scoreNames: content.scoreNames,
      scoreColours: content.scoreColours,
      scoreInfo: content.scoreInfo,
    },
    paths: Object.fromEntries(Object.entries(cells).map(([uuid, cell]) => [uuid, cell.path])),
  };
}

/**
 * The cohort grid (issue 22): the trajectories `ids` as rows, each with its evaluation's latest values by
 * competence uuid when the actor may read it, and the union of their competence trees as columns. One
 * statement whatever the number of rows (the bench's grid of 30 × 30 against the list of those 30); the
 * rows of one tree share its layout (paths and scale), so the answer grows with the values, not with
 * rows × competences. Rights come from the access rows through the policy (`accessRowGrant`). An id that
 * is not there for the actor — unreadable, another organisation's, or none — is 404 for the whole
 * request, so the answer never tells which.
 */
export async function cohortGrid(ctx: AppContext, actor: Actor, ids: readonly number[]): Promise<CohortGrid> {
  const records = await selectCohortRows(ctx, actor, ids);
  if (records.length !== new Set(ids).size) throw notFound();
  const trees = sharedTrees(records);
  const used: SharedTree[] = [];
  const rows = records.map((record): CohortRow => {
    const grant = accessRowGrant(ctx, record);
    const base = { id: record.id, name: record.name, expired: !grant.active };
    const tree = trees.get(record.tree_of);
    if (!grant.allows('readEvaluation') || record.evaluation_version === null || !tree)
      return { ...base, evaluation: null };
    if (tree.layout === undefined) tree.layout = used.push(tree) - 1;
    return {
      ...base,
      evaluation: {
        version: record.evaluation_version,
        canScore: grant.allows('writeEvaluation'),
        layout: tree.layout,
        latest: latestByUuid(
          tree.cells,
          tree.pointers,
          parseJson<[string, CompetenceProperties | null][]>(record.latest),
        ),
      },
    };
  });
  // Newest blueprint version first (then the newest trajectory): its order and names lead the columns.
  const newestFirst = [...used].sort((a, b) => b.blueprintVersion - a.blueprintVersion || b.id - a.id);
  const collator = new Intl.Collator('nl', { sensitivity: 'base', numeric: true });
  rows.sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
  return {
    tree: cohortTree(newestFirst.map((tree) => tree.content.criteria)),
    layouts: used.map(layoutOf),
    rows,
  };
}
