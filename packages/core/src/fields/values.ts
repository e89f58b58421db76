/**
 * Field value helpers (spec part 1 §3, §5): trimming, link prefixes, strict number parsing, and the JSON
 * text values of multi-select and image fields.
 */

/** Text fields are trimmed on blur; null and undefined become ''. */
export function trimFieldText(value: string | null | undefined): string {
  return (value ?? '').trim();
}

const HAS_SCHEME = /^https?:\/\//i;

/** The link of a url value: trimmed, with https:// put in front when it lacks http:// or https://. */
export function urlLink(value: string | null | undefined): string {
  const trimmed = trimFieldText(value);
  if (trimmed === '') return '';
  return HAS_SCHEME.test(trimmed) ? trimmed : `https://${trimmed}`;
}

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(?:\d+(?:[.,]\d+)?|[.,]\d+)$/;

/** A whole number from text, strictly (optional sign, digits, surrounding spaces); null otherwise. */
export function parseInteger(text: string): number | null {
  const value = text.trim();
  if (!INTEGER.test(value)) return null;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : null;
}

/** A decimal from text, strictly; the decimal separator may be a dot or a Dutch comma. */
export function parseDecimal(text: string): number | null {
  const value = text.trim();
  if (!DECIMAL.test(value)) return null;
  const number = Number(value.replace(',', '.'));
  return Number.isFinite(number) ? number : null;
}

function parseJsonArray(text: string | null | undefined): unknown[] {
  if (typeof text !== 'string' || text.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** The chosen values of a multi-select value text (tolerant: bad input gives [], non-strings are dropped). */
export function parseMultiSelectValue(text: string | null | undefined): string[] {
  return [...new Set(parseJsonArray(text).filter((item): item is string => typeof item === 'string'))];
}

/** The stored text of chosen multi-select values (duplicates removed, order kept). */
export function serialiseMultiSelectValue(values: readonly string[]): string {
  return JSON.stringify([...new Set(values)]);
}

function asResourceId(item: unknown): number | null {
  const number = typeof item === 'string' && /^\d+$/.test(item) ? Number(item) : item;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 ? number : null;
}

/** The resource ids of an image value text (tolerant: bad entries dropped, numeric strings accepted). */
export function parseImageValue(text: string | null | undefined): number[] {
  const ids = parseJsonArray(text)
    .map(asResourceId)
    .filter((id): id is number => id !== null);
  return [...new Set(ids)];
}

export function serialiseImageValue(ids: readonly number[]): string {
  return JSON.stringify([...new Set(ids)]);
}

/** A field name without its dots (spec part 2 §5): a formula's `$group.name` splits at them (D21). */
export function fieldNameWithoutDots(name: string): string {
  return name.replaceAll('.', '');
}

/** The field-name rule (spec part 2 §5): dots removed, trimmed; an empty result is ignored (null). */
export function cleanFieldName(name: string): string | null {
  const cleaned = fieldNameWithoutDots(name).trim();
  return cleaned === '' ? null : cleaned;
}
