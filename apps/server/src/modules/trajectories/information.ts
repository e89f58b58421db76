import {
  applyPatch,
  type Field,
  formFieldNames,
  groupTrajectories,
  informationMapOnly,
  informationPatchProblem,
  isFormFieldKey,
  isPatchError,
  type JsonValue,
  type PatchOperation,
  type TrajectoryAccess,
  type TrajectoryGroup,
  type TrajectoryInformation,
  zTrajectoryInformation,
} from '@groeipad/core';
import { sql } from 'kysely';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { loadDocument, parseJson } from '../../engine/engine.ts';
import { badRequest, forbidden, zodFields } from '../../errors.ts';
import { loadGrant } from './grant.ts';
import { TRAJECTORY_KINDS } from './kinds.ts';
import { formPart, readerOf } from './parts.ts';
import { PROGRESS_COLUMNS, selectTrajectories } from './repository.ts';
import { presentListItem } from './service.ts';

/**
 * Changes the information map (D33, D40): METADATA on an active trajectory; only the map's own keys —
 * never the root, never a form field by name (403: the form's field rights decide who writes a field,
 * and this route never writes the form). Applied to the map as shown, so copies of form values kept
 * in the map before D40 are dropped by the first change, never answered.
 */
export async function patchInformation(
  ctx: AppContext,
  actor: Actor,
  id: number,
  patch: readonly PatchOperation[],
): Promise<TrajectoryInformation> {
  return ctx.db.transaction().execute(async (trx) => {
    const { row } = await loadGrant(ctx, trx, actor, id, 'updateMetadata');
    const { fields } = (
      await loadDocument(trx, actor.organisationId, row.form_document_id, { kind: TRAJECTORY_KINDS.form })
    ).content;
    const problem = informationPatchProblem(fields, patch);
    if (problem?.key === 'forbidden') throw forbidden();
    if (problem) throw badRequest('invalidPatch', [{ path: problem.path, key: 'invalidPatch' }]);
    const stored = await trx
      .selectFrom('trajectories')
      .select('information')
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    let next: unknown;
    try {
      next = applyPatch(informationMapOnly(fields, parseJson(stored.information)) as JsonValue, patch);
    } catch (error) {
      if (isPatchError(error))
        throw badRequest('invalidPatch', [{ path: error.path ?? '', key: 'invalidPatch' }]);
      throw error;
    }
    const parsed = zTrajectoryInformation.safeParse(next);
    if (!parsed.success) throw badRequest('validationError', zodFields(parsed.error.issues));
    await trx
      .updateTable('trajectories')
      .set({ information: JSON.stringify(parsed.data), modified_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    return parsed.data;
  });
}

/**
 * What one trajectory offers to group by, as the reader may see it (D34, D40): its information map
 * without copies of form values, and the top-level non-group form fields the reader may read with
 * their values. Fields hidden from the reader are absent, name and value.
 */
interface GroupingSource {
  form_fields: unknown;
  form_values: unknown;
  access_content: unknown;
  information: unknown;
}

/**
 * The form field types a list can be grouped by: values a person reads as they are stored. Not a
 * calculation (its stored value is the formula, D18), nor files, rich text or groups.
 */
const GROUPABLE: ReadonlySet<Field['type']> = new Set([
  'text',
  'url',
  'integer',
  'decimal',
  'date',
  'select',
  'multi_select',
  'rating',
]);

/** Visibility is the same for every trajectory of one blueprint version and one set of roles: computed once. */
function groupingReader(email: string) {
  const cache = new Map<string, Map<string, string>>();
  return (source: GroupingSource): { map: Record<string, string>; fields: Map<string, string> } => {
    const fields = parseJson<Field[]>(source.form_fields) ?? [];
    const reader = readerOf(parseJson<TrajectoryAccess>(source.access_content), email);
    const key = `${JSON.stringify(fields)}|${JSON.stringify(reader.roles)}`;
    let readable = cache.get(key);
    if (!readable) {
      // name (trimmed, lower case) → uuid of each readable top-level field that holds a value
      readable = new Map();
      const access = formPart.access({ fields, values: {} }, reader);
      for (const field of fields)
        if (GROUPABLE.has(field.type) && access.get(field)?.read)
          readable.set(field.name.trim().toLowerCase(), field.uuid);
      cache.set(key, readable);
    }
    return {
      map: informationMapOnly(fields, parseJson<TrajectoryInformation>(source.information) ?? {}),
      fields: readable,
    };
  };
}

/** An entry only when it is the object's own (a key like `constructor` never reaches Object's). */
const own = <T>(map: Record<string, T>, key: string): T | undefined =>
  Object.hasOwn(map, key) ? map[key] : undefined;

/** A form value as a group's label: text as it is, numbers as digits, a list joined; anything else none. */
function groupLabel(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(', ');
  return null;
}

/** The readable trajectories with what grouping needs of each: the form's fields and values, the access, the map. */
function groupingRows(ctx: AppContext, actor: Actor, status: 'LIVE' | 'DELETED') {
  return selectTrajectories(ctx.db, actor.organisationId, actor.email)
    .select(PROGRESS_COLUMNS)
    .innerJoin('documents as fd', (join) =>
      join.onRef('fd.id', '=', 't.form_document_id').on('fd.organisation_id', '=', actor.organisationId),
    )
    .innerJoin('documents as ad', (join) =>
      join.onRef('ad.id', '=', 't.access_document_id').on('ad.organisation_id', '=', actor.organisationId),
    )
    .select([
      sql<unknown>`fd.content -> 'fields'`.as('form_fields'),
      sql<unknown>`fd.content -> 'values'`.as('form_values'),
      'ad.content as access_content',
      't.information',
    ])
    .where('t.status', '=', status);
}

/**
 * The readable trajectories grouped by a key (D34, D40): a key of the information map, or the name of a
 * top-level form field, whose value is taken as the reader may read it — a field hidden from the reader
 * groups that trajectory under Uncategorised (null), so grouping never shows a hidden value. A form field
 * wins over a map key of the same name (the map keeps no copies of form values). One query.
 */
export async function groupedTrajectories(
  ctx: AppContext,
  actor: Actor,
  key: string,
  status: 'LIVE' | 'DELETED',
): Promise<TrajectoryGroup[]> {
  const rows = await groupingRows(ctx, actor, status).orderBy(sql`lower(t.name)`).orderBy('t.id').execute();
  const read = groupingReader(actor.email);
  const wanted = key.trim().toLowerCase();
  const groupOf = (row: (typeof rows)[number]): string | null => {
    const seen = read(row);
    const uuid = seen.fields.get(wanted);
    if (uuid !== undefined)
      return groupLabel(own(parseJson<Record<string, unknown>>(row.form_values) ?? {}, uuid));
    if (isFormFieldKey(formFieldNames(parseJson<Field[]>(row.form_fields) ?? []), key)) return null;
    return own(seen.map, key) ?? null;
  };
  return groupTrajectories(rows, groupOf).map((group) => ({
    value: group.value,
    trajectories: group.trajectories.map(presentListItem),
  }));
}

/**
 * The group-by choices (D34, D40) over the LIVE trajectories the actor reads: the keys of their
 * information maps and the names of the top-level non-group form fields the actor may read there, sorted.
 */
export async function informationKeys(ctx: AppContext, actor: Actor): Promise<string[]> {
  const rows = await groupingRows(ctx, actor, 'LIVE').execute();
  const read = groupingReader(actor.email);
  const keys = new Map<string, string>();
  for (const row of rows) {
    const seen = read(row);
    for (const key of Object.keys(seen.map)) keys.set(key, key);
    for (const field of parseJson<Field[]>(row.form_fields) ?? [])
      if (seen.fields.get(field.name.trim().toLowerCase()) === field.uuid)
        keys.set(field.name.trim().toLowerCase(), field.name.trim());
  }
  return [...new Set(keys.values())].sort((a, b) => a.localeCompare(b, 'nl'));
}
