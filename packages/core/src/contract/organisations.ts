import { z } from 'zod';
import { isCountryCode } from '../account/countries.ts';
import { isValidLogo, LARGE_LOGO_BOX, SMALL_LOGO_BOX } from '../organisation/logo.ts';
import { zOrganisationRole } from './auth.ts';
import { DESCRIPTION_MAX, NAME_MAX, zEmail, zOptionalText, zRequiredText } from './common.ts';

export const ORGANISATION_TYPES = ['PERSONAL', 'COMPANY'] as const;
export const zOrganisationType = z.enum(ORGANISATION_TYPES, { error: 'required' });

/** Id of the provider's own, non-private organisation (created by the first migration). */
export const PROVIDER_ORGANISATION_ID = 0;
export const FIELD_MAX = 255;

const zLogo = (box: { width: number; height: number }) =>
  z
    .string()
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isValidLogo(value, box), { error: 'invalidLogo' });

/** The organisation form of spec part 2 §5, as the server checks it. */
export const zOrganisationInput = z.object({
  name: zRequiredText(NAME_MAX),
  slogan: zOptionalText(FIELD_MAX),
  description: zOptionalText(DESCRIPTION_MAX),
  type: zOrganisationType,
  smallLogo: zLogo(SMALL_LOGO_BOX),
  largeLogo: zLogo(LARGE_LOGO_BOX),
  vatIdentification: zOptionalText(FIELD_MAX),
  streetName: zRequiredText(FIELD_MAX),
  streetNumber: zRequiredText(FIELD_MAX),
  postalCode: zRequiredText(FIELD_MAX),
  city: zRequiredText(FIELD_MAX),
  country: z
    .string({ error: 'required' })
    .trim()
    .toUpperCase()
    .refine(isCountryCode, { error: 'invalidValue' }),
  email: zEmail,
  phoneNumber: zRequiredText(FIELD_MAX),
});
export type OrganisationInput = z.input<typeof zOrganisationInput>;
export type OrganisationValues = z.output<typeof zOrganisationInput>;

export const zOrganisation = z.object({
  id: z.number().int(),
  name: z.string(),
  slogan: z.string().nullable(),
  description: z.string().nullable(),
  type: zOrganisationType,
  smallLogo: z.string().nullable(),
  largeLogo: z.string().nullable(),
  vatIdentification: z.string().nullable(),
  streetName: z.string(),
  streetNumber: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  /** The prepaid balance; null for members who may not see it (only ADMIN and OWNER may). */
  credits: z.number().nullable(),
  /** The discount percentage; null for anyone but an OWNER. */
  discount: z.number().nullable(),
  /** What the asking member may do here (the web renders from these, never from roles). */
  abilities: z.object({
    update: z.boolean(),
    readCredits: z.boolean(),
    readDiscount: z.boolean(),
    manageMembers: z.boolean(),
  }),
});
export type Organisation = z.infer<typeof zOrganisation>;

/** One entry of GET /api/organisations: the user's organisations with their role. */
export const zOrganisationSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  smallLogo: z.string().nullable(),
  role: zOrganisationRole,
});
export type OrganisationSummary = z.infer<typeof zOrganisationSummary>;
