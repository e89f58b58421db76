import {
  applyPatch,
  type Field,
  groupTrajectories,
  informationFieldAccess,
  isPatchError,
  type JsonValue,
  type PatchOperation,
  type TrajectoryAccess,
  type TrajectoryGroup,
  type TrajectoryInformation,
  userRoles,
  valuesFromInformation,
  zTrajectoryInformation,
} from '@groeipad/core';
import { sql } from 'kysely';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { loadDocument, patchDocument } from '../../engine/engine.ts';
import { FULL_ACCESS } from '../../engine/kinds.ts';
import { badRequest, zodFields } from '../../errors.ts';
import { selectTrajectories } from './repository.ts';
import { authorizeTrajectory, presentItem } from './service.ts';

/**
 * Patches the information map (D33) and fills the form fields whose name matches a column (D14),
 * as one change of the form by the actor (the engine records it).
 */
export async function patchInformation(
  ctx: AppContext,
  actor: Actor,
  id: number,
  patch: readonly PatchOperation[],
): Promise<TrajectoryInformation> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await authorizeTrajectory(ctx, trx, actor, id, 'updateMetadata');
    const stored = await trx
      .selectFrom('trajectories')
      .select('information')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    let next: unknown;
    try {
      next = applyPatch(stored.information as JsonValue, patch);
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
    const form = await loadDocument(trx, actor.organisationId, row.form_document_id);
    const content = form.content as { fields: Field[]; values: Record<string, unknown> };
    const filled = valuesFromInformation(content.fields, parsed.data);
    const changes: PatchOperation[] = Object.entries(filled)
      .filter(([uuid, value]) => content.values[uuid] !== value)
      .map(([uuid, value]) => ({
        op: 'add',
        path: `/values/${uuid.replaceAll('~', '~0').replaceAll('/', '~1')}`,
        value: value as JsonValue,
      }));
    if (changes.length > 0)
      await patchDocument(trx, {
        jobs: ctx.jobs,
        organisationId: actor.organisationId,
        documentId: row.form_document_id,
        actorId: actor.userId,
        patch: changes,
        expectedVersion: undefined,
        permit: FULL_ACCESS,
      });
    return parsed.data;
  });
}

/**
 * The readable trajectories grouped by an information key (D34). When the key is the name of a form
 * field a reader may not read in a trajectory, that trajectory goes to the null group: grouping never
 * shows a hidden value. The documents needed for that check are read in two queries, never per row.
 */
export async function groupedTrajectories(
  ctx: AppContext,
  actor: Actor,
  key: string,
  status: 'LIVE' | 'DELETED',
): Promise<TrajectoryGroup[]> {
  const rows = await selectTrajectories(ctx.db, actor.organisationId, actor.email)
    .select([sql<string | null>`t.information ->> ${key}`.as('group_value')])
    .where('t.status', '=', status)
    .orderBy(sql`lower(t.name)`)
    .orderBy('t.id')
    .execute();
  const wanted = key.trim().toLowerCase();
  const documents = async (ids: number[]) =>
    new Map(
      (ids.length === 0
        ? []
        : await ctx.db
            .selectFrom('documents')
            .select(['id', 'content'])
            .where('organisation_id', '=', actor.organisationId)
            .where('id', 'in', ids)
            .execute()
      ).map((d) => [d.id, d.content as JsonValue]),
    );
  const withValue = rows.filter((row) => row.group_value !== null && row.group_value.trim() !== '');
  const forms = await documents(withValue.map((row) => row.form_document_id));
  const accesses = await documents(withValue.map((row) => row.access_document_id));
  const hidden = new Set<number>();
  for (const row of withValue) {
    const form = forms.get(row.form_document_id) as unknown as { fields: Field[] } | undefined;
    const access = accesses.get(row.access_document_id) as unknown as TrajectoryAccess | undefined;
    if (!form || !access) continue;
    for (const [field, entry] of informationFieldAccess(form.fields, userRoles(access, actor.email)))
      if (field.name.trim().toLowerCase() === wanted && !entry.read) hidden.add(row.id);
  }
  return groupTrajectories(rows, (row) => (hidden.has(row.id) ? null : row.group_value)).map((group) => ({
    value: group.value,
    trajectories: group.trajectories.map(presentItem),
  }));
}

/** The information keys of the trajectories the actor can read (LIVE), sorted: the list's group-by choices. */
export async function informationKeys(ctx: AppContext, actor: Actor): Promise<string[]> {
  const rows = await selectTrajectories(ctx.db, actor.organisationId, actor.email)
    .clearSelect()
    .select(sql<string>`jsonb_object_keys(t.information)`.as('key'))
    .where('t.status', '=', 'LIVE')
    .distinct()
    .execute();
  return rows.map((row) => row.key).sort((a, b) => a.localeCompare(b, 'nl'));
}
