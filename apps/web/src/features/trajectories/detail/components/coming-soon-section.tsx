import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlant2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TrajectorySection } from '../sections';

/** Evaluation, reports and dashboard arrive with the next issue: an empty state until then. */
export function ComingSoonSection({ section }: { section: TrajectorySection }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <Stack align="center" gap="sm" py="lg" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="green" aria-hidden>
          <IconPlant2 size={30} />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('trajectories.detail.comingSoon.title')}
        </Title>
        <Text c="dark.5" maw={460}>
          {t('trajectories.detail.comingSoon.message', { section: t(`trajectories.detail.tabs.${section}`) })}
        </Text>
      </Stack>
    </Paper>
  );
}
