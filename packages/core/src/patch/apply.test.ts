import { describe, expect, it } from 'vitest';
import { applyOperation, applyPatch, getAtPointer } from './apply.ts';
import { patchFromDocument } from './from-document.ts';
import type { JsonValue } from './json.ts';
import type { PatchOperation } from './operation.ts';
import { PatchError } from './patch-error.ts';
import { escapePointerSegment, formatPointer, parsePointer } from './pointer.ts';

type Case = [name: string, doc: JsonValue, patch: PatchOperation[], expected: JsonValue];

const cases: Case[] = [
  [
    'add an object member',
    { foo: 'bar' },
    [{ op: 'add', path: '/baz', value: 'qux' }],
    { foo: 'bar', baz: 'qux' },
  ],
  [
    'add an array element',
    { foo: ['bar', 'baz'] },
    [{ op: 'add', path: '/foo/1', value: 'qux' }],
    { foo: ['bar', 'qux', 'baz'] },
  ],
  ['add at the end with -', { a: [1, 2] }, [{ op: 'add', path: '/a/-', value: 3 }], { a: [1, 2, 3] }],
  ['add at index length', { a: [1] }, [{ op: 'add', path: '/a/1', value: 2 }], { a: [1, 2] }],
  ['add replaces an existing member', { a: 1 }, [{ op: 'add', path: '/a', value: 2 }], { a: 2 }],
  ['add at the root replaces the document', { a: 1 }, [{ op: 'add', path: '', value: [1] }], [1]],
  [
    'add a nested object',
    { foo: 'bar' },
    [{ op: 'add', path: '/child', value: { g: 'b' } }],
    {
      foo: 'bar',
      child: { g: 'b' },
    },
  ],
  ['remove an object member', { baz: 'qux', foo: 'bar' }, [{ op: 'remove', path: '/baz' }], { foo: 'bar' }],
  [
    'remove an array element',
    { foo: ['bar', 'qux', 'baz'] },
    [{ op: 'remove', path: '/foo/1' }],
    {
      foo: ['bar', 'baz'],
    },
  ],
  [
    'replace a value',
    { baz: 'qux', foo: 'bar' },
    [{ op: 'replace', path: '/baz', value: 'boo' }],
    {
      baz: 'boo',
      foo: 'bar',
    },
  ],
  ['replace the root', { a: 1 }, [{ op: 'replace', path: '', value: 'x' }], 'x'],
  [
    'move a value',
    { foo: { bar: 'baz', waldo: 'fred' }, qux: { corge: 'grault' } },
    [{ op: 'move', from: '/foo/waldo', path: '/qux/thud' }],
    { foo: { bar: 'baz' }, qux: { corge: 'grault', thud: 'fred' } },
  ],
  [
    'move an array element',
    { foo: ['all', 'grass', 'cows', 'eat'] },
    [{ op: 'move', from: '/foo/1', path: '/foo/3' }],
    {
      foo: ['all', 'cows', 'eat', 'grass'],
    },
  ],
  [
    'move onto itself changes nothing',
    { a: { b: 1 } },
    [{ op: 'move', from: '/a', path: '/a' }],
    { a: { b: 1 } },
  ],
  [
    'copy a value',
    { a: { b: [1] } },
    [{ op: 'copy', from: '/a', path: '/c' }],
    { a: { b: [1] }, c: { b: [1] } },
  ],
  [
    'test passes on equal value',
    { baz: 'qux', foo: ['a', 2, 'c'] },
    [
      { op: 'test', path: '/baz', value: 'qux' },
      { op: 'test', path: '/foo/1', value: 2 },
    ],
    { baz: 'qux', foo: ['a', 2, 'c'] },
  ],
  [
    'test ignores key order',
    { a: { x: 1, y: 2 } },
    [{ op: 'test', path: '/a', value: { y: 2, x: 1 } }],
    {
      a: { x: 1, y: 2 },
    },
  ],
  ['escaped ~1 means /', { '/': 9 }, [{ op: 'replace', path: '/~1', value: 10 }], { '/': 10 }],
  ['escaped ~0 means ~', { 'm~n': 8 }, [{ op: 'replace', path: '/m~0n', value: 7 }], { 'm~n': 7 }],
  ['the empty key', { '': 1 }, [{ op: 'replace', path: '/', value: 2 }], { '': 2 }],
  ['a null value is added', { a: 1 }, [{ op: 'add', path: '/b', value: null }], { a: 1, b: null }],
];

type ErrorCase = [name: string, doc: JsonValue, patch: PatchOperation[], code: string];

