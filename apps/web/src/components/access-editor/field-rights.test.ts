import type { Field } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import {
  effectiveRights,
  flagApplies,
  rightsRows,
  selectionState,
  withFlag,
  withoutOwnRights,
} from './field-rights';

const text = (uuid: string, name: string): Field => ({ uuid, name, type: 'text', required: false });
const FIELDS: Field[] = [
  text('naam', 'Naam'),
  {
    uuid: 'adres',
    name: 'Adres',
    type: 'group',
    required: false,
    collapsed: false,
    children: [text('straat', 'Straat'), text('plaats#label', 'Plaats')],
  },
];
const R = (write: boolean, read: boolean, hidden: boolean) => ({ write, read, hidden });

describe('rightsRows', () => {
  it('lists the root row, then every field depth first with its depth and rights key', () => {
    expect(rightsRows(FIELDS, 'Hele formulier').map(({ key, name, depth }) => [key, name, depth])).toEqual([
      ['', 'Hele formulier', 0],
      ['naam', 'Naam', 1],
      ['adres', 'Adres', 1],
      ['straat', 'Straat', 2],
      ['plaats', 'Plaats', 2],
    ]);
  });
});

describe('effectiveRights', () => {
  it('inherits from the nearest group with an entry, else the root', () => {
    const map = { '': R(false, true, false), adres: R(true, true, false), plaats: R(false, false, true) };
    const effective = effectiveRights(FIELDS, map);
    expect(effective.naam).toEqual({ admin: false, ...R(false, true, false) });
    expect(effective.straat).toEqual({ admin: false, ...R(true, true, false) });
    expect(effective.plaats).toEqual({ admin: false, ...R(false, false, true) });
  });

  it('shows nothing granted without any entry', () => {
    expect(effectiveRights(FIELDS, {}).straat).toEqual({ admin: false, ...R(false, false, false) });
  });

  it('keeps admin on the report root only', () => {
    const effective = effectiveRights(FIELDS, { '': { admin: true, ...R(true, true, false) } });
    expect(effective['']?.admin).toBe(true);
    expect(effective.naam).toEqual({ admin: false, ...R(true, true, false) });
  });

  it('keeps a __proto__ field key an own entry', () => {
    const effective = effectiveRights([text('__proto__', 'Raar')], {
      __proto__: R(true, true, false),
    } as never);
    expect(Object.hasOwn(effective, '__proto__')).toBe(true);
  });
});

describe('selectionState', () => {
  const map = { '': R(false, true, false), straat: R(true, true, false) };
  const effective = effectiveRights(FIELDS, map);

  it('is checked when every selected field has the flag (inherited counts), unchecked when none, else mixed', () => {
    expect(selectionState('information', effective, ['naam', 'straat'], 'read')).toBe('checked');
    expect(selectionState('information', effective, ['naam', 'plaats'], 'write')).toBe('unchecked');
    expect(selectionState('information', effective, ['naam', 'straat'], 'write')).toBe('mixed');
    expect(selectionState('information', effective, [], 'read')).toBe('unchecked');
  });

  it('counts admin only on the whole report', () => {
    const report = effectiveRights(FIELDS, { '': { admin: true, ...R(true, true, false) } });
    expect(selectionState('report', report, ['', 'naam'], 'admin')).toBe('checked');
    expect(flagApplies('report', 'naam', 'admin')).toBe(false);
    expect(flagApplies('information', '', 'admin')).toBe(false);
  });
});

describe('withFlag', () => {
  it('applies core right dependencies to every selected key, starting from what it shows', () => {
    const map = { '': R(false, true, false) };
    const next = withFlag('information', FIELDS, map, ['naam', 'straat'], 'write', true);
    expect(next).toEqual({
      '': R(false, true, false),
      naam: R(true, true, false),
      straat: R(true, true, false),
    });
  });

  it('hidden turns write and read off; read off turns write off', () => {
    const map = { naam: R(true, true, false) };
    expect(withFlag('information', FIELDS, map, ['naam'], 'hidden', true).naam).toEqual(
      R(false, false, true),
    );
    expect(withFlag('information', FIELDS, map, ['naam'], 'read', false).naam).toEqual(
      R(false, false, false),
    );
  });

  it('report root: admin on turns write and read on and hidden off; write off turns admin off', () => {
    const on = withFlag('report', FIELDS, { '': R(false, false, true) }, [''], 'admin', true);
    expect(on['']).toEqual({ admin: true, ...R(true, true, false) });
    const off = withFlag('report', FIELDS, on, [''], 'write', false);
    expect(off['']).toEqual({ admin: false, ...R(false, true, false) });
  });

  it('ignores admin on report fields and leaves other entries alone', () => {
    const map = { straat: R(false, true, false) };
    expect(withFlag('report', FIELDS, map, ['naam'], 'admin', true)).toEqual(map);
  });

  it('a group change reaches children without their own entry through inheritance', () => {
    const next = withFlag('information', FIELDS, {}, ['adres'], 'read', true);
    const effective = effectiveRights(FIELDS, next);
    expect(effective.straat?.read).toBe(true);
    expect(Object.keys(next)).toEqual(['adres']);
  });
});

describe('withoutOwnRights', () => {
  it('drops the own entry so the field inherits again', () => {
    const map = { '': R(false, true, false), naam: R(false, false, true) };
    const next = withoutOwnRights(map, 'naam');
    expect(next).toEqual({ '': R(false, true, false) });
    expect(effectiveRights(FIELDS, next).naam?.read).toBe(true);
  });
});
