import { z } from 'zod';
import { EMAIL_MAX_LENGTH, isValidEmail, normaliseEmail } from '../account/email.ts';
import { isStrongPassword, PASSWORD_MAX_LENGTH } from '../account/password.ts';
import { MESSAGE_KEYS } from './messages.ts';

/** Names of things (organisation, blueprint, trajectory title): spec limit 255. */
export const NAME_MAX = 255;
/** Long descriptions (blueprint, create-trajectory dialog): spec limit 1000. */
export const DESCRIPTION_MAX = 1000;
/** Short descriptions (trajectory detail page): spec limit 255. */
export const SHORT_DESCRIPTION_MAX = 255;

/**
 * Largest id a database column holds (PostgreSQL `integer`). Every id schema stops here, so an id past
 * it is a 400 (or 404), never a database error (issue 6).
 */
export const ID_MAX = 2_147_483_647;

/** A database id as it appears in paths: a whole, non-negative 32-bit number. */
export const zId = z.coerce.number<string | number>().int().min(0).max(ID_MAX);
/** A database id inside a JSON body (no coercion from text). */
export const zBodyId = z
  .number({ error: (issue) => (issue.input === undefined ? 'required' : 'invalidValue') })
  .int({ error: 'invalidValue' })
  .min(0, { error: 'invalidValue' })
  .max(ID_MAX, { error: 'invalidValue' });
export const zIdParams = z.object({ id: zId });

/** E-mail: trimmed, lower-cased, validated. */
export const zEmail = z
  .string({ error: 'required' })
  .max(EMAIL_MAX_LENGTH, { error: 'tooLong' })
  .refine(isValidEmail, { error: 'invalidEmail' })
  .transform(normaliseEmail);

/** A new password (register, reset): the strength rule of spec part 1 §5. */
export const zNewPassword = z
  .string({ error: 'required' })
  .max(PASSWORD_MAX_LENGTH, { error: 'tooLong' })
  .refine(isStrongPassword, { error: 'passwordRestrictions' });

/** Required text: non-blank after trimming, at most `max` characters. */
export function zRequiredText(max: number) {
  return z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' });
}

/** Optional text: trimmed, at most `max` characters; empty becomes null. */
export function zOptionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: 'tooLong' })
    .nullish()
    .transform((value) => (value ? value : null));
}

/** A page of a list: the total count and this page's content. */
export function zPageOf<T extends z.ZodType>(item: T) {
  return z.object({ total: z.number().int().min(0), content: z.array(item) });
}

/** ?page&size, with a default size; pages count from 0. */
export function zPageQuery(defaultSize: number, maxSize = 100) {
  return z.object({
    page: z.coerce.number<string | number>().int().min(0).default(0),
    size: z.coerce.number<string | number>().int().min(0).max(maxSize).default(defaultSize),
  });
}

/**
 * A new name in a list of names (a role, a report blueprint): non-blank after trimming, at most `max`
 * characters, and unique among the existing names (compared trimmed and case-insensitively).
 */
export function newNameProblem(
  name: string,
  existing: readonly string[],
  max = NAME_MAX,
): 'required' | 'tooLong' | 'duplicate' | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'required';
  if (trimmed.length > max) return 'tooLong';
  const lower = trimmed.toLowerCase();
  return existing.some((other) => other.trim().toLowerCase() === lower) ? 'duplicate' : null;
}

export const zMessageKey = z.enum(MESSAGE_KEYS);

/** Every error answer of the API: `ErrorBody` among the OpenAPI document's components, one schema for all. */
export const zErrorBody = z
  .object({
    status: z.number().int(),
    key: zMessageKey,
    message: z.string().optional(),
    fields: z.array(z.object({ path: z.string(), key: z.string() })).optional(),
    /** 409 staleDocument: the document's current version (D29). */
    version: z.number().int().optional(),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof zErrorBody>;

/**
 * Ids as a comma list in a query (`?ids=1,2,3`): each a whole positive id, each once (duplicates
 * dropped), at least one and at most `max` — else `required`, `invalidValue` or `tooLong` at the field.
 */
export function zIdListText(max: number) {
  return z
    .string({ error: 'required' })
    .max(max * 12, { error: 'tooLong' })
    .transform((text, context) => {
      const parts = text.split(',').map((part) => part.trim());
      if (parts.some((part) => !/^[1-9]\d{0,9}$/.test(part) || Number(part) > ID_MAX)) {
        context.addIssue({ code: 'custom', message: text.trim() === '' ? 'required' : 'invalidValue' });
        return z.NEVER;
      }
      const ids = [...new Set(parts.map(Number))];
      if (ids.length > max) {
        context.addIssue({ code: 'custom', message: 'tooLong' });
        return z.NEVER;
      }
      return ids;
    });
}
