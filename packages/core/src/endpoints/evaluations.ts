import { z } from 'zod';
import { zIdParams } from '../contract/common.ts';
import { zCompetenceProperties, zEvaluation, zScoreRule } from '../contract/evaluation.ts';
import { parseIsoDate } from '../dates/display.ts';
import { zJsonPatch, zPatchOperation } from '../patch/schema.ts';
import { defineEndpoint } from './define.ts';

/**
 * The evaluation, dashboard and competence list of a trajectory (spec part 1 §7 "Trajectories";
 * issue 9). Answer schemas are plain (no transforms): the server serialises with them.
 */

/** PUT …/evaluations?editDate=yyyy-MM-dd: the date chosen in the editor's date picker (D4). */
export const zEvaluationSaveQuery = z.object({
  editDate: z
    .string()
    .max(10)
    .refine((value) => parseIsoDate(value) !== null, { error: 'invalidValue' })
    .optional(),
});

/**
 * PATCH …/evaluations: a JSON Patch of dated entries only (D2), at most 500 operations a save; the
 * answer is the new version and the patch the server applied (with latestProperties and any date it
 * filled in, D4), for the client to apply to the version it sent its patch on.
 */
export const EVALUATION_PATCH_MAX = 500;
export const zEvaluationPatch = zJsonPatch.max(EVALUATION_PATCH_MAX, { error: 'tooLong' });
export const zEvaluationPatchAnswer = z.object({
  version: z.number().int(),
  patch: z.array(zPatchOperation),
});
export type EvaluationPatchAnswer = z.infer<typeof zEvaluationPatchAnswer>;

/** One slice of the scores chart: a score of the scale, or the unrated slice (score −1, grey). */
export const zScoreSlice = z.object({
  score: z.number().int(),
  name: z.string(),
  colour: z.string(),
  count: z.number().int(),
  /** count / total × 100, unrounded (0 without competences); the chart rounds what it shows. */
  percentage: z.number(),
});

export const zScoreOverviewAnswer = z.object({
  /** One slice per score from minScore to maxScore (0 left out: it means not scored). */
  scores: z.array(zScoreSlice),
  /** Competences whose latest entry has no score, 0, or one outside the scale. */
  unrated: zScoreSlice,
  /** Competences counted (each once, with its latest score). */
  total: z.number().int(),
  /** The rounded average of the scored competences; null when none is scored. */
  average: z.number().int().nullable(),
});
export type ScoreOverviewAnswer = z.infer<typeof zScoreOverviewAnswer>;

/** One dated entry of one competence (the evaluation_history widget). */
export const zEvaluationHistoryEntry = z.object({
  timestamp: z.string(),
  competenceUuid: z.string(),
  competenceName: z.string(),
  values: zCompetenceProperties,
});

const widgetBase = { uuid: z.string(), name: z.string() };

export const zScoresWidgetView = z.object({
  ...widgetBase,
  type: z.literal('evaluation_scores'),
  /** The cluster path as stored (cluster uuids joined by '.', D20); null for the whole evaluation. */
  cluster: z.string().nullable(),
  /** The names along the cluster path, for the screen (D20); null without evaluation read or when the cluster is gone. */
  clusterNames: z.array(z.string()).nullable(),
  /** The figures; null without evaluation read, or when the cluster is no longer in the evaluation. */
  overview: zScoreOverviewAnswer.nullable(),
});

export const zHistoryWidgetView = z.object({
  ...widgetBase,
  type: z.literal('evaluation_history'),
  /** Every dated entry, newest first; null without evaluation read. */
  entries: z.array(zEvaluationHistoryEntry).nullable(),
});

export const zDashboardWidgetView = z.discriminatedUnion('type', [zScoresWidgetView, zHistoryWidgetView]);
export type DashboardWidgetView = z.infer<typeof zDashboardWidgetView>;

export const zDashboardView = z.object({
  /** False when the reader may not read the evaluation: the widgets come without figures (noAccess). */
  evaluationReadable: z.boolean(),
  widgets: z.array(zDashboardWidgetView),
  /** The score scale (minScore…maxScore with names and colours, D6) to name and colour history chips; empty without read. */
  scale: z.array(z.object({ score: z.number().int(), name: z.string(), colour: z.string() })),
  /**
   * How each competence's score is taken for the figures (issue 23; the trajectory blueprint's choice): the
   * latest of any rater, of one role, or the latest agreed entry; null without evaluation read.
   */
  scoreRule: zScoreRule.nullable(),
});
export type DashboardView = z.infer<typeof zDashboardView>;

/** A node of the competence tree without its scores: cluster (levels 1–2) or competence (level 3, D3). */
export const zCompetenceListCompetence = z.object({
  type: z.literal('competence'),
  uuid: z.string(),
  name: z.string(),
  info: z.string(),
  labels: z.array(z.string()),
});

