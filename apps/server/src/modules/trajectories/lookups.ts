import { type Criterion, EMAIL_SUGGESTIONS_MAX } from '@groeipad/core';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { loadDocument } from '../../engine/engine.ts';
import { loadGrant } from './grant.ts';
import { TRAJECTORY_KINDS } from './kinds.ts';

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * Members' e-mail addresses for the access editor (issue 8): only a RIGHTS holder of the trajectory
 * asks, whatever their organisation role, so a teacher who is a plain USER still gets suggestions.
 */
export async function emailSuggestions(
  ctx: AppContext,
  actor: Actor,
  id: number,
  q: string,
): Promise<string[]> {
  await loadGrant(ctx, ctx.db, actor, id, 'suggestEmails');
  const rows = await ctx.db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('u.email')
    .where('m.organisation_id', '=', actor.organisationId)
    .where('u.email', 'like', `%${likeLiteral(q.trim().toLowerCase())}%`)
    .orderBy('u.email')
    .limit(EMAIL_SUGGESTIONS_MAX)
    .execute();
  return rows.map((row) => row.email);
}

function collectLabels(criteria: readonly Criterion[], into: Set<string>): Set<string> {
  for (const criterion of criteria) {
    for (const label of criterion.labels) into.add(label);
    if (criterion.type === 'cluster') collectLabels(criterion.subsections, into);
  }
  return into;
}

/** The distinct competence labels of a trajectory, for the evaluation filter: needs evaluation read. */
export async function competenceLabels(ctx: AppContext, actor: Actor, id: number): Promise<string[]> {
  const { row } = await loadGrant(ctx, ctx.db, actor, id, 'readEvaluation');
  const evaluation = await loadDocument(ctx.db, actor.organisationId, row.evaluation_document_id, {
    kind: TRAJECTORY_KINDS.evaluation,
  });
  return [...collectLabels(evaluation.content.criteria, new Set())].sort((a, b) => a.localeCompare(b, 'nl'));
}
