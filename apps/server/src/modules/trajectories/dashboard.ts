import {
  type CompetenceListAnswer,
  type CompetenceListNode,
  type Criterion,
  codedName,
  countedEvaluation,
  criteriaAlongUuidPath,
  type DashboardView,
  type DashboardWidget,
  type DashboardWidgetView,
  type Evaluation,
  evaluationHistory,
  scoreRuleOf,
  widgetScoreOverview,
  zDashboard,
} from '@groeipad/core';
import type { Actor } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { loadDocument, parseJson } from '../../engine/engine.ts';
import { authorizeEvaluationRead } from './evaluation.ts';
import { loadGrant } from './grant.ts';
import { TRAJECTORY_KINDS } from './kinds.ts';
import { evaluationPart } from './parts.ts';

/** The widgets stored on the trajectory row (a snapshot of its blueprint's dashboard, D9). */
function storedWidgets(stored: unknown): DashboardWidget[] {
  const value = parseJson<unknown>(stored);
  const parsed = zDashboard.safeParse(value ?? {});
  return parsed.success ? parsed.data.widgets : [];
}

/**
 * One widget as the reader sees it. Figures come from the evaluation only (null without evaluation
 * read): for evaluation_scores the overview of the widget's cluster (uuid path, D20) counting each
 * competence once with the score its evaluation's score rule counts (issue 23: the latest of any rater,
 * of one role, or the latest agreed; `counted`, core countedEvaluation), unrated as −1 grey (spec part 1
 * §9); for evaluation_history every dated entry, newest first.
 */
export function presentWidget(
  widget: DashboardWidget,
  evaluation: Evaluation | null,
  counted: Evaluation | null = evaluation && countedEvaluation(evaluation),
): DashboardWidgetView {
  if (widget.type === 'evaluation_history')
    return {
      uuid: widget.uuid,
      name: widget.name,
      type: widget.type,
      entries: evaluation ? evaluationHistory(evaluation.criteria).map((change) => ({ ...change })) : null,
    };
  const cluster = widget.cluster ?? null;
  const chain = counted && cluster ? criteriaAlongUuidPath(counted.criteria, cluster) : undefined;
  return {
    uuid: widget.uuid,
    name: widget.name,
    type: widget.type,
    cluster,
    clusterNames: counted ? (cluster ? (chain?.map((node) => codedName(node)) ?? null) : []) : null,
    overview: counted ? widgetScoreOverview(counted, cluster) : null,
  };
}

/**
 * The dashboard for every reader of the trajectory: the tab shows whenever there are widgets (spec
 * part 1 §2), and the dashboard has no right of its own (§6 lists information, evaluation, reports
 * and admin rights). Its figures are the evaluation's, so they need evaluation read (§6); without it
 * the widgets come without figures and `evaluationReadable: false` (the screen says noAccess).
 */
export async function getDashboard(ctx: AppContext, actor: Actor, id: number): Promise<DashboardView> {
  const grant = await loadGrant(ctx, ctx.db, actor, id, 'readDashboard');
  const { row } = grant;
  const readable = evaluationPart.readable(grant);
  const evaluation = readable
    ? (
        await loadDocument(ctx.db, actor.organisationId, row.evaluation_document_id, {
          kind: TRAJECTORY_KINDS.evaluation,
        })
      ).content
    : null;
  const counted = evaluation && countedEvaluation(evaluation);
  return {
    evaluationReadable: readable,
    widgets: storedWidgets(row.dashboard).map((widget) => presentWidget(widget, evaluation, counted)),
    scale: evaluation ? scaleOf(evaluation) : [],
    scoreRule: evaluation ? scoreRuleOf(evaluation) : null,
  };
}

/** minScore…maxScore with the scale's names and colours (D6); a missing name or colour stays empty. */
function scaleOf(evaluation: Evaluation): { score: number; name: string; colour: string }[] {
  const scale: { score: number; name: string; colour: string }[] = [];
  for (let score = evaluation.minScore, index = 0; score <= evaluation.maxScore; score++, index++)
    scale.push({
      score,
      name: evaluation.scoreNames[index] ?? '',
      colour: evaluation.scoreColours[index] ?? '',
    });
  return scale;
}

function listNode(criterion: Criterion): CompetenceListNode {
  const base = { uuid: criterion.uuid, name: criterion.name, info: criterion.info, labels: criterion.labels };
  return criterion.type === 'cluster'
    ? { type: 'cluster', ...base, subsections: criterion.subsections.map(listNode) }
    : { type: 'competence', ...base };
}

/** The trajectory's competence tree without scores (names, labels, info): evaluation readers only. */
export async function getCompetenceList(
  ctx: AppContext,
  actor: Actor,
  id: number,
): Promise<{ version: number; content: CompetenceListAnswer }> {
  const { row } = await authorizeEvaluationRead(ctx, ctx.db, actor, id);
  const document = await loadDocument(ctx.db, actor.organisationId, row.evaluation_document_id, {
    kind: TRAJECTORY_KINDS.evaluation,
  });
  const evaluation = document.content;
  return { version: document.version, content: { criteria: evaluation.criteria.map(listNode) } };
}
