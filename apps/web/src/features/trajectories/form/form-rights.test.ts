import type { Field } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import { accessOf, anyWritable, formRights } from './form-rights';

const f = (uuid: string, type: Field['type'], extra: Record<string, unknown> = {}) =>
  ({ uuid, name: uuid, type, required: false, ...extra }) as unknown as Field;

/** The fields as the server sends them: only those the user may read (D18). */
const fields = [
  f('naam', 'text'),
  f('foto', 'image'),
  f('g', 'group', { collapsed: false, children: [f('tel', 'text')] }),
];

describe('formRights: read off the form answer (spec part 1 §6, D1)', () => {
  it('reads every sent field, also inside a group, and writes only the uuids the server names', () => {
    const rights = formRights(fields, ['foto', 'tel']);
    expect(accessOf(rights, 'naam')).toEqual({ read: true, write: false, hidden: false });
    expect(accessOf(rights, 'foto')).toEqual({ read: true, write: true, hidden: false });
    expect(accessOf(rights, 'g')).toEqual({ read: true, write: false, hidden: false });
    expect(accessOf(rights, 'tel')).toEqual({ read: true, write: true, hidden: false });
    expect(anyWritable(rights)).toBe(true);
  });

  it('has nothing to edit without writable uuids (a reader, or an expired trajectory, D12)', () => {
    const rights = formRights(fields, []);
    expect(anyWritable(rights)).toBe(false);
    expect(accessOf(rights, 'tel').write).toBe(false);
  });

  it('gives nothing for a uuid the server did not send, even when named writable', () => {
    expect(accessOf(formRights(fields, ['geheim']), 'geheim')).toEqual({
      read: false,
      write: false,
      hidden: false,
    });
  });
});
