import { z } from 'zod';
import { NAME_MAX, zOptionalText } from './common.ts';

export const zCurrentUser = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof zCurrentUser>;

export const zUpdateCurrentUser = z.object({
  firstName: zOptionalText(NAME_MAX),
  lastName: zOptionalText(NAME_MAX),
});
export type UpdateCurrentUser = z.infer<typeof zUpdateCurrentUser>;
