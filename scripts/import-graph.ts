// The import graph of a source folder, for the floors tests of apps/server and apps/web (each states its
// own rules over it). Like packages/core/src/floors.test.ts it reads the imports itself: no dependency.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

/** Each source file (tests left out) → the files it imports, both relative to the root, `/`-separated. */
export type ImportGraph = Map<string, string[]>;

/** One edge of the graph, as a failure message shows it. */
export interface Import {
  file: string;
  target: string;
}

/** Static, type-only, re-exported, side-effect and dynamic imports of a relative path. */
const RELATIVE_IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)'(\.[^']+)'/gm;

/** The web app imports without extensions (`./page`, `./editors` for `./editors/index.ts`). */
const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

const isSource = (file: string) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file);
const slashed = (path: string) => path.split(sep).join('/');

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The file an import names; a path that resolves to nothing stays as written, so it still shows. */
function resolveImport(root: string, file: string, specifier: string): string {
  const base = normalize(join(root, dirname(file), specifier));
  const found = CANDIDATES.map((ending) => base + ending).find(isFile);
  return slashed(relative(root, found ?? base));
}

export function importGraph(root: string): ImportGraph {
  const files = (readdirSync(root, { recursive: true }) as string[]).filter(isSource).sort();
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    const targets = [...text.matchAll(RELATIVE_IMPORT)].map((match) => resolveImport(root, file, match[1]!));
    graph.set(slashed(file), [...new Set(targets)]);
  }
  return graph;
}

export function imports(graph: ImportGraph): Import[] {
  return [...graph].flatMap(([file, targets]) => targets.map((target) => ({ file, target })));
}

/** Each cycle found, as `a → b → a` (a depth-first search reports every back edge it meets). */
export function importCycles(graph: ImportGraph): string[] {
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string, path: string[]) => {
    state.set(node, 'open');
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next].join(' → '));
      else if (!state.has(next)) visit(next, [...path, next]);
    }
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node, [node]);
  return cycles;
}

/** The imports that break a rule, as `file → target` lines a developer can act on. */
export function offending(graph: ImportGraph, breaks: (edge: Import) => boolean): string[] {
  return imports(graph)
    .filter(breaks)
    .map(({ file, target }) => `${file} → ${target}`);
}
