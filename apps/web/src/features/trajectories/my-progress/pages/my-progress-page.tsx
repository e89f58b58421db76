import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../../../components/load-failure';
import { usePageTitle } from '../../../../lib/use-page-title';
import { useSession } from '../../../../lib/use-session';
import { useMyProgress } from '../api/use-my-progress';
import { ProgressCard } from '../components/progress-card';

/**
 * /progress, "Mijn voortgang" (D58): the front door of a user who manages no trajectory — per trajectory they
 * follow, how far they are, what is next, where raters disagree and the latest remarks, with one tap into the
 * evaluation. Phone first: one column of cards; the teacher's actions are not here.
 */
export function MyProgressPage() {
  const { t } = useTranslation();
  usePageTitle(t('nav.progress'));
  const claims = useSession()?.claims;
  if (!claims || claims.organisation_id === null) return null;
  return <MyProgress key={`${claims.user_id}.${claims.organisation_id}`} />;
}

function MyProgress() {
  const { t } = useTranslation();
  const progress = useMyProgress();
  return (
    <Stack gap="lg" maw={720} mx="auto" w="100%">
      <Title order={1} size="h2">
        {t('nav.progress')}
      </Title>
      {progress.isPending && (
        <Stack gap="md" aria-busy>
          <Skeleton height={180} radius="md" />
          <Skeleton height={180} radius="md" />
        </Stack>
      )}
      {progress.isError && (
        <LoadFailure
          message={t('loadObjectError', { object: t('myProgress.object') })}
          query={progress}
          withReason
        />
      )}
      {progress.data && progress.data.trajectories.length === 0 && (
        <Text c="dark.5">{t('myProgress.empty')}</Text>
      )}
      {progress.data?.trajectories.map((card) => (
        <ProgressCard key={card.id} card={card} />
      ))}
    </Stack>
  );
}
