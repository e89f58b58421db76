import type { Criterion, Evaluation } from '@groeipad/core';
import { Alert, Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../../../components/load-failure';
import { PageLoader } from '../../../../components/page-loader';
import { ApiError } from '../../../../lib/api-error';
import { useSplitEvaluation } from '../api/use-split-evaluation';
import { scoreOf } from '../split-score';
import classes from './reports.module.css';

/**
 * The evaluation beside a report (split screen, issue 9), read-only: the tree of clusters, sub-clusters
 * and competences (D3) with each competence's latest score and date. The evaluation section is where it
 * is edited.
 */
export function SplitEvaluation({ trajectoryId }: { trajectoryId: number }) {
  const { t } = useTranslation();
  const evaluation = useSplitEvaluation(trajectoryId, true);
  if (evaluation.isPending) return <PageLoader />;
  if (evaluation.isError) {
    const noAccess = evaluation.error instanceof ApiError && evaluation.error.status === 403;
    return noAccess ? (
      <Alert
        color="yellow"
        role="status"
        title={t('noAccess', { section: t('trajectories.reports.evaluationSection') })}
      />
    ) : (
      <LoadFailure
        withReason
        message={t('loadDocumentError', { document: t('trajectories.reports.evaluationDocument') })}
        query={evaluation}
      />
    );
  }
  if (evaluation.data.criteria.length === 0)
    return <Text c="gray.7">{t('trajectories.reports.evaluationEmpty')}</Text>;
  return (
    <Box component="ul" className={classes.tree} data-testid="split-evaluation">
      {evaluation.data.criteria.map((criterion) => (
        <CriterionItem key={criterion.uuid} criterion={criterion} evaluation={evaluation.data} />
      ))}
    </Box>
  );
}

function CriterionItem({ criterion, evaluation }: { criterion: Criterion; evaluation: Evaluation }) {
  const { t } = useTranslation();
  if (criterion.type === 'cluster')
    return (
      <li>
        <Text fw={600} size="sm" className={classes.wrap}>
          {criterion.name}
        </Text>
        {criterion.subsections.length > 0 ? (
          <ul className={classes.tree}>
            {criterion.subsections.map((child) => (
              <CriterionItem key={child.uuid} criterion={child} evaluation={evaluation} />
            ))}
          </ul>
        ) : null}
      </li>
    );
  const score = scoreOf(evaluation, criterion.latestProperties);
  const date = criterion.latestProperties?.date;
  return (
    <li data-testid="split-competence">
      <Group gap={6} wrap="wrap" justify="space-between" className={classes.competence}>
        <Text size="sm" className={classes.wrap} style={{ flex: '1 1 12rem' }}>
          {criterion.name}
        </Text>
        <Group gap={6} wrap="nowrap">
          {score ? (
            <>
              <span className={classes.swatch} style={{ background: score.colour }} aria-hidden="true" />
              <Text size="sm">{score.name}</Text>
            </>
          ) : (
            <Text size="sm" c="gray.7" fs="italic">
              {t('trajectories.reports.notScored')}
            </Text>
          )}
          {date ? (
            <Text size="xs" c="gray.7">
              {date}
            </Text>
          ) : null}
        </Group>
      </Group>
    </li>
  );
}
