import { z } from 'zod';
import { NAME_MAX, zRequiredText } from './common.ts';

/** A media type like 'image/png' or 'application/vnd.ms-excel'. */
export const zMediaType = z
  .string({ error: 'required' })
  .trim()
  .toLowerCase()
  .max(255, { error: 'tooLong' })
  .regex(/^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/, { error: 'invalidValue' });

/** One entry of a resource's rights list (kept open: the spec only ever sends an empty list). */
export const zResourceUserRight = z.object({
  user: z.string().max(NAME_MAX, { error: 'tooLong' }),
  rights: z.array(z.enum(['ADMIN', 'WRITE', 'READ'])).default([]),
});

/** GET /api/resources/{id}/rights */
export const zResourceRights = z.array(zResourceUserRight);

/** POST /api/resources: the metadata of a file whose content is uploaded next. */
export const zResourceUpload = z.object({
  name: zRequiredText(NAME_MAX),
  mediaType: zMediaType,
  userRights: z.array(zResourceUserRight).default([]),
});
export type ResourceUpload = z.infer<typeof zResourceUpload>;

export const zResource = z.object({
  id: z.number().int(),
  name: z.string(),
  mediaType: z.string(),
  userRights: z.array(zResourceUserRight),
});
export type Resource = z.infer<typeof zResource>;

/** The new id from a Location header: its last path segment; null when missing or not a number. */
export function idFromLocation(location: string | null | undefined): number | null {
  if (!location) return null;
  const segment = location.split('?')[0]!.replace(/\/+$/, '').split('/').pop() ?? '';
  if (!/^\d+$/.test(segment)) return null;
  const id = Number(segment);
  return Number.isSafeInteger(id) ? id : null;
}
