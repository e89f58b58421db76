import {
  type CfPackage,
  type CompetenceListContent,
  type FrameworkCheck,
  type FrameworkImportResult,
  type FrameworkProblem,
  frameworkChanges,
  frameworkCounts,
  type JsonValue,
  nextVersion,
  type ParsedFrameworkImport,
  packageFromList,
  packageFromMboRows,
  readCasePackage,
  type TrajectoryBlueprintContent,
  treeFromPackage,
  zCompetenceListContent,
} from '@groeipad/core';
import { sql } from 'kysely';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { loadDocument, replaceDocument } from '../../engine/engine.ts';
import { FULL_ACCESS } from '../../engine/kinds.ts';
import { badRequest, conflict, type FieldError, notFound } from '../../errors.ts';
import { listIdentifier, nameUuid } from '../../name-uuid.ts';
import { TRAJECTORY_BLUEPRINT_KIND } from './kinds.ts';
import { selectBlueprints, touchBlueprint } from './repository.ts';
import { authorizeBlueprint, insertNewBlueprint } from './service.ts';

/**
 * A school's curriculum in one step (D56): a CASE package or an MBO qualification file checked, then made a
 * competence list or the next version of the list whose framework has the same document identifier (the
 * trajectory blueprints linking it follow, D9); and any readable list exported as a CASE package.
 */

interface Match {
  id: number;
  name: string;
  version: number;
  documentId: number;
}

/** The actor's readable live competence list whose framework (or own derived) identifier is `identifier`. */
async function findMatch(db: Db, actor: Actor, identifier: string): Promise<Match | null> {
  const rows = await selectBlueprints(db, actor.organisationId, actor.email)
    .select(sql<string | null>`d.content->'framework'->'document'->>'identifier'`.as('framework'))
    .where('r.read', '=', true)
    .where('b.status', '=', 'LIVE')
    .where('b.type', '=', 'COMPETENCE_LIST')
    .orderBy('b.id')
    .execute();
  const row = rows.find((candidate) => (candidate.framework ?? listIdentifier(candidate.id)) === identifier);
  return row ? { id: row.id, name: row.name, version: row.version, documentId: row.document_id } : null;
}

/** The live trajectory blueprints linking list `listId` that the actor may write (they move with it, D9). */
async function linkingTrajectoryBlueprints(db: Db, actor: Actor, listId: number) {
  return selectBlueprints(db, actor.organisationId, actor.email)
    .where('r.write', '=', true)
    .where('b.status', '=', 'LIVE')
    .where('b.type', '=', 'TRAJECTORY')
    .where(sql<boolean>`(d.content->'competenceList'->>'id') = ${String(listId)}`)
    .orderBy('b.id')
    .execute();
}

async function organisationName(db: Db, organisationId: number): Promise<string> {
  const row = await db
    .selectFrom('organisations')
    .select('name')
    .where('id', '=', organisationId)
    .executeTakeFirst();
  return row?.name ?? 'Groeipad';
}

interface Prepared {
  check: FrameworkCheck;
  content: CompetenceListContent | null;
  match: Match | null;
}

const EMPTY_COUNTS = { clusters: 0, subClusters: 0, competences: 0, criteria: 0 };

/** Reads the source into a list (and, against a match, its next version); makes nothing. */
async function prepare(db: Db, actor: Actor, input: ParsedFrameworkImport): Promise<Prepared> {
  const failed = (problems: FrameworkProblem[]): Prepared => ({
    check: {
      problems,
      name: input.name ?? '',
      identifier: '',
      match: null,
      counts: EMPTY_COUNTS,
      padding: 0,
      changes: [],
      trajectoryBlueprints: [],
    },
    content: null,
    match: null,
  });
  const source = input.source;
  let pkg: CfPackage;
  if (source.format === 'case') {
    const read = readCasePackage(source.package);
    if (!read.package) return failed(read.problems);
    pkg = read.package;
  } else {
    const read = packageFromMboRows(source.rows, {
      nameUuid,
      now: new Date().toISOString(),
      fallbackName: input.name ?? 'Kwalificatiedossier',
      creator: await organisationName(db, actor.organisationId),
    });
    if (!read.package) return failed(read.problems);
    pkg = read.package;
  }
  const tree = treeFromPackage(pkg, nameUuid);
  if (tree.problems.length > 0) return failed(tree.problems);
  const parsed = zCompetenceListContent.safeParse(tree.content);
  if (!parsed.success)
    return failed(
      parsed.error.issues.map((issue) => ({ row: null, column: issue.path.join('.'), key: 'invalidValue' })),
    );
  const identifier = pkg.CFDocument.identifier;
  const match = await findMatch(db, actor, identifier);
  let content: CompetenceListContent = parsed.data;
  let changes: FrameworkCheck['changes'] = [];
  let linking: { id: number; name: string }[] = [];
  if (match) {
    const previous = zCompetenceListContent.parse(
      (await loadDocument(db, actor.organisationId, match.documentId)).content,
    );
    content = nextVersion(previous, content, nameUuid);
    changes = frameworkChanges(previous.competences, content.competences);
    linking = (await linkingTrajectoryBlueprints(db, actor, match.id)).map((row) => ({
      id: row.id,
      name: row.name,
    }));
  }
  return {
    check: {
      problems: [],
      name: input.name ?? pkg.CFDocument.title,
      identifier,
      match: match ? { id: match.id, name: match.name, version: match.version } : null,
      counts: frameworkCounts(content.competences),
      padding: content.framework?.padding ?? 0,
      changes,
      trajectoryBlueprints: linking,
    },
    content,
    match,
  };
}

