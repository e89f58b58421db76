import type { TrajectoryListItem, TrajectoryRight } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import {
  chosenTrajectories,
  DEFAULT_SORT,
  groupKey,
  type ListView,
  listEntries,
  matchesSearch,
  nextSort,
  selectAllState,
  toggleAll,
  toggleGroup,
  toggleOne,
  visibleTrajectories,
} from './trajectory-rows';

const ALL: TrajectoryRight[] = ['READ', 'PURCHASE', 'METADATA', 'RIGHTS'];
let nextId = 1;
function item(
  name: string,
  activeUntil: string | null = '2027-01-01',
  description: string | null = null,
  rights: TrajectoryRight[] = ALL,
): TrajectoryListItem {
  nextId += 1;
  return { id: nextId, name, description, activeUntil, rights };
}

const view: ListView = {
  search: '',
  showInactive: false,
  today: '2026-03-10',
  sort: DEFAULT_SORT,
  language: 'nl',
};
const names = (rows: readonly TrajectoryListItem[]) => rows.map((row) => row.name);

describe('search (title and description)', () => {
  const row = item('BPV Élise Bakker', '2027-01-01', 'Stage bij Zorgcentrum De Linde');

  it('finds every word in the title or the description, any case, accents ignored', () => {
    expect(matchesSearch(row, '')).toBe(true);
    expect(matchesSearch(row, 'elise')).toBe(true);
    expect(matchesSearch(row, 'LINDE bpv')).toBe(true);
    expect(matchesSearch(row, 'linde jansen')).toBe(false);
  });
});

describe('visibleTrajectories', () => {
  const rows = [
    item('b traject 10', '2027-01-01', 'Zorg'),
    item('B traject 2', '2026-03-12', null),
    item('a verlopen', '2026-03-09', 'Archief'),
    item('c zonder datum', null, 'Oud'),
  ];

  it('hides inactive rows (null or past, by calendar day) unless the toggle is on', () => {
    expect(names(visibleTrajectories(rows, view))).toEqual(['B traject 2', 'b traject 10']);
    expect(names(visibleTrajectories(rows, { ...view, showInactive: true }))).toEqual([
      'a verlopen',
      'B traject 2',
      'b traject 10',
      'c zonder datum',
    ]);
  });

  it('sorts titles ignoring case, numbers by value, in both directions', () => {
    const sort = nextSort(DEFAULT_SORT, 'name');
    expect(sort).toEqual({ column: 'name', direction: 'desc' });
    expect(names(visibleTrajectories(rows, { ...view, sort }))).toEqual(['b traject 10', 'B traject 2']);
  });

  it('sorts on description and activeUntil, rows without a value last either way', () => {
    const all = { ...view, showInactive: true };
    const byDescription = nextSort(DEFAULT_SORT, 'description');
    expect(names(visibleTrajectories(rows, { ...all, sort: byDescription }))).toEqual([
      'a verlopen',
      'c zonder datum',
      'b traject 10',
      'B traject 2',
    ]);
    expect(
      names(visibleTrajectories(rows, { ...all, sort: { column: 'description', direction: 'desc' } })),
    ).toEqual(['b traject 10', 'c zonder datum', 'a verlopen', 'B traject 2']);
    expect(
      names(visibleTrajectories(rows, { ...all, sort: { column: 'activeUntil', direction: 'asc' } })),
    ).toEqual(['a verlopen', 'B traject 2', 'b traject 10', 'c zonder datum']);
    expect(
      names(visibleTrajectories(rows, { ...all, sort: { column: 'activeUntil', direction: 'desc' } })),
    ).toEqual(['b traject 10', 'B traject 2', 'a verlopen', 'c zonder datum']);
  });

  it('applies the search after the inactive toggle', () => {
    expect(names(visibleTrajectories(rows, { ...view, search: 'archief' }))).toEqual([]);
    expect(names(visibleTrajectories(rows, { ...view, search: 'archief', showInactive: true }))).toEqual([
      'a verlopen',
    ]);
  });
});

