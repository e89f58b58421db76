import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/tables.ts';

/**
 * Who reads which trajectory, as the trajectories module's grant answers it in SQL (its `read` row, for
 * queries that page or join in the database). This module sits below trajectories and decides no right
 * itself: the answer is registered once by the composition root (app.ts → `trajectoryReads`).
 */
export interface TrajectoryReads {
  /** The ids of the organisation's trajectories `email` reads. */
  readable(
    db: Db,
    organisationId: number,
    email: string,
  ): SelectQueryBuilder<Database, 'trajectory_access', { trajectory_id: number }>;
  /** The e-mail addresses that read trajectory `trajectoryId`. */
  readers(
    db: Db,
    organisationId: number,
    trajectoryId: number,
  ): SelectQueryBuilder<Database, 'trajectory_access', { email: string }>;
}

let registered: TrajectoryReads | null = null;

/** Registers the grant's answer; the same for every app of the process. */
export function registerTrajectoryReads(reads: TrajectoryReads): void {
  registered = reads;
}

export function trajectoryReads(): TrajectoryReads {
  if (!registered) throw new Error('No trajectory reads registered: app.ts registers the grant’s');
  return registered;
}
