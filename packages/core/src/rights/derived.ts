import { normaliseEmail } from '../account/email.ts';
import type { ReportRights, TrajectoryAccess, TrajectoryRole } from '../contract/access.ts';
import { WHOLE_REPORT_KEY } from '../contract/access.ts';
import { BLUEPRINT_RIGHTS, type BlueprintRight } from '../contract/blueprints.ts';
import type { TrajectoryRight } from '../contract/trajectories.ts';
import { ownEntry, setEntry } from '../util/own-key.ts';
import type { EffectiveRights } from './effective.ts';
import { effectiveRights, userRoles } from './effective.ts';

/**
 * The list-item rights (TRAJECTORY_RIGHTS, spec part 1 §3, §6) of a user: READ when they hold at least one role of the trajectory, then PURCHASE,
 * METADATA and RIGHTS from the OR-merged admin rights.
 */
export function trajectoryListRights(access: TrajectoryAccess, email: string): TrajectoryRight[] {
  const roles = userRoles(access, email);
  if (roles.length === 0) return [];
  const { admin } = effectiveRights(roles);
  const rights: TrajectoryRight[] = ['READ'];
  if (admin.purchase) rights.push('PURCHASE');
  if (admin.metadata) rights.push('METADATA');
  if (admin.rights) rights.push('RIGHTS');
  return rights;
}

/** Only METADATA allows selecting a list row (delete, extract): the row checkbox. */
export function canSelectTrajectory(rights: readonly TrajectoryRight[]): boolean {
  return rights.includes('METADATA');
}

function anyReportFlag(role: TrajectoryRole): boolean {
  return Object.values(role.reportRights).some((entries) =>
    Object.values(entries).some((r) => r.admin === true || r.write || r.read),
  );
}

/**
 * The detail page's edit button (spec part 1 §6): the trajectory is active and the user has metadata or
 * rights permission, or a role with any write right (information or evaluation) or any report right
 * (admin, write or read on a whole report or a report field). `active`: see dates/expiry.ts isTrajectoryActive.
 */
export function canShowEditButton(rights: EffectiveRights, active: boolean): boolean {
  if (!active) return false;
  if (rights.admin.metadata || rights.admin.rights || rights.evaluation.write) return true;
  return rights.roles.some(
    (role) => Object.values(role.informationRights).some((r) => r.write) || anyReportFlag(role),
  );
}

/** On the detail page, metadata allows editing title and description (rights: access, see canEditAccess). */
export function canEditTitleAndDescription(rights: EffectiveRights): boolean {
  return rights.admin.metadata;
}

function reportEntries(
  rights: EffectiveRights,
  reportName: string,
): Readonly<Record<string, ReportRights>>[] {
  return rights.roles.flatMap((role) => {
    const entries = ownEntry(role.reportRights, reportName);
    return entries ? [entries] : [];
  });
}

/** The OR-merged whole-report flags (admin ⇒ write ⇒ read applied). */
export function wholeReportRights(rights: EffectiveRights, reportName: string): Required<ReportRights> {
  const wholes = reportEntries(rights, reportName).map((entries) => ownEntry(entries, WHOLE_REPORT_KEY));
  const admin = wholes.some((r) => r?.admin === true);
  const write = admin || wholes.some((r) => r?.write === true);
  const read = write || wholes.some((r) => r?.read === true);
  const hidden = !read && wholes.some((r) => r?.hidden === true);
  return { admin, write, read, hidden };
}

function anyFieldEntry(rights: EffectiveRights, reportName: string, flag: 'read' | 'write'): boolean {
  return reportEntries(rights, reportName).some((entries) =>
    Object.entries(entries).some(
      ([key, r]) => key !== WHOLE_REPORT_KEY && (r.write || (flag === 'read' && r.read)),
    ),
  );
}

/** Reports the user can read appear in the list: a readable whole report or any readable report field. */
export function canReadReport(rights: EffectiveRights, reportName: string): boolean {
  return wholeReportRights(rights, reportName).read || anyFieldEntry(rights, reportName, 'read');
}

/** The report's edit button: write on the whole report or on any report field. */
export function canWriteReport(rights: EffectiveRights, reportName: string): boolean {
  return wholeReportRights(rights, reportName).write || anyFieldEntry(rights, reportName, 'write');
}

/**
 * Creating a report needs admin on its report blueprint, or general admin. "General admin" is read as the
 * trajectory's rights-admin permission (adminRights.rights).
 */
export function canCreateReport(rights: EffectiveRights, reportName: string): boolean {
  return rights.admin.rights || wholeReportRights(rights, reportName).admin;
}

/**
 * The reports section is the reader's (spec part 1 §6, issue 21): some role gives them a right on some
 * report, or they may create reports as general admin. Otherwise the section says noAccess rather than
 * "no reports yet".
 */
