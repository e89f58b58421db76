import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPatch } from './apply.ts';
import { invertPatch } from './invert.ts';
import type { JsonValue } from './json.ts';
import type { PatchOperation } from './operation.ts';
import { jsonDocument, operationSeed, patchFor } from './test-arbitraries.ts';

type Case = [name: string, doc: JsonValue, patch: PatchOperation[], inverse: PatchOperation[]];

const cases: Case[] = [
  [
    'add a new member → remove it',
    { a: 1 },
    [{ op: 'add', path: '/b', value: 2 }],
    [{ op: 'remove', path: '/b' }],
  ],
  [
    'add over a member → replace back',
    { a: 1 },
    [{ op: 'add', path: '/a', value: 2 }],
    [{ op: 'replace', path: '/a', value: 1 }],
  ],
  [
    'append with - → remove the resolved index',
    { l: [1, 2] },
    [{ op: 'add', path: '/l/-', value: 3 }],
    [{ op: 'remove', path: '/l/2' }],
  ],
  [
    'remove → add the old value',
    { l: ['x', 'y'] },
    [{ op: 'remove', path: '/l/0' }],
    [{ op: 'add', path: '/l/0', value: 'x' }],
  ],
  [
    'replace → replace back',
    { a: { b: 1 } },
    [{ op: 'replace', path: '/a/b', value: 5 }],
    [{ op: 'replace', path: '/a/b', value: 1 }],
  ],
  [
    'move → move back',
    { a: 1, b: {} },
    [{ op: 'move', from: '/a', path: '/b/c' }],
    [{ op: 'move', from: '/b/c', path: '/a' }],
  ],
  [
    'move over a member → restore both',
    { a: 1, b: 2 },
    [{ op: 'move', from: '/a', path: '/b' }],
    [
      { op: 'replace', path: '/b', value: 2 },
      { op: 'add', path: '/a', value: 1 },
    ],
  ],
  [
    'move out of a child to its parent index → remove and add back',
    [{ a: 1 }],
    [{ op: 'move', from: '/0/a', path: '/0' }],
    [
      { op: 'remove', path: '/0' },
      { op: 'add', path: '/0/a', value: 1 },
    ],
  ],
  [
    'copy → remove the copy',
    { a: [1] },
    [{ op: 'copy', from: '/a', path: '/b' }],
    [{ op: 'remove', path: '/b' }],
  ],
  ['test → nothing', { a: 1 }, [{ op: 'test', path: '/a', value: 1 }], []],
  [
    'several → reversed',
    { n: 0 },
    [
      { op: 'replace', path: '/n', value: 1 },
      { op: 'add', path: '/m', value: 2 },
    ],
    [
      { op: 'remove', path: '/m' },
      { op: 'replace', path: '/n', value: 0 },
    ],
  ],
];

describe('invertPatch', () => {
  it.each(cases)('%s', (_name, doc, patch, inverse) => {
    expect(invertPatch(doc, patch)).toEqual(inverse);
    expect(applyPatch(applyPatch(doc, patch), inverse)).toEqual(doc);
  });

  it('throws when the patch does not apply to the document', () => {
    expect(() => invertPatch({}, [{ op: 'remove', path: '/a' }])).toThrowError(
      expect.objectContaining({ code: 'pathNotFound' }),
    );
  });

  it('property: applying the inverse restores the document', () => {
    fc.assert(
      fc.property(jsonDocument, fc.array(operationSeed, { maxLength: 8 }), (doc, seeds) => {
        const patch = patchFor(doc, seeds);
        const after = applyPatch(doc, patch);
        expect(applyPatch(after, invertPatch(doc, patch))).toEqual(doc);
      }),
      { numRuns: 300 },
    );
  });

  it('property: the inverse of the inverse redoes the patch', () => {
    fc.assert(
      fc.property(jsonDocument, fc.array(operationSeed, { maxLength: 6 }), (doc, seeds) => {
        const patch = patchFor(doc, seeds);
        const after = applyPatch(doc, patch);
        const inverse = invertPatch(doc, patch);
        expect(applyPatch(doc, invertPatch(after, inverse))).toEqual(after);
      }),
      { numRuns: 200 },
    );
  });
});
