import type { TFunction } from 'i18next';

/**
 * The text of an enum value from an answer: its own label, or "Onbekend (x)" / "Unknown (x)" for a value
 * this version does not know (core `tolerantEnum` lets such a value through; spec part 2 §9). `key` is
 * the value's label key, null when the value is unknown.
 */
export function valueLabel(t: TFunction, key: string | null, value: string): string {
  return key ? t(key) : t('unknownValue', { value });
}
