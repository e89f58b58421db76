import { Box, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartPie, IconCheck, IconRoute, IconUsersGroup, type TablerIcon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Brand } from '../../../components/brand';

const POINTS = [
  { key: 'marketing.point1', icon: IconRoute },
  { key: 'marketing.point2', icon: IconChartPie },
  { key: 'marketing.point3', icon: IconUsersGroup },
] as const;

function PointIcon({ icon: Icon }: { icon: TablerIcon }) {
  return (
    <ThemeIcon size={26} radius="xl" color="white" c="green.9">
      <Icon size={16} />
    </ThemeIcon>
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
          <List spacing="sm" c="white" icon={<PointIcon icon={IconCheck} />}>
            {POINTS.map((point) => (
              <List.Item key={point.key} icon={<PointIcon icon={point.icon} />}>
                {t(point.key)}
              </List.Item>
            ))}
          </List>
        </Stack>
        <Text size="sm" c="green.1">
          {t('marketing.footer')}
        </Text>
      </Stack>
    </Box>
  );
}
