/**
 * Pure list and tree operations of the blueprint editors (spec part 2 §2: move up, move down, delete,
 * select-all, duplicate). A tree is described by a `TreeAccess`: how to read a node's id and children
 * and how to give it new children, so fields (group `children`) and competences (`subcompetences`) share
 * one implementation. Every function returns new arrays and never changes its input; a node whose subtree
 * did not change is returned as it was (the same object), so a list of 500 rows re-renders only the branch
 * that changed (the competence editor's rows are memoised by node).
 */
export interface TreeAccess<T> {
  id: (node: T) => string;
  /** The node's children, or undefined when it cannot have any (a field that is not a group). */
  children: (node: T) => readonly T[] | undefined;
  withChildren: (node: T, children: T[]) => T;
}

export type Direction = 'up' | 'down';

/** One list with the selected items moved one place; an item stops at the end or behind another selected one. */
export function moveSelected<T>(
  list: readonly T[],
  isSelected: (item: T) => boolean,
  direction: Direction,
): T[] {
  const next = [...list];
  const step = direction === 'up' ? -1 : 1;
  const order = next.map((_, index) => index);
  if (direction === 'down') order.reverse();
  for (const index of order) {
    const other = index + step;
    if (other < 0 || other >= next.length) continue;
    if (isSelected(next[index]!) && !isSelected(next[other]!)) {
      [next[index], next[other]] = [next[other]!, next[index]!];
    }
  }
  return next;
}

/** The same list when every item is the same object, else `next`. */
function sameOr<T>(list: readonly T[], next: T[]): T[] {
  return next.length === list.length && next.every((item, index) => item === list[index])
    ? (list as T[])
    : next;
}

/** The node with these children; the node itself when they are the ones it has. */
function withChildren<T>(node: T, access: TreeAccess<T>, children: T[]): T {
  return children === access.children(node) ? node : access.withChildren(node, children);
}

/** Maps every sibling list of the tree (the root and every node's children), depth first. */
function mapLists<T>(nodes: readonly T[], access: TreeAccess<T>, map: (list: readonly T[]) => T[]): T[] {
  const mapped = map(nodes).map((node) => {
    const children = access.children(node);
    return children === undefined || children.length === 0
      ? node
      : withChildren(node, access, mapLists(children, access, map));
  });
  return sameOr(nodes, mapped);
}

/** The selected nodes moved one place within their own sibling list, at every level. */
export function moveInTree<T>(
  nodes: readonly T[],
  access: TreeAccess<T>,
  selected: ReadonlySet<string>,
  direction: Direction,
): T[] {
  return mapLists(nodes, access, (list) =>
    moveSelected(list, (node) => selected.has(access.id(node)), direction),
  );
}

/** The tree without the selected nodes (a removed node takes its children with it). */
export function removeFromTree<T>(
  nodes: readonly T[],
  access: TreeAccess<T>,
  selected: ReadonlySet<string>,
): T[] {
  return mapLists(nodes, access, (list) => list.filter((node) => !selected.has(access.id(node))));
}

/** A copy of each selected node (made by `copy`) placed right after it. */
export function duplicateInTree<T>(
  nodes: readonly T[],
  access: TreeAccess<T>,
  selected: ReadonlySet<string>,
  copy: (node: T) => T,
): T[] {
  return mapLists(nodes, access, (list) =>
    list.flatMap((node) => (selected.has(access.id(node)) ? [node, copy(node)] : [node])),
  );
}

/** Every id of the tree, parents before their children. */
export function treeIds<T>(nodes: readonly T[], access: TreeAccess<T>): string[] {
  return nodes.flatMap((node) => [access.id(node), ...treeIds(access.children(node) ?? [], access)]);
}

/** The tree with `update` applied to the node with this id. */
export function updateInTree<T>(
  nodes: readonly T[],
  access: TreeAccess<T>,
  id: string,
  update: (node: T) => T,
): T[] {
  const updated = nodes.map((node) => {
    if (access.id(node) === id) return update(node);
    const children = access.children(node);
    return children === undefined || children.length === 0
      ? node
      : withChildren(node, access, updateInTree(children, access, id, update));
  });
  return sameOr(nodes, updated);
}

/** The tree with `child` appended to the children of `parentId`, or to the root when it is null. */
export function appendInTree<T>(
  nodes: readonly T[],
  access: TreeAccess<T>,
  parentId: string | null,
  child: T,
): T[] {
  if (parentId === null) return [...nodes, child];
  return updateInTree(nodes, access, parentId, (parent) =>
    access.withChildren(parent, [...(access.children(parent) ?? []), child]),
  );
}
