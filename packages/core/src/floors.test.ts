import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The import graph of the core's own sources (tests left out). */
function graph(): Map<string, string[]> {
  const root = import.meta.dirname;
  const files = (readdirSync(root, { recursive: true }) as string[]).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    const deps = [...text.matchAll(/from '(\.[^']+)'/g)].map((m) =>
      relative(root, normalize(join(root, dirname(file), m[1]!))),
    );
    edges.set(normalize(file), deps);
  }
  return edges;
}

describe('floors that only point down (DESIGN "Architecture for the areas still to come", point 8)', () => {
  const edges = graph();

  it('has no import cycles', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (node: string, path: string[]) => {
      state.set(node, 'open');
      for (const next of edges.get(node) ?? []) {
        if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next].join(' → '));
        else if (!state.has(next)) visit(next, [...path, next]);
      }
      state.set(node, 'done');
    };
    for (const node of edges.keys()) if (!state.has(node)) visit(node, [node]);
    expect(cycles).toEqual([]);
  });

  it('keeps contract/ free of the rights rules: rules import the contract, never the other way', () => {
    const upward = [...edges].flatMap(([file, deps]) =>
      file.startsWith('contract')
        ? deps.filter((dep) => dep.startsWith('rights')).map((dep) => `${file} → ${dep}`)
        : [],
    );
    expect(upward).toEqual([]);
  });
});
