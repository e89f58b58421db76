import { z } from 'zod';
import { NAME_MAX, zBodyId, zIdListText, zIdParams } from '../contract/common.ts';
import {
  EXTRACT_STATES,
  EXTRACT_STATUSES,
  zCreateExtract,
  zExtract,
  zExtractStatusInput,
  zExtractUsers,
  zShareExtract,
} from '../contract/extracts.ts';
import { tolerantEnum } from '../contract/tolerant-enum.ts';
import { defineEndpoint, zFileContent, zNoContent } from './define.ts';

/**
 * What the reader may do with an extract, from the server's policy: its maker shares it, reads whom it
 * is shared with, archives, retries and deletes it; whoever it is shared with downloads only (D26, D41).
 */
export const zExtractAbilities = z.object({
  share: z.boolean(),
  readShares: z.boolean(),
  archive: z.boolean(),
  retry: z.boolean(),
  delete: z.boolean(),
});
export type ExtractAbilities = z.infer<typeof zExtractAbilities>;

/**
 * A row of the extract list (spec part 2 §2; D17 one per trajectory; D37 state and progress beside the
 * status). `trajectoryId` is null once the trajectory itself was deleted for good (the PDF stays).
 * `fileName` is `<name>-<trajectory name>.pdf` (D37). `users`: how many it is shared with (D26), null
 * for a reader who may not read its share list (D41: whoever it is shared with gets the PDF only).
 */
export const zExtractListEntry = zExtract.extend({
  trajectoryId: z.number().int().nullable(),
  // An unknown status or state shows an unknown label (spec part 2 §9), the list still loads.
  status: tolerantEnum(EXTRACT_STATUSES),
  state: tolerantEnum(EXTRACT_STATES),
  progress: z.number().int().min(0).max(100),
  fileName: z.string(),
  mine: z.boolean(),
  users: z.number().int().nullable(),
  abilities: zExtractAbilities,
});
export type ExtractListEntry = z.infer<typeof zExtractListEntry>;

/** GET /api/extracts: ACTIVE by default (D37), a text filter on name and trajectory, made on or after a day. */
export const zExtractListQuery = z.object({
  status: zExtractStatusInput.default('ACTIVE'),
  search: z.string().max(NAME_MAX, { error: 'tooLong' }).optional(),
  createdAfter: z.iso.date({ error: 'invalidDate' }).optional(),
});

/** The most extracts one zip holds (issue 21): a class or two; more answers 400 tooLong at `ids`. */
export const EXTRACT_ZIP_MAX = 400;

/**
 * GET /api/extracts/zip?ids=1,2,3: the extracts' ids as a comma list, each once (duplicates dropped), at
 * least one and at most EXTRACT_ZIP_MAX.
 */
export const zExtractZipQuery = z.object({ ids: zIdListText(EXTRACT_ZIP_MAX) });

export const zExtractStatusUpdate = z.object({ status: zExtractStatusInput });

/** An extract blueprint as the progress-report button offers it. */
export const zExtractBlueprintChoice = z.object({ id: z.number().int(), name: z.string() });
export type ExtractBlueprintChoice = z.infer<typeof zExtractBlueprintChoice>;

/**
 * GET /api/extracts/progress-report (issue 31): what "Voortgangsrapport maken" makes. `default` the
 * organisation's default extract blueprint (any member's one click uses it); `oneClick` what one click
 * uses: that blueprint's id, `standard` for the built-in standard (STANDARD_EXTRACT_SETTINGS: no extract
 * blueprint the user may read and no default), null when the user chooses among `choices` (several, none
 * the default); `choices` the live extract blueprints the user may read. `abilities.setDefault`: the
 * user may choose the default (an ADMIN of the organisation).
 */
export const zProgressReportOptions = z.object({
  default: zExtractBlueprintChoice.nullable(),
  oneClick: z.union([z.number().int(), z.literal('standard')]).nullable(),
  choices: z.array(zExtractBlueprintChoice),
  abilities: z.object({ setDefault: z.boolean() }),
});
export type ProgressReportOptions = z.infer<typeof zProgressReportOptions>;

/** POST /api/extracts/progress-report: the trajectory, and the extract blueprint when the user chose one. */
export const zMakeProgressReport = z.object({ trajectory: zBodyId, extract: zBodyId.optional() });
export type MakeProgressReport = z.input<typeof zMakeProgressReport>;

/** PUT /api/extracts/progress-report/default: the organisation's default extract blueprint, or none. */
export const zSetDefaultExtract = z.object({ extract: zBodyId.nullable() });

