import type { RatingInfo } from '@groeipad/core';

/** Reading the stored values of rating and upload fields (spec part 1 §3). */

/**
 * The chosen entry of a rating: the value is the entry's position (1 for the first); an older value
 * holding an entry's name is understood too.
 */
export function ratingPosition(info: readonly RatingInfo[], value: unknown): number | null {
  if (typeof value === 'number')
    return Number.isInteger(value) && value >= 1 && value <= info.length ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const byName = info.findIndex((entry) => entry.name === value);
    if (byName !== -1) return byName + 1;
    const number = Number(value);
    return Number.isInteger(number) && number >= 1 && number <= info.length ? number : null;
  }
  return null;
}

/** The resource ids of an upload value (a list of ids). */
export function uploadIds(value: unknown): number[] {
  return Array.isArray(value) ? value.filter((id): id is number => Number.isSafeInteger(id) && id >= 0) : [];
}
