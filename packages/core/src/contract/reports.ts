import { z } from 'zod';
import { zJsonValue } from '../patch/schema.ts';
import { NAME_MAX, newNameProblem, zBodyId, zRequiredText } from './common.ts';
import { zFields } from './fields.ts';

/** A value of a report field, keyed by field uuid (the shape depends on the field type). */
const zReportValues = z.record(z.string().max(NAME_MAX, { error: 'tooLong' }), zJsonValue);

/** A report of a trajectory (spec part 1 §3). `name` is the report blueprint it came from. */
export const zReport = z.object({
  id: z.number().int(),
  name: z.string(),
  created: z.string(),
  structure: zFields,
  values: zReportValues,
});
export type Report = z.infer<typeof zReport>;

/** A row of the reports list. */
export const zReportListItem = zReport.pick({ id: true, name: true, created: true });
export type ReportListItem = z.infer<typeof zReportListItem>;

/** A report blueprint as offered for report creation (GET /trajectories/{id}/reportblueprints). */
export const zReportBlueprintEntry = z.object({
  id: z.number().int(),
  version: z.number().int(),
  name: z.string(),
  fields: zFields,
});
export type ReportBlueprintEntry = z.infer<typeof zReportBlueprintEntry>;

/** POST /api/v2/trajectories/{id}/reports?blueprintName= */
export const zCreateReportQuery = z.object({ blueprintName: zRequiredText(NAME_MAX) });

/**
 * A report blueprint inside a trajectory blueprint (D9): the REPORT blueprint it links, at a version
 * (both null when it was made in place), its name and a copy of its fields at that version.
 */
export const zTrajectoryReportBlueprint = z.object({
  id: zBodyId.nullable().default(null),
  version: z.number().int().min(1).nullable().default(null),
  name: zRequiredText(NAME_MAX),
  fields: zFields.default([]),
});
export type TrajectoryReportBlueprint = z.infer<typeof zTrajectoryReportBlueprint>;

/**
 * A new report blueprint name must be non-blank (≤ 255) and unique within the report blueprint list (spec
 * part 1 §5, part 2 §5); null when fine. The rule is newNameProblem's.
 */
/**
 * Adding a report blueprint to a trajectory blueprint: a blueprint must be chosen first, then the name rule
 * of checkReportName applies.
 */
export function reportBlueprintAddProblem(
  name: string,
  existing: readonly string[],
  blueprintChosen: boolean,
): 'blueprintRequired' | 'required' | 'tooLong' | 'duplicate' | null {
  return blueprintChosen ? checkReportName(name, existing) : 'blueprintRequired';
}

/**
 * The name of a report created without one (D48): its blueprint's name, or the first free
 * "name (2)", "name (3)"… among the reports of that blueprint (the same case-blind rule as checkReportName).
 */
export function defaultReportName(blueprintName: string, existing: readonly string[]): string {
  const base = blueprintName.trim();
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : ` (${n})`;
    const candidate = `${base.slice(0, NAME_MAX - suffix.length)}${suffix}`;
    if (checkReportName(candidate, existing) === null) return candidate;
  }
}

export function checkReportName(
  name: string,
  existing: readonly string[],
): 'required' | 'tooLong' | 'duplicate' | null {
  return newNameProblem(name, existing);
}
