import { applyPatch, type Field, type JsonValue } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import { buildFormPatch, fieldsWithValues, valueUuids, withValue } from './form-values';

describe('withValue', () => {
  it('sets a value and removes the key for an empty one', () => {
    const values = withValue({ a: 'x' }, 'b', 3);
    expect(values).toEqual({ a: 'x', b: 3 });
    expect(withValue(values, 'a', '')).toEqual({ b: 3 });
    expect(withValue(values, 'b', null)).toEqual({ a: 'x' });
  });
});

describe('buildFormPatch (D1, D33: only /values/{uuid})', () => {
  it('is empty when nothing changed', () => {
    expect(buildFormPatch({ a: 'x', u: [1, 2] }, { a: 'x', u: [1, 2] })).toEqual([]);
  });

  it('adds, replaces and removes whole values by uuid', () => {
    const saved = { a: 'oud', b: 4, c: true, u: [1] };
    const edited = { a: 'nieuw', c: true, d: '2025-03-01', u: [1, 2] };
    const patch = buildFormPatch(saved, edited);
    expect(patch).toEqual([
      { op: 'remove', path: '/values/b' },
      { op: 'replace', path: '/values/a', value: 'nieuw' },
      { op: 'add', path: '/values/d', value: '2025-03-01' },
      { op: 'replace', path: '/values/u', value: [1, 2] },
    ]);
    for (const op of patch) expect(op.path).toMatch(/^\/values\/[^/]+$/);
  });

  it('escapes a uuid as one pointer segment (labels after #, slashes)', () => {
    expect(buildFormPatch({}, { 'k#label': 'x', 'a/b~c': 1 })).toEqual([
      { op: 'add', path: '/values/k#label', value: 'x' },
      { op: 'add', path: '/values/a~1b~0c', value: 1 },
    ]);
  });

  it('gives the edited values when applied to the saved document', () => {
    const saved = { a: 'x', b: 2, n: null };
    const edited = { a: 'y', c: '["Maandag"]' };
    const document = { fields: [], values: saved } as unknown as JsonValue;
    const result = applyPatch(document, buildFormPatch(saved, edited)) as { values: unknown };
    expect(result.values).toEqual({ a: 'y', c: '["Maandag"]', n: null });
  });

  it('does not remove a stored empty value the user left empty', () => {
    expect(buildFormPatch({ n: null }, {})).toEqual([]);
    expect(buildFormPatch({ n: null }, { n: 'x' })).toEqual([
      { op: 'replace', path: '/values/n', value: 'x' },
    ]);
  });
});

describe('fieldsWithValues', () => {
  const fields = [
    { uuid: 't', name: 'Naam', type: 'text', required: true },
    {
      uuid: 'g',
      name: 'Groep',
      type: 'group',
      required: false,
      collapsed: false,
      children: [{ uuid: 'i', name: 'Uren', type: 'integer', required: false }],
    },
  ] as Field[];

  it('puts each value into its field, groups descended', () => {
    const merged = fieldsWithValues(fields, { t: 'Sanne', i: 12 });
    expect(merged[0]).toMatchObject({ uuid: 't', value: 'Sanne' });
    expect(merged[1]?.type === 'group' && merged[1].children[0]).toMatchObject({ uuid: 'i', value: 12 });
  });

  it('lists the uuids that hold values', () => {
    expect(valueUuids(fields)).toEqual(['t', 'i']);
  });
});
