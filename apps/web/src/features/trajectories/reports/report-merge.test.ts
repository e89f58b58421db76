import { describe, expect, it } from 'vitest';
import { buildFormPatch } from '../form/form-values';
import { choicesFor, mergeRows, modeOf, resolveValues } from './report-merge';

// Base: the report as my edit started; mine: my edits; theirs: what someone else saved meanwhile.
const base = { a: 'goed', b: 'groei', c: 'afspraak', d: true };
const mine = { a: 'heel goed', b: 'groei', c: 'mijn afspraak', d: true };
const theirs = { a: 'goed', b: 'hun groei', c: 'hun afspraak', d: true };
const order = ['a', 'b', 'c', 'd'];
const all = ['a', 'b', 'c', 'd'];

describe('mergeRows (409: their value beside mine)', () => {
  const rows = mergeRows(base, mine, theirs, order, all);
  it('lists each field where mine and theirs differ, and who changed it', () => {
    expect(rows.map((row) => row.uuid)).toEqual(['a', 'b', 'c']);
    expect(rows[0]).toMatchObject({ mineChanged: true, theirsChanged: false, conflict: false });
    expect(rows[1]).toMatchObject({ mineChanged: false, theirsChanged: true, conflict: false });
    expect(rows[2]).toMatchObject({ mineChanged: true, theirsChanged: true, conflict: true });
  });
  it('treats a removed value and an empty one as the same', () => {
    expect(mergeRows({ a: 'x' }, { a: '' }, {}, ['a'], ['a'])).toEqual([]);
  });
  it('lists keys outside the field order too', () => {
    expect(mergeRows({}, {}, { z: 1 }, [], []).map((row) => row.uuid)).toEqual(['z']);
  });
  it('never offers mine for a field the user may not write', () => {
    const only = mergeRows(base, mine, theirs, order, ['a']);
    expect(only.find((row) => row.uuid === 'b')).toMatchObject({ mayKeepMine: false, mineChanged: false });
    expect(choicesFor(only, 'mine').b).toBe('theirs');
  });
});

describe('choices and the merged values', () => {
  const rows = mergeRows(base, mine, theirs, order, all);
  it('merge (the default) keeps both sides’ changes to different fields, mine where both changed', () => {
    const choices = choicesFor(rows, 'merge');
    expect(choices).toEqual({ a: 'mine', b: 'theirs', c: 'mine' });
    expect(resolveValues(theirs, rows, choices)).toEqual({
      a: 'heel goed',
      b: 'hun groei',
      c: 'mijn afspraak',
      d: true,
    });
    expect(modeOf(rows, choices)).toBe('merge');
  });
  it('keep mine and take theirs', () => {
    expect(resolveValues(theirs, rows, choicesFor(rows, 'mine'))).toEqual(mine);
    expect(resolveValues(theirs, rows, choicesFor(rows, 'theirs'))).toEqual(theirs);
  });
  it('a per-field pick matches no mode', () => {
    expect(modeOf(rows, { a: 'mine', b: 'mine', c: 'theirs' })).toBeNull();
  });
  it('the next save sends only what differs from theirs', () => {
    const merged = resolveValues(theirs, rows, choicesFor(rows, 'merge'));
    expect(buildFormPatch(theirs, merged)).toEqual([
      { op: 'replace', path: '/values/a', value: 'heel goed' },
      { op: 'replace', path: '/values/c', value: 'mijn afspraak' },
    ]);
  });
  it('keeping a removal of mine removes their value', () => {
    const rows2 = mergeRows({ a: 'x' }, {}, { a: 'y' }, ['a'], ['a']);
    expect(resolveValues({ a: 'y' }, rows2, choicesFor(rows2, 'mine'))).toEqual({});
  });
});
