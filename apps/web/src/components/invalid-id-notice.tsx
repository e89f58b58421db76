import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Whether a route id is a whole number (document routes, spec part 2 §2). */
export function isWholeNumber(value: string | undefined): value is string {
  return value !== undefined && /^\d+$/.test(value);
}

/** The invalidDocumentId error of a screen whose route id is not a whole number. */
export function InvalidIdNotice({ title, id }: { title: string; id: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Stack maw={640}>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('invalidDocumentId')}>
        {t('invalidDocumentIdDetail', { id })}
      </Alert>
      <Anchor component={Link} to="/">
        {t('common.goHome')}
      </Anchor>
    </Stack>
  );
}
