import type { FrameworkChange } from '@groeipad/core';

/** The diff's groups, in the order the preview shows them. */
export const CHANGE_KINDS = ['added', 'removed', 'changed', 'moved'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

/** One line of the preview's diff: the change, and for a removed item the name of its successor. */
export interface ChangeLine {
  change: FrameworkChange;
  /** Whose scores a removed item's go to (`replacedBy`, `exactMatchOf`): the successor's coded name. */
  successor: string | null;
}

export interface ChangeGroup {
  kind: ChangeKind;
  lines: ChangeLine[];
}

export interface GroupedChanges {
  /** The non-empty groups, Toegevoegd, Verwijderd, Gewijzigd, Verplaatst; each in the check's order. */
  groups: ChangeGroup[];
  /** Removed items whose scores follow no successor: they stay only in the trajectories' history. */
  removedWithoutSuccessor: number;
  /** Removed items whose scores go to a successor. */
  carried: number;
}

/**
 * The check's changes grouped for the preview (D56). A successor is named by its coded name when the
 * diff holds it (an added item, found by its identifier), else as the check gave it.
 */
export function groupChanges(changes: readonly FrameworkChange[]): GroupedChanges {
  const names = new Map(changes.map((change) => [change.uuid, change.name]));
  const lines = new Map<ChangeKind, ChangeLine[]>(CHANGE_KINDS.map((kind) => [kind, []]));
  let removedWithoutSuccessor = 0;
  let carried = 0;
  for (const change of changes) {
    const successor =
      change.kind === 'removed' && change.successor
        ? (names.get(change.successor) ?? change.successor)
        : null;
    if (change.kind === 'removed') {
      if (successor) carried += 1;
      else removedWithoutSuccessor += 1;
    }
    lines.get(change.kind)?.push({ change, successor });
  }
  return {
    groups: CHANGE_KINDS.flatMap((kind) => {
      const group = lines.get(kind) ?? [];
      return group.length > 0 ? [{ kind, lines: group }] : [];
    }),
    removedWithoutSuccessor,
    carried,
  };
}
