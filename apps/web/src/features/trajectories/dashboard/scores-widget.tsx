import type { DashboardWidgetView, ScoreRule } from '@groeipad/core';
import { Box, Flex, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartPie, IconInfoCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ScoreRow, scoredCount, scoreRows, scoreRuleText, widgetScope } from './score-figures';
import { ScorePie } from './score-pie';
import { ScoreTable } from './score-table';

type ScoresWidgetView = Extract<DashboardWidgetView, { type: 'evaluation_scores' }>;

/**
 * One evaluation_scores widget (spec part 1 §2, §9; D20): the widget's name and the cluster it
 * covers by name, the pie with the table beside it (above it on a phone), and next to them how the
 * figures are worked out, in words a student and a parent can follow — with which score of a competence
 * counts under the trajectory's score rule (issue 23).
 */
export function ScoresWidget({ widget, rule }: { widget: ScoresWidgetView; rule?: ScoreRule | null }) {
  const { t } = useTranslation();
  const overview = widget.overview;
  const rows = useMemo(() => (overview ? scoreRows(overview) : []), [overview]);
  const nameOf = (row: ScoreRow) => (row.unrated ? t('trajectories.dashboard.unrated') : row.name);
  const scope = widgetScope(widget);
  const scored = overview ? scoredCount(overview) : 0;
  const how = scoreRuleText(rule);

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-label={widget.name}
      data-widget={widget.uuid}
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={36} radius="xl" variant="light" color="green" aria-hidden>
            <IconChartPie size={20} />
          </ThemeIcon>
          <Box miw={0}>
            <Title order={2} size="h4">
              {widget.name}
            </Title>
            <Text size="sm" c="dark.5" data-testid="widget-scope">
              {scope.kind === 'cluster'
                ? t('trajectories.dashboard.scopeCluster', { path: scope.path })
                : t(
                    scope.kind === 'gone'
                      ? 'trajectories.dashboard.scopeGone'
                      : 'trajectories.dashboard.scopeAll',
                  )}
            </Text>
          </Box>
        </Group>

        {!overview ? (
          <Text c="dark.5">{t('trajectories.dashboard.clusterGone')}</Text>
        ) : scored === 0 ? (
          <Text c="dark.5" data-testid="scores-empty">
            {overview.total === 0
              ? t('trajectories.dashboard.noCompetences')
              : t('trajectories.dashboard.nothingScored', { count: overview.total })}
          </Text>
        ) : (
          <Flex
            direction={{ base: 'column', sm: 'row' }}
            gap={{ base: 'md', sm: 'xl' }}
            align={{ base: 'center', sm: 'flex-start' }}
          >
            <Box w={{ base: 200, sm: 220 }} style={{ flex: 'none' }}>
              <ScorePie title={widget.name} rows={rows} nameOf={nameOf} />
            </Box>
            <Box w="100%" maw={420} miw={0}>
              <ScoreTable title={widget.name} rows={rows} overview={overview} nameOf={nameOf} />
            </Box>
          </Flex>
        )}

        {overview ? (
          <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="scores-explanation">
            <IconInfoCircle
              size={18}
              aria-hidden
              style={{ flex: 'none', marginTop: 2, color: 'var(--mantine-color-blue-7)' }}
            />
            <Text size="sm" c="dark.6">
              <Text span fw={600} size="sm">
                {t('trajectories.dashboard.howTitle')}{' '}
              </Text>
              {[
                t(`trajectories.dashboard.${how.key}`, how.values),
                scope.kind === 'cluster'
                  ? t('trajectories.dashboard.howScopeCluster', { count: overview.total, path: scope.path })
                  : t('trajectories.dashboard.howScopeAll', { count: overview.total }),
                t('trajectories.dashboard.howUnrated', { unrated: t('trajectories.dashboard.unrated') }),
                t('trajectories.dashboard.howAverage'),
              ].join(' ')}
            </Text>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
