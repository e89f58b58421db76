import { describe, expect, it } from 'vitest';
import { type Import, importCycles, importGraph, offending } from '../../../scripts/import-graph.ts';

/**
 * The server's floors only point down (issue "Floors, enforced"): `modules/` on top of `engine/`,
 * `jobs/`, `plugins/`, `adapters/`, `db/`; a module shows the others only its `index.ts`. Tests are left
 * out of the graph, as in packages/core/src/floors.test.ts.
 */
const graph = importGraph(import.meta.dirname);

/** Where routes, job handlers and the process are wired: these may import any module file. */
const COMPOSITION_ROOT = new Set(['app.ts', 'main.ts', 'job-handlers.ts']);

/** Floors below the modules: they import no module (a module registers itself on them instead). */
const BELOW_MODULES = ['db/', 'plugins/', 'adapters/', 'jobs/', 'engine/', 'sanitise/', 'i18n/', 'ops/'];

const moduleOf = (path: string) => /^modules\/([^/]+)\//.exec(path)?.[1];

/** Outside `modules/<b>/`, module `<b>` is reached only through `modules/<b>/index.ts`. */
function bypassesIndex({ file, target }: Import): boolean {
  const owner = moduleOf(target);
  if (owner === undefined || owner === moduleOf(file) || COMPOSITION_ROOT.has(file)) return false;
  return target !== `modules/${owner}/index.ts`;
}

function importsModuleFromBelow({ file, target }: Import): boolean {
  return BELOW_MODULES.some((floor) => file.startsWith(floor)) && target.startsWith('modules/');
}

describe('server floors that only point down', () => {
  it('has no import cycles', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('reaches a module from outside it only through its index.ts (composition root aside)', () => {
    expect(offending(graph, bypassesIndex)).toEqual([]);
  });

  it('keeps db/, plugins/, adapters/, jobs/, engine/, sanitise/, i18n/ and ops/ free of modules', () => {
    expect(offending(graph, importsModuleFromBelow)).toEqual([]);
  });
});
