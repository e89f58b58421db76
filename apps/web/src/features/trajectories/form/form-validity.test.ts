import type { Field, FieldAccess } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import { fieldsNamedByServer, formErrors, shownErrors } from './form-validity';

const WRITE: FieldAccess = { read: true, write: true, hidden: false };
const READ: FieldAccess = { read: true, write: false, hidden: false };

const f = (uuid: string, type: Field['type'], extra: Record<string, unknown> = {}) =>
  ({ uuid, name: uuid, type, required: true, ...extra }) as unknown as Field;

const fields: Field[] = [
  f('text', 'text'),
  f('url', 'url'),
  f('calc', 'calculation'),
  f('select', 'select', { options: [{ value: 'A', attachments: [] }] }),
  f('date', 'date'),
  f('decimal', 'decimal'),
  f('integer', 'integer'),
  f('image', 'image'),
  f('bool', 'boolean'),
  f('multi', 'multi_select', { options: [] }),
  f('upload', 'upload'),
  f('rating', 'rating', { info: [] }),
  f('levels', 'competence_list', { levels: [] }),
  { uuid: 'g', name: 'g', type: 'group', required: false, collapsed: false, children: [f('inner', 'text')] },
];
const allWritable = new Map(
  [
    'text',
    'url',
    'calc',
    'select',
    'date',
    'decimal',
    'integer',
    'image',
    'bool',
    'multi',
    'upload',
    'rating',
    'levels',
    'g',
    'inner',
  ].map((uuid) => [uuid, WRITE] as const),
);

describe('formErrors (spec part 1 §5 field validity)', () => {
  it('marks the required fields of every rule when empty; other types have no rule', () => {
    expect([...formErrors(fields, {}, allWritable)].sort()).toEqual(
      ['calc', 'date', 'decimal', 'image', 'inner', 'integer', 'select', 'text', 'url'].sort(),
    );
  });

  it('accepts filled values of each type', () => {
    const values = {
      text: 'Sanne',
      url: 'example.com',
      calc: '1+1',
      select: 'A',
      date: '2025-03-01',
      decimal: 1.5,
      integer: 3,
      image: '[12]',
      inner: 'x',
    };
    expect([...formErrors(fields, values, allWritable)]).toEqual([]);
  });

  it('treats blank text, a select value outside its options, a fraction as integer and no file as errors', () => {
    const values = {
      text: '   ',
      url: '',
      calc: '1',
      select: 'B',
      date: '2025-03-01',
      decimal: 1,
      integer: 1.5,
      image: '[]',
      inner: 'x',
    };
    expect([...formErrors(fields, values, allWritable)].sort()).toEqual([
      'image',
      'integer',
      'select',
      'text',
      'url',
    ]);
  });

  it('counts only fields the user may write', () => {
    const rights = new Map([...allWritable].map(([uuid]) => [uuid, uuid === 'text' ? WRITE : READ] as const));
    expect([...formErrors(fields, {}, rights)]).toEqual(['text']);
  });
});

describe('fieldsNamedByServer (invalidDocumentContent)', () => {
  const uuids = new Set(['a', 'b.c', 'k#label']);
  it('finds the uuids in dotted and pointer paths', () => {
    expect(
      [
        ...fieldsNamedByServer(['values.a', '/values/k#label', 'values.b.c.0', 'values', 'fields.0'], uuids),
      ].sort(),
    ).toEqual(['a', 'b.c', 'k#label']);
  });
});

describe('shownErrors (issue 21: not red before anyone touched it)', () => {
  it('shows a required error once touched or revealed, a server error always, and counts them all', () => {
    const required = new Set(['a', 'b']);
    const server = new Set(['b', 'c']);
    const quiet = shownErrors(required, server, new Set(), false);
    expect([...quiet.errors]).toEqual([
      ['b', 'invalid'],
      ['c', 'invalid'],
    ]);
    expect(quiet.problems).toBe(3);
    expect(shownErrors(required, new Set(), new Set(['a']), false).errors.get('a')).toBe('required');
    expect(shownErrors(required, new Set(), new Set(), true).errors.size).toBe(2);
  });
});
