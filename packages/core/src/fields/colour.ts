/**
 * Colour values of rating entries (spec part 2 §5): a hex colour of 3 or 6 digits, or 4 or 8 with alpha.
 * Stored with a leading '#'; the input may omit it.
 */
const HEX_COLOUR = /^#?(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** Default colour of a new score entry: gold. */
export const DEFAULT_SCORE_COLOUR = '#FFD700';

/** True for '#abc', 'abc', '#abcd', '#aabbcc', '#aabbccdd' (case-insensitive), false otherwise. */
export function isValidColour(input: string): boolean {
  return HEX_COLOUR.test(input.trim());
}

/** The stored form of a valid colour ('#' plus the digits, trimmed); null when invalid. */
export function normaliseColour(input: string): string | null {
  const value = input.trim();
  if (!HEX_COLOUR.test(value)) return null;
  return value.startsWith('#') ? value : `#${value}`;
}
