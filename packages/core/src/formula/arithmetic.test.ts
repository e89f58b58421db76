import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateFormula } from './evaluate.ts';

type Tree = { n: number } | { neg: Tree } | { op: '+' | '-' | '*' | '/'; left: Tree; right: Tree };

const tree = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.integer({ min: 0, max: 1000 }).map((n) => ({ n })),
    tie('tree').map((inner) => ({ neg: inner })),
    fc.record({
      op: fc.constantFrom('+', '-', '*', '/'),
      left: tie('tree'),
      right: tie('tree'),
    }) as fc.Arbitrary<Tree>,
  ),
})).tree;

function print(node: Tree): string {
  if ('n' in node) return String(node.n);
  if ('neg' in node) return `-(${print(node.neg)})`;
  return `(${print(node.left)} ${node.op} ${print(node.right)})`;
}

/** The reference value, or null when a division by zero happens. */
function compute(node: Tree): number | null {
  if ('n' in node) return node.n;
  if ('neg' in node) {
    const inner = compute(node.neg);
    return inner === null ? null : 0 - inner;
  }
  const left = compute(node.left);
  const right = compute(node.right);
  if (left === null || right === null) return null;
  if (node.op === '/') return right === 0 ? null : left / right;
  return node.op === '+' ? left + right : node.op === '-' ? left - right : left * right;
}

describe('arithmetic (property)', () => {
  it('agrees with the reference computation for any fully parenthesised expression', () => {
    fc.assert(
      fc.property(tree, (node) => {
        const expected = compute(node);
        const result = evaluateFormula(print(node), { fields: [], now: new Date(0) });
        if (expected === null) expect(result).toEqual({ ok: false, error: { code: 'divisionByZero' } });
        else if (result.ok) expect(result.value).toBe(expected);
        else expect(result.error.code).toBe('tooComplex');
      }),
      { numRuns: 500 },
    );
  });
  it('respects precedence and left associativity without parentheses', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 2, maxLength: 8 }),
        fc.array(fc.constantFrom('+', '-', '*'), { minLength: 7, maxLength: 7 }),
        (numbers, ops) => {
          const text = numbers.map((n, i) => (i === 0 ? String(n) : `${ops[i - 1]} ${n}`)).join(' ');
          // Reference: fold products first, then sums, left to right.
          const terms: number[] = [numbers[0] ?? 0];
          const signs: number[] = [1];
          for (let i = 1; i < numbers.length; i++) {
            const op = ops[i - 1];
            const n = numbers[i] ?? 0;
            if (op === '*') terms[terms.length - 1] = (terms[terms.length - 1] ?? 0) * n;
            else {
              terms.push(n);
              signs.push(op === '-' ? -1 : 1);
            }
          }
          const expected = terms.reduce((sum, term, i) => sum + (signs[i] ?? 1) * term, 0);
          expect(evaluateFormula(text, { fields: [], now: new Date(0) })).toEqual({
            ok: true,
            value: expected,
          });
        },
      ),
    );
  });
});
