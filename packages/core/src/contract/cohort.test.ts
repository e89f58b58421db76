import { describe, expect, it } from 'vitest';
import { zCohortLatest, zCohortQuery } from './cohort.ts';
import { COMPETENCE_PROPERTY_KEYS } from './evaluation.ts';

describe('cohort contract', () => {
  it('reads 1 to 200 ids from a comma list, each once', () => {
    expect(zCohortQuery.parse({ ids: '3, 1,3' })).toEqual({ ids: [3, 1] });
    const issue = (ids: string) => zCohortQuery.safeParse({ ids }).error?.issues[0]?.message;
    expect(issue('')).toBe('required');
    expect(issue('1,x')).toBe('invalidValue');
    expect(issue('0')).toBe('invalidValue');
    expect(issue('99999999999')).toBe('invalidValue');
    expect(issue(Array.from({ length: 201 }, (_, index) => index + 1).join(','))).toBe('tooLong');
    expect(
      zCohortQuery.safeParse({ ids: Array.from({ length: 200 }, (_, i) => i + 1).join(',') }).success,
    ).toBe(true);
  });

  it('carries every property of a competence’s latest values', () => {
    expect(Object.keys(zCohortLatest.shape).sort()).toEqual([...COMPETENCE_PROPERTY_KEYS].sort());
  });
});
