import { describe, expect, it } from 'vitest';
import { type Import, importCycles, importGraph, offending } from '../../../scripts/import-graph';

/**
 * The web app's floors only point down (issue "Floors, enforced", as bulletproof-react's lint zones):
 * `app/` composes the features; a feature shows the others only its `index.ts` and never reaches into
 * `app/`; `components/` and `lib/` serve everyone and import neither. Tests are left out of the graph.
 */
const graph = importGraph(import.meta.dirname);

const featureOf = (path: string) => /^features\/([^/]+)\//.exec(path)?.[1];

/** Another feature only through its `index.ts` (its public face), never its insides. */
function reachesIntoAFeature({ file, target }: Import): boolean {
  const owner = featureOf(target);
  const from = featureOf(file);
  if (owner === undefined || from === undefined || owner === from) return false;
  return target !== `features/${owner}/index.ts`;
}

function featureImportsApp({ file, target }: Import): boolean {
  return file.startsWith('features/') && target.startsWith('app/');
}

function sharedImportsAbove({ file, target }: Import): boolean {
  const shared = file.startsWith('components/') || file.startsWith('lib/');
  return shared && (target.startsWith('app/') || target.startsWith('features/'));
}

describe('web floors that only point down', () => {
  it('has no import cycles (lazy imports included)', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('keeps features out of app/', () => {
    expect(offending(graph, featureImportsApp)).toEqual([]);
  });

  it('reaches another feature only through its index.ts', () => {
    expect(offending(graph, reachesIntoAFeature)).toEqual([]);
  });

  it('keeps components/ and lib/ free of app/ and features/', () => {
    expect(offending(graph, sharedImportsAbove)).toEqual([]);
  });
});
