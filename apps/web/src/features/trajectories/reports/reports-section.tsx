import { Alert } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useTrajectoryEditSession } from '../shared/edit-session';
import { NoAccess } from '../shared/no-access';
import { useReportList } from './api/use-report-list';
import { ReportList, ReportListFailure } from './components/report-list';
import { ReportScreen } from './components/report-screen';
import type { SplitTarget } from './components/split-picker';
import { reportRouteOf } from './report-route';

/**
 * The reports section of the trajectory detail frame (spec part 1 §2 "Reports section", issue 9):
 * /trajectory/{id}/reports is the list, /trajectory/{id}/reports/{reportId} one report. The frame's
 * route is `trajectory/:id/*`; the report id is read from the rest of the path. What is beside the
 * report in the split screen stays while stepping through reports with previous/next.
 */
export function ReportsSection() {
  const { t } = useTranslation();
  const { trajectory } = useTrajectoryEditSession();
  const route = reportRouteOf(useParams()['*']);
  const all = useReportList(trajectory.id);
  const [target, setTarget] = useState<SplitTarget | null>(null);
  const [picking, setPicking] = useState(false);

  if (!trajectory.abilities.readReports)
    return <NoAccess section={t('trajectories.reports.section')} testId="reports-no-access" />;
  if (route.kind === 'invalid')
    return (
      <Alert color="red" role="alert" title={t('invalidDocumentId')}>
        {t('invalidDocumentIdDetail', { id: route.text })}
      </Alert>
    );
  if (all.isPending) return <PageLoader />;
  if (all.isError) return <ReportListFailure query={all} />;
  if (route.kind === 'list') return <ReportList trajectoryId={trajectory.id} all={all.data} />;
  return (
    <ReportScreen
      // Another report is another edit: its draft never carries over (the frame's guard asked first).
      key={route.id}
      trajectoryId={trajectory.id}
      reportId={route.id}
      reports={all.data}
      split={{ target, picking, setTarget, setPicking }}
    />
  );
}
