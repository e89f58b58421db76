import {
  canReadReport,
  canWritePath,
  effectiveRights,
  escapePointerSegment,
  type Field,
  type FieldAccess,
  formWritablePaths,
  informationFieldAccess,
  reportFieldAccess,
  reportWritablePaths,
  type TrajectoryAccess,
  type TrajectoryRole,
  userRoles,
  visibleEvaluation,
  visibleForm,
  visibleReport,
  type WritablePaths,
} from '@groeipad/core';
import type { Db } from '../../db/database.ts';
import type { StoredDocument } from '../../engine/engine.ts';
import type { Permit } from '../../engine/kinds.ts';
import { viewModified, viewVersion } from '../../engine/view-version.ts';
import type { FormContent } from './files.ts';
import type { TrajectoryGrant } from './grant.ts';
import { readsInformation } from './policy.ts';

/** Whom a part is judged for: a grant, or a reader known by their roles (a notification's recipient). */
export type PartReader = Pick<TrajectoryGrant, 'roles' | 'rights'>;

/** A reader known by their roles alone (a blueprint version's roles, before any trajectory holds them). */
export function readerWithRoles(roles: readonly TrajectoryRole[]): PartReader {
  return { roles, rights: effectiveRights(roles) };
}

/** A reader known by their address in a trajectory's access document: the roles it gives them, merged. */
export function readerOf(access: TrajectoryAccess, email: string): PartReader {
  const roles = userRoles(access, email);
  return { roles, rights: effectiveRights(roles) };
}

/**
 * A trajectory part whose fields carry their own rights (the form; each report): what a grant may see
 * of it, which places it may write, and the version of what it sees (D40). Every route, history,
 * notification and extract that shows the part asks it here.
 */
export interface FieldPart<C> {
  /** The content as the grant's reader may read it (hidden fields gone, name and value; D18, D40). */
  visible(content: C, grant: PartReader): C | null;
  /** Each field's access for the grant's roles. */
  access(content: C, grant: PartReader): Map<Field, FieldAccess>;
  /** The value places the grant may write (D1: `/values/{uuid}`). */
  writable(content: C, grant: PartReader): WritablePaths;
}

/** The engine's permit for a save of `content` by the grant's reader. */
export function permitOf<C>(part: FieldPart<C>, content: C, grant: PartReader): Permit<C> {
  const writable = part.writable(content, grant);
  return {
    visible: (stored) => part.visible(stored, grant) ?? {},
    canWrite: (pointer) => canWritePath(writable, pointer),
  };
}

/** The value places of the fields hidden from the grant's reader (a hidden group's children with it). */
export function hiddenPlaces<C>(part: FieldPart<C>, content: C, grant: PartReader): string[] {
  return hiddenValues(part.access(content, grant));
}

function hiddenValues(access: ReadonlyMap<Field, FieldAccess>): string[] {
  const hidden: string[] = [];
  for (const [field, entry] of access)
    if (!entry.read) hidden.push(`/values/${escapePointerSegment(field.uuid)}`);
  return hidden;
}

/**
 * D40: the version of the part as the grant's reader sees it — saves that changed only fields hidden
 * from them do not count — so its `ETag` moves only when what they see moves. A reader who sees every
 * field gets the document's own version.
 */
export function partVersion<C>(
  db: Db,
  part: FieldPart<C>,
  document: Pick<StoredDocument, 'id' | 'version'> & { content: unknown },
  grant: PartReader,
): Promise<number> {
  return viewVersion(db, document, hiddenValues(part.access(document.content as C, grant)));
}

/**
 * The moment the part last changed as the grant's reader sees it (issue 30): as `partVersion`, saves that
 * changed only fields hidden from them do not count — a `modified` that moved would tell of them.
 */
export function partModified<C>(
  db: Db,
  part: FieldPart<C>,
  document: Pick<StoredDocument, 'id' | 'version'> & { content: unknown },
  grant: PartReader,
  moments: { created: Date; modified: Date },
): Promise<Date> {
  return viewModified(db, document, hiddenValues(part.access(document.content as C, grant)), moments);
}

/** The trajectory's form (D33): fields without values, values by uuid. */
export const formPart: FieldPart<FormContent> & { readable(grant: PartReader): boolean } = {
  /**
   * The reader's roles grant read (or write) somewhere in the information: an empty form then has no
   * fields, rather than none they may see (spec part 1 §6 noAccess).
   */
  readable: (grant) => readsInformation(grant.roles),
  visible: (content, grant) => visibleForm(content, grant.roles),
  access: (content, grant) => informationFieldAccess(content.fields, grant.roles),
  writable: (content, grant) => formWritablePaths(content, grant.roles),
};

/** A report's content (D15): the structure without values, values by uuid. */
export interface ReportContent {
  structure: Field[];
  values: Record<string, unknown>;
}

/** A report of one report blueprint (whose name keys its rights): its part. */
export function reportPart(blueprintName: string): FieldPart<ReportContent> {
  const document = (content: ReportContent) => ({
    name: blueprintName,
    structure: content.structure,
    values: content.values,
  });
  return {
    visible: (content, grant) => {
      if (!canReadReport(grant.rights, blueprintName)) return null;
      const seen = visibleReport(document(content), grant.roles);
      return seen ? { structure: seen.structure, values: seen.values } : null;
    },
    access: (content, grant) => reportFieldAccess(content.structure, grant.roles, blueprintName),
    writable: (content, grant) => reportWritablePaths(document(content), grant.roles),
  };
}

/** The evaluation: read whole or not at all (spec part 1 §6: noAccess without read; write implies it). */
export const evaluationPart = {
  readable: (grant: PartReader): boolean => visibleEvaluation(true, grant.rights) !== null,
};
