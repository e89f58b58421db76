import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconReplace, IconX } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../../components/page-loader';
import { ApiError, errorText } from '../../../../lib/api-error';
import { useReport } from '../api/use-report';
import { reportRights } from '../report-fields';
import { displayDay } from '../report-navigation';
import { ReportForm } from './report-form';
import classes from './reports.module.css';
import { SplitEvaluation } from './split-evaluation';
import type { SplitTarget } from './split-picker';

/** The second, read-only pane of the split screen: a report or the evaluation. */
export function SplitPane({
  trajectoryId,
  target,
  onChange,
  onClose,
}: {
  trajectoryId: number;
  target: SplitTarget;
  onChange: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'xs', sm: 'md' }}
      component="section"
      aria-label={t('trajectories.reports.split.pane')}
      className={`${classes.pane} ${classes.stickyPane}`}
      // Scrolls on its own on a wide screen: reachable by keyboard.
      tabIndex={0}
      data-testid="split-pane"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap" className={classes.noPrint}>
          <Text size="xs" c="gray.7" tt="uppercase" fw={600}>
            {t('trajectories.reports.split.readOnly')}
          </Text>
          <Group gap={4} wrap="wrap">
            <Button size="xs" variant="default" leftSection={<IconReplace size={14} />} onClick={onChange}>
              {t('trajectories.reports.split.change')}
            </Button>
            <Button size="xs" variant="default" leftSection={<IconX size={14} />} onClick={onClose}>
              {t('trajectories.reports.split.close')}
            </Button>
          </Group>
        </Group>
        {target.kind === 'evaluation' ? (
          <>
            <Title order={3} size="h4">
              {t('trajectories.reports.split.evaluation')}
            </Title>
            <SplitEvaluation trajectoryId={trajectoryId} />
          </>
        ) : (
          <SplitReport trajectoryId={trajectoryId} reportId={target.id} />
        )}
      </Stack>
    </Paper>
  );
}

function SplitReport({ trajectoryId, reportId }: { trajectoryId: number; reportId: number }) {
  const { t } = useTranslation();
  const loaded = useReport(trajectoryId, reportId);
  const report = loaded.data?.report;
  const rights = useMemo(() => (report ? reportRights(report.structure, []) : new Map()), [report]);
  if (loaded.isPending) return <PageLoader />;
  if (loaded.isError || !report)
    return (
      <Alert
        color="red"
        role="alert"
        title={t('loadDocumentError', { document: t('trajectories.reports.document') })}
      >
        <Text size="sm">
          {loaded.error instanceof ApiError && loaded.error.status === 404
            ? t('trajectories.reports.notFound')
            : errorText(t, loaded.error)}
        </Text>
      </Alert>
    );
  return (
    <Stack gap="sm">
      <div>
        <Title order={3} size="h4" className={classes.wrap}>
          {report.name}
        </Title>
        <Text size="sm" c="gray.7">
          {t('trajectories.reports.subtitle', {
            type: report.blueprintName,
            date: displayDay(report.created),
          })}
        </Text>
      </div>
      {report.structure.length === 0 ? (
        <Text c="gray.7">{t('trajectories.reports.noFields')}</Text>
      ) : (
        <ReportForm
          shown={report.structure}
          readable={report.structure}
          values={report.values}
          rights={rights}
          idPrefix={`split-${report.id}-`}
        />
      )}
    </Stack>
  );
}
