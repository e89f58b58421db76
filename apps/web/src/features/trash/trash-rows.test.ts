import { describe, expect, it } from 'vitest';
import {
  currentSelection,
  deletedOn,
  selectAllState,
  toggleAllTrash,
  toggleTrashItem,
  typeLabel,
} from './trash-rows';

const items = [
  { id: 'trajectory-1', admin: true },
  { id: 'blueprint-2', admin: false },
  { id: 'blueprint-3', admin: true },
];

describe('trash rows (spec part 2 §4, §6; D13)', () => {
  it('select-all chooses the admin items only, and clears when they are all chosen', () => {
    expect([...toggleAllTrash(items, new Set())]).toEqual(['trajectory-1', 'blueprint-3']);
    expect([...toggleAllTrash(items, new Set(['trajectory-1']))]).toEqual(['trajectory-1', 'blueprint-3']);
    expect([...toggleAllTrash(items, new Set(['trajectory-1', 'blueprint-3']))]).toEqual([]);
    expect([...toggleAllTrash([{ id: 'blueprint-2', admin: false }], new Set())]).toEqual([]);
  });

  it('the select-all box shows none, some or all of the selectable items', () => {
    expect(selectAllState(items, new Set())).toBe('none');
    expect(selectAllState(items, new Set(['blueprint-3']))).toBe('some');
    expect(selectAllState(items, new Set(['trajectory-1', 'blueprint-3']))).toBe('all');
  });

  it('a row without admin cannot be chosen; a chosen row toggles off', () => {
    expect([...toggleTrashItem(items, new Set(), 'blueprint-2')]).toEqual([]);
    expect([...toggleTrashItem(items, new Set(), 'blueprint-3')]).toEqual(['blueprint-3']);
    expect([...toggleTrashItem(items, new Set(['blueprint-3']), 'blueprint-3')]).toEqual([]);
  });

  it('the selection keeps only items still listed and selectable', () => {
    expect(currentSelection(items, new Set(['blueprint-2', 'blueprint-3', 'trajectory-9']))).toEqual([
      'blueprint-3',
    ]);
  });

  it('deleted on is dd/MM/yyyy HH:mm in the business time zone, empty when unknown', () => {
    expect(deletedOn('2026-01-05T08:07:30.000Z')).toBe('05/01/2026 09:07');
    expect(deletedOn(null)).toBe('');
    expect(deletedOn('nonsense')).toBe('');
  });

  it('a trajectory is a trajectory; a trajectory blueprint is a blueprint of type TRAJECTORY', () => {
    expect(typeLabel({ id: 'trajectory-4', type: 'TRAJECTORY' })).toEqual({ key: 'trash.types.trajectory' });
    expect(typeLabel({ id: 'blueprint-4', type: 'TRAJECTORY' })).toEqual({
      key: 'trash.types.blueprint',
      blueprintType: 'blueprintList.types.TRAJECTORY',
    });
  });
});
