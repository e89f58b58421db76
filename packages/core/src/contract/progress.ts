import { z } from 'zod';
import { zTrajectoryAbilities } from './trajectories.ts';

/**
 * "Mijn voortgang" (D58): the page of a user who manages no trajectory — a student, also one who scores
 * themselves. Per trajectory they follow: how far they are, what is next, where raters disagree, the
 * latest remarks and the reports waiting for them; only what their grant lets them read.
 */

const zScoreLabel = z.object({ score: z.number().int(), name: z.string(), colour: z.string().nullable() });

const zProgressCompetence = z.object({
  uuid: z.string(),
  /** Shown before the name (D56). */
  code: z.string().optional(),
  name: z.string(),
  /** The clusters above it (each its code before its name, D56), outermost first. */
  clusters: z.array(z.string()),
  /** The score the trajectory's score rule counts; null when not scored yet. */
  score: zScoreLabel.nullable(),
});

export const zProgressEvaluation = z.object({
  competences: z.number().int(),
  scored: z.number().int(),
  /** Scored at or above `passScore`. */
  passed: z.number().int(),
  /** The lowest score that passes (core `passScore`); null on a scale without scores. */
  passScore: zScoreLabel.nullable(),
  /** ISO instant of the newest entry of any competence; null before the first. */
  lastAssessed: z.string().nullable(),
  /** Below the pass level, then not scored yet, in the tree's order: the first few (`nextTotal` in all). */
  next: z.array(zProgressCompetence),
  nextTotal: z.number().int(),
  disagreements: z.array(
    zProgressCompetence.omit({ score: true }).extend({
      ratings: z.array(z.object({ role: z.string(), rater: z.string(), score: zScoreLabel.nullable() })),
    }),
  ),
  /** The newest remarks, newest first. */
  remarks: z.array(
    z.object({
      uuid: z.string(),
      /** The competence's code and name (D56). */
      competence: z.string(),
      timestamp: z.string(),
      rater: z.object({ name: z.string(), role: z.string() }).nullable(),
      text: z.string(),
    }),
  ),
});
export type ProgressEvaluation = z.infer<typeof zProgressEvaluation>;

/** A report waiting for the learner: one they may write whose fields for them are empty, or one to start. */
export const zWaitingReport = z.object({
  /** The report; null for a report blueprint they may start and have no report of yet. */
  id: z.number().int().nullable(),
  name: z.string(),
  blueprintName: z.string(),
});
export type WaitingReport = z.infer<typeof zWaitingReport>;

export const zProgressCard = z.object({
  id: z.number().int(),
  name: z.string(),
  activeUntil: z.string().nullable(),
  /** Writes are refused (D12). */
  expired: z.boolean(),
  /** Null without evaluation read (spec part 1 §6). */
  evaluation: zProgressEvaluation.nullable(),
  /** Null without a right on any report. */
  reports: z.array(zWaitingReport).nullable(),
  abilities: zTrajectoryAbilities,
});
export type ProgressCard = z.infer<typeof zProgressCard>;

/** Where the user lands after signing in (D58): their own page, or the trajectory list. */
export const LANDINGS = ['progress', 'trajectories'] as const;
export type Landing = (typeof LANDINGS)[number];

export const zMyProgress = z.object({
  landing: z.enum(LANDINGS),
  /** The trajectories the user follows without managing them (no METADATA, no RIGHTS), by name. */
  trajectories: z.array(zProgressCard),
});
export type MyProgress = z.infer<typeof zMyProgress>;

/** How many competences a card lists as next, and how many remarks. */
export const PROGRESS_NEXT_SHOWN = 5;
export const PROGRESS_REMARKS_SHOWN = 3;
/** How many trajectories the page shows (a learner follows a handful). */
export const PROGRESS_TRAJECTORIES_SHOWN = 50;
