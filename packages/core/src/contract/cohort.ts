import { z } from 'zod';
import { zIdListText } from './common.ts';
import { zCompetenceProperties } from './evaluation.ts';

/**
 * The cohort grid (issue 22): a group of trajectories — students as rows — against the competences of
 * one cluster or sub-cluster, each cell the latest score. One answer carries every competence of the
 * rows, so the screen switches clusters without asking again.
 */

/** The most trajectories one grid shows: a class or two (and what one statement reads quickly). */
export const COHORT_MAX = 200;

/** GET /api/v2/trajectories/cohort?ids=…: the trajectories of the grid (1 to COHORT_MAX). */
export const zCohortQuery = z.object({ ids: zIdListText(COHORT_MAX) });

/** A column of the grid: a competence, the same in every trajectory that has its uuid. */
export const zCohortCompetence = z.object({
  uuid: z.string(),
  /** Shown before the name (D56). */
  code: z.string().optional(),
  name: z.string(),
});
export type CohortCompetence = z.infer<typeof zCohortCompetence>;

export const zCohortSubCluster = z.object({
  uuid: z.string(),
  code: z.string().optional(),
  name: z.string(),
  competences: z.array(zCohortCompetence),
});
export type CohortSubCluster = z.infer<typeof zCohortSubCluster>;

/** A cluster of the grid's tree: its sub-clusters with their competences (D3: exactly three levels). */
export const zCohortCluster = z.object({
  uuid: z.string(),
  code: z.string().optional(),
  name: z.string(),
  subClusters: z.array(zCohortSubCluster),
});
export type CohortCluster = z.infer<typeof zCohortCluster>;

/** A row's score scale (D6): trajectories from different blueprint versions may each have their own. */
export const zCohortScale = z.object({
  minScore: z.number().int(),
  maxScore: z.number().int(),
  scoreNames: z.array(z.string()),
  scoreColours: z.array(z.string()),
  scoreInfo: z.array(z.string()),
});
export type CohortScale = z.infer<typeof zCohortScale>;

/**
 * What trajectories with the same tree share (those made from one blueprint version, D9): where each
 * competence sits in that tree — the indexes of `/criteria/{i}/subsections/{j}/subsections/{k}`, what a new
 * entry's PATCH path needs; positions differ between blueprint versions — and the score scale (D6).
 * Sent once, not with each of the 30 rows of a class.
 */
export const zCohortLayout = z.object({
  scale: zCohortScale,
  /** By competence uuid; a competence this tree does not have is not here. */
  paths: z.record(z.string(), z.array(z.number().int().min(0))),
});
export type CohortLayout = z.infer<typeof zCohortLayout>;

const zStoredText = z.string().optional();

/**
 * A competence's latest values as the grid carries them: the keys of zCompetenceProperties without its
 * rules, which were run when the values were saved — not again on 900 cells of every answer.
 */
export const zCohortLatest = z.object({
  info: zStoredText,
  planned_date: zStoredText,
  location: zStoredText,
  achieved: zCompetenceProperties.shape.achieved,
  offered: zStoredText,
  date: zStoredText,
  score: zStoredText,
  remarks: zStoredText,
});

/** A row's evaluation: its version (the If-Match of a score's PATCH), whether the reader may score now. */
export const zCohortEvaluation = z.object({
  version: z.number().int(),
  /** Evaluation write and the trajectory active today (D12): the policy's `writeEvaluation`. */
  canScore: z.boolean(),
  /** Its tree: an index into the answer's `layouts`. */
  layout: z.number().int().min(0),
  /** Each competence's latest values, by uuid; one never assessed (or whose entries were all deleted) is not here. */
  latest: z.record(z.string(), zCohortLatest),
});
export type CohortEvaluation = z.infer<typeof zCohortEvaluation>;

export const zCohortRow = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Past its last active day (D12): shown, never scored. */
  expired: z.boolean(),
  /** Null when the reader may not read this trajectory's evaluation (spec part 1 §6): no values at all. */
  evaluation: zCohortEvaluation.nullable(),
});
export type CohortRow = z.infer<typeof zCohortRow>;

export const zCohortGrid = z.object({
  /** The union by uuid of the rows' competence trees, in the newest blueprint version's order and names. */
  tree: z.array(zCohortCluster),
  /** The distinct trees of the readable rows (see zCohortLayout). */
  layouts: z.array(zCohortLayout),
  /** Sorted by name. */
  rows: z.array(zCohortRow),
});
export type CohortGrid = z.infer<typeof zCohortGrid>;
