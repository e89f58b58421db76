import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#1f7d39" />
      <path
        d="M16 25V14M16 17c0-4 3-7 8-7 0 4-3 7-8 7zM16 20c0-3-2.5-5.5-7-5.5 0 3 2.5 5.5 7 5.5z"
        fill="#fff"
        stroke="#fff"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Brand({ withName = true, inverted = false }: { withName?: boolean; inverted?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap">
      <BrandMark />
      {withName ? (
        <Text fw={700} size="lg" c={inverted ? 'white' : 'green.9'}>
          {t('app.name')}
        </Text>
      ) : null}
    </Group>
  );
}
