import { z } from 'zod';
import { zCaseIdentifier } from './case.ts';
import { NAME_MAX, zBodyId, zOptionalText } from './common.ts';

/**
 * A school's curriculum in one step (D56): a CASE 1.1 CFPackage, or an MBO qualification file in the
 * spreadsheet layout of docs/frameworks.md, checked first (nothing made) and then imported as a new
 * competence list or as the next version of the list whose framework has the same document identifier.
 */

/** The kinds of an MBO qualification file's rows, in the spreadsheet's own (Dutch) words. */
export const MBO_KINDS = [
  'kwalificatiedossier',
  'basisdeel',
  'profieldeel',
  'kerntaak',
  'werkproces',
  'criterium',
] as const;
export type MboKind = (typeof MBO_KINDS)[number];
/** The layout's columns, in order (A–E). */
export const MBO_COLUMNS = ['code', 'title', 'kind', 'parentCode', 'description'] as const;
export type MboColumn = (typeof MBO_COLUMNS)[number];
/** At most this many rows in one qualification file (the largest has a few hundred). */
export const MBO_ROWS_MAX = 10_000;
const MBO_CELL_MAX = 20_000;

export const zFrameworkSource = z.discriminatedUnion(
  'format',
  [
    /** A CFPackage as JSON; read by core `readCasePackage`, which also takes CASE 1.0's shape. */
    z.object({ format: z.literal('case'), package: z.record(z.string(), z.unknown()) }),
    /** The rows of a qualification-file spreadsheet, cells as text, the header row included or not. */
    z.object({
      format: z.literal('mbo'),
      rows: z
        .array(z.array(z.string().max(MBO_CELL_MAX, { error: 'tooLong' }).nullable()).max(20))
        .min(1, { error: 'required' })
        .max(MBO_ROWS_MAX + 1, { error: 'tooManyRows' }),
    }),
  ],
  { error: 'invalidValue' },
);
export type FrameworkSource = z.input<typeof zFrameworkSource>;

/**
 * POST /api/v2/competence-frameworks (and …/check): the source, the list's name (default: the document's
 * title), the blueprint the check matched (null: a new list; the import refuses with 409 when the match
 * changed since), and whether the trajectory blueprints linking the list move to its new version (D9).
 */
export const zFrameworkImport = z.object({
  source: zFrameworkSource,
  name: zOptionalText(NAME_MAX),
  blueprintId: zBodyId.nullable().default(null),
  /** The matched list's version the check showed; a newer one since → 409 `staleDocument`. */
  expectedVersion: zBodyId.optional(),
  updateTrajectoryBlueprints: z.boolean().default(true),
});
export type FrameworkImport = z.input<typeof zFrameworkImport>;
export type ParsedFrameworkImport = z.output<typeof zFrameworkImport>;

/**
 * One problem of a source: for a spreadsheet `row` is its number as the spreadsheet shows it (1 is the first)
 * and `column` one of MBO_COLUMNS; for a package `row` is null and `column` the path in the JSON
 * (`CFItems.3.fullStatement`). The refused import names the same as `rows.<row>.<column>` or `package.<path>`.
 */
export const zFrameworkProblem = z
  .object({ row: z.number().int().nullable(), column: z.string(), key: z.string() })
  .meta({ id: 'FrameworkProblem' });
export type FrameworkProblem = z.infer<typeof zFrameworkProblem>;

export const FRAMEWORK_LEVELS = ['cluster', 'subCluster', 'competence', 'criterion'] as const;
export type FrameworkLevel = (typeof FRAMEWORK_LEVELS)[number];

/**
 * One difference between the matched list and the new version, by identifier (D56): `added`, `removed`
 * (with `successor` when `replacedBy`/`exactMatchOf` carries its scores to a new item), `changed` (text or
 * code: `from` the old coded name) or `moved` (`from` and `to` the places, as coded names joined by ' / ').
 */
export const zFrameworkChange = z
  .object({
    kind: z.enum(['added', 'removed', 'changed', 'moved']),
    uuid: z.string(),
    level: z.enum(FRAMEWORK_LEVELS),
    /** The coded name: `B1-K1-W1 Stelt een werkplanning op`. */
    name: z.string(),
    from: z.string().optional(),
    to: z.string().optional(),
    successor: z.string().optional(),
  })
  .meta({ id: 'FrameworkChange' });
export type FrameworkChange = z.infer<typeof zFrameworkChange>;

export const zFrameworkCounts = z.object({
  clusters: z.number().int(),
  subClusters: z.number().int(),
  competences: z.number().int(),
  criteria: z.number().int(),
});
export type FrameworkCounts = z.infer<typeof zFrameworkCounts>;

/** The check's answer: the problems (none: it may be imported), what would be made, and the diff by identifier. */
export const zFrameworkCheck = z.object({
  problems: z.array(zFrameworkProblem),
  name: z.string(),
  identifier: z.string(),
  /** The competence list whose framework has this document identifier (the import makes its next version). */
  match: z.object({ id: z.number().int(), name: z.string(), version: z.number().int() }).nullable(),
  counts: zFrameworkCounts,
  /** How many top levels were added because the source had fewer than three (D56). */
  padding: z.number().int(),
  changes: z.array(zFrameworkChange),
  /** Trajectory blueprints linking the matched list that the import would move to its new version. */
  trajectoryBlueprints: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type FrameworkCheck = z.infer<typeof zFrameworkCheck>;

export const zFrameworkImportResult = z.object({
  id: z.number().int(),
  version: z.number().int(),
  created: z.boolean(),
  /** The trajectory blueprints now linking the new version (each at its own new version). */
  trajectoryBlueprints: z.array(
    z.object({ id: z.number().int(), name: z.string(), version: z.number().int() }),
  ),
});
export type FrameworkImportResult = z.infer<typeof zFrameworkImportResult>;

/** Path of the CASE provider endpoints (D56): an identifier as it came in a package. */
export const zCaseIdentifierParams = z.object({ id: zCaseIdentifier });
