import {
  type AccessProblem,
  accessProblems,
  canEditAccess,
  type TrajectoryAccess,
  type TrajectoryRole,
} from '@groeipad/core';
import { produce } from 'immer';

/** The access document the editor changes: roles plus default users (a blueprint's or a trajectory's). */
export type AccessDocument = Pick<TrajectoryAccess, 'roles' | 'users'>;
/** A change in the immer style of the document editor (lib/use-document-editor.ts). */
export type AccessRecipe = (draft: AccessDocument) => void;

/**
 * Whether a change must be refused with canNotRevokeRight (spec part 1 §5): the current user may edit
 * rights now (core canEditAccess) and would not after it. A user who holds no rights here (a blueprint's
 * designer who is not one of its default users) has nothing to lose, so their changes pass.
 */
export function losesOwnRightsAdmin(
  access: AccessDocument,
  recipe: AccessRecipe,
  currentUser: string,
): boolean {
  if (!canEditAccess(access, currentUser)) return false;
  const after = produce(access, recipe);
  return !canEditAccess(after, currentUser);
}

/** A new role with nothing granted (zTrajectoryRole's defaults). */
export function emptyRole(name: string): TrajectoryRole {
  return {
    name: name.trim(),
    informationRights: {},
    evaluationRights: { write: false, read: false },
    reportRights: {},
    adminRights: { purchase: false, metadata: false, rights: false },
  };
}

/** The problems of the whole list (core accessProblems), grouped for display: per user row and general. */
export function problemsByUser(access: AccessDocument): {
  general: AccessProblem[];
  byIndex: Map<number, AccessProblem[]>;
} {
  const general: AccessProblem[] = [];
  const byIndex = new Map<number, AccessProblem[]>();
  for (const problem of accessProblems(access)) {
    if (problem.code === 'noAdmin') general.push(problem);
    else byIndex.set(problem.index, [...(byIndex.get(problem.index) ?? []), problem]);
  }
  return { general, byIndex };
}
