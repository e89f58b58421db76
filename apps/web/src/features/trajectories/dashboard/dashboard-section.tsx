import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../../components/load-failure';
import { PageLoader } from '../../../components/page-loader';
import { useTrajectoryEditSession } from '../shared/edit-session';
import { useDashboard } from './api/use-dashboard';
import { HistoryWidget } from './history-widget';
import { ScoresWidget } from './scores-widget';

/**
 * The dashboard section of the trajectory detail frame (spec part 1 §2 "Dashboard section", §3, §6,
 * §9; D6, D20; issue 9): the widgets in the blueprint's order, evaluation_scores as a pie with a table
 * and evaluation_history as a list. The figures are the evaluation's: a reader without evaluation
 * read gets noAccess. The frame hides the tab when there are no widgets.
 */
export function DashboardSection() {
  const { t } = useTranslation();
  const session = useTrajectoryEditSession();
  const id = session.trajectory.id;
  const dashboard = useDashboard(id);
  const widgets = dashboard.data?.widgets ?? [];

  if (dashboard.isPending) return <PageLoader />;
  if (dashboard.error || !dashboard.data) {
    return (
      <LoadFailure
        withReason
        message={t('loadDocumentError', { document: t('trajectories.dashboard.document') })}
        query={dashboard}
      />
    );
  }
  if (!dashboard.data.evaluationReadable) {
    return (
      <Alert
        color="yellow"
        role="status"
        title={t('noAccess', { section: t('trajectories.dashboard.document') })}
        // Mantine's yellow title on the light yellow background is too faint (WCAG AA): dark text.
        styles={{
          title: { color: 'var(--mantine-color-dark-7)' },
          message: { color: 'var(--mantine-color-dark-7)' },
        }}
      >
        {t('trajectories.dashboard.noAccessWhy')}
      </Alert>
    );
  }
  if (widgets.length === 0) return <Text c="dark.5">{t('trajectories.dashboard.empty')}</Text>;

  // The scale names and colours the history's chips (D6); the server sends it with the figures.
  const scale = dashboard.data.scale;
  return (
    <Stack gap="md" maw={960} w="100%" data-testid="dashboard-section">
      {widgets.map((widget) =>
        widget.type === 'evaluation_scores' ? (
          <ScoresWidget key={widget.uuid} widget={widget} rule={dashboard.data.scoreRule} />
        ) : (
          <HistoryWidget key={widget.uuid} widget={widget} scale={scale} filter={session.filter} />
        ),
      )}
    </Stack>
  );
}
