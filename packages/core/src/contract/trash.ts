import { z } from 'zod';

/** Trash holds deleted trajectories and blueprints; ids are prefixed with their kind. */
export const TRASH_KINDS = ['trajectory', 'blueprint'] as const;
export type TrashKind = (typeof TRASH_KINDS)[number];

const TRASH_ID = /^(trajectory|blueprint)-(\d{1,15})$/;

export function trashId(kind: TrashKind, id: number): string {
  return `${kind}-${id}`;
}

export function parseTrashId(value: string): { kind: TrashKind; id: number } | null {
  const match = TRASH_ID.exec(value);
  if (!match) return null;
  return { kind: match[1] as TrashKind, id: Number(match[2]) };
}

export const zTrashId = z.string().regex(TRASH_ID, { error: 'invalidValue' });

export const zTrashItem = z.object({
  id: zTrashId,
  name: z.string(),
  /** 'TRAJECTORY' or the blueprint type. */
  type: z.string(),
  /** Only items where the user is admin can be selected. */
  admin: z.boolean(),
  statusModifiedOn: z.string().nullable(),
  statusModifiedByEmail: z.string().nullable(),
});
export type TrashItem = z.infer<typeof zTrashItem>;

/** Restore sets status LIVE. */
export const zTrashRestore = z.object({ status: z.literal('LIVE') });
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