export const zCompetenceListCluster = z.object({
  type: z.literal('cluster'),
  uuid: z.string(),
  name: z.string(),
  info: z.string(),
  labels: z.array(z.string()),
  get subsections(): z.ZodArray<typeof zCompetenceListNode> {
    return z.array(zCompetenceListNode);
  },
});

/** A node of the competence tree; recursive through clusters, so it has an `id` (an OpenAPI component). */
export const zCompetenceListNode = z
  .discriminatedUnion('type', [zCompetenceListCluster, zCompetenceListCompetence])
  .meta({ id: 'CompetenceListNode' });
export type CompetenceListNode = z.infer<typeof zCompetenceListNode>;

export const zCompetenceListAnswer = z.object({ criteria: z.array(zCompetenceListNode) });
export type CompetenceListAnswer = z.infer<typeof zCompetenceListAnswer>;

export const evaluationEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v2/trajectories/:id/evaluations',
    params: zIdParams,
    response: zEvaluation,
    status: 200,
    summary: 'Get a trajectory’s evaluation',
    description:
      'The evaluation: the criteria tree (cluster → sub-cluster → competence, D3) with every dated entry and ' +
      'latestProperties, and the score scale (D6). Needs evaluation read, else 403 noAccess. `ETag: "<version>"` (D29).',
  }),
  put: defineEndpoint({
    method: 'PUT',
    path: '/api/v2/trajectories/:id/evaluations',
    params: zIdParams,
    query: zEvaluationSaveQuery,
    body: zEvaluation,
    response: zEvaluation,
    status: 200,
    summary: 'Save a trajectory’s whole evaluation',
    description:
      'The whole evaluation as the client now has it. The server diffs it against the stored one (D2): evaluation ' +
      'write only adds a dated entry under a competence’s `properties/{ISO timestamp}` or deletes one; any other ' +
      'difference (tree, names, labels, scale, rewriting an entry) is 403 and nothing is written; a deeper tree is ' +
      '400 tooDeep (D3). latestProperties is recomputed (the newest entry, or null); the client’s copy of it is ' +
      'ignored. A score outside minScore…maxScore is 400 `range` at the field; an entry with a score and no date ' +
      'on a competence gets `editDate` (default: the entry’s day), D4. `If-Match` → 409 staleDocument with the ' +
      'current version (D29); an expired trajectory 403 expiredTrajectory (D12). One history event per save.',
  }),
  patch: defineEndpoint({
    method: 'PATCH',
    path: '/api/v2/trajectories/:id/evaluations',
    params: zIdParams,
    query: zEvaluationSaveQuery,
    body: zEvaluationPatch,
    response: zEvaluationPatchAnswer,
    status: 200,
    summary: 'Add or delete dated evaluation entries',
    description:
      'Adds and deletes dated entries without sending the evaluation (what the web app saves with): `add` of ' +
      '`/criteria/{i}(/subsections/{j}(/subsections/{k}))/properties/{ISO timestamp}` with the entry, `remove` of ' +
      'such a path. The same rules as the PUT (D2, D3, D4, D12, D29): anything else 403, a timestamp that exists ' +
      'already 403 (an entry is never rewritten), a path to no competence or no entry 400 invalidPatch, an entry ' +
      'value of the wrong shape 400 validationError, a score outside the scale 400 `range`, `If-Match` → 409 ' +
      'staleDocument. Answers the new version (also as the ETag) and the patch as applied: the entries, each ' +
      'touched competence’s latestProperties, and the date filled in from `editDate`. An empty patch writes ' +
      'nothing. Its cost does not grow with the entries of other competences (bench/evaluation.ts).',
  }),
  dashboard: defineEndpoint({
    method: 'GET',
    path: '/api/v2/trajectories/:id/dashboard',
    params: zIdParams,
    response: zDashboardView,
    status: 200,
    summary: 'Get a trajectory’s dashboard widgets',
    description:
      'The dashboard widgets, for every reader of the trajectory (the tab shows whenever there are widgets). ' +
      'With evaluation read each evaluation_scores widget carries its figures (each competence in the widget’s ' +
      'cluster, D20, counted once with the score `scoreRule` takes: the latest of any rater, the latest of one ' +
      'role, or the latest entry marked agreed (issue 23); percentages; rounded average; unrated as score −1, ' +
      'grey) and ' +
      'each evaluation_history widget every dated entry, newest first; without it `evaluationReadable: false` and ' +
      'no figures.',
  }),
  competenceList: defineEndpoint({
    method: 'GET',
    path: '/api/v2/trajectories/:id/competencelist',
    params: zIdParams,
    response: zCompetenceListAnswer,
    status: 200,
    summary: 'Get a trajectory’s competence tree',
    description:
      'The competence tree of the trajectory (names, labels, info; no scores). Needs evaluation read, else 403 ' +
      'noAccess. `ETag: "<evaluation version>"`.',
  }),
};