export function canReadSomeReport(rights: EffectiveRights): boolean {
  return rights.admin.rights || rights.roles.some(anyReportFlag);
}

/** Selecting and deleting a report needs admin (on its blueprint, or general admin). */
export function canDeleteReport(rights: EffectiveRights, reportName: string): boolean {
  return canCreateReport(rights, reportName);
}

/** Blueprint rights (spec part 2 §3): ADMIN ⇒ WRITE ⇒ READ. */

/** The closed set of blueprint rights, in the order ADMIN, WRITE, READ. */
export function closeBlueprintRights(rights: readonly BlueprintRight[]): BlueprintRight[] {
  const admin = rights.includes('ADMIN');
  const write = admin || rights.includes('WRITE');
  const read = write || rights.includes('READ');
  return BLUEPRINT_RIGHTS.filter((right) => ({ ADMIN: admin, WRITE: write, READ: read })[right]);
}

export function hasBlueprintRight(rights: readonly BlueprintRight[], needed: BlueprintRight): boolean {
  return closeBlueprintRights(rights).includes(needed);
}

/** The single right chosen in the blueprint access dropdown (admin/write/read) as the closed set. */
export function blueprintRightsFromLevel(level: BlueprintRight): BlueprintRight[] {
  return closeBlueprintRights([level]);
}

/** Blueprint list actions (spec part 2 §6) over the rights of the selected rows. */
export function blueprintActions(selected: readonly (readonly BlueprintRight[])[]) {
  const one = selected.length === 1 ? selected[0] : undefined;
  return {
    copy: one !== undefined && hasBlueprintRight(one, 'ADMIN'),
    edit: one !== undefined && hasBlueprintRight(one, 'ADMIN'),
    info: one !== undefined && hasBlueprintRight(one, 'READ'),
    delete: selected.length > 0 && selected.every((rights) => hasBlueprintRight(rights, 'ADMIN')),
  };
}

/** The rights of a blueprint's creator. */
export const NEW_BLUEPRINT_CREATOR_RIGHTS: readonly BlueprintRight[] = ['ADMIN', 'WRITE', 'READ'];

/** The default role name of the creator of a new trajectory. */
export const DEFAULT_ADMIN_ROLE_NAME = 'Admin';

/**
 * The default new-admin role (spec part 1 §6, part 2 §6): information write and read (not hidden) at the
 * root key ''; evaluation write and read; every given report blueprint: admin, write, read, not hidden on the
 * whole report; admin rights purchase, metadata and rights.
 */
export function defaultAdminRole(
  reportBlueprintNames: readonly string[] = [],
  name = DEFAULT_ADMIN_ROLE_NAME,
): TrajectoryRole {
  const reportRights: TrajectoryRole['reportRights'] = {};
  for (const report of reportBlueprintNames) {
    setEntry(reportRights, report, {
      [WHOLE_REPORT_KEY]: { admin: true, write: true, read: true, hidden: false },
    });
  }
  return {
    name,
    informationRights: { '': { write: true, read: true, hidden: false } },
    evaluationRights: { write: true, read: true },
    reportRights,
    adminRights: { purchase: true, metadata: true, rights: true },
  };
}

/** Whether a role holds all three admin rights, as the default new-admin role does (spec part 2 §6). */
export function holdsAllAdminRights(role: Pick<TrajectoryRole, 'adminRights'>): boolean {
  const { purchase, metadata, rights } = role.adminRights;
  return purchase && metadata && rights;
}

/**
 * The default admin role has every right but hidden on every report (spec part 1 and 2 §6), also on a
 * report blueprint linked after the role was made: for each of `added` (report names new to the list),
 * every role holding all three admin rights (the default admin role, whatever it is now called) that has
 * no entry for it yet gets admin, write and read on the whole report. A role that already has an entry
 * (rights set in the same save) keeps it. Answers new role objects where one changed.
 */
export function withLinkedReportRights<R extends TrajectoryRole>(
  roles: readonly R[],
  added: readonly string[],
): R[] {
  return roles.map((role) => {
    const missing = added.filter((report) => !ownEntry(role.reportRights, report));
    if (missing.length === 0 || !holdsAllAdminRights(role)) return role;
    const reportRights: TrajectoryRole['reportRights'] = { ...role.reportRights };
    for (const report of missing)
      setEntry(reportRights, report, {
        [WHOLE_REPORT_KEY]: { admin: true, write: true, read: true, hidden: false },
      });
    return { ...role, reportRights };
  });
}

/** The access of a new trajectory: the default admin role, held by its creator. */
export function defaultTrajectoryAccess(
  creatorEmail: string,
  reportBlueprintNames: readonly string[] = [],
): TrajectoryAccess {
  const role = defaultAdminRole(reportBlueprintNames);
  return { roles: [role], users: [{ user: normaliseEmail(creatorEmail), roles: [role.name] }] };
}
