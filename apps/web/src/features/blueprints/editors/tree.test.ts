import { describe, expect, it } from 'vitest';
import {
  appendInTree,
  duplicateInTree,
  moveInTree,
  moveSelected,
  removeFromTree,
  type TreeAccess,
  treeIds,
  updateInTree,
} from './tree';

interface Node {
  id: string;
  kids?: Node[];
}
const access: TreeAccess<Node> = {
  id: (node) => node.id,
  children: (node) => node.kids,
  withChildren: (node, kids) => ({ ...node, kids }),
};
const ids = (list: readonly Node[]) => list.map((node) => node.id).join('');
const tree: Node[] = [
  { id: 'a', kids: [{ id: 'a1' }, { id: 'a2' }, { id: 'a3' }] },
  { id: 'b' },
  { id: 'c', kids: [] },
];

describe('moveSelected', () => {
  const list = ['a', 'b', 'c', 'd', 'e'];
  const selected = (set: string) => (item: string) => set.includes(item);

  it('moves each selected item one place up or down', () => {
    expect(moveSelected(list, selected('c'), 'up').join('')).toBe('acbde');
    expect(moveSelected(list, selected('c'), 'down').join('')).toBe('abdce');
    expect(moveSelected(list, selected('bd'), 'up').join('')).toBe('badce');
  });

  it('keeps a block together and stops at the ends', () => {
    expect(moveSelected(list, selected('ab'), 'up').join('')).toBe('abcde');
    expect(moveSelected(list, selected('de'), 'down').join('')).toBe('abcde');
    expect(moveSelected(list, selected('bc'), 'up').join('')).toBe('bcade');
    expect(moveSelected(list, selected('cd'), 'down').join('')).toBe('abecd');
    expect(moveSelected(list, selected('ae'), 'down').join('')).toBe('bacde');
  });

  it('leaves the input unchanged', () => {
    moveSelected(list, selected('c'), 'up');
    expect(list.join('')).toBe('abcde');
  });
});

describe('tree operations', () => {
  it('moves within each level, never across levels', () => {
    const moved = moveInTree(tree, access, new Set(['a2', 'b']), 'up');
    expect(ids(moved)).toBe('bac');
    expect(ids(moved[1]!.kids!)).toBe('a2a1a3');
    const down = moveInTree(tree, access, new Set(['a3', 'a']), 'down');
    expect(ids(down)).toBe('bac');
    expect(ids(down[1]!.kids!)).toBe('a1a2a3');
  });

  it('removes selected nodes with their children, at any level', () => {
    expect(ids(removeFromTree(tree, access, new Set(['a'])))).toBe('bc');
    const removed = removeFromTree(tree, access, new Set(['a1', 'a3', 'c']));
    expect(ids(removed)).toBe('ab');
    expect(ids(removed[0]!.kids!)).toBe('a2');
  });

  it('duplicates selected nodes right after themselves', () => {
    const copy = (node: Node) => ({ ...node, id: `${node.id}'` });
    const result = duplicateInTree(tree, access, new Set(['b', 'a2']), copy);
    expect(ids(result)).toBe("abb'c");
    expect(ids(result[0]!.kids!)).toBe("a1a2a2'a3");
  });

  it('lists ids parents first, updates and appends by id', () => {
    expect(treeIds(tree, access)).toEqual(['a', 'a1', 'a2', 'a3', 'b', 'c']);
    const updated = updateInTree(tree, access, 'a2', (node) => ({ ...node, id: 'x' }));
    expect(treeIds(updated, access)).toEqual(['a', 'a1', 'x', 'a3', 'b', 'c']);
    expect(treeIds(appendInTree(tree, access, 'c', { id: 'c1' }), access)).toEqual([
      'a',
      'a1',
      'a2',
      'a3',
      'b',
      'c',
      'c1',
    ]);
    expect(ids(appendInTree(tree, access, null, { id: 'd' }))).toBe('abcd');
    expect(treeIds(tree, access)).toEqual(['a', 'a1', 'a2', 'a3', 'b', 'c']);
  });
});

describe('unchanged branches stay the same objects', () => {
  it('updateInTree rebuilds only the path to the changed node', () => {
    const next = updateInTree(tree, access, 'a2', (node) => ({ ...node, id: 'a2x' }));
    expect(next[0]).not.toBe(tree[0]);
    expect(next[0]?.kids?.[0]).toBe(tree[0]?.kids?.[0]);
    expect(next[1]).toBe(tree[1]);
    expect(next[2]).toBe(tree[2]);
    expect(updateInTree(tree, access, 'nobody', (node) => ({ ...node }))).toBe(tree);
  });

  it('moving and removing keep the branches they do not touch', () => {
    const moved = moveInTree(tree, access, new Set(['a3']), 'up');
    expect(moved[1]).toBe(tree[1]);
    expect(moved[0]?.kids?.[0]).toBe(tree[0]?.kids?.[0]);
    expect(removeFromTree(tree, access, new Set(['nobody']))).toBe(tree);
  });
});
