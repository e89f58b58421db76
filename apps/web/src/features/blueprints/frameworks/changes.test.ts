import type { FrameworkChange } from '@groeipad/core';
import { describe, expect, it } from 'vitest';
import { groupChanges } from './changes';

const change = (
  kind: FrameworkChange['kind'],
  uuid: string,
  name: string,
  extra: Partial<FrameworkChange> = {},
) => ({ kind, uuid, level: 'competence', name, ...extra }) satisfies FrameworkChange;

describe('groupChanges', () => {
  it('groups by kind in the preview’s order, keeping the check’s order within a group', () => {
    const grouped = groupChanges([
      change('moved', 'm', 'B1-K2-W1 Rapporteert', { from: 'B1 / B1-K1', to: 'B1 / B1-K2' }),
      change('added', 'n2', 'B1-K1-W4 Evalueert'),
      change('changed', 'c', 'B1-K1-W1 Plant het werk', { from: 'B1-K1-W1 Stelt een planning op' }),
      change('added', 'n1', 'B1-K1-W3 Overlegt'),
    ]);
    expect(grouped.groups.map((group) => [group.kind, group.lines.map((line) => line.change.uuid)])).toEqual([
      ['added', ['n2', 'n1']],
      ['changed', ['c']],
      ['moved', ['m']],
    ]);
    expect(grouped.removedWithoutSuccessor).toBe(0);
  });

  it('names a removed item’s successor by its coded name, and counts those without one', () => {
    const grouped = groupChanges([
      change('added', 'new-1', 'B1-K1-W5 Werkt veilig'),
      change('removed', 'old-1', 'B1-K1-W2 Let op veiligheid', { successor: 'new-1' }),
      change('removed', 'old-2', 'B1-K1-W3 Ruimt op'),
      change('removed', 'old-3', 'B1-K1-W4 Elders', { successor: 'B2-K1-W1 Buiten dit bestand' }),
    ]);
    const removed = grouped.groups.find((group) => group.kind === 'removed')?.lines ?? [];
    expect(removed.map((line) => line.successor)).toEqual([
      'B1-K1-W5 Werkt veilig',
      null,
      'B2-K1-W1 Buiten dit bestand',
    ]);
    expect(grouped.removedWithoutSuccessor).toBe(1);
    expect(grouped.carried).toBe(2);
  });

  it('has no groups without changes', () => {
    expect(groupChanges([])).toEqual({ groups: [], removedWithoutSuccessor: 0, carried: 0 });
  });
});
