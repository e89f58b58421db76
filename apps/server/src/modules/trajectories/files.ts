import { type Field, type TrajectoryAccess, userRoles, visibleForm } from '@groeipad/core';
import type { Db } from '../../db/database.ts';
import { loadDocument } from '../../engine/engine.ts';

export interface FormContent {
  fields: Field[];
  values: Record<string, unknown>;
}

/** Resource ids in an upload value (a list) or an image value (JSON text of a list, or a list). */
function idsOf(value: unknown): number[] {
  let list = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(list) ? list.filter((id): id is number => Number.isInteger(id)) : [];
}

/**
 * Every file a form refers to (D33: values by uuid): uploads and images among the values, and the
 * attachments of select options among the fields.
 */
export function formResourceIds(form: FormContent): number[] {
  const ids: number[] = [];
  const walk = (fields: readonly Field[]) => {
    for (const field of fields) {
      if (field.type === 'group') walk(field.children);
      if ((field.type === 'select' || field.type === 'multi_select') && field.options)
        for (const option of field.options) ids.push(...option.attachments);
      if (field.type === 'upload' || field.type === 'image') ids.push(...idsOf(form.values[field.uuid]));
    }
  };
  walk(form.fields);
  return [...new Set(ids)];
}

/**
 * D19 for trajectories: a file is readable by whoever may read the form field that holds it — the
 * form as the reader sees it (hidden fields and their values left out) must still refer to it.
 */
export async function readableThroughTrajectoryForm(
  db: Db,
  organisationId: number,
  email: string,
  resourceId: number,
): Promise<boolean> {
  const rows = await db
    .selectFrom('document_resources as dr')
    .innerJoin('trajectories as t', 't.form_document_id', 'dr.document_id')
    .innerJoin('trajectory_access as a', (join) =>
      join.onRef('a.trajectory_id', '=', 't.id').on('a.email', '=', email).on('a.read', '=', true),
    )
    .select(['t.form_document_id', 't.access_document_id'])
    .where('dr.resource_id', '=', resourceId)
    .where('t.organisation_id', '=', organisationId)
    .limit(20)
    .execute();
  for (const row of rows) {
    const access = await loadDocument(db, organisationId, row.access_document_id);
    const form = await loadDocument(db, organisationId, row.form_document_id);
    const visible = visibleForm(
      form.content as unknown as FormContent,
      userRoles(access.content as unknown as TrajectoryAccess, email),
    );
    if (formResourceIds(visible).includes(resourceId)) return true;
  }
  return false;
}

/**
 * A form save may refer only to files the writer may read already (their own uploads, or files
 * readable to them): otherwise writing someone else's file id into a field would open it up.
 */
export async function unreadableNewFiles(
  db: Db,
  organisationId: number,
  userId: number,
  before: FormContent,
  after: FormContent,
  readable: (resourceId: number) => Promise<boolean>,
): Promise<number[]> {
  const known = new Set(formResourceIds(before));
  const added = formResourceIds(after).filter((id) => !known.has(id));
  if (added.length === 0) return [];
  const own = await db
    .selectFrom('resources')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .where('uploaded_by', '=', userId)
    .where('id', 'in', added)
    .execute();
  const owned = new Set(own.map((row) => row.id));
  const refused: number[] = [];
  for (const id of added) if (!owned.has(id) && !(await readable(id))) refused.push(id);
  return refused;
}
