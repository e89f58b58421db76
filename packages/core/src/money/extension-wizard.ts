import type { TrajectoryListItem } from '../contract/trajectories.ts';
import { toMoment } from '../dates/expiry.ts';
import type { PriceTier } from './credits-calculator.ts';
import type { OrderLine } from './extension-order.ts';

/**
 * The extend-trajectories wizard (spec part 2 §2, §4, §5, §6): which trajectories the select step lists,
 * its text filter, the default price tier and when its buttons are enabled. Adding and removing lines is
 * in extension-order.ts (adding skips trajectories already in the order; a tier change applies only to
 * trajectories added after it, because every line keeps the months it was added with).
 */

/** The tier chosen when the wizard opens: the first one (undefined while there are none). */
export function defaultPriceTier(tiers: readonly PriceTier[]): PriceTier | undefined {
  return tiers[0];
}

/** Case-insensitive substring of the name or the description; an empty (blank) filter matches all. */
export function matchesExtensionFilter(
  item: Pick<TrajectoryListItem, 'name' | 'description'>,
  filter: string,
): boolean {
  const needle = filter.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return [item.name, item.description ?? ''].some((text) => text.toLocaleLowerCase().includes(needle));
}

function untilTime(item: Pick<TrajectoryListItem, 'activeUntil'>): number {
  return toMoment(item.activeUntil)?.getTime() ?? Number.NEGATIVE_INFINITY;
}

/**
 * The rows of the select step: only trajectories where the user has PURCHASE, not already in the order,
 * matching the filter, sorted by active-until (empty or unreadable first, then the earliest).
 */
export function extensionCandidates<T extends TrajectoryListItem>(
  items: readonly T[],
  order: readonly OrderLine[],
  filter: string,
): T[] {
  const ordered = new Set(order.map((line) => line.trajectoryId));
  return items
    .filter((item) => item.rights.includes('PURCHASE'))
    .filter((item) => !ordered.has(item.id))
    .filter((item) => matchesExtensionFilter(item, filter))
    .sort((a, b) => untilTime(a) - untilTime(b) || a.id - b.id);
}

/** Which wizard buttons are enabled. */
export interface ExtensionWizardButtons {
  /** Add: at least one visible row of the select step is selected. */
  readonly add: boolean;
  /** Remove: at least one visible row of the overview is selected. */
  readonly remove: boolean;
  /** Next and Extend: at least one trajectory in the order. */
  readonly next: boolean;
  readonly extend: boolean;
}

function anyVisibleSelected(selected: readonly number[], visible: readonly number[]): boolean {
  const shown = new Set(visible);
  return selected.some((id) => shown.has(id));
}

export function extensionWizardButtons(state: {
  readonly order: readonly OrderLine[];
  /** Selected ids and the ids shown (after the filter) on the select step. */
  readonly candidateSelection: readonly number[];
  readonly visibleCandidates: readonly number[];
  /** Selected ids and the ids shown on the overview step. */
  readonly orderSelection: readonly number[];
}): ExtensionWizardButtons {
  const hasOrder = state.order.length > 0;
  return {
    add: anyVisibleSelected(state.candidateSelection, state.visibleCandidates),
    remove: anyVisibleSelected(
      state.orderSelection,
      state.order.map((line) => line.trajectoryId),
    ),
    next: hasOrder,
    extend: hasOrder,
  };
}