const errors: ErrorCase[] = [
  ['add with a missing parent', { a: 1 }, [{ op: 'add', path: '/b/c', value: 1 }], 'pathNotFound'],
  ['add past the end of an array', { a: [1] }, [{ op: 'add', path: '/a/3', value: 1 }], 'invalidIndex'],
  ['index with a leading zero', { a: [1, 2] }, [{ op: 'replace', path: '/a/01', value: 1 }], 'invalidIndex'],
  ['non-numeric array index', { a: [1] }, [{ op: 'replace', path: '/a/x', value: 1 }], 'invalidIndex'],
  ['remove with -', { a: [1] }, [{ op: 'remove', path: '/a/-' }], 'invalidIndex'],
  ['remove a missing member', { a: 1 }, [{ op: 'remove', path: '/b' }], 'pathNotFound'],
  ['remove an inherited member', {}, [{ op: 'remove', path: '/toString' }], 'pathNotFound'],
  ['replace a missing member', { a: 1 }, [{ op: 'replace', path: '/b', value: 1 }], 'pathNotFound'],
  ['replace past the end', { a: [1] }, [{ op: 'replace', path: '/a/1', value: 1 }], 'pathNotFound'],
  ['remove the root', { a: 1 }, [{ op: 'remove', path: '' }], 'cannotRemoveRoot'],
  ['test fails', { a: 1 }, [{ op: 'test', path: '/a', value: '1' }], 'testFailed'],
  [
    'move into its own child',
    { a: { b: {} } },
    [{ op: 'move', from: '/a', path: '/a/b/c' }],
    'moveIntoChild',
  ],
  ['move from a missing place', { a: 1 }, [{ op: 'move', from: '/x', path: '/y' }], 'pathNotFound'],
  ['copy from a missing place', { a: 1 }, [{ op: 'copy', from: '/x', path: '/y' }], 'pathNotFound'],
  ['pointer without a leading slash', { a: 1 }, [{ op: 'replace', path: 'a', value: 1 }], 'invalidPointer'],
  ['bad escape', { a: 1 }, [{ op: 'add', path: '/a~2', value: 1 }], 'invalidPointer'],
  ['__proto__ is refused', {}, [{ op: 'add', path: '/__proto__/polluted', value: true }], 'forbiddenPath'],
  [
    'constructor is refused',
    {},
    [{ op: 'add', path: '/constructor/prototype/x', value: 1 }],
    'forbiddenPath',
  ],
  ['prototype is refused', { a: {} }, [{ op: 'add', path: '/a/prototype', value: 1 }], 'forbiddenPath'],
  [
    'a forbidden from is refused',
    { a: 1 },
    [{ op: 'copy', from: '/__proto__', path: '/b' }],
    'forbiddenPath',
  ],
  ['traversing a primitive', { a: 1 }, [{ op: 'add', path: '/a/b', value: 1 }], 'pathNotFound'],
];

describe('applyPatch', () => {
  it.each(cases)('%s', (_name, doc, patch, expected) => {
    expect(applyPatch(doc, patch)).toEqual(expected);
  });

  it.each(errors)('refuses: %s', (_name, doc, patch, code) => {
    expect(() => applyPatch(doc, patch)).toThrowError(expect.objectContaining({ code, name: 'PatchError' }));
  });

  it('never changes its input and shares untouched branches', () => {
    const doc = { a: { b: [1, 2] }, c: { d: 1 } };
    const snapshot = structuredClone(doc);
    const next = applyPatch(doc, [{ op: 'add', path: '/a/b/-', value: 3 }]);
    expect(doc).toEqual(snapshot);
    expect(next).toEqual({ a: { b: [1, 2, 3] }, c: { d: 1 } });
    expect((next as typeof doc).c).toBe(doc.c);
  });

  it('is atomic: a failing operation leaves the input untouched and reports its index', () => {
    const doc = { a: 1 };
    let caught: unknown;
    try {
      applyPatch(doc, [
        { op: 'replace', path: '/a', value: 2 },
        { op: 'remove', path: '/missing' },
      ]);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PatchError);
    expect((caught as PatchError).index).toBe(1);
    expect((caught as PatchError).path).toBe('/missing');
    expect(doc).toEqual({ a: 1 });
  });

  it('copies added values so later changes to the patch do not leak in', () => {
    const value = { list: [1] };
    const next = applyPatch({}, [{ op: 'add', path: '/v', value }]) as { v: { list: number[] } };
    value.list.push(2);
    expect(next.v.list).toEqual([1]);
  });

  it('keeps a __proto__ key inside a value as plain data', () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}}') as JsonValue;
    const next = applyPatch({}, [{ op: 'add', path: '/v', value }]) as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(next.v as object, '__proto__')).toBe(true);
  });

  it('refuses malformed operations from untrusted input', () => {
    const bad = [{ op: 'jump', path: '/a' }, { op: 'add', path: '/a' }, { op: 'move', path: '/a' }, null];
    for (const operation of bad) {
      expect(() => applyOperation({}, operation as unknown as PatchOperation)).toThrowError(
        expect.objectContaining({ code: 'invalidOperation' }),
      );
    }
  });
});

describe('JSON Pointer', () => {
  it.each([
    ['', []],
    ['/', ['']],
    ['/a~1b', ['a/b']],
    ['/m~0n', ['m~n']],
    ['/~01', ['~1']],
    ['/a/0/-', ['a', '0', '-']],
  ])('parses %j', (pointer, segments) => {
    expect(parsePointer(pointer)).toEqual(segments);
    expect(formatPointer(segments)).toBe(pointer);
  });

  it('escapes ~ before /', () => {
    expect(escapePointerSegment('~/')).toBe('~0~1');
  });

  it('reads values', () => {
    expect(getAtPointer({ a: [{ b: 'c' }] }, '/a/0/b')).toBe('c');
  });
});

describe('patchFromDocument', () => {
  it('rebuilds a document from empty', () => {
    const doc = { 'a/b': [1], c: { d: null } };
    expect(applyPatch({}, patchFromDocument(doc))).toEqual(doc);
    expect(applyPatch({ c: 1 }, patchFromDocument(doc))).toEqual(doc);
    expect(applyPatch(null, patchFromDocument([1, 2]))).toEqual([1, 2]);
  });
});
