import type { ScoreRule } from '@groeipad/core';

/**
 * The trajectory blueprint's score rule as its editor changes it (issue 23): absent means the latest of any
 * rater (the default, stored as nothing, so blueprints that keep it stay as they were); `role` needs a role
 * of the blueprint — the one it named if still there, else the first.
 */
export type ScoreRuleKind = ScoreRule['kind'];

/** The rule after choosing `kind`; undefined for the default. */
export function scoreRuleOfKind(
  kind: ScoreRuleKind,
  roles: readonly string[],
  current: ScoreRule | undefined,
): ScoreRule | undefined {
  if (kind === 'latest') return undefined;
  if (kind === 'agreed') return { kind };
  const kept = current?.kind === 'role' && roles.includes(current.role) ? current.role : undefined;
  return { kind, role: kept ?? roles[0] ?? '' };
}

/** A `role` rule naming no role of the blueprint (renamed or removed since): the editor says so. */
export function missingRuleRole(rule: ScoreRule | undefined, roles: readonly string[]): string | null {
  return rule?.kind === 'role' && !roles.includes(rule.role) ? rule.role : null;
}
