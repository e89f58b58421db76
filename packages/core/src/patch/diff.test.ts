import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPatch } from './apply.ts';
import { diffJson } from './diff.ts';
import { jsonEqual } from './json.ts';
import { jsonDocument } from './test-arbitraries.ts';

describe('diffJson', () => {
  it('is empty for equal documents, whatever the key order', () => {
    expect(diffJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toEqual([]);
  });

  it('touches only what changed', () => {
    expect(diffJson({ a: 1, b: { c: [1, 2, 3] }, d: 'x' }, { a: 1, b: { c: [1, 5] }, e: true })).toEqual([
      { op: 'remove', path: '/d' },
      { op: 'replace', path: '/b/c/1', value: 5 },
      { op: 'remove', path: '/b/c/2' },
      { op: 'add', path: '/e', value: true },
    ]);
  });

  it('escapes keys and keeps __proto__ a plain key', () => {
    const to = JSON.parse('{"a/b":1,"m~n":2}');
    expect(diffJson({}, to)).toEqual([
      { op: 'add', path: '/a~1b', value: 1 },
      { op: 'add', path: '/m~0n', value: 2 },
    ]);
  });

  it('property: applying diff(a, b) to a gives b', () => {
    fc.assert(
      fc.property(jsonDocument, jsonDocument, (a, b) => {
        expect(jsonEqual(applyPatch(a, diffJson(a, b)), b)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
