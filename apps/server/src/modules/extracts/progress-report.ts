import {
  type ExtractBlueprintChoice,
  type ExtractBlueprintContent,
  type ExtractListEntry,
  isAdminRole,
  type MakeProgressReport,
  type ProgressReportOptions,
  standardExtractSettings,
  zExtractBlueprintContent,
} from '@groeipad/core';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { loadDocument } from '../../engine/engine.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { serverTexts } from '../../i18n/catalogue.ts';
import { authorizeBlueprint, listBlueprints } from '../blueprints/index.ts';
import { loadGrant } from '../trajectories/index.ts';
import { findExtractRowsByIds } from './repository.ts';
import { languageOf, present, queueExtract, userOf } from './service.ts';

/**
 * "Voortgangsrapport maken" (issue 31): a trajectory's progress report in one click. What one click uses:
 *
 * 1. the organisation's default extract blueprint, chosen by an ADMIN ("Standaard maken"); every member
 *    uses it, also one without READ on that blueprint: choosing it is the ADMIN's act of giving the whole
 *    organisation its progress report (the member gets the PDF of what they may read, not the blueprint);
 * 2. else the one live extract blueprint the user may read;
 * 3. else, when the user may read none, the built-in standard (`standardExtractSettings`): a new
 *    organisation makes a progress report on its first day;
 * 4. else (several, none the default) the user chooses.
 */

/** Only an ADMIN (or OWNER) of the organisation chooses its default (it is the organisation's setting). */
const maySetDefault = (actor: Actor) => isAdminRole(actor.role);

/** The organisation's default extract blueprint while it is live, with its document. */
async function defaultBlueprint(db: Db, organisationId: number) {
  return db
    .selectFrom('default_extract_blueprints as o')
    .innerJoin('blueprints as b', 'b.id', 'o.blueprint_id')
    .select(['b.id', 'b.name', 'b.document_id'])
    .where('o.organisation_id', '=', organisationId)
    .where('b.organisation_id', '=', organisationId)
    .where('b.type', '=', 'EXTRACT')
    .where('b.status', '=', 'LIVE')
    .executeTakeFirst();
}

/** The live extract blueprints the user may read, by name. */
async function readableChoices(ctx: AppContext, actor: Actor): Promise<ExtractBlueprintChoice[]> {
  // Only the readable ones of that type are listed (listReadableBlueprints).
  const list = await listBlueprints(ctx, actor, { status: 'LIVE', type: 'EXTRACT' });
  return list
    .map((blueprint) => ({ id: blueprint.id, name: blueprint.name }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

export async function progressReportOptions(ctx: AppContext, actor: Actor): Promise<ProgressReportOptions> {
  const [chosen, choices] = await Promise.all([
    defaultBlueprint(ctx.db, actor.organisationId),
    readableChoices(ctx, actor),
  ]);
  const oneClick = chosen ? chosen.id : choices.length === 1 ? (choices[0]?.id ?? null) : null;
  return {
    default: chosen ? { id: chosen.id, name: chosen.name } : null,
    oneClick: oneClick ?? (choices.length === 0 ? 'standard' : null),
    choices,
    abilities: { setDefault: maySetDefault(actor) },
  };
}

async function settingsOf(db: Db, organisationId: number, documentId: number) {
  const settings = zExtractBlueprintContent.safeParse(
    (await loadDocument(db, organisationId, documentId)).content,
  );
  if (!settings.success)
    throw badRequest('invalidDocumentContent', [{ path: 'extract', key: 'invalidValue' }]);
  return settings.data;
}

/**
 * POST /api/extracts/progress-report (202): one extract of the trajectory, named "Voortgangsrapport"
 * ("Progress report") in the user's language, from the extract blueprint the user chose (the default or
 * one they may read, else 404) or, without one, from what one click uses (400 required at `extract`
 * when the user must choose). The trajectory needs the policy's `progressReport` (METADATA, or the learner
 * who reads the evaluation, D58): 404 unseen, 403 without. Checked before anything is written.
 */
export async function makeProgressReport(
  ctx: AppContext,
  actor: Actor,
  input: MakeProgressReport,
): Promise<ExtractListEntry> {
  const language = await languageOf(ctx.db, actor.userId);
  const name = serverTexts(ctx.config).t(language, 'extract.pdf.untitled');
  // Read before the transaction (the list reads through its own connection); checked again inside.
  const choices = input.extract === undefined ? await readableChoices(ctx, actor) : [];
  const id = await ctx.db.transaction().execute(async (trx) => {
    const grant = await loadGrant(ctx, trx, actor, Number(input.trajectory), 'progressReport');
    const chosen = await defaultBlueprint(trx, actor.organisationId);
    let blueprintId: number | null;
    let settings: ExtractBlueprintContent;
    const requested = input.extract === undefined ? null : Number(input.extract);
    if (requested !== null && requested === chosen?.id) {
      blueprintId = chosen.id;
      settings = await settingsOf(trx, actor.organisationId, chosen.document_id);
    } else if (requested !== null) {
      const blueprint = await authorizeBlueprint(ctx, trx, actor, requested, 'readContent');
      if (blueprint.type !== 'EXTRACT' || blueprint.status !== 'LIVE') throw notFound();
      blueprintId = blueprint.id;
      settings = await settingsOf(trx, actor.organisationId, blueprint.document_id);
    } else if (chosen) {
      blueprintId = chosen.id;
      settings = await settingsOf(trx, actor.organisationId, chosen.document_id);
    } else {
      if (choices.length > 1) throw badRequest('validationError', [{ path: 'extract', key: 'required' }]);
      const only = choices[0];
      if (only) {
        const blueprint = await authorizeBlueprint(ctx, trx, actor, only.id, 'readContent');
        blueprintId = blueprint.id;
        settings = await settingsOf(trx, actor.organisationId, blueprint.document_id);
      } else {
        blueprintId = null;
        settings = standardExtractSettings(name);
      }
    }
    return queueExtract(ctx, trx, actor, {
      name,
      blueprintId,
      settings,
      trajectory: { id: grant.row.id, name: grant.row.name },
      language,
    });
  });
  const [row] = await findExtractRowsByIds(ctx.db, actor.organisationId, userOf(actor), [id]);
  if (!row) throw notFound();
  return present(row);
}

/**
 * PUT /api/extracts/progress-report/default: an ADMIN (else 403) makes a live extract blueprint of the
 * organisation they may read its default (another id, deleted or of another organisation, 404), or none
 * with null.
 */
export async function setDefaultExtract(
  ctx: AppContext,
  actor: Actor,
  extract: number | null,
): Promise<ProgressReportOptions> {
  if (!maySetDefault(actor)) throw forbidden();
  if (extract !== null) {
    // One the ADMIN may read (else 404, as every blueprint they do not see).
    const blueprint = await authorizeBlueprint(ctx, ctx.db, actor, extract, 'read');
    if (blueprint.type !== 'EXTRACT' || blueprint.status !== 'LIVE') throw notFound();
  }
  if (extract === null)
    await ctx.db
      .deleteFrom('default_extract_blueprints')
      .where('organisation_id', '=', actor.organisationId)
      .execute();
  else
    await ctx.db
      .insertInto('default_extract_blueprints')
      .values({ organisation_id: actor.organisationId, blueprint_id: extract })
      .onConflict((conflict) =>
        conflict.column('organisation_id').doUpdateSet({ blueprint_id: extract, chosen_at: new Date() }),
      )
      .execute();
  return progressReportOptions(ctx, actor);
}
