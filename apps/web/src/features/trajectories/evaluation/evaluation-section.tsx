import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../../components/load-failure';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api-error';
import { useTrajectoryEditSession } from '../shared/edit-session';
import { NoAccess } from '../shared/no-access';
import { useEvaluation } from './api/use-evaluation';
import { EvaluationEditor } from './components/evaluation-editor';

/**
 * The evaluation section of the trajectory detail frame (spec part 1 §2 "Evaluation section", §4
 * "Evaluation edits", §6; issue 9): overview and filter panels, the tree of clusters, sub-clusters and
 * competences (D3), and in the header's edit mode — with evaluation write, never while expired — new
 * dated entries and deletions (D2), saved with If-Match (D29). Without evaluation read: noAccess.
 */
export function EvaluationSection() {
  const { t } = useTranslation();
  const session = useTrajectoryEditSession();
  const id = session.trajectory.id;
  // Without evaluation read the server says so with the trajectory (abilities), and answers 403.
  const readable = session.trajectory.abilities.readEvaluation;
  const evaluation = useEvaluation(id, readable);

  if (!readable || (evaluation.error instanceof ApiError && evaluation.error.status === 403)) {
    return <NoAccess section={t('trajectories.evaluation.section')} testId="evaluation-no-access" />;
  }
  if (evaluation.isPending) return <PageLoader />;
  if (evaluation.error || !evaluation.data) {
    return (
      <LoadFailure
        withReason
        message={t('loadDocumentError', { document: t('trajectories.evaluation.document') })}
        query={evaluation}
      />
    );
  }
  // Evaluation write, never while expired (spec part 1 §6, D12): as the server judged it.
  return (
    <EvaluationEditor
      loaded={evaluation.data}
      mayWrite={session.trajectory.abilities.writeEvaluation}
      mayAgree={session.trajectory.abilities.agreeScore}
    />
  );
}
