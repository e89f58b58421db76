import { describe, expect, it } from 'vitest';
import type { TrajectoryListItem } from '../contract/trajectories.ts';
import { addToOrder, priceExtensionOrder, removeFromOrder } from './extension-order.ts';
import {
  defaultPriceTier,
  extensionCandidates,
  extensionWizardButtons,
  matchesExtensionFilter,
} from './extension-wizard.ts';

const tiers = [
  { months: 1, credits: 5 },
  { months: 12, credits: 40 },
];

function item(id: number, name: string, extra: Partial<TrajectoryListItem> = {}): TrajectoryListItem {
  return { id, name, description: null, activeUntil: null, rights: ['READ', 'PURCHASE'], ...extra };
}

describe('extension filter: case-insensitive substring on name or description; empty matches all', () => {
  it.each([
    ['', true],
    ['   ', true],
    ['klas', true],
    ['KLAS 3', true],
    ['stage', true],
    ['STAGE', true],
    ['nothing', false],
  ])('filter %j → %s', (filter, matches) => {
    expect(matchesExtensionFilter({ name: 'Klas 3A', description: 'Stage in het voorjaar' }, filter)).toBe(
      matches,
    );
  });
  it('a missing description only matches through the name', () => {
    expect(matchesExtensionFilter({ name: 'A', description: null }, 'b')).toBe(false);
  });
});

describe('select step rows', () => {
  const items = [
    item(1, 'Late', { activeUntil: '2030-01-01T00:00:00Z' }),
    item(2, 'No purchase', { rights: ['READ', 'METADATA'] }),
    item(3, 'Early', { activeUntil: '2026-01-01T00:00:00Z' }),
    item(4, 'Inactive'),
    item(5, 'In order'),
  ];
  it('lists only trajectories with PURCHASE, hides those already in the order, sorted by active-until', () => {
    const rows = extensionCandidates(items, [{ trajectoryId: 5, months: 1 }], '');
    expect(rows.map((row) => row.id)).toEqual([4, 3, 1]);
  });
  it('applies the text filter', () => {
    expect(extensionCandidates(items, [], 'EARL').map((row) => row.id)).toEqual([3]);
  });
});

describe('order rules (spec part 2 §4)', () => {
  it('the default price tier is the first tier', () => {
    expect(defaultPriceTier(tiers)).toEqual({ months: 1, credits: 5 });
    expect(defaultPriceTier([])).toBeUndefined();
  });
  it('adding skips trajectories already in the order', () => {
    const order = addToOrder([{ trajectoryId: 1, months: 1 }], [1, 2, 2], 12);
    expect(order).toEqual([
      { trajectoryId: 1, months: 1 },
      { trajectoryId: 2, months: 12 },
    ]);
  });
  it('changing the price tier applies only to trajectories added afterwards', () => {
    let order = addToOrder([], [1, 2], defaultPriceTier(tiers)!.months);
    order = addToOrder(order, [3], 12);
    expect(order.map((line) => line.months)).toEqual([1, 1, 12]);
    expect(priceExtensionOrder({ trajectories: order }, tiers).credits).toBe(50);
  });
  it('Remove deletes the selected', () => {
    expect(removeFromOrder(addToOrder([], [1, 2, 3], 1), [2])).toEqual([
      { trajectoryId: 1, months: 1 },
      { trajectoryId: 3, months: 1 },
    ]);
  });
});

describe('wizard buttons (spec part 2 §5)', () => {
  const base = { order: [], candidateSelection: [], visibleCandidates: [1, 2], orderSelection: [] };
  it.each([
    ['Next and Extend are disabled while the order is empty', base, { next: false, extend: false }],
    [
      'Next and Extend need at least one trajectory in the order',
      { ...base, order: [{ trajectoryId: 9, months: 1 }] },
      { next: true, extend: true },
    ],
    ['Add needs a visible selected row', { ...base, candidateSelection: [2] }, { add: true }],
    [
      'a selected row hidden by the filter does not count',
      { ...base, candidateSelection: [7] },
      { add: false },
    ],
    [
      'Remove needs a selected row of the order',
      { ...base, order: [{ trajectoryId: 9, months: 1 }], orderSelection: [9] },
      { remove: true },
    ],
    ['Remove without a selection is disabled', base, { remove: false }],
  ])('%s', (_name, state, expected) => {
    expect(extensionWizardButtons(state)).toMatchObject(expected);
  });
});
