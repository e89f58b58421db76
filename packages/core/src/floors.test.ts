import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, offending } from '../../../scripts/import-graph.ts';

/** The import graph of the core's own sources (tests left out), read as the server's and the web's are. */
const edges = importGraph(import.meta.dirname);

describe('floors that only point down (DESIGN "Architecture for the areas still to come", point 8)', () => {
  it('has no import cycles', () => {
    expect(importCycles(edges)).toEqual([]);
  });

  it('keeps contract/ free of the rights rules: rules import the contract, never the other way', () => {
    const upward = offending(
      edges,
      ({ file, target }) => file.startsWith('contract/') && target.startsWith('rights/'),
    );
    expect(upward).toEqual([]);
  });
});
