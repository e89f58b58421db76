import { applyPatch } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import { competence, testEvaluation } from '../test-evaluation';
import { entryPatch } from './use-save-evaluation';

const T1 = '2025-03-01T09:00:00.000Z';
const T2 = '2025-03-08T09:00:00.000Z';
const NEW = '2025-03-15T10:00:00.000Z';

describe('entryPatch (what a save sends, D2)', () => {
  it('sends each entry added and deleted, never latestProperties or the rest of the tree', () => {
    const base = testEvaluation({
      a: competence('a', { [T1]: { score: '1' }, [T2]: { score: '2' } }),
      b: competence('b', { [T1]: { score: '3' } }),
    });
    const draft = testEvaluation({
      a: competence('a', { [T1]: { score: '1' } }),
      b: competence('b', { [T1]: { score: '3' }, [NEW]: { score: '4', remarks: 'a/b ~ c' } }),
    });
    const patch = entryPatch(base, draft);
    expect(patch.map((operation) => operation.op).sort()).toEqual(['add', 'remove']);
    expect(patch.every((operation) => /\/properties\/[^/]+$/.test(operation.path))).toBe(true);
    expect(patch.find((operation) => operation.op === 'add')).toMatchObject({
      value: { score: '4', remarks: 'a/b ~ c' },
    });
    // Applied to the base, the entries are the draft's (latestProperties is the server's answer).
    const applied = applyPatch(base, patch);
    const entries = (evaluation: typeof base) =>
      JSON.stringify(evaluation, (key, value) => (key === 'latestProperties' ? undefined : value));
    expect(entries(applied)).toBe(entries(draft));
  });

  it('is empty when nothing was added or deleted', () => {
    const base = testEvaluation({ a: competence('a', { [T1]: { score: '1' } }) });
    expect(entryPatch(base, structuredClone(base))).toEqual([]);
  });
});
