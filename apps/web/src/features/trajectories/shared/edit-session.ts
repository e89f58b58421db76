import type { TrajectoryInfo } from '@groeipad/core';
import { createContext, useContext } from 'react';

/**
 * How the trajectory detail frame (header: edit, save, cancel, filter box) and the section it shows
 * work together. Spec part 1 §4 "Trajectory edit" and "Form editing": one edit mode from the header;
 * Save sends the header's own changes (title, description) and the section's, and is possible only
 * when something changed and nothing is invalid; Cancel asks first when there are unsaved changes.
 */
export interface SectionEditor {
  /** The section holds changes not yet saved. */
  dirty: boolean;
  /** Every field is valid (saving is blocked otherwise). */
  valid: boolean;
  /** How many fields need attention (the save bar says so while Save is disabled). */
  problems?: number;
  /** Shows every field's error and moves to the first (the save bar's link). */
  reveal?(): void;
  /**
   * Sends the changes; true when saved (the section shows its own failure message otherwise);
   * 'onDevice' when kept on this device to be sent later (offline drafts, issue 23: the section says so).
   */
  save(): Promise<boolean | 'onDevice'>;
  /** Drops the changes (back to the last saved state). */
  discard(): void;
}

export interface TrajectoryEditSession {
  trajectory: TrajectoryInfo;
  /** The header's edit mode is on (never while the trajectory is expired, D12). */
  editing: boolean;
  /** The header's filter box: sections show only fields / competences whose name contains it. */
  filter: string;
  /**
   * A section that edits with the header registers its editor while mounted (call again whenever
   * dirty/valid change; null when unmounting).
   */
  registerSection(editor: SectionEditor | null): void;
  /** Starts the header's edit mode (a section's own "create" action, e.g. create evaluation). */
  startEditing(): void;
}

export const TrajectoryEditContext = createContext<TrajectoryEditSession | null>(null);

export function useTrajectoryEditSession(): TrajectoryEditSession {
  const session = useContext(TrajectoryEditContext);
  if (!session) throw new Error('useTrajectoryEditSession outside the trajectory detail frame');
  return session;
}
