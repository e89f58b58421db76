import type { ReportListEntry } from '@groeipad/core';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../../components/page-loader';
import { ApiError, errorText } from '../../../../lib/api-error';
import { useReport } from '../api/use-report';
import { reportsPath } from '../report-route';
import { ReportEditor } from './report-editor';
import type { SplitState } from './split-picker';

/** One report (/trajectory/{id}/reports/{reportId}): loaded, then viewed or edited. */
export function ReportScreen({
  trajectoryId,
  reportId,
  reports,
  split,
}: {
  trajectoryId: number;
  reportId: number;
  reports: readonly ReportListEntry[];
  split: SplitState;
}) {
  const { t } = useTranslation();
  const loaded = useReport(trajectoryId, reportId);
  if (loaded.isPending) return <PageLoader />;
  if (loaded.isError) {
    const status = loaded.error instanceof ApiError ? loaded.error.status : 0;
    if (status === 403 && loaded.error instanceof ApiError && loaded.error.key === 'noAccess')
      return (
        <Stack gap="sm" align="flex-start">
          <Alert
            color="yellow"
            role="status"
            title={t('noAccess', { section: t('trajectories.reports.document') })}
          />
          <Anchor component={Link} to={reportsPath(trajectoryId)}>
            {t('trajectories.reports.backToList')}
          </Anchor>
        </Stack>
      );
    return (
      <Alert
        color="red"
        role="alert"
        title={t('loadDocumentError', { document: t('trajectories.reports.document') })}
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {status === 404 ? t('trajectories.reports.notFound') : errorText(t, loaded.error)}
          </Text>
          {status === 404 ? (
            <Anchor component={Link} to={reportsPath(trajectoryId)} size="sm">
              {t('trajectories.reports.backToList')}
            </Anchor>
          ) : (
            <Button variant="light" onClick={() => void loaded.refetch()}>
              {t('common.retry')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  return <ReportEditor trajectoryId={trajectoryId} source={loaded.data} reports={reports} split={split} />;
}
