import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A section the reader may not read (spec part 1 §6 `noAccess`): said so, never an empty list that would
 * read as "nothing here yet".
 */
export function NoAccess({ section, testId }: { section: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="orange"
      role="status"
      // Orange on its light background is below 4.5:1 for the title: dark text (as the expired banner).
      styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
      title={t('noAccess', { section })}
      {...(testId ? { 'data-testid': testId } : {})}
    />
  );
}
