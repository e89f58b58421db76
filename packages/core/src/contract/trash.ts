import { z } from 'zod';
import { BLUEPRINT_TYPES } from './blueprints.ts';
import { ID_MAX } from './common.ts';
import { tolerantEnum } from './tolerant-enum.ts';

/** Trash holds deleted trajectories and blueprints; ids are prefixed with their kind (D38). */
export const TRASH_KINDS = ['trajectory', 'blueprint'] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];

/** `trajectory-12`, `blueprint-5`: the kind and a database id (no leading zeros, at most ID_MAX). */
const TRASH_ID = /^(trajectory|blueprint)-(0|[1-9]\d{0,9})$/;

export function trashId(kind: TrashKind, id: number): string {
  return `${kind}-${id}`;
}

export function parseTrashId(value: string): { kind: TrashKind; id: number } | null {
  const match = TRASH_ID.exec(value);
  if (!match) return null;
  const id = Number(match[2]);
  if (id > ID_MAX) return null;
  return { kind: match[1] as TrashKind, id };
}

/** A trash id in a path or an answer: ill-formed or past the largest database id is invalidValue (400). */
export const zTrashId = z
  .string({ error: 'invalidValue' })
  .regex(TRASH_ID, { error: 'invalidValue' })
  .refine((value) => parseTrashId(value) !== null, { error: 'invalidValue' });
export const zTrashIdParams = z.object({ id: zTrashId });

export const zTrashItem = z.object({
  id: zTrashId,
  name: z.string(),
  /**
   * `TRAJECTORY` for a trajectory, else the blueprint's type (a trajectory blueprint is `TRAJECTORY`
   * too: the id's prefix tells them apart).
   */
  type: tolerantEnum(BLUEPRINT_TYPES),
  /** D13: METADATA on a trajectory, ADMIN on a blueprint. Only these can be selected, restored, deleted. */
  admin: z.boolean(),
  /** When it was deleted (ISO date-time). */
  statusModifiedOn: z.string().nullable(),
  /** Who deleted it (null when that account no longer exists). */
  statusModifiedByEmail: z.string().nullable(),
});
export type TrashItem = z.infer<typeof zTrashItem>;

/** Restore sets status LIVE, in any letter case (D30); DELETED is not a restore. */
export const zTrashRestore = z.object({
  status: z.preprocess(
    (value) => (typeof value === 'string' ? value.toUpperCase() : value),
    z.literal('LIVE', { error: (issue) => (issue.input === undefined ? 'required' : 'invalidValue') }),
  ),
});
/** Restore or delete several items at once. */
export const zTrashSelection = z.object({ ids: z.array(zTrashId).min(1, { error: 'required' }).max(1000) });

/** Only items where the user is admin can be selected (spec part 2 §4, §6). */
export function isTrashItemSelectable(item: Pick<TrashItem, 'admin'>): boolean {
  return item.admin;
}

/** Select-all: the ids of the selectable items only. */
export function selectAllTrash(items: readonly Pick<TrashItem, 'id' | 'admin'>[]): string[] {
  return items.filter(isTrashItemSelectable).map((item) => item.id);
}
