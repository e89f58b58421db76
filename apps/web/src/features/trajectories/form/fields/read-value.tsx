import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A field in read mode (or a field the user may not write): its name above its value, or "not filled
 * in" when it has none. `labelId` lets a list or link inside refer to the name.
 */
export function ReadValue({
  label,
  labelId,
  empty,
  children,
}: {
  label: string;
  labelId?: string;
  empty: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} data-testid="form-field-read">
      <Text size="sm" fw={600} id={labelId} style={{ overflowWrap: 'anywhere' }}>
        {label}
      </Text>
      {empty ? (
        <Text size="sm" c="gray.7" fs="italic">
          {t('trajectories.form.notFilled')}
        </Text>
      ) : (
        <div style={{ overflowWrap: 'anywhere', fontSize: 'var(--mantine-font-size-sm)' }}>{children}</div>
      )}
    </Stack>
  );
}
