import { effectiveRightsOf } from '@groeipad/core';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { ApiError, errorText } from '../../../lib/api-error';
import { useSession } from '../../../lib/use-session';
import { useTrajectoryAccess } from '../detail/api/use-trajectory-access';
import { useTrajectoryEditSession } from '../shared/edit-session';
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
  const evaluation = useEvaluation(id);
  const access = useTrajectoryAccess(id);
  const email = useSession()?.claims.sub ?? '';

  if (evaluation.isPending) return <PageLoader />;
  if (evaluation.error instanceof ApiError && evaluation.error.status === 403) {
    return (
      <Alert
        color="orange"
        role="status"
        // Orange on its light background is below 4.5:1 for the title: dark text (as the expired banner).
        styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
        title={t('noAccess', { section: t('trajectories.evaluation.section') })}
        data-testid="evaluation-no-access"
      />
    );
  }
  if (evaluation.error || !evaluation.data) {
    return (
      <Alert
        color="red"
        role="alert"
        title={t('loadDocumentError', { document: t('trajectories.evaluation.document') })}
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(t, evaluation.error)}</Text>
          <Button variant="light" onClick={() => void evaluation.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  // The roles the user holds in the access list decide evaluation write (spec part 1 §6); the
  // server refuses a write without it anyway. Never while expired (D12).
  const rights = access.data ? effectiveRightsOf(access.data.access, email).evaluation : null;
  const mayWrite = Boolean(rights?.write) && !session.trajectory.expired;
  return <EvaluationEditor loaded={evaluation.data} mayWrite={mayWrite} />;
}

export default EvaluationSection;
