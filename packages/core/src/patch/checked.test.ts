import { describe, expect, it } from 'vitest';
import { applyChecked } from './checked.ts';
import type { PatchOperation } from './operation.ts';
import { isPointerWithin } from './pointer.ts';

const doc = { public: { a: 1 }, secret: { b: 2 } };
const canWrite = (path: string) => isPointerWithin(path, '/public');

describe('applyChecked', () => {
  it('applies a patch whose every path may be written', () => {
    expect(applyChecked(doc, [{ op: 'replace', path: '/public/a', value: 3 }], canWrite)).toEqual({
      public: { a: 3 },
      secret: { b: 2 },
    });
  });

  it.each<[string, PatchOperation]>([
    ['a path outside', { op: 'replace', path: '/secret/b', value: 3 }],
    ['a move from outside', { op: 'move', from: '/secret/b', path: '/public/b' }],
    ['a copy from outside', { op: 'copy', from: '/secret', path: '/public/c' }],
    ['a test outside', { op: 'test', path: '/secret/b', value: 2 }],
    ['the root', { op: 'replace', path: '', value: {} }],
  ])('refuses %s and applies nothing', (_name, operation) => {
    const patch: PatchOperation[] = [{ op: 'replace', path: '/public/a', value: 9 }, operation];
    expect(() => applyChecked(doc, patch, canWrite)).toThrowError(
      expect.objectContaining({ code: 'notWritable', index: 1 }),
    );
    expect(doc.public.a).toBe(1);
  });

  it('refuses forbidden segments before asking the predicate', () => {
    expect(() => applyChecked({}, [{ op: 'add', path: '/__proto__/x', value: 1 }], () => true)).toThrowError(
      expect.objectContaining({ code: 'forbiddenPath' }),
    );
  });

  it('passes unescaped segments to the predicate', () => {
    const seen: string[][] = [];
    applyChecked({}, [{ op: 'add', path: '/a~1b', value: 1 }], (_path, segments) => {
      seen.push([...segments]);
      return true;
    });
    expect(seen).toEqual([['a/b']]);
  });
});
