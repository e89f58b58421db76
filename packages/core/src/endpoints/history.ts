import { z } from 'zod';
import { NAME_MAX, zBodyId, zId, zIdParams, zPageQuery } from '../contract/common.ts';
import { zCompetenceProperties, zIsoTimestamp } from '../contract/evaluation.ts';
import { zField, zFieldUuid } from '../contract/fields.ts';
import { defineEndpoint } from './define.ts';
import { zReportParams } from './reports.ts';

/**
 * Change history with restore (issue 9 "Beyond the spec"): for the information form, each report and the
 * evaluation, who changed what and when — read from the document engine's events — and a value put back
 * by someone allowed to write it.
 *
 * Readers see only what they may read now: a change to a field they may not read is left out, and an
 * event that touched only such fields is not listed at all; hidden values never leave the server (D18).
 * The evaluation is all or nothing on evaluation read (spec part 1 §6).
 *
 * Versions: the document's version after a save (the ETag of that moment, D29). A change listed at
 * version `v` shows the value before it (the document at `v − 1`) and after it (at `v`); a restore names
 * the version whose value comes back, so the web restores "before" with `v − 1` and "after" with `v`.
 */

export const HISTORY_PAGE_SIZE = 50;
export const HISTORY_PAGE_MAX = 200;

/**
 * ?person (the user id of whoever saved) &from &to (yyyy-MM-dd, calendar days in the business time zone,
 * both included, D4 — the reports list's date style) &page &size (newest first, pages from 0).
 */
export const zHistoryQuery = zPageQuery(HISTORY_PAGE_SIZE, HISTORY_PAGE_MAX).extend({
  person: zId.optional(),
  from: z.iso.date({ error: 'invalidValue' }).optional(),
  to: z.iso.date({ error: 'invalidValue' }).optional(),
});
export type HistoryQuery = z.input<typeof zHistoryQuery>;

/** Someone who saved a change: their name (null when they gave none) and e-mail. */
export const zHistoryPerson = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string(),
});
export type HistoryPerson = z.infer<typeof zHistoryPerson>;

/** A file named in a listed value (upload or image): its name, so an old value reads as one. */
export const zHistoryFile = z.object({ id: z.number().int(), name: z.string() });

/**
 * One value of the form or a report changed by a save: the field as the tree then had it (name, type,
 * options: what the value means), the names of the groups it sits in, and its value before and after
 * (null: empty).
 */
export const zFieldChange = z.object({
  field: zField,
  groups: z.array(z.string()),
  before: z.unknown(),
  after: z.unknown(),
  /** Which side the field holds now (restoring it would change nothing); null when neither. */
  current: z.enum(['before', 'after']).nullable(),
});
export type FieldChange = z.infer<typeof zFieldChange>;

/** One dated entry of a competence added or deleted by a save (D2: the only changes the evaluation has). */
export const zEntryChange = z.object({
  competence: z.string(),
  competenceName: z.string(),
  /** The names of its cluster and sub-cluster (D3). */
  path: z.array(z.string()),
  change: z.enum(['added', 'removed']),
  /** The entry's key: the ISO timestamp it was made at. */
  entry: z.string(),
  properties: zCompetenceProperties,
});
export type EntryChange = z.infer<typeof zEntryChange>;

const entryBase = {
  /** The document version this save produced. */
  version: z.number().int(),
  /** When it was saved (ISO). */
  at: z.string(),
  /** Who saved it; null when the user is no longer known. */
  who: zHistoryPerson.nullable(),
};

export const zFieldHistoryEntry = z.object({ ...entryBase, changes: z.array(zFieldChange) });
export type FieldHistoryEntry = z.infer<typeof zFieldHistoryEntry>;
export const zEvaluationHistoryItem = z.object({ ...entryBase, changes: z.array(zEntryChange) });
export type EvaluationHistoryItem = z.infer<typeof zEvaluationHistoryItem>;

const pageBase = {
  /** The document's current version (the If-Match of a restore, D29). */
  version: z.number().int(),
  /** How many saves match the filters (the pages together). */
  total: z.number().int(),
  /** Everyone with a listed save, whatever the filters: what the person filter offers. */
  people: z.array(zHistoryPerson),
};

export const zFieldHistoryPage = z.object({
  ...pageBase,
  content: z.array(zFieldHistoryEntry),
  files: z.array(zHistoryFile),
});
export type FieldHistoryPage = z.infer<typeof zFieldHistoryPage>;

export const zEvaluationHistoryPage = z.object({ ...pageBase, content: z.array(zEvaluationHistoryItem) });
export type EvaluationHistoryPage = z.infer<typeof zEvaluationHistoryPage>;

/** A version as the history lists it (1 is the document's creation). */
const zVersion = zBodyId.min(1, { error: 'invalidValue' });