/** Extracts (spec part 1 §7 "Extracts", part 2 §7; D17, D26, D37; issue 10). */
export const extractEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/extracts',
    query: zExtractListQuery,
    response: z.array(zExtractListEntry),
    status: 200,
    summary: 'List the extracts',
    description:
      'The extracts the user made or that were shared with them (D26), newest first; `status` ACTIVE (default) ' +
      'or ARCHIVED in any letter case (D37); `search` in the name and trajectory name; `createdAfter` ' +
      '(yyyy-MM-dd) from that day’s midnight in the business time zone (D4).',
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/extracts',
    body: zCreateExtract,
    response: z.array(zExtractListEntry),
    status: 202,
    summary: 'Make extracts (PDFs) of trajectories',
    description:
      'One extract per trajectory (D17), queued: the PDFs are made in the background (D37 state and progress). ' +
      'Every trajectory needs METADATA (the right that selects it in the list), else 403 and nothing is made; ' +
      'the PDF holds only what the requesting user may read.',
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/extracts/:id',
    params: zIdParams,
    body: zExtractStatusUpdate,
    response: zExtractListEntry,
    status: 200,
    summary: 'Archive or restore an extract',
    description: 'Archives (ARCHIVED) or restores (ACTIVE) an extract (D37); its maker only.',
  }),
  retry: defineEndpoint({
    method: 'POST',
    path: '/api/extracts/:id/retry',
    params: zIdParams,
    response: zExtractListEntry,
    status: 202,
    summary: 'Retry a failed extract',
    description: 'Queues a FAILED extract again; its maker only. Another state answers 409 extractNotFailed.',
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/extracts/:id',
    params: zIdParams,
    response: zNoContent,
    status: 200,
    summary: 'Delete an extract',
    description: 'Deletes an extract and its PDF for everyone it was shared with; its maker only.',
  }),
  users: defineEndpoint({
    method: 'GET',
    path: '/api/extracts/:id/users',
    params: zIdParams,
    response: zExtractUsers,
    status: 200,
    summary: 'List whom an extract is shared with',
    description:
      'The addresses the extract is shared with, sorted; its maker only (D41: whoever it is shared with gets ' +
      'the PDF, not its share list, 403).',
  }),
  share: defineEndpoint({
    method: 'POST',
    path: '/api/extracts/:id/users',
    params: zIdParams,
    body: zShareExtract,
    response: zExtractUsers,
    status: 200,
    summary: 'Share an extract with members',
    description:
      'Shares the extract with members of the organisation (D26); its maker only (D41: the recipients get the ' +
      'maker’s PDF, as the maker may read the trajectory). Addresses trimmed and lower-cased, ' +
      'duplicates dropped; an invalid address or one that is not a member refuses the whole list (400, nothing ' +
      'added, D37). Each new address gets the extract in their list and a mail. Answers the full list.',
  }),
  content: defineEndpoint({
    method: 'GET',
    path: '/api/extracts/:id/content',
    params: zIdParams,
    response: zFileContent,
    produces: 'application/pdf',
    status: 200,
    summary: 'Download an extract’s PDF',
    description:
      'The PDF, named `<extract name>-<trajectory name>.pdf` (D37); 409 extractNotReady until it is made.',
  }),
  zip: defineEndpoint({
    method: 'GET',
    path: '/api/extracts/zip',
    query: zExtractZipQuery,
    response: zFileContent,
    produces: 'application/zip',
    status: 200,
    summary: 'Download several extracts’ PDFs as one zip',
    description:
      '`ids`: a comma list of extract ids, at most 400 (more: 400 tooLong; duplicates count once). Each is ' +
      'checked as the single download checks it, and the whole call is refused before anything is sent: an ' +
      'extract the user does not see (another organisation’s, deleted, unknown) 404; one not READY 409 ' +
      'extractNotReady; a PDF gone from storage 404 fileMissing. The zip holds one PDF per extract, named ' +
      '`<extract name>-<trajectory name>.pdf` (D37), with ` (2)`, ` (3)`… where names repeat; it is called ' +
      '`voortgangsrapporten-<yyyy-MM-dd>.zip` (`progress-reports-…` in English).',
  }),
  progressReportOptions: defineEndpoint({
    method: 'GET',
    path: '/api/extracts/progress-report',
    response: zProgressReportOptions,
    status: 200,
    summary: 'What one click on “Voortgangsrapport maken” makes',
    description:
      'The organisation’s default extract blueprint, what one click uses (that blueprint, `standard` for the ' +
      'built-in standard when the user may read no extract blueprint and none is the default, null when the ' +
      'user chooses among several), the live extract blueprints the user may read, and whether the user may ' +
      'choose the default (an ADMIN of the organisation; issue 31).',
  }),
  makeProgressReport: defineEndpoint({
    method: 'POST',
    path: '/api/extracts/progress-report',
    body: zMakeProgressReport,
    response: zExtractListEntry,
    status: 202,
    summary: 'Make a trajectory’s progress report in one click',
    description:
      'One extract of the trajectory, named “Voortgangsrapport” (“Progress report”) in the user’s language, ' +
      'queued as POST /api/extracts queues it. Without `extract` it uses what `oneClick` of GET …/progress-report ' +
      'names (400 required at `extract` when the user must choose); with it, the default or an extract ' +
      'blueprint the user may read (else 404). The trajectory needs METADATA (404 one the user does not see, ' +
      '403 without the right). The PDF holds only what the user may read, reports included (issue 31).',
  }),
  setDefault: defineEndpoint({
    method: 'PUT',
    path: '/api/extracts/progress-report/default',
    body: zSetDefaultExtract,
    response: zProgressReportOptions,
    status: 200,
    summary: 'Choose the organisation’s default extract blueprint',
    description:
      'An ADMIN of the organisation (else 403) makes a live extract blueprint of the organisation the default ' +
      '(another id 404), or none with null. Every member’s “Voortgangsrapport maken” then uses it in one click.',
  }),
} as const;
