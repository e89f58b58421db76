import { type Criterion, criteriaScoreOverview, type Evaluation } from '@groeipad/core';
import { Group, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { scoreChoices } from '../score-scale';
import { CollapsiblePanel } from './collapsible-panel';
import classes from './evaluation.module.css';

/**
 * The overview (spec part 1 §2): how many of the competences shown have each score as their latest,
 * the unrated ones (score −1, grey; spec part 1 §9) and the rounded average. It follows the filters.
 */
export function OverviewPanel({ criteria, scale }: { criteria: readonly Criterion[]; scale: Evaluation }) {
  const { t, i18n } = useTranslation();
  const overview = useMemo(
    () => criteriaScoreOverview(criteria, scale, t('trajectories.evaluation.notScored')),
    [criteria, scale, t],
  );
  const averageName = useMemo(
    () => scoreChoices(scale).find((choice) => choice.score === overview.average)?.name ?? '',
    [scale, overview.average],
  );
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const slices = [...overview.scores, overview.unrated];
  return (
    <CollapsiblePanel
      title={t('trajectories.evaluation.overview.title')}
      summary={t('trajectories.evaluation.overview.total', { count: overview.total })}
      testId="evaluation-overview"
      printable
    >
      <Stack gap="sm">
        <div className={classes.bar} aria-hidden>
          {slices
            .filter((slice) => slice.count > 0)
            .map((slice) => (
              <div key={slice.score} style={{ width: `${slice.percentage}%`, background: slice.colour }} />
            ))}
        </div>
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {slices.map((slice) => (
            <Group key={slice.score} component="li" gap="xs" wrap="nowrap" data-slice={slice.score}>
              <span className={classes.swatch} style={{ background: slice.colour }} aria-hidden />
              <Text size="sm" className={classes.name} style={{ flex: 1 }}>
                {slice.score === overview.unrated.score
                  ? slice.name
                  : t('trajectories.evaluation.scoreChip', { score: slice.score, name: slice.name })}
              </Text>
              <Text size="sm" fw={600}>
                {t('trajectories.evaluation.overview.count', {
                  count: slice.count,
                  percentage: percent.format(slice.percentage),
                })}
              </Text>
            </Group>
          ))}
        </Stack>
        <Text size="sm">
          {overview.average === null
            ? t('trajectories.evaluation.overview.noAverage')
            : t('trajectories.evaluation.overview.average', { average: overview.average, name: averageName })}
        </Text>
      </Stack>
    </CollapsiblePanel>
  );
}
