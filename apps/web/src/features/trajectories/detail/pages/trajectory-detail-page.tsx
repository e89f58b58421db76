import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { InvalidIdNotice } from '../../../../components/invalid-id-notice';
import { usePageTitle } from '../../../../lib/use-page-title';
import { TrajectoryDetail } from '../components/trajectory-detail';
import { trajectoryIdOf } from '../sections';

/**
 * /trajectory/{id}/{section}: the trajectory detail frame (spec part 1 §2). An id that is not a whole
 * number a database id can be shows invalidDocumentId; the section is judged once the trajectory is
 * known (the dashboard tab exists only with widgets).
 */
export function TrajectoryDetailPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = trajectoryIdOf(params.id);
  if (id === null) return <InvalidId title={t('screens.trajectory')} id={params.id} />;
  return <TrajectoryDetail key={id} id={id} section={params['*']?.split('/')[0]} />;
}

function InvalidId({ title, id }: { title: string; id: string | undefined }) {
  usePageTitle(title);
  return <InvalidIdNotice title={title} id={id} />;
}
