import type { FieldRights, ReportRights, TrajectoryRole } from '../contract/access.ts';
import { WHOLE_REPORT_KEY } from '../contract/access.ts';
import type { Field } from '../contract/fields.ts';
import { fieldKey } from '../fields/tree.ts';
import { ownEntry } from '../util/own-key.ts';

/**
 * Field visibility (spec part 1 §6), resolved for one user:
 * - each role is resolved on its own: a field's rights are its own entry (by field key, the uuid before '#'),
 *   else the nearest ancestor group's entry, else the root entry (information: key ''; reports: the
 *   whole-report entry ''); then the roles are OR-ed;
 * - write implies read for visibility;
 * - a group is readable if its own rights allow it or any child is readable; a competence list likewise if any
 *   of its level elements (used as keys) is readable;
 * - hidden counts only when nothing grants read or write.
 */
export interface FieldAccess {
  read: boolean;
  write: boolean;
  hidden: boolean;
}

type RightsMap = Readonly<Record<string, FieldRights>>;

interface Layer {
  map: RightsMap;
  inherited: FieldRights | undefined;
}

function grants(layers: readonly (FieldRights | undefined)[], flag: keyof FieldRights): boolean {
  return layers.some((rights) => rights?.[flag] === true);
}

function resolveList(
  fields: readonly Field[],
  layers: readonly Layer[],
  out: Map<Field, FieldAccess>,
): boolean {
  let anyReadable = false;
  for (const field of fields) {
    const key = fieldKey(field.uuid);
    const own = layers.map((layer) => ownEntry(layer.map, key) ?? layer.inherited);
    const write = grants(own, 'write');
    let read = write || grants(own, 'read');
    if (field.type === 'group') {
      const childLayers = layers.map((layer, index) => ({ map: layer.map, inherited: own[index] }));
      if (resolveList(field.children, childLayers, out)) read = true;
    } else if (field.type === 'competence_list') {
      const elements = field.levels.flatMap((level) => level.elements);
      const readableElement = elements.some((element) =>
        layers.some((layer, index) => {
          const rights = ownEntry(layer.map, fieldKey(element)) ?? own[index];
          return rights?.read === true || rights?.write === true;
        }),
      );
      if (readableElement) read = true;
    }
    const hidden = !read && grants(own, 'hidden');
    out.set(field, { read, write, hidden });
    if (read) anyReadable = true;
  }
  return anyReadable;
}

/** Resolves every field of the tree (keyed by object identity) for per-role maps and root entries. */
export function resolveFieldAccess(
  fields: readonly Field[],
  roleMaps: readonly { map: RightsMap; root: FieldRights | undefined }[],
): Map<Field, FieldAccess> {
  const out = new Map<Field, FieldAccess>();
  resolveList(
    fields,
    roleMaps.map(({ map, root }) => ({ map, inherited: root })),
    out,
  );
  return out;
}

/** Information-form field access for a user's roles (root key ''). */
export function informationFieldAccess(
  fields: readonly Field[],
  roles: readonly TrajectoryRole[],
): Map<Field, FieldAccess> {
  return resolveFieldAccess(
    fields,
    roles.map((role) => ({ map: role.informationRights, root: ownEntry(role.informationRights, '') })),
  );
}

/** The whole-report entry as field rights: admin implies write, write implies read. */
function wholeReportAsField(rights: ReportRights | undefined): FieldRights | undefined {
  if (!rights) return undefined;
  const write = rights.write || rights.admin === true;
  return { write, read: rights.read || write, hidden: rights.hidden };
}

/** Report field access for a user's roles in a report made from blueprint `reportName`. */
export function reportFieldAccess(
  fields: readonly Field[],
  roles: readonly TrajectoryRole[],
  reportName: string,
): Map<Field, FieldAccess> {
  return resolveFieldAccess(
    fields,
    roles.map((role) => {
      const map = ownEntry(role.reportRights, reportName) ?? {};
      return { map, root: wholeReportAsField(ownEntry(map, WHOLE_REPORT_KEY)) };
    }),
  );
}

/** True when no readable field exists (the section shows the noAccess warning). */
export function hasNoReadableField(access: ReadonlyMap<Field, FieldAccess>): boolean {
  for (const entry of access.values()) if (entry.read) return false;
  return true;
}

/** The same access keyed by full field uuid (for the web, which renders from uuids). */
export function fieldAccessByUuid(access: ReadonlyMap<Field, FieldAccess>): Map<string, FieldAccess> {
  const byUuid = new Map<string, FieldAccess>();
  for (const [field, entry] of access) byUuid.set(field.uuid, entry);
  return byUuid;
}
