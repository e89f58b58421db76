import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyOperation, applyPatch } from './apply.ts';
import { applyWithInverse } from './invert.ts';
import { cloneJson, type JsonValue } from './json.ts';
import { jsonSizeWithin, PATCH_LIMITS, type PatchLimits, UNBOUNDED_PATCH } from './limits.ts';
import type { PatchOperation } from './operation.ts';
import { jsonDocument, operationSeed, patchFor } from './test-arbitraries.ts';

const tooLarge = expect.objectContaining({ name: 'PatchError', code: 'tooLarge' });

/** `count` copies of a list into itself: each doubles it (the 2.5 KB patch that froze the server). */
const doubling = (count: number): PatchOperation[] =>
  Array.from({ length: count }, () => ({ op: 'copy', from: '/list', path: '/list/-' }));

describe('patch limits', () => {
  it('refuses a copy-doubling patch once it would pass the byte bound, before the copy is made', () => {
    const doc = { list: Array.from({ length: 10 }, (_, i) => ({ text: `entry ${i}`, scores: [1, 2, 3] })) };
    for (const apply of [applyPatch, (d: JsonValue, p: PatchOperation[]) => applyWithInverse(d, p).document])
      expect(() => apply(doc, doubling(23))).toThrow(tooLarge);
    // With 1,000 characters left after the first copy (~400), the second (~800) is refused.
    const limits: PatchLimits = { ...PATCH_LIMITS, bytes: 1_000 };
    expect(() => applyPatch({ list: ['x'.repeat(400)] }, doubling(2), limits)).toThrow(
      expect.objectContaining({ code: 'tooLarge', index: 1 }),
    );
  });

  it('refuses more operations than allowed before applying any', () => {
    const patch: PatchOperation[] = Array.from({ length: 4 }, () => ({ op: 'remove', path: '/missing' }));
    expect(() => applyPatch({}, patch, { ...PATCH_LIMITS, operations: 3 })).toThrow(tooLarge);
    expect(() => applyPatch({}, patch, { ...PATCH_LIMITS, operations: 4 })).toThrow(
      expect.objectContaining({ code: 'pathNotFound' }),
    );
  });

  it('counts the entries of the containers an operation copies, once per patch', () => {
    const doc = { wide: Array.from({ length: 1_000 }, () => 0) };
    const patch: PatchOperation[] = Array.from({ length: 500 }, (_, i) => ({
      op: 'replace',
      path: `/wide/${i}`,
      value: 1,
    }));
    // The wide array is copied once, then changed in place by the later operations.
    expect(applyPatch(doc, patch, { ...PATCH_LIMITS, steps: 1_001 })).toEqual({
      wide: [...Array.from({ length: 500 }, () => 1), ...Array.from({ length: 500 }, () => 0)],
    });
    expect(doc.wide.every((entry) => entry === 0)).toBe(true);
    expect(() => applyPatch(doc, patch, { ...PATCH_LIMITS, steps: 1_000 })).toThrow(tooLarge);
    // An object kept as a hash table (over 1,000 members) costs far more a member to copy.
    const large = { o: Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, 0])) };
    expect(() => applyPatch(large, [{ op: 'replace', path: '/o/k1', value: 1 }])).toThrow(tooLarge);
  });

  it('counts what the inverse keeps: moving a large value onto members again and again', () => {
    const doc = { a: Array.from({ length: 2_000 }, (_, i) => `entry number ${i}`) };
    const patch: PatchOperation[] = [];
    for (let i = 0; i < 2_000; i++)
      patch.push(
        { op: 'add', path: `/k${i}`, value: 0 },
        { op: 'move', from: i === 0 ? '/a' : `/k${i - 1}`, path: `/k${i}` },
      );
    expect(() => applyWithInverse(doc, patch, { ...PATCH_LIMITS, bytes: 1_000_000 })).toThrow(tooLarge);
    expect(applyPatch(doc, patch, { ...PATCH_LIMITS, bytes: 1_000_000 })).toHaveProperty('k1999');
  });

  it('lets a whole-document save of a large document through, and replays stored inverses unbounded', () => {
    const blueprint = {
      competences: Array.from({ length: 3_000 }, (_, i) => ({
        uuid: `u${i}`,
        name: `Competence ${i}`,
        info: `<p>${'x'.repeat(500)}</p>`,
      })),
    };
    const { document, inverse } = applyWithInverse(blueprint, [
      { op: 'replace', path: '', value: cloneJson(blueprint) },
    ]);
    expect(document).toEqual(blueprint);
    const stored = { ...PATCH_LIMITS, bytes: 1_000 };
    expect(() => applyPatch(document, inverse, stored)).toThrow(tooLarge);
    expect(applyPatch(document, inverse, UNBOUNDED_PATCH)).toEqual(blueprint);
  });

  it('never changes in place a value its inverse keeps (a move onto an existing member keeps the value moved)', () => {
    const doc = { a: { n: 1 }, b: 'old' };
    const patch: PatchOperation[] = [
      { op: 'add', path: '/a/made', value: true },
      { op: 'move', from: '/a', path: '/b' },
      { op: 'add', path: '/b/later', value: true },
    ];
    const { document, inverse } = applyWithInverse(doc, patch);
    expect(document).toEqual({ b: { n: 1, made: true, later: true } });
    expect(applyPatch(document, inverse)).toEqual(doc);
  });

  it('property: a patch run changes in place only what it made — input, inverse and result stay right', () => {
    fc.assert(
      fc.property(jsonDocument, fc.array(operationSeed, { maxLength: 30 }), (doc, seeds) => {
        const patch = patchFor(doc, seeds);
        const before = cloneJson(doc);
        const { document, inverse } = applyWithInverse(doc, patch);
        // Each operation on its own (a run of one copies everything it touches): the reference result.
        const reference = patch.reduce((current, operation) => applyOperation(current, operation), doc);
        expect(doc).toEqual(before);
        expect(document).toEqual(reference);
        expect(applyPatch(doc, patch)).toEqual(reference);
        expect(applyPatch(document, inverse)).toEqual(before);
        expect(document).toEqual(reference);
      }),
      { numRuns: 400 },
    );
  });

  it('property: the size is measured no further than the limit, and grows with the text', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat({ max: 200 }), (value, limit) => {
        const size = jsonSizeWithin(value as JsonValue, Infinity);
        expect(size).toBeGreaterThanOrEqual(JSON.stringify(value).length / 8);
        expect(jsonSizeWithin(value as JsonValue, limit)).toBe(size > limit ? limit + 1 : size);
      }),
    );
  });
});
