import { z } from 'zod';
import { type BlueprintRight, zBlueprintUserRights } from '../contract/blueprints.ts';
import { type AccessProblem, accessListProblems } from './access-validity.ts';

/** Every problem of a blueprint access list (the rule of rights/access-validity.ts, rights ADMIN ⇒ WRITE ⇒ READ). */
export function blueprintAccessProblems(
  list: readonly { user: string; rights: readonly BlueprintRight[] }[],
): AccessProblem[] {
  return accessListProblems(
    list.map((entry) => ({
      user: entry.user,
      hasRight: entry.rights.length > 0,
      isAdmin: entry.rights.includes('ADMIN'),
    })),
  );
}

/** Why a blueprint access list is invalid (spec part 2 §5): the first problem's code, or null when valid. */
export function checkBlueprintUserRights(
  list: readonly { user: string; rights: readonly BlueprintRight[] }[],
): AccessProblem['code'] | null {
  return blueprintAccessProblems(list)[0]?.code ?? null;
}

/** GET/PUT /api/blueprints/{id}/rights: a valid access list; issues carry the problem code as message. */
export const zBlueprintUserRightsList = z.array(zBlueprintUserRights).superRefine((list, context) => {
  for (const problem of blueprintAccessProblems(list)) {
    const path = problem.code === 'noAdmin' ? [] : [problem.index, 'user'];
    context.addIssue({ code: 'custom', message: problem.code, path });
  }
});
