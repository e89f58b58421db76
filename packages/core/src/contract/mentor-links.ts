import { z } from 'zod';
import { IMAGE_MEDIA_TYPES } from '../fields/limits.ts';
import { zRoleName } from './access.ts';
import { NAME_MAX, zBodyId, zEmail, zRequiredText } from './common.ts';
import { zEvaluation } from './evaluation.ts';
import { zMediaType } from './resources.ts';
import { tolerantEnum } from './tolerant-enum.ts';

/**
 * Mentor links (issue 23): a person invited by e-mail to one role of one trajectory, without an account.
 * The link (`/mentor#<secret>`) is confirmed with a six-digit code mailed to the same address; the
 * session it starts acts with exactly that role on that trajectory.
 */

/** How long a new link lives unless the inviter says otherwise, and the longest they may choose. */
export const MENTOR_LINK_DEFAULT_DAYS = 30;
export const MENTOR_LINK_MAX_DAYS = 365;
/** The code: six digits, valid for 15 minutes, five tries; a new one at most five times an hour. */
export const MENTOR_CODE_LENGTH = 6;
export const MENTOR_CODE_MINUTES = 15;
/** A mentor's session lapses after this many hours without a request (D54); the link then opens again. */
export const MENTOR_SESSION_IDLE_HOURS = 12;
export const MENTOR_CODE_TRIES = 5;

/** A link's secret as the page reads it from the address: URL-safe base64, 43 characters (32 bytes). */
export const zMentorSecret = z
  .string({ error: 'required' })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'invalidValue' });

export const zMentorCode = z
  .string({ error: 'required' })
  .trim()
  .regex(new RegExp(`^\\d{${MENTOR_CODE_LENGTH}}$`), { error: 'invalidValue' });

export const zMentorLinkCreate = z.object({
  email: zEmail,
  name: zRequiredText(NAME_MAX),
  role: zRoleName,
  days: z
    .number({ error: 'invalidValue' })
    .int({ error: 'invalidValue' })
    .min(1, { error: 'range' })
    .max(MENTOR_LINK_MAX_DAYS, { error: 'range' })
    .default(MENTOR_LINK_DEFAULT_DAYS),
});
export type MentorLinkCreate = z.input<typeof zMentorLinkCreate>;

/** REGISTERED: the invitee made an account, and the link's role became their user row (D11); the link is closed. */
export const MENTOR_LINK_STATUSES = ['ACTIVE', 'EXPIRED', 'REVOKED', 'REGISTERED'] as const;
export const zMentorLinkStatus = z.enum(MENTOR_LINK_STATUSES);
export type MentorLinkStatus = z.infer<typeof zMentorLinkStatus>;

export const zMentorLink = z
  .object({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    role: z.string(),
    /** An unknown status shows an unknown label (spec part 2 §9), the list still loads. */
    status: tolerantEnum(MENTOR_LINK_STATUSES),
    createdAt: z.string(),
    expiresAt: z.string(),
    revokedAt: z.string().nullable(),
    registeredAt: z.string().nullable(),
    /** When the mentor last acted through it (confirmed the code, read or saved); null: never. */
    lastUsedAt: z.string().nullable(),
    createdBy: z.string().nullable(),
  })
  .meta({ id: 'MentorLink' });
export type MentorLink = z.infer<typeof zMentorLink>;

export const zMentorLinkList = z.object({ items: z.array(zMentorLink) });

/**
 * A new link as its inviter gets it (issue 31): the link itself once, to copy beside the mail. It is never
 * listed again (only its hash is stored), and it opens nothing alone: the mentor confirms with a code that
 * is mailed to the invited address only (D54).
 */
export const zMentorInvitation = zMentorLink
  .extend({ link: z.string(), trajectoryId: z.number().int(), trajectoryName: z.string() })
  .meta({ id: 'MentorInvitation' });
export type MentorInvitation = z.infer<typeof zMentorInvitation>;

/** How many trajectories one bulk invitation names at most (a class, with room to spare). */
export const MENTOR_BULK_MAX = 200;

/**
 * POST /api/v2/mentor-links (issue 31): one mentor invited on several trajectories at once (a class list's
 * selection), with one role every one of them defines. All or none: a trajectory that refuses names itself
 * at `trajectoryIds.<n>`.
 */
export const zMentorLinkBulkCreate = zMentorLinkCreate.extend({
  trajectoryIds: z
    .array(zBodyId)
    .min(1, { error: 'required' })
    .max(MENTOR_BULK_MAX, { error: 'tooManyRows' })
    .superRefine((ids, context) => {
      const seen = new Set<number>();
      ids.forEach((id, index) => {
        if (seen.has(id)) context.addIssue({ code: 'custom', message: 'duplicate', path: [index] });
        seen.add(id);
      });
    }),
});
export type MentorLinkBulkCreate = z.input<typeof zMentorLinkBulkCreate>;

export const zMentorInvitationList = z.object({ items: z.array(zMentorInvitation) });

export const zMentorCodeRequest = z.object({ secret: zMentorSecret });
/** Where the code went, half hidden (`j***@school.nl`), so the mentor knows which mailbox to look in. */
export const zMentorCodeSent = z.object({ email: z.string() });

/**
 * POST /api/v2/mentor/photos: a photo as evidence (issue 23), the record before its bytes as every upload
 * (spec part 1 §7); a .jpg or .png only (part 1 §5), else 400 unsupportedFileType.
 */
export const zMentorPhotoUpload = z.object({
  name: zRequiredText(NAME_MAX),
  mediaType: zMediaType.refine((type) => IMAGE_MEDIA_TYPES.includes(type), { error: 'unsupportedFileType' }),
});
export type MentorPhotoUpload = z.infer<typeof zMentorPhotoUpload>;

export const zMentorSessionRequest = z.object({ secret: zMentorSecret, code: zMentorCode });
export const zMentorSession = z.object({ token: z.string(), expiresAt: z.string() });

/** What the mentor's page shows: whose trajectory, as which role, and the evaluation as that role sees it. */
export const zMentorAssessment = z.object({
  trajectory: z.object({ id: z.number().int(), name: z.string() }),
  organisation: z.string(),
  mentor: z.object({ email: z.string(), name: z.string(), role: z.string() }),
  expiresAt: z.string(),
  /** The role may add entries now (evaluation write, the trajectory active, D12). */
  canWrite: z.boolean(),
  /** The evaluation, null when the role may not read it. */
  evaluation: zEvaluation.nullable(),
  version: z.number().int(),
});
export type MentorAssessment = z.infer<typeof zMentorAssessment>;

/** `j***@school.nl`: the first character of the local part, then stars. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
