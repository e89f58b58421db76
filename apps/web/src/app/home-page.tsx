import { Navigate } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { useMyProgress } from '../features/trajectories';

/**
 * `/`: where a signed-in user starts (D58) — "Mijn voortgang" when they manage no trajectory, else the
 * trajectory list. The server decides (`landing`); should it not answer, the list (which says why) opens.
 */
export function HomePage() {
  const progress = useMyProgress();
  if (progress.isPending) return <PageLoader />;
  return <Navigate to={progress.data?.landing === 'progress' ? '/progress' : '/trajectories'} replace />;
}
