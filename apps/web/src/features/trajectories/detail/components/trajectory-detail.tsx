import type { TrajectoryInfo } from '@groeipad/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { LoadFailure } from '../../../../components/load-failure';
import { PageLoader } from '../../../../components/page-loader';
import { ApiError } from '../../../../lib/api-error';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useTrajectory } from '../api/use-trajectory';
import { FALLBACK_SECTION, landingSection, sectionOf, sectionPath } from '../sections';
import { DetailFrame } from './detail-frame';
import { NotFound } from './not-found';

/** Loads the trajectory, then shows the frame at a section it has (else redirects: D43, part 1 §2). */
export function TrajectoryDetail({ id, section }: { id: number; section: string | undefined }) {
  const { t } = useTranslation();
  const trajectory = useTrajectory(id);
  usePageTitle(trajectory.data?.name ?? t('screens.trajectory'));

  if (trajectory.isPending) return <PageLoader />;
  if (trajectory.isError) {
    if (trajectory.error instanceof ApiError && trajectory.error.status === 404) return <NotFound />;
    return (
      <LoadFailure
        withReason
        message={t('loadDocumentError', { document: t('screens.trajectory') })}
        query={trajectory}
      />
    );
  }
  return <Loaded trajectory={trajectory.data} section={section} />;
}

function Loaded({ trajectory, section }: { trajectory: TrajectoryInfo; section: string | undefined }) {
  // No section: the first the reader may read (D43); an unknown one: access (part 1 §2).
  if (!section) return <Navigate to={sectionPath(trajectory.id, landingSection(trajectory))} replace />;
  const current = sectionOf(section, trajectory.hasDashboard);
  if (!current) return <Navigate to={sectionPath(trajectory.id, FALLBACK_SECTION)} replace />;
  return <DetailFrame trajectory={trajectory} section={current} />;
}
