import type { BlueprintType, TrajectoryBlueprintContent } from '@groeipad/core';
import type { Db } from '../../db/database.ts';
import { badRequest, type FieldError } from '../../errors.ts';

/** One link of a trajectory blueprint to a sub-blueprint (D9), with the field path an error names. */
interface Link {
  path: string;
  type: BlueprintType;
  id: number;
  version: number | null;
}

const PARTS = [
  ['dashboard', 'DASHBOARD'],
  ['information', 'INFORMATION'],
  ['competenceList', 'COMPETENCE_LIST'],
] as const;

const INT4_MAX = 2 ** 31 - 1;

function linksOf(content: TrajectoryBlueprintContent): Link[] {
  const links: Link[] = [];
  for (const [part, type] of PARTS) {
    const { id, version } = content[part];
    if (id !== null) links.push({ path: part, type, id, version });
  }
  content.reportBlueprints.forEach(({ id, version }, index) => {
    if (id !== null) links.push({ path: `reportBlueprints.${index}`, type: 'REPORT', id, version });
  });
  return links;
}

const sameLink = (link: Link) => `${link.type}:${link.id}:${link.version}`;

/**
 * D42: a trajectory blueprint links only blueprints of its own organisation, each of the part's type, at a
 * version it has (D9). Judged are the links a save adds or changes — one that stood already may name a
 * blueprint deleted since (the editor shows it as removed) — and any other answers 400 `invalidValue` at its
 * `id` (or `version`) path; nothing is stored. The content is the kind's, checked by its schema already.
 */
export async function verifyTrajectoryLinks(
  db: Db,
  organisationId: number,
  content: TrajectoryBlueprintContent,
  before?: TrajectoryBlueprintContent,
): Promise<void> {
  const known = new Set(before === undefined ? [] : linksOf(before).map(sameLink));
  const added = linksOf(content).filter((link) => !known.has(sameLink(link)));
  if (added.length === 0) return;
  // An id beyond what a row can hold is no blueprint: not looked up.
  const ids = [...new Set(added.map((link) => link.id))].filter((id) => id > 0 && id <= INT4_MAX);
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('blueprints as b')
          .innerJoin('documents as d', 'd.id', 'b.document_id')
          .select(['b.id', 'b.type', 'd.version'])
          .where('b.organisation_id', '=', organisationId)
          .where('b.id', 'in', ids)
          .execute();
  const found = new Map(rows.map((row) => [row.id, row] as const));
  const fields: FieldError[] = [];
  for (const link of added) {
    const row = found.get(link.id);
    if (row?.type !== link.type) fields.push({ path: `${link.path}.id`, key: 'invalidValue' });
    else if (link.version !== null && (link.version < 1 || link.version > row.version))
      fields.push({ path: `${link.path}.version`, key: 'invalidValue' });
  }
  if (fields.length > 0) throw badRequest('invalidDocumentContent', fields);
}