describe('selection (only METADATA rows, spec part 1 §6)', () => {
  const mine = item('Mijn traject');
  const other = item('Alleen lezen', '2027-01-01', null, ['READ']);
  const purchase = item('Kopen', '2027-01-01', null, ['READ', 'PURCHASE', 'RIGHTS']);
  const rows = [mine, other, purchase];

  it('select-all selects the selectable rows shown, then clears them', () => {
    const all = toggleAll(rows, new Set());
    expect([...all]).toEqual([mine.id]);
    expect(selectAllState(rows, all)).toBe('all');
    expect(toggleAll(rows, all).size).toBe(0);
  });

  it('a row without METADATA cannot be selected by its own toggle either', () => {
    expect(toggleOne(new Set(), other).size).toBe(0);
    expect([...toggleOne(new Set(), mine)]).toEqual([mine.id]);
    expect(toggleOne(new Set([mine.id]), mine).size).toBe(0);
  });

  it('acts only on selected rows that are shown', () => {
    const hidden = item('Verborgen');
    const selected = new Set([mine.id, hidden.id, other.id]);
    expect(chosenTrajectories(rows, selected)).toEqual([mine]);
    expect(selectAllState(rows, new Set([hidden.id]))).toBe('none');
    const two = [mine, item('Nog een')];
    expect(selectAllState(two, new Set([mine.id]))).toBe('some');
  });
});

describe('listEntries (accordions per group value, D34)', () => {
  const a1 = item('Sanne');
  const a2 = item('Mohammed');
  const b1 = item('Lotte', null);
  const none = item('Zonder klas');
  const groups = [
    { value: null, trajectories: [none] },
    { value: 'VIG3A', trajectories: [a1, a2] },
    { value: 'VIG3B', trajectories: [b1] },
  ];

  it('lists rows alone without grouping', () => {
    const { entries, rows, total } = listEntries([a1, a2], null, view, new Set());
    expect(entries.map((e) => e.kind)).toEqual(['row', 'row']);
    expect(names(rows)).toEqual(['Mohammed', 'Sanne']);
    expect(total).toBe(2);
  });

  it('puts a header before each group, Uncategorised last, and drops groups left empty', () => {
    const { entries, total } = listEntries([], groups, view, new Set());
    expect(entries.map((e) => (e.kind === 'group' ? `[${e.value}:${e.count}]` : e.item.name))).toEqual([
      '[VIG3A:2]',
      'Mohammed',
      'Sanne',
      '[null:1]',
      'Zonder klas',
    ]);
    expect(total).toBe(3);
  });

  it('a collapsed group shows its header only, and its rows are not selectable from select-all', () => {
    const { entries, rows, total } = listEntries([], groups, view, new Set([groupKey('VIG3A')]));
    expect(entries.map((e) => (e.kind === 'group' ? `[${e.value}:${e.expanded}]` : e.item.name))).toEqual([
      '[VIG3A:false]',
      '[null:true]',
      'Zonder klas',
    ]);
    expect(names(rows)).toEqual(['Zonder klas']);
    expect(total).toBe(3);
  });

  it('a group’s checkbox selects its selectable rows (a cohort, issue 32), then clears them; the rest stays', () => {
    const reader = item('Alleen lezen', '2027-01-01', null, ['READ']);
    const { entries } = listEntries(
      [],
      [{ value: 'VIG3A', trajectories: [a1, a2, reader] }],
      view,
      new Set(),
    );
    const group = entries[0];
    if (group?.kind !== 'group') throw new Error('no group');
    expect(names(group.items)).toEqual(['Alleen lezen', 'Mohammed', 'Sanne']);
    const chosen = toggleGroup(group.items, new Set([b1.id]));
    expect([...chosen].sort()).toEqual([a1.id, a2.id, b1.id].sort());
    expect(selectAllState(group.items, chosen)).toBe('all');
    expect([...toggleGroup(group.items, chosen)]).toEqual([b1.id]);
    // One of the group already chosen: the checkbox fills the group.
    expect([...toggleGroup(group.items, new Set([a1.id]))].sort()).toEqual([a1.id, a2.id].sort());
  });

  it('keeps group keys apart from values', () => {
    expect(groupKey(null)).not.toBe(groupKey(''));
    expect(groupKey('null')).not.toBe(groupKey(null));
  });
});
