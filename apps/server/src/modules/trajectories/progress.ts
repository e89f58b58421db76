import {
  type Evaluation,
  isRichTextEmpty,
  type MyProgress,
  PROGRESS_NEXT_SHOWN,
  PROGRESS_REMARKS_SHOWN,
  PROGRESS_TRAJECTORIES_SHOWN,
  type ProgressCard,
  type ProgressEvaluation,
  progressSummary,
  type WaitingReport,
} from '@groeipad/core';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { loadDocument } from '../../engine/engine.ts';
import { AppError } from '../../errors.ts';
import { holdsBlueprintRights } from '../blueprints/index.ts';
import {
  abilitiesOf,
  allows,
  allowsReport,
  followedTrajectories,
  loadGrant,
  reportAbilities,
  type TrajectoryGrant,
} from './grant.ts';
import { TRAJECTORY_KINDS } from './kinds.ts';
import { type ReportContent, reportPart } from './parts.ts';
import { listReportRows, trajectoryReportBlueprints } from './report-repository.ts';

/**
 * "Mijn voortgang" (D58): where the user lands, and a card per trajectory they follow without managing it.
 * Who manages a trajectory (METADATA or RIGHTS, the policy's `manage`), holds a right on a blueprint or
 * administers the organisation keeps the trajectory list; everyone else — a student, also one who scores
 * themselves — lands on their own page. Each card is made from the reader's own grant (`loadGrant`): the
 * evaluation only with evaluation read, the reports only as the parts let them read and write them.
 */
export async function myProgress(ctx: AppContext, actor: Actor): Promise<MyProgress> {
  const { manages, followed } = await followedTrajectories(ctx, ctx.db, actor);
  const administers = actor.role === 'ADMIN' || actor.role === 'OWNER';
  const landing =
    manages || administers || (await holdsBlueprintRights(ctx.db, actor.organisationId, actor.email))
      ? 'trajectories'
      : 'progress';
  const trajectories: ProgressCard[] = [];
  for (const trajectory of followed.slice(0, PROGRESS_TRAJECTORIES_SHOWN)) {
    const card = await progressCard(ctx, actor, trajectory.id);
    if (card) trajectories.push(card);
  }
  return { landing, trajectories };
}

/** One trajectory's card; null when it went (deleted, or the access changed) since the rows were read. */
async function progressCard(ctx: AppContext, actor: Actor, id: number): Promise<ProgressCard | null> {
  let grant: TrajectoryGrant;
  try {
    grant = await loadGrant(ctx, ctx.db, actor, id, 'read');
  } catch (error) {
    if (error instanceof AppError && (error.status === 404 || error.status === 403)) return null;
    throw error;
  }
  return {
    id,
    name: grant.row.name,
    activeUntil: grant.row.active_until,
    expired: !grant.active,
    evaluation: allows(grant, 'readEvaluation') ? await evaluationSummary(ctx, actor, grant) : null,
    reports: allows(grant, 'readReports') ? await waitingReports(ctx, actor, grant) : null,
    abilities: abilitiesOf(grant),
  };
}

async function evaluationSummary(
  ctx: AppContext,
  actor: Actor,
  grant: TrajectoryGrant,
): Promise<ProgressEvaluation> {
  const document = await loadDocument<Evaluation>(
    ctx.db,
    actor.organisationId,
    grant.row.evaluation_document_id,
    { kind: TRAJECTORY_KINDS.evaluation },
  );
  const summary = progressSummary(document.content, { remarks: PROGRESS_REMARKS_SHOWN });
  return {
    competences: summary.competences,
    scored: summary.scored,
    passed: summary.passed,
    passScore: summary.passScore,
    lastAssessed: summary.lastAssessed,
    next: summary.next.slice(0, PROGRESS_NEXT_SHOWN),
    nextTotal: summary.next.length,
    disagreements: [...summary.disagreements],
    remarks: [...summary.remarks],
  };
}

/**
 * The reports waiting for the reader: each report they may write (now: never while inactive, D12) in
 * which every field they may write is still empty, then each report blueprint they may start and have no
 * report of yet. Judged per report by its part (parts.ts), as the report screens do.
 */
/** A value no one filled in: none, blank text, empty rich text or an empty list. */
function unfilled(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '' || value === '[]' || isRichTextEmpty(value);
  return Array.isArray(value) && value.length === 0;
}

async function waitingReports(
  ctx: AppContext,
  actor: Actor,
  grant: TrajectoryGrant,
): Promise<WaitingReport[]> {
  if (!grant.active) return [];
  const rows = await listReportRows(ctx.db, actor.organisationId, grant.row.id, {
    timeZone: ctx.config.businessTimeZone,
  });
  const waiting: WaitingReport[] = [];
  for (const report of rows) {
    if (!reportAbilities(grant, report.blueprint_name).write) continue;
    const document = await loadDocument<ReportContent>(ctx.db, actor.organisationId, report.document_id, {
      kind: TRAJECTORY_KINDS.report,
    });
    const part = reportPart(report.blueprint_name);
    const writable = [...part.access(document.content, grant)].filter(
      ([field, access]) => access.write && field.type !== 'group',
    );
    if (writable.length > 0 && writable.every(([field]) => unfilled(document.content.values[field.uuid])))
      waiting.push({ id: report.id, name: report.name, blueprintName: report.blueprint_name });
  }
  const started = new Set(rows.map((report) => report.blueprint_name));
  for (const blueprint of await trajectoryReportBlueprints(ctx.db, actor.organisationId, grant.row.id))
    if (!started.has(blueprint.name) && allowsReport(grant, 'create', blueprint.name))
      waiting.push({ id: null, name: blueprint.name, blueprintName: blueprint.name });
  return waiting;
}
