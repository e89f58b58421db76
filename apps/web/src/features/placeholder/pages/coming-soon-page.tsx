import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlant2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { InvalidIdNotice, isWholeNumber } from '../../../components/invalid-id-notice';
import { usePageTitle } from '../../../lib/use-page-title';

export interface ComingSoonPageProps {
  /** Translation key of the screen's title, e.g. nav.trajectories. */
  titleKey: string;
  /** The route carries an :id that must be a whole number (else invalidDocumentId). */
  numericId?: boolean;
  /** Show nothing at all for a non-numeric id (information blueprints, spec part 2 §2). */
  silentInvalidId?: boolean;
}

/** A screen that is part of the route table but arrives in a later release. */
export function ComingSoonPage({
  titleKey,
  numericId = false,
  silentInvalidId = false,
}: ComingSoonPageProps) {
  const { t } = useTranslation();
  const { id } = useParams();
  const title = t(titleKey);
  usePageTitle(title);

  if (numericId && !isWholeNumber(id)) {
    return silentInvalidId ? null : <InvalidIdNotice title={title} id={id} />;
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack align="center" gap="sm" py="lg" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="green">
            <IconPlant2 size={30} />
          </ThemeIcon>
          <Title order={2} size="h3">
            {t('comingSoon.title')}
          </Title>
          <Text c="dark.5" maw={460}>
            {t('comingSoon.message', { screen: title })}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
