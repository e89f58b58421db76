import { z } from 'zod';

/**
 * A value of an answer's enum field that this build does not know (one a newer server added): kept as
 * the server sent it, typed apart from the known values so that a screen has to decide how to show it.
 */
export type UnknownEnumValue = string & z.$brand<'UnknownEnumValue'>;

/**
 * An enum field of a list answer (spec part 2 §9: an unknown payment status, notification target or
 * action shows an unknown label): a known value parses as itself, any other string as an
 * `UnknownEnumValue`, so one unknown value never makes the whole list fail to load. Only for answers:
 * requests keep `z.enum`, so the server still refuses what it does not know.
 */
export function tolerantEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.union([z.enum(values), z.string().brand<'UnknownEnumValue'>()]);
}

/** Whether `value` is one of `values` (narrows a tolerant enum's value to the known ones). */
export function isKnownValue<const T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}
