import { z } from 'zod';
import { NAME_MAX, zId, zIdParams, zRequiredText } from '../contract/common.ts';
import { zCreateReportQuery, zReport, zReportBlueprintEntry, zReportListItem } from '../contract/reports.ts';
import { zJsonPatch } from '../patch/schema.ts';
import { defineEndpoint, zNoContent } from './define.ts';

/**
 * Reports of a trajectory (spec part 1 §2 reports section, §3, §6, §7; D9, D15, D16, D29; issue 9).
 *
 * A report has its own `name`, given in the create dialog, and `blueprintName`, the report blueprint it
 * was made from (spec §3 calls that one the report's name; it is the key of a role's `reportRights` and
 * the list's type filter). Values live only in `values`, keyed by field uuid (D15); `structure` is the
 * field tree without values. `modified` is the last accepted change (D16).
 */

export const zReportParams = z.object({ id: zId, reportId: zId });

/** What the reader may do with a report (spec §6): the edit button, and selecting/deleting (admin). */
export const zReportAbilities = z.object({ write: z.boolean(), admin: z.boolean() });

/** A row of the reports list. */
export const zReportListEntry = zReportListItem.extend({
  blueprintName: z.string(),
  modified: z.string(),
  rights: zReportAbilities,
});
export type ReportListEntry = z.infer<typeof zReportListEntry>;

/**
 * A report as its reader may see it: fields without read are left out, and their values (D15).
 * `writable`: the uuids of the fields the reader may change (`/values/{uuid}`, D1).
 */
export const zReportView = zReport.extend({
  blueprintName: z.string(),
  modified: z.string(),
  rights: zReportAbilities,
  writable: z.array(z.string()),
});
export type ReportView = z.infer<typeof zReportView>;

/**
 * A report blueprint offered for a new report (D9: `{id, version, name, fields}`). id and version are
 * null for a report blueprint made inside the trajectory blueprint rather than linked from a REPORT
 * blueprint.
 */
export const zOfferedReportBlueprint = zReportBlueprintEntry.extend({
  id: z.number().int().nullable(),
  version: z.number().int().nullable(),
});

/** The list's filters: changes since a day (D16, from its midnight, D4) and the type (report blueprint). */
export const zReportListQuery = z.object({
  modifiedFrom: z.iso.date({ error: 'invalidValue' }).optional(),
  blueprintName: z.string().max(NAME_MAX, { error: 'tooLong' }).optional(),
});

/**
 * POST …/reports?blueprintName= may take the new report's name (D48): without a body, or without `name`,
 * the report is named after its blueprint (`defaultReportName`); a name that is given must be non-blank.
 */
export const zCreateReport = z.object({ name: zRequiredText(NAME_MAX).optional() }).nullish();

export const reportEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v2/trajectories/:id/reports',
    params: zIdParams,
    query: zReportListQuery,
    response: z.array(zReportListEntry),
    status: 200,
    summary: 'List a trajectory’s reports',
    description:
      'The reports the user can read (a readable whole report or report field, spec §6), newest first; ' +
      '`modifiedFrom` (yyyy-MM-dd, not in the future) keeps those changed since that day’s midnight (D16, D4); ' +
      '`blueprintName` keeps one type.',
  }),
  blueprints: defineEndpoint({
    method: 'GET',
    path: '/api/v2/trajectories/:id/reportblueprints',
    params: zIdParams,
    response: z.array(zOfferedReportBlueprint),
    status: 200,
    summary: 'List the report blueprints the user may create reports from',
    description:
      'The trajectory’s report blueprints (its snapshot, D9) the user may create a report from: admin on that ' +
      'report blueprint, or general admin (RIGHTS).',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/v2/trajectories/:id/reports',
    params: zIdParams,
    query: zCreateReportQuery,
    body: zCreateReport,
    response: zReportView,
    status: 201,
    summary: 'Create a report',
    description:
      'A new, empty report from the named report blueprint (admin on it, or general admin; active trajectory). ' +
      'The body `{name}` is optional (D48): without it the report is named after its blueprint, with " (2)", ' +
      '" (3)"… when that name is taken. A given name must be non-blank and unique among the trajectory’s ' +
      'reports of that blueprint (duplicate). ' +
      '201 with `Location: /api/v2/trajectories/{id}/reports/{reportId}`.',
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v2/trajectories/:id/reports/:reportId',
    params: zReportParams,
    response: zReportView,
    status: 200,
    summary: 'Get a report',
    description:
      'The report as the user may read it (403 noAccess when they may not read it at all); `ETag: "<version>"`.',
  }),
  patch: defineEndpoint({
    method: 'PATCH',
    path: '/api/v2/trajectories/:id/reports/:reportId',
    params: zReportParams,
    body: zJsonPatch,
    response: zReportView,
    status: 200,
    summary: 'Patch a report’s values',
    description:
      'Changes values at `/values/{uuid}` of fields the user may write (D1, D15), each checked against its field ' +
      'type; anything else 403 and nothing written; `If-Match` → 409 staleDocument (D29); an inactive ' +
      'trajectory 403 expiredTrajectory. `modified` follows (D16).',
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/v2/trajectories/:id/reports/:reportId',
    params: zReportParams,
    response: zNoContent,
    status: 204,
    summary: 'Delete a report',
    description: 'Deletes a report with its history (admin on its report blueprint, or general admin).',
  }),
};