/** POST …/check: what the import would do; nothing made. */
export async function checkFramework(
  ctx: AppContext,
  actor: Actor,
  input: ParsedFrameworkImport,
): Promise<FrameworkCheck> {
  return (await prepare(ctx.db, actor, input)).check;
}

/** The refused import's fields: a spreadsheet's `rows.<row>.<column>`, a package's `package.<path>`. */
function problemFields(problems: readonly FrameworkProblem[]): FieldError[] {
  return problems.map((problem) => ({
    path:
      problem.row === null
        ? `${problem.column === 'rows' ? '' : 'package.'}${problem.column}`
        : `rows.${problem.row}.${problem.column}`,
    key: problem.key,
  }));
}

/** POST /api/v2/competence-frameworks: a new list or the matched list's next version, all or nothing. */
export async function importFramework(
  ctx: AppContext,
  actor: Actor,
  input: ParsedFrameworkImport,
): Promise<FrameworkImportResult> {
  return ctx.db.transaction().execute(async (trx) => {
    const { check, content, match } = await prepare(trx, actor, input);
    if (check.problems.length > 0 || !content)
      throw badRequest('validationError', problemFields(check.problems));
    // The user confirms what the check showed: a list made or matched since is another answer.
    if ((match?.id ?? null) !== input.blueprintId) throw conflict();
    if (!match) {
      const id = await insertNewBlueprint(trx, actor, {
        type: 'COMPETENCE_LIST',
        // The document's title is never blank (the model refuses it), nor is a name the user gave.
        name: check.name.trim().slice(0, 255),
        description: content.framework?.document.description?.trim().slice(0, 1000) || null,
        userRights: [],
        content: content as unknown as JsonValue,
      });
      return { id, version: 1, created: true, trajectoryBlueprints: [] };
    }
    const row = await authorizeBlueprint(ctx, trx, actor, match.id, 'writeContent');
    const saved = await replaceDocument(trx, {
      organisationId: actor.organisationId,
      documentId: row.document_id,
      actorId: actor.userId,
      expectedVersion: input.expectedVersion,
      permit: FULL_ACCESS,
      content: content as unknown as JsonValue,
    });
    if (saved.version !== row.version) await touchBlueprint(trx, row.id);
    const moved: FrameworkImportResult['trajectoryBlueprints'] = [];
    if (input.updateTrajectoryBlueprints)
      for (const linking of await linkingTrajectoryBlueprints(trx, actor, match.id)) {
        const current = await loadDocument(trx, actor.organisationId, linking.document_id, {
          kind: TRAJECTORY_BLUEPRINT_KIND,
        });
        const next: TrajectoryBlueprintContent = {
          ...current.content,
          competenceList: { id: match.id, version: saved.version, competences: content.competences },
        };
        const done = await replaceDocument(trx, {
          organisationId: actor.organisationId,
          documentId: linking.document_id,
          actorId: actor.userId,
          expectedVersion: undefined,
          kind: TRAJECTORY_BLUEPRINT_KIND,
          // The server's own copy of the list's new version (D9): every place writable.
          permit: { visible: (content) => content, canWrite: () => true },
          content: next,
        });
        if (done.version !== linking.version) await touchBlueprint(trx, linking.id);
        moved.push({ id: linking.id, name: linking.name, version: done.version });
      }
    return { id: row.id, version: saved.version, created: false, trajectoryBlueprints: moved };
  });
}

/** A list's content as a CASE package (the export and the provider paths). */
export function listAsPackage(
  ctx: AppContext,
  list: { id: number; name: string; changedAt: Date; creator: string; content: unknown },
): CfPackage {
  return packageFromList(zCompetenceListContent.parse(list.content), {
    name: list.name,
    identifier: listIdentifier(list.id),
    creator: list.creator,
    baseUrl: ctx.config.publicUrl,
    changedAt: list.changedAt.toISOString(),
    nameUuid,
  });
}

/** GET /api/v2/competence-frameworks/{id}: a competence list the user may read, as CASE. */
export async function exportFramework(ctx: AppContext, actor: Actor, id: number): Promise<CfPackage> {
  const row = await authorizeBlueprint(ctx, ctx.db, actor, id, 'readContent');
  if (row.type !== 'COMPETENCE_LIST') throw notFound();
  const document = await loadDocument(ctx.db, actor.organisationId, row.document_id);
  return listAsPackage(ctx, {
    id: row.id,
    name: row.name,
    changedAt: row.modified_at,
    creator: await organisationName(ctx.db, actor.organisationId),
    content: document.content,
  });
}
