import { Box, Group, Stack, Text, Title } from '@mantine/core';
import { IconChartPie, IconRoute, IconUsersGroup, type TablerIcon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Brand } from '../../../components/brand';

const POINTS = [
  { key: 'marketing.point1', icon: IconRoute },
  { key: 'marketing.point2', icon: IconChartPie },
  { key: 'marketing.point3', icon: IconUsersGroup },
] as const;

// Plain boxes rather than Mantine's List and ThemeIcon: this panel is part of the sign-in page's
// start chunk, which has a size budget (e2e/shell/bundle.spec.ts).
function PointIcon({ icon: Icon }: { icon: TablerIcon }) {
  return (
    <Box
      w={26}
      h={26}
      bg="white"
      c="green.9"
      style={{ borderRadius: '50%', display: 'grid', placeItems: 'center', flexShrink: 0 }}
      aria-hidden
    >
      <Icon size={16} />
    </Box>
  );
}

/** Left side of /login on wide screens: the tagline and what the product offers. */
export function MarketingPanel() {
  const { t } = useTranslation();
  return (
    <Box
      component="aside"
      aria-label={t('marketing.label')}
      p={48}
      h="100%"
      style={{
        background:
          'radial-gradient(circle at 20% 15%, rgba(255,255,255,0.12), transparent 45%), linear-gradient(150deg, #123f1c 0%, #1a6b31 55%, #1f7d39 100%)',
        color: 'white',
      }}
    >
      <Stack justify="space-between" h="100%" gap="xl">
        <Brand inverted />
        <Stack gap="lg" maw={520}>
          <Title
            order={2}
            c="white"
            fz={{ base: 28, lg: 34 }}
            lh={1.2}
            style={{ hyphens: 'manual', overflowWrap: 'break-word' }}
          >
            {t('marketing.tagline')}
          </Title>
          <Text c="green.0" size="lg">
            {t('marketing.intro')}
          </Text>
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
            {POINTS.map((point) => (
              <Group component="li" key={point.key} gap="sm" wrap="nowrap" c="white">
                <PointIcon icon={point.icon} />
                <Text inherit>{t(point.key)}</Text>
              </Group>
            ))}
          </Stack>
        </Stack>
        <Text size="sm" c="green.1">
          {t('marketing.footer')}
        </Text>
      </Stack>
    </Box>
  );
}