/** Puts back the value field `field` had at document version `version`. */
export const zFieldRestore = z.object({ version: zVersion, field: zFieldUuid });
export type FieldRestore = z.infer<typeof zFieldRestore>;

/** Adds a new dated entry to `competence` with the properties its entry `entry` had at `version` (D2). */
export const zEntryRestore = z.object({
  version: zVersion,
  competence: z.string().min(1, { error: 'required' }).max(NAME_MAX, { error: 'tooLong' }),
  entry: zIsoTimestamp,
});
export type EntryRestore = z.infer<typeof zEntryRestore>;

/** The document's version after the restore; `changed` false when the value was already there. */
export const zRestoreAnswer = z.object({ version: z.number().int(), changed: z.boolean() });
export type RestoreAnswer = z.infer<typeof zRestoreAnswer>;

const LIST =
  'Newest first; `person` keeps one user’s saves, `from`/`to` (yyyy-MM-dd, business days, D4) a period; ' +
  '`page`/`size` page it. `people` lists everyone with a listed save (for the filter), whatever the filters.';

const RESTORE =
  '`If-Match: "<current version>"` → 409 staleDocument when it moved on (D29). A version the document never ' +
  'had is 400 `version` invalidValue; a field that is not (or no longer) in it, or one the user may not ' +
  'read, 400 `field` invalidValue; a field the user may read but not write 403, nothing written; an expired ' +
  'trajectory 403 expiredTrajectory (D12). One ordinary engine save, so it appears in the history itself; ' +
  '`changed: false` (and no save) when the field already holds that value.';

export const historyEndpoints = {
  form: defineEndpoint({
    method: 'GET',
    path: '/api/v2/trajectories/:id/form/history',
    params: zIdParams,
    query: zHistoryQuery,
    response: zFieldHistoryPage,
    status: 200,
    summary: 'List the changes to a trajectory’s information form',
    description:
      'Who changed which value of the information form, and when, from the engine’s events. Only fields the ' +
      `user may read appear (D18); a save that touched nothing else is left out. ${LIST}`,
  }),
  restoreForm: defineEndpoint({
    method: 'POST',
    path: '/api/v2/trajectories/:id/form/history/restore',
    params: zIdParams,
    body: zFieldRestore,
    response: zRestoreAnswer,
    status: 200,
    summary: 'Restore an information form value from an earlier version',
    description:
      'Puts back the value the form field had at `version` (its value after the save of that version; use ' +
      `version − 1 for the value before it) as a normal save at \`/values/{uuid}\` (D33). ${RESTORE}`,
  }),
  report: defineEndpoint({
    method: 'GET',
    path: '/api/v2/trajectories/:id/reports/:reportId/history',
    params: zReportParams,
    query: zHistoryQuery,
    response: zFieldHistoryPage,
    status: 200,
    summary: 'List the changes to a report',
    description:
      'Who changed which value of the report, and when. Needs read on the report (403 noAccess otherwise); only ' +
      `fields the user may read appear (D15, D18). ${LIST}`,
  }),
  restoreReport: defineEndpoint({
    method: 'POST',
    path: '/api/v2/trajectories/:id/reports/:reportId/history/restore',
    params: zReportParams,
    body: zFieldRestore,
    response: zRestoreAnswer,
    status: 200,
    summary: 'Restore a report value from an earlier version',
    description:
      'Puts back the value the report field had at `version` as a normal save (write on the field, spec §6); ' +
      `\`modified\` follows (D16). ${RESTORE}`,
  }),
  evaluation: defineEndpoint({
    method: 'GET',
    path: '/api/v2/trajectories/:id/evaluations/history',
    params: zIdParams,
    query: zHistoryQuery,
    response: zEvaluationHistoryPage,
    status: 200,
    summary: 'List the changes to a trajectory’s evaluation',
    description:
      'Who added or deleted which dated entry of which competence, and when (D2). Needs evaluation read, else 403 ' +
      `noAccess. ${LIST}`,
  }),
  restoreEvaluation: defineEndpoint({
    method: 'POST',
    path: '/api/v2/trajectories/:id/evaluations/history/restore',
    params: zIdParams,
    body: zEntryRestore,
    response: zRestoreAnswer,
    status: 200,
    summary: 'Restore an earlier evaluation entry as a new one',
    description:
      'Adds a NEW dated entry (now; D4: a score without a date gets today) to the competence, carrying the ' +
      'properties its entry `entry` had at `version`; history is never rewritten (D2). Needs evaluation write. ' +
      'A version the evaluation never had is 400 `version`; a competence or entry not there 400 `competence` / ' +
      '`entry` invalidValue; a score outside today’s scale 400 range; `If-Match` → 409 staleDocument (D29); an ' +
      'expired trajectory 403 expiredTrajectory (D12).',
  }),
};
