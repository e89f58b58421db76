import { z } from 'zod';
import type { JsonValue } from '../patch/json.ts';

/**
 * The part of 1EdTech CASE 1.1 (Competencies and Academic Standards Exchange) Groeipad reads and writes
 * (D56): a CFPackage with its CFDocument, CFItems and CFAssociations, and the CFDefinitions kept as they came.
 * Properties outside the standard are dropped on reading, so every export validates against the standard's
 * JSON schema (`packages/core/case-schema/`, checked by the tests). Limits keep one package below the
 * documents' size (about 16 MB) and refuse a hostile one before it costs anything.
 */

/** At most this many CFItems in one package (the largest MBO qualification file has a few hundred). */
export const CASE_ITEMS_MAX = 10_000;
/** At most this many CFAssociations in one package. */
export const CASE_ASSOCIATIONS_MAX = 40_000;
/** A package's criteria nest at most this deep below their competence. */
export const CASE_CRITERIA_DEPTH_MAX = 8;
/** The longest statement or notes text kept. */
export const CASE_TEXT_MAX = 20_000;
const CASE_SHORT_MAX = 1024;

const text = z.string().max(CASE_TEXT_MAX, { error: 'tooLong' });
const short = z.string().max(CASE_SHORT_MAX, { error: 'tooLong' });
const shortList = z.array(short).max(200, { error: 'tooMany' });

/** An identifier: CASE asks for a UUID; we take any short printable text and keep it as it came. */
export const zCaseIdentifier = z
  .string({ error: 'required' })
  .min(1, { error: 'required' })
  .max(128, { error: 'tooLong' })
  .regex(/^[\x21-\x7e]+$/, { error: 'invalidValue' });

/** A date-time as CASE writes it (ISO 8601 with a zone, seconds optional). */
const zDateTime = z
  .string()
  .max(40)
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/, { error: 'invalidValue' });
const zDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalidValue' });

/** A link to a CASE object: its title, identifier and URI. */
export const zCaseLinkUri = z.object({ title: short, identifier: zCaseIdentifier, uri: short });
export type CaseLinkUri = z.infer<typeof zCaseLinkUri>;
/** The ends of an association: may point outside the package (another framework). */
const zCaseLinkGenUri = z.object({
  title: short,
  identifier: zCaseIdentifier,
  uri: short,
  targetType: short.optional(),
});

/** CASE's association types; `ext:` names one of a provider's own. */
export const CASE_ASSOCIATION_TYPES = [
  'isChildOf',
  'isPeerOf',
  'isPartOf',
  'exactMatchOf',
  'precedes',
  'isRelatedTo',
  'replacedBy',
  'exemplar',
  'hasSkillLevel',
  'isTranslationOf',
] as const;
const zAssociationType = z.union([
  z.enum(CASE_ASSOCIATION_TYPES, { error: 'invalidValue' }),
  z.string().regex(/^ext:\S{1,100}$/, { error: 'invalidValue' }),
]);

/**
 * JSON kept as it came (extensions, definitions, rubrics): it arrives parsed from JSON and is written back as
 * JSON, so any value is one; checked no further (CASE lets providers put their own data there).
 */
const zJson = z.unknown() as unknown as z.ZodType<JsonValue>;
const zExtensions = z.record(z.string().max(200), zJson).optional();

export const zCfDocument = z.object({
  identifier: zCaseIdentifier,
  uri: short,
  frameworkType: short.optional(),
  caseVersion: z.literal('1.1').optional(),
  creator: short,
  title: short.refine((value) => value.trim() !== '', { error: 'required' }),
  lastChangeDateTime: zDateTime,
  officialSourceURL: short.optional(),
  publisher: short.optional(),
  description: text.optional(),
  subject: shortList.optional(),
  subjectURI: z.array(zCaseLinkUri).max(200).optional(),
  language: short.optional(),
  version: short.optional(),
  adoptionStatus: short.optional(),
  statusStartDate: zDate.optional(),
  statusEndDate: zDate.optional(),
  licenseURI: zCaseLinkUri.optional(),
  notes: text.optional(),
  extensions: zExtensions,
});
export type CfDocument = z.infer<typeof zCfDocument>;

