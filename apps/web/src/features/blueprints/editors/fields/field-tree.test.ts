import { FIELD_TYPES, type Field, zField } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import { duplicateInTree, moveInTree, removeFromTree } from '../tree';
import { copyField, fieldAccess, fieldName, newField, siblingsOf } from './field-tree';

let counter = 0;
const uuid = () => {
  counter += 1;
  return `u${counter}`;
};

describe('newField', () => {
  it('makes a valid field of every one of the 14 types', () => {
    for (const type of FIELD_TYPES) {
      const field = newField(type, `Veld ${type}`, uuid());
      expect(zField.safeParse(field).success, type).toBe(true);
      expect(field.type).toBe(type);
    }
  });
});

describe('field names', () => {
  it('removes dots and ignores empty names (core rule)', () => {
    expect(fieldName('Adres.straat')).toBe('Adresstraat');
    expect(fieldName(' ... ')).toBeNull();
    expect(fieldName('')).toBeNull();
  });
});

describe('field trees', () => {
  const group: Field = {
    ...(newField('group', 'Student', 'g') as Extract<Field, { type: 'group' }>),
    children: [newField('text', 'Naam', 'n'), newField('date', 'Geboortedatum', 'd')],
  };
  const fields: Field[] = [newField('integer', 'Uren', 'i'), group, newField('calculation', 'Totaal', 'c')];

  it('moves fields within their group', () => {
    const moved = moveInTree(fields, fieldAccess, new Set(['d']), 'up');
    const movedGroup = moved[1] as Extract<Field, { type: 'group' }>;
    expect(movedGroup.children.map((field) => field.uuid)).toEqual(['d', 'n']);
    expect(moved.map((field) => field.uuid)).toEqual(['i', 'g', 'c']);
  });

  it('deletes a group with its children', () => {
    expect(removeFromTree(fields, fieldAccess, new Set(['g'])).map((field) => field.uuid)).toEqual([
      'i',
      'c',
    ]);
  });

  it('duplicates with new uuids throughout and a suffixed name', () => {
    const result = duplicateInTree(fields, fieldAccess, new Set(['g']), (field) =>
      copyField(field, '(kopie)', uuid),
    );
    const copy = result[2] as Extract<Field, { type: 'group' }>;
    expect(copy.name).toBe('Student (kopie)');
    expect(copy.uuid).not.toBe('g');
    expect(copy.children.map((field) => field.name)).toEqual(['Naam', 'Geboortedatum']);
    expect(copy.children.map((field) => field.uuid)).not.toContain('n');
    expect(new Set(result.flatMap((field) => [field.uuid])).size).toBe(4);
  });

  it('finds the sibling list of a field (its formula scope)', () => {
    expect(siblingsOf(fields, 'n')?.map((field) => field.uuid)).toEqual(['n', 'd']);
    expect(siblingsOf(fields, 'c')).toBe(fields);
    expect(siblingsOf(fields, 'zzz')).toBeNull();
  });
});
