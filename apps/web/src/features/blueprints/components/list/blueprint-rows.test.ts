import type { BlueprintListItem, BlueprintRight, LibraryEntry } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  copyName,
  displayMoment,
  editorPath,
  likelyEntry,
  listActions,
  selectAllState,
  selectedBlueprints,
  visibleBlueprints,
} from './blueprint-rows';

let next = 1;
function item(
  name: string,
  rights: BlueprintRight[] = ['ADMIN', 'WRITE', 'READ'],
  extra: Partial<BlueprintListItem> = {},
): BlueprintListItem {
  const admin = rights.includes('ADMIN');
  return {
    id: next++,
    type: 'REPORT',
    name,
    description: null,
    library: false,
    rights,
    created: '2026-03-01T10:00:00Z',
    modified: '2026-03-01T10:00:00Z',
    version: 1,
    sourceBlueprintId: null,
    sourceBlueprintVersion: null,
    libraryUpdate: false,
    status: 'LIVE',
    abilities: {
      read: true,
      write: rights.includes('WRITE'),
      admin,
      library: false,
      updateFromLibrary: false,
    },
    ...extra,
  };
}

describe('visibleBlueprints', () => {
  const list = [
    item('zorgplan', undefined, { type: 'INFORMATION', description: 'Intake bij de start' }),
    item('Beoordeling 10'),
    item('beoordeling 9', undefined, { description: 'Tussentijds' }),
    item('Afsluiting', undefined, { type: 'COMPETENCE_LIST' }),
  ];

  it('sorts by name, case-insensitively and with numbers in order', () => {
    expect(visibleBlueprints(list, {}, 'nl').map((row) => row.name)).toEqual([
      'Afsluiting',
      'beoordeling 9',
      'Beoordeling 10',
      'zorgplan',
    ]);
  });

  it('applies the filter: type, name and description substrings (core matchesBlueprintFilter)', () => {
    expect(visibleBlueprints(list, { type: 'REPORT' }, 'nl')).toHaveLength(2);
    expect(visibleBlueprints(list, { name: 'BEOORD' }, 'nl')).toHaveLength(2);
    expect(visibleBlueprints(list, { description: 'intake' }, 'nl').map((row) => row.name)).toEqual([
      'zorgplan',
    ]);
    expect(visibleBlueprints(list, { type: 'DASHBOARD' }, 'nl')).toEqual([]);
  });

  it('acts only on selected rows that are visible', () => {
    const visible = visibleBlueprints(list, { type: 'REPORT' }, 'nl');
    const hidden = list[0] as BlueprintListItem;
    const selected = new Set([hidden.id, (visible[0] as BlueprintListItem).id]);
    expect(selectedBlueprints(visible, selected)).toEqual([visible[0]]);
  });
});

describe('listActions (spec part 2 §6)', () => {
  const admin = item('a');
  const reader = item('r', ['READ']);
  const writer = item('w', ['WRITE', 'READ']);

  it('copy and edit need ADMIN on exactly one; info READ on one; delete ADMIN on all', () => {
    expect(listActions([])).toEqual({
      copy: false,
      edit: false,
      info: false,
      delete: false,
      publish: false,
      update: false,
    });
    expect(listActions([admin])).toMatchObject({ copy: true, edit: true, info: true, delete: true });
    expect(listActions([reader])).toMatchObject({ copy: false, edit: false, info: true, delete: false });
    expect(listActions([writer])).toMatchObject({ copy: false, edit: false, info: true, delete: false });
    expect(listActions([admin, item('b')])).toMatchObject({
      copy: false,
      edit: false,
      info: false,
      delete: true,
    });
    expect(listActions([admin, reader])).toMatchObject({ delete: false });
  });

  it('publishing follows every selected row’s abilities.library', () => {
    const publishable = item('p', undefined, {
      abilities: { read: true, write: true, admin: true, library: true, updateFromLibrary: false },
    });
    expect(listActions([publishable]).publish).toBe(true);
    expect(listActions([publishable, admin]).publish).toBe(false);
    expect(listActions([publishable]).update).toBe(false);
  });

  it('updating from the library follows the row’s abilities.updateFromLibrary, not publishing (D58)', () => {
    const imported = item('i', undefined, {
      sourceBlueprintId: 9,
      sourceBlueprintVersion: 2,
      libraryUpdate: true,
      abilities: { read: true, write: true, admin: true, library: false, updateFromLibrary: true },
    });
    expect(listActions([imported]).update).toBe(true);
    expect(listActions([imported]).publish).toBe(false);
    expect(listActions([imported, admin]).update).toBe(false);
  });
});

describe('helpers', () => {
  it('select-all is checked, unchecked or mixed', () => {
    expect(selectAllState(3, 0)).toBe('none');
    expect(selectAllState(3, 2)).toBe('some');
    expect(selectAllState(3, 3)).toBe('all');
    expect(selectAllState(0, 0)).toBe('none');
  });

  it('a copy’s name stays within 255 characters', () => {
    expect(copyName(`Kopie van ${'x'.repeat(255)}`)).toHaveLength(255);
    expect(copyName('Kopie van Intake')).toBe('Kopie van Intake');
  });

  it('counts the active filter parts', () => {
    expect(activeFilterCount({ type: null, name: ' ', description: '' })).toBe(0);
    expect(activeFilterCount({ type: 'REPORT', name: 'a', description: 'b' })).toBe(3);
  });

  it('links each type to its editor route', () => {
    expect(editorPath('COMPETENCE_LIST', 4)).toBe('/blueprints/competencelists/4');
    expect(editorPath('INFORMATION', 5)).toBe('/blueprints/information/5');
  });

  it('shows moments as dd/MM/yyyy HH:mm:ss in the business time zone', () => {
    expect(displayMoment('2026-03-01T09:05:09Z')).toBe('01/03/2026 10:05:09');
    expect(displayMoment('not a date')).toBe('not a date');
  });

  it('finds the library entry of a selected blueprint in the library by type and name', () => {
    const entries: LibraryEntry[] = [
      { id: 7, type: 'REPORT', name: 'Stageverslag', description: null, version: 2, removable: true },
      { id: 8, type: 'INFORMATION', name: 'Stageverslag', description: null, version: 1, removable: true },
    ];
    const published = item('Stageverslag', undefined, { type: 'INFORMATION', library: true });
    expect(likelyEntry(entries, [published])?.id).toBe(8);
    expect(likelyEntry(entries, [{ ...published, library: false }])).toBeNull();
    expect(likelyEntry(entries, [])).toBeNull();
  });
});
