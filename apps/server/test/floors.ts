import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  computedImports,
  type Import,
  type ImportGraph,
  importCycles,
  importGraph,
  offending,
  pathTo,
  sources,
} from '../../../scripts/import-graph.ts';

/**
 * The server's floors (issue "Floors, enforced"; issue 30 hardened them): `modules/` on top of `engine/`,
 * `jobs/`, `plugins/`, `adapters/`, `db/`; a module shows the others only its `index.ts`, which names
 * each thing it shows; rights are decided only where the grant lives. Stated over any source folder, so
 * `floors-planted.test.ts` can plant each violation in a folder of its own and see its rule catch it.
 */

/** Where routes, job handlers and the process are wired: these may import any module file. */
export const COMPOSITION_ROOT = new Set(['app.ts', 'main.ts', 'job-handlers.ts']);

/** Floors below the modules: they reach no module, not even through another file (a module registers itself on them). */
export const BELOW_MODULES = [
  'db/',
  'plugins/',
  'adapters/',
  'jobs/',
  'engine/',
  'sanitise/',
  'i18n/',
  'ops/',
];

/**
 * The dynamic imports whose module is named at run time: the PDF worker loads the builder module its task
 * names (a file URL the owning module passes, adapters/pdf/worker-pool.ts).
 */
export const COMPUTED_IMPORTS_ALLOWED = new Set(['adapters/pdf/worker.ts: import(builder)']);

/**
 * The files that decide rights on a trajectory (issue 19: one grant; issue 30: nothing beside it): the
 * grant, its policy table and the parts that say what each reader sees and may write. Any other server
 * file asks them and never imports core's rights helpers itself.
 */
export const RIGHTS_FILES = /(^|\/)(grant|policy|parts)\.ts$/;

/**
 * Core's rights helpers that decide something (who holds which role, what a role may read or write),
 * as opposed to those that build or validate rights (`defaultAdminRole`, `zValidTrajectoryAccess`…).
 */
export const DECIDING =
  /^(can[A-Z]|visible[A-Z]|has[A-Z]|is[A-Z]|userRoles$|effectiveRights|trajectoryListRights$|rolesGrant|roleGrants|blueprintActions$|wholeReportRights$|fieldAccessByUuid$|resolveFieldAccess$|\w+FieldAccess$|\w+WritablePaths$|writablePointers$)/;

const moduleOf = (path: string) => /^modules\/([^/]+)\//.exec(path)?.[1];

/** Outside `modules/<b>/`, module `<b>` is reached only through `modules/<b>/index.ts`. */
function bypassesIndex({ file, target }: Import): boolean {
  const owner = moduleOf(target);
  if (owner === undefined || owner === moduleOf(file) || COMPOSITION_ROOT.has(file)) return false;
  return target !== `modules/${owner}/index.ts`;
}

/** A floor below the modules that reaches a module file, directly or through others (a root file…). */
function modulesReachedFromBelow(graph: ImportGraph): string[] {
  return [...graph.keys()]
    .filter((file) => BELOW_MODULES.some((floor) => file.startsWith(floor)))
    .map((file) => pathTo(graph, file, (target) => target.startsWith('modules/')))
    .filter((path): path is string => path !== null);
}

/**
 * A module's `index.ts` names what it shows: only `export { a, type B } from './file.ts'` lines. An
 * `export *` would make every internal of the file public, and code of its own belongs in a file.
 */
function indexProblems(text: Map<string, string>): string[] {
  const problems: string[] = [];
  for (const [file, source] of text) {
    if (!/^modules\/[^/]+\/index\.ts$/.test(file)) continue;
    const statements = source
      .split(';')
      .map((statement) => statement.trim())
      .filter(Boolean);
    for (const statement of statements)
      if (!/^export\s+(type\s+)?\{[^}]*\}\s*from\s*['"][^'"]+['"]$/.test(statement))
        problems.push(`${file}: ${statement.replace(/\s+/g, ' ').slice(0, 80)}`);
  }
  return problems;
}

/** The names of core's rights helpers that decide (its `rights/` folder's exports). */
export function decidingRightsHelpers(coreRights: string): Set<string> {
  const names = new Set<string>();
  for (const file of readdirSync(coreRights)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const text = readFileSync(join(coreRights, file), 'utf8');
    for (const match of text.matchAll(/^export\s+(?:async\s+)?(?:function|const)\s+(\w+)/gm))
      if (DECIDING.test(match[1]!)) names.add(match[1]!);
  }
  return names;
}

/** Files outside RIGHTS_FILES that import a deciding rights helper from `@groeipad/core`, with the names. */
function rightsOutsideTheGrant(text: Map<string, string>, deciding: Set<string>): string[] {
  const problems: string[] = [];
  for (const [file, source] of text) {
    if (RIGHTS_FILES.test(file)) continue;
    for (const match of source.matchAll(
      /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"]@groeipad\/core['"]/g,
    )) {
      const names = match[1]!
        .split(',')
        .map(
          (name) =>
            name
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0]!,
        )
        .filter((name) => deciding.has(name));
      if (names.length > 0) problems.push(`${file}: ${names.join(', ')}`);
    }
  }
  return problems;
}

export interface FloorBreaches {
  cycles: string[];
  bypassedIndex: string[];
  modulesFromBelow: string[];
  indexInternals: string[];
  computedImports: string[];
  rightsOutsideTheGrant: string[];
}

/** Every breach of the server's floors under `root` (apps/server/src, or a planted copy). */
export function serverFloorBreaches(root: string, coreRights: string): FloorBreaches {
  const graph = importGraph(root);
  const text = sources(root);
  return {
    cycles: importCycles(graph),
    bypassedIndex: offending(graph, bypassesIndex),
    modulesFromBelow: modulesReachedFromBelow(graph),
    indexInternals: indexProblems(text),
    computedImports: computedImports(root).filter((found) => !COMPUTED_IMPORTS_ALLOWED.has(found)),
    rightsOutsideTheGrant: rightsOutsideTheGrant(text, decidingRightsHelpers(coreRights)),
  };
}
