import { z } from 'zod';
import { zBodyId } from './common.ts';
import { zBlueprintUpdateChange } from './trajectories.ts';

/**
 * A cohort moved to its blueprints' latest versions in one step (D10, D56): the check names per trajectory
 * what moves, the update moves them all or none, and its undo puts them all back while none was changed
 * since. At most this many trajectories at once.
 */
export const TRAJECTORY_UPDATE_MAX = 500;

const zIds = z.array(zBodyId).min(1, { error: 'required' }).max(TRAJECTORY_UPDATE_MAX, { error: 'tooMany' });

/** POST /api/v2/trajectory-updates/check: the trajectories chosen (the list's selection or a group). */
export const zTrajectoryUpdateCheck = z.object({ ids: zIds });

/** What moving one trajectory changes: its title, versions and the D10 changes (with entry counts, D56). */
export const zTrajectoryUpdatePreview = z
  .object({
    id: z.number().int(),
    title: z.string(),
    currentVersion: z.number().int().nullable(),
    latestVersion: z.number().int().nullable(),
    changes: z.array(zBlueprintUpdateChange),
  })
  .meta({ id: 'TrajectoryUpdatePreview' });
export type TrajectoryUpdatePreview = z.infer<typeof zTrajectoryUpdatePreview>;

export const zTrajectoryUpdateCheckResult = z.object({ trajectories: z.array(zTrajectoryUpdatePreview) });
export type TrajectoryUpdateCheckResult = z.infer<typeof zTrajectoryUpdateCheckResult>;

/**
 * POST /api/v2/trajectory-updates: each trajectory with the latest version its check showed (a newer one
 * since → 409 `staleDocument`, nothing moved). One already at that version is left as it is.
 */
export const zTrajectoryUpdateRun = z.object({
  trajectories: z
    .array(z.object({ id: zBodyId, version: zBodyId }))
    .min(1, { error: 'required' })
    .max(TRAJECTORY_UPDATE_MAX, { error: 'tooMany' }),
});
export type TrajectoryUpdateRun = z.input<typeof zTrajectoryUpdateRun>;

/** The update as one step: its id (what the undo names) and the trajectories it moved. */
export const zTrajectoryUpdateResult = z.object({
  id: z.number().int(),
  moved: z.array(z.object({ id: z.number().int(), from: z.number().int(), to: z.number().int() })),
});
export type TrajectoryUpdateResult = z.infer<typeof zTrajectoryUpdateResult>;