export const zCfItem = z.object({
  identifier: zCaseIdentifier,
  uri: short,
  fullStatement: text.refine((value) => value.trim() !== '', { error: 'required' }),
  alternativeLabel: short.optional(),
  CFItemType: short.optional(),
  humanCodingScheme: short.optional(),
  listEnumeration: short.optional(),
  abbreviatedStatement: text.optional(),
  conceptKeywords: shortList.optional(),
  conceptKeywordsURI: zCaseLinkUri.optional(),
  notes: text.optional(),
  subject: shortList.optional(),
  subjectURI: z.array(zCaseLinkUri).max(200).optional(),
  language: short.optional(),
  educationLevel: shortList.optional(),
  CFItemTypeURI: zCaseLinkUri.optional(),
  licenseURI: zCaseLinkUri.optional(),
  statusStartDate: zDate.optional(),
  statusEndDate: zDate.optional(),
  lastChangeDateTime: zDateTime,
  extensions: zExtensions,
});
export type CfItem = z.infer<typeof zCfItem>;

export const zCfAssociation = z.object({
  identifier: zCaseIdentifier,
  associationType: zAssociationType,
  sequenceNumber: z
    .number()
    .int()
    .min(-(2 ** 31))
    .max(2 ** 31 - 1)
    .optional(),
  uri: short,
  originNodeURI: zCaseLinkGenUri,
  destinationNodeURI: zCaseLinkGenUri,
  CFAssociationGroupingURI: zCaseLinkUri.optional(),
  lastChangeDateTime: zDateTime,
  notes: text.optional(),
  extensions: zExtensions,
});
export type CfAssociation = z.infer<typeof zCfAssociation>;

/**
 * A CFPackage (CASE 1.1 has no wrapper: the package object is the root). CFDefinitions and CFRubrics are kept
 * as they came (bounded JSON) and written back on export. CASE 1.0's `CFPackageURI`/`CFDocumentURI` are left
 * out: 1.1 refuses them (core `readCasePackage` drops them from an older package).
 */
export const zCfPackage = z.object({
  CFDocument: zCfDocument,
  CFItems: z.array(zCfItem).max(CASE_ITEMS_MAX, { error: 'tooMany' }).default([]),
  CFAssociations: z.array(zCfAssociation).max(CASE_ASSOCIATIONS_MAX, { error: 'tooMany' }).default([]),
  CFDefinitions: z.record(z.string().max(100), zJson).optional(),
  CFRubrics: z.array(zJson).max(1000).optional(),
  extensions: zExtensions,
});
export type CfPackage = z.infer<typeof zCfPackage>;

/**
 * What a competence-list node keeps of its CFItem beyond identifier (its uuid), fullStatement (its name)
 * and humanCodingScheme (its code), and of the `isChildOf` association that places it (`childOf`), so an
 * export gives back what came in (D56).
 */
export const zCaseItemExtras = zCfItem
  .omit({ identifier: true, fullStatement: true, humanCodingScheme: true })
  .partial()
  .extend({
    childOf: z
      .object({
        identifier: zCaseIdentifier,
        uri: short.optional(),
        sequenceNumber: z.number().int().optional(),
        lastChangeDateTime: zDateTime.optional(),
        notes: text.optional(),
        CFAssociationGroupingURI: zCaseLinkUri.optional(),
        extensions: zExtensions,
        /** The parent's identifier when it came: the link's titles and URI below hold while it stays there. */
        destination: zCaseIdentifier.optional(),
        originTitle: short.optional(),
        destinationTitle: short.optional(),
        destinationUri: short.optional(),
        originTargetType: short.optional(),
        destinationTargetType: short.optional(),
      })
      .optional(),
  });
export type CaseItemExtras = z.infer<typeof zCaseItemExtras>;

/**
 * The framework a competence list came from (D56): its CFDocument, the associations its tree does not hold
 * (every type but the `isChildOf` that places a node, and a second parent of an item under two), the
 * definitions and rubrics as they came, and how many top levels were added because the package had fewer
 * than three (`padding`: those nodes are not exported).
 */
export const zCompetenceFramework = z.object({
  document: zCfDocument,
  associations: z.array(zCfAssociation).max(CASE_ASSOCIATIONS_MAX).default([]),
  definitions: z.record(z.string().max(100), zJson).optional(),
  rubrics: z.array(zJson).max(1000).optional(),
  extensions: zExtensions,
  padding: z.number().int().min(0).max(2).default(0),
});
export type CompetenceFramework = z.infer<typeof zCompetenceFramework>;
