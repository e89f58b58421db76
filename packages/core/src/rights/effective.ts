import { normaliseEmail } from '../account/email.ts';
import type {
  AdminRights,
  EvaluationRights,
  FieldRights,
  ReportRights,
  TrajectoryAccess,
  TrajectoryRole,
} from '../contract/access.ts';
import { ownEntry, setEntry } from '../util/own-key.ts';

/**
 * A user's effective trajectory rights: the roles they hold (field rights are resolved per role, then
 * OR-ed, because inheritance must be applied inside each role first) and the OR-merge of the flat rights.
 */
export interface EffectiveRights {
  roles: readonly TrajectoryRole[];
  evaluation: EvaluationRights;
  admin: AdminRights;
}

/** The roles the user holds (role names matched exactly; unknown names ignored). */
export function userRoles(access: TrajectoryAccess, email: string): TrajectoryRole[] {
  const wanted = normaliseEmail(email);
  const names = new Set(
    access.users.filter((entry) => normaliseEmail(entry.user) === wanted).flatMap((entry) => entry.roles),
  );
  return access.roles.filter((role) => names.has(role.name));
}

export function effectiveRights(roles: readonly TrajectoryRole[]): EffectiveRights {
  return {
    roles,
    evaluation: {
      write: roles.some((role) => role.evaluationRights.write),
      read: roles.some((role) => role.evaluationRights.read),
    },
    admin: {
      purchase: roles.some((role) => role.adminRights.purchase),
      metadata: roles.some((role) => role.adminRights.metadata),
      rights: roles.some((role) => role.adminRights.rights),
    },
  };
}

/** The effective rights of the user with this e-mail in this access list. */
export function effectiveRightsOf(access: TrajectoryAccess, email: string): EffectiveRights {
  return effectiveRights(userRoles(access, email));
}

function orFieldRights(a: FieldRights | undefined, b: FieldRights): FieldRights {
  return a
    ? { write: a.write || b.write, read: a.read || b.read, hidden: a.hidden || b.hidden }
    : { write: b.write, read: b.read, hidden: b.hidden };
}

function orReportRights(a: ReportRights | undefined, b: ReportRights): ReportRights {
  const merged: ReportRights = orFieldRights(a, b);
  if (a?.admin !== undefined || b.admin !== undefined) merged.admin = Boolean(a?.admin) || Boolean(b.admin);
  return merged;
}

/**
 * All roles OR-merged into one, key by key (for display, e.g. "what does this user hold"). Every flag of
 * every input role stays set. Field visibility is decided by `resolveFieldAccess` over the role list.
 */
export function mergeRoles(roles: readonly TrajectoryRole[], name = roles.map((r) => r.name).join(', ')) {
  const merged: TrajectoryRole = {
    name,
    informationRights: {},
    evaluationRights: effectiveRights(roles).evaluation,
    reportRights: {},
    adminRights: effectiveRights(roles).admin,
  };
  for (const role of roles) {
    for (const [key, rights] of Object.entries(role.informationRights)) {
      setEntry(merged.informationRights, key, orFieldRights(ownEntry(merged.informationRights, key), rights));
    }
    for (const [report, entries] of Object.entries(role.reportRights)) {
      const target = ownEntry(merged.reportRights, report) ?? {};
      for (const [key, rights] of Object.entries(entries)) {
        setEntry(target, key, orReportRights(ownEntry(target, key), rights));
      }
      setEntry(merged.reportRights, report, target);
    }
  }
  return merged;
}
