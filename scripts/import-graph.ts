// The import graph of a source folder, for the floors tests of packages/core, apps/server and apps/web
// (each states its own rules over it). It reads the imports itself: no dependency.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

/** Each source file (tests left out) → the files it imports, both relative to the root, `/`-separated. */
export type ImportGraph = Map<string, string[]>;

/** One edge of the graph, as a failure message shows it. */
export interface Import {
  file: string;
  target: string;
}

/**
 * Static, type-only, re-exported, side-effect and dynamic imports and `require` calls of a relative path,
 * in single, double or back quotes (a template without `${…}` names one file like a string does).
 */
const RELATIVE_IMPORT =
  /(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)(['"`])(\.[^'"`$\n]+)\1/gm;

/**
 * A dynamic import (or require) whose specifier is no plain string: a variable, a template with `${…}`,
 * a concatenation. No floor can be checked through it, so each one is named and must be allowed.
 */
const COMPUTED_IMPORT = /\b(?:import|require)\s*\(\s*(?!(['"`])[^'"`$\n]*\1\s*[),])[^)\n]{0,80}\)?/g;

/** The web app imports without extensions (`./page`, `./editors` for `./editors/index.ts`). */
const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

const isSource = (file: string) =>
  /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts');
const slashed = (path: string) => path.split(sep).join('/');

/** The text without comments, so an import named in a comment is no edge (strings are kept as they are). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1');
}

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

/** The source files under `root` (tests and declaration files left out) with their text, comments gone. */
export function sources(root: string): Map<string, string> {
  const files = (readdirSync(root, { recursive: true }) as string[])
    .filter((file) => isSource(file) && !slashed(file).split('/').includes('node_modules'))
    .sort();
  return new Map(
    files.map((file) => [slashed(file), withoutComments(readFileSync(join(root, file), 'utf8'))]),
  );
}

export function importGraph(root: string): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const [file, text] of sources(root)) {
    const targets = [...text.matchAll(RELATIVE_IMPORT)].map((match) => resolveImport(root, file, match[2]!));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Each dynamic import whose target cannot be read from the source, as `file: import(…)`. */
export function computedImports(root: string): string[] {
  return [...sources(root)].flatMap(([file, text]) =>
    [...text.matchAll(COMPUTED_IMPORT)].map((match) => `${file}: ${match[0].trim()}`),
  );
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

/**
 * The first path from `file` to a file `isTarget` accepts, through any number of imports, as
 * `file → … → target`; null when none. A floor that may not import a file may not reach it through
 * another file either.
 */
export function pathTo(graph: ImportGraph, file: string, isTarget: (path: string) => boolean): string | null {
  const seen = new Set([file]);
  const queue: string[][] = [[file]];
  while (queue.length > 0) {
    const path = queue.shift() as string[];
    for (const next of graph.get(path.at(-1) as string) ?? []) {
      if (isTarget(next)) return [...path, next].join(' → ');
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...path, next]);
      }
    }
  }
  return null;
}
