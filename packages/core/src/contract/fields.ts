import { z } from 'zod';
import { isValidColour } from '../fields/colour.ts';
import { NAME_MAX, zBodyId } from './common.ts';

/**
 * Fields of information forms and reports (spec part 1 §3, part 2 §3).
 *
 * Every field has uuid, name, type, required and value; the type decides the shape of the value and any
 * extra properties. A uuid may carry a label after '#': the part before it is the key used for rights.
 * Group fields hold child fields, so the union is recursive.
 */
export const FIELD_TYPES = [
  'boolean',
  'calculation',
  'competence_list',
  'date',
  'decimal',
  'group',
  'integer',
  'image',
  'rating',
  'select',
  'multi_select',
  'text',
  'url',
  'upload',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Upper bound of a field uuid (key plus optional '#label'). */
export const FIELD_UUID_MAX = 255;
/** Upper bound of a text value (text, url, calculation expression, JSON text values). */
export const FIELD_TEXT_MAX = 100_000;

/** A resource (file) id as stored in upload, image and option attachment values. */
export const zFieldResourceId = zBodyId;

export const zFieldUuid = z
  .string({ error: 'required' })
  .min(1, { error: 'required' })
  .max(FIELD_UUID_MAX, { error: 'tooLong' });

// Spread into every type but group: spreading into the recursive group object defeats type inference.
const base = {
  uuid: zFieldUuid,
  name: z.string().max(NAME_MAX, { error: 'tooLong' }),
  required: z.boolean().default(false),
};

const zText = z.string().max(FIELD_TEXT_MAX, { error: 'tooLong' });

export const zSelectOption = z.object({
  value: z.string().max(NAME_MAX, { error: 'tooLong' }),
  attachments: z.array(zFieldResourceId).default([]),
});
export type SelectOption = z.infer<typeof zSelectOption>;

export const zFieldColour = z.string().refine(isValidColour, { error: 'invalidValue' });

export const zRatingInfo = z.object({
  name: z.string().max(NAME_MAX, { error: 'tooLong' }),
  description: z.string().max(FIELD_TEXT_MAX, { error: 'tooLong' }).default(''),
  colour: zFieldColour,
});
export type RatingInfo = z.infer<typeof zRatingInfo>;

export const zCompetenceLevel = z.object({
  level: z.number().int().min(1),
  elements: z.array(z.string().max(FIELD_UUID_MAX)).default([]),
});
export type CompetenceLevel = z.infer<typeof zCompetenceLevel>;

export const zBooleanField = z.object({
  ...base,
  type: z.literal('boolean'),
  value: z.boolean().nullish(),
});
/** value: the expression text (see formula/). */
export const zCalculationField = z.object({
  ...base,
  type: z.literal('calculation'),
  value: zText.nullish(),
});
export const zCompetenceListField = z.object({
  ...base,
  type: z.literal('competence_list'),
  levels: z.array(zCompetenceLevel).default([]),
  value: zText.nullish(),
});
/** value: ISO date text (yyyy-MM-dd, or a full ISO date-time); shown as dd/MM/yyyy. */
export const zDateField = z.object({ ...base, type: z.literal('date'), value: z.string().max(64).nullish() });
export const zDecimalField = z.object({ ...base, type: z.literal('decimal'), value: z.number().nullish() });
export const zIntegerField = z.object({
  ...base,
  type: z.literal('integer'),
  value: z.number().int().nullish(),
});
/** value: JSON text of a list of resource ids, e.g. '[12,13]' (see fields/json-values.ts). */
export const zImageField = z.object({ ...base, type: z.literal('image'), value: zText.nullish() });
/** value: the chosen score; `override` allows overriding a computed score. */
export const zRatingField = z.object({
  ...base,
  type: z.literal('rating'),
  override: z.boolean().default(false),
  info: z.array(zRatingInfo).default([]),
  value: z.union([z.number(), z.string().max(NAME_MAX)]).nullish(),
});
export const zSelectField = z.object({
  ...base,
  type: z.literal('select'),
  options: z.array(zSelectOption).default([]),
  value: z.string().max(NAME_MAX).nullish(),
});
/** value: JSON text of a list of chosen option values, e.g. '["a","b"]'. */
export const zMultiSelectField = z.object({
  ...base,
  type: z.literal('multi_select'),
  options: z.array(zSelectOption).default([]),
  value: zText.nullish(),
});
/**
 * What a text field holds for the product beyond its value (issue 31): the workplace mentor's e-mail or
 * name, which the mentor invitation is prefilled from. A blueprint names it in the field; absent: nothing.
 */
export const TEXT_FIELD_HOLDS = ['mentorEmail', 'mentorName'] as const;
export type TextFieldHolds = (typeof TEXT_FIELD_HOLDS)[number];
export const zTextField = z.object({
  ...base,
  type: z.literal('text'),
  holds: z.enum(TEXT_FIELD_HOLDS, { error: 'invalidValue' }).optional(),
  value: zText.nullish(),
});
export const zUrlField = z.object({ ...base, type: z.literal('url'), value: zText.nullish() });
export const zUploadField = z.object({
  ...base,
  type: z.literal('upload'),
  value: z.array(zFieldResourceId).nullish(),
});

export type BooleanField = z.infer<typeof zBooleanField>;
export type CalculationField = z.infer<typeof zCalculationField>;
export type CompetenceListField = z.infer<typeof zCompetenceListField>;
export type DateField = z.infer<typeof zDateField>;
export type DecimalField = z.infer<typeof zDecimalField>;
export type IntegerField = z.infer<typeof zIntegerField>;
export type ImageField = z.infer<typeof zImageField>;
export type RatingField = z.infer<typeof zRatingField>;
export type SelectField = z.infer<typeof zSelectField>;
export type MultiSelectField = z.infer<typeof zMultiSelectField>;
export type TextField = z.infer<typeof zTextField>;
export type UrlField = z.infer<typeof zUrlField>;
export type UploadField = z.infer<typeof zUploadField>;

/** Maximum nesting depth of groups the rights and formula helpers descend (a guard against abuse). */
export const FIELD_MAX_DEPTH = 32;

/** A group: child fields (any type, groups included) and whether it shows collapsed. It has no value. */
export const zGroupField = z.object({
  uuid: zFieldUuid,
  name: z.string().max(NAME_MAX, { error: 'tooLong' }),
  required: z.boolean().default(false),
  type: z.literal('group'),
  collapsed: z.boolean().default(false),
  get children(): z.ZodDefault<z.ZodArray<typeof zField>> {
    return z.array(zField).default([]);
  },
  value: z.null().optional(),
});

/** Any field, discriminated on `type`; recursive through groups, so it has an `id` (an OpenAPI component). */
export const zField = z
  .discriminatedUnion('type', [
    zBooleanField,
    zCalculationField,
    zCompetenceListField,
    zDateField,
    zDecimalField,
    zGroupField,
    zIntegerField,
    zImageField,
    zRatingField,
    zSelectField,
    zMultiSelectField,
    zTextField,
    zUrlField,
    zUploadField,
  ])
  .meta({ id: 'Field' });
export type Field = z.infer<typeof zField>;
/** The input shape of a field (defaults such as required=false not yet applied). */
export type FieldInput = z.input<typeof zField>;
export type GroupField = z.infer<typeof zGroupField>;

/** A list of fields (an information form or a report structure). */
export const zFields = z.array(zField);
