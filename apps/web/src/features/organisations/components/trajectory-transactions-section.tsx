import { showDate, showDateTime, type TrajectoryTransaction } from '@groeipad/core';
import { Anchor, Text } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RecordColumn } from '../../../components/record-list';
import { formatCredits } from '../../../lib/money';
import { useTrajectoryTransactions } from '../api/use-transactions';
import { PagedRecords } from './paged-records';

/** The extensions paid with credits (spec part 2 §2 "trajectory transactions"; D24), 20 a page. */
export function TrajectoryTransactionsSection() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const query = useTrajectoryTransactions(page);

  const columns: RecordColumn<TrajectoryTransaction>[] = [
    {
      key: 'created',
      header: t('creditsPage.columns.created'),
      render: (row) => showDateTime(row.createdOn),
      nowrap: true,
    },
    {
      key: 'trajectory',
      header: t('creditsPage.columns.trajectory'),
      render: (row) =>
        row.trajectoryId === null || row.trajectoryName === null ? (
          <Text span size="sm" c="dark.4">
            {t('creditsPage.deletedTrajectory')}
          </Text>
        ) : (
          <Anchor component={Link} to={`/trajectory/${row.trajectoryId}`} size="sm">
            {row.trajectoryName}
          </Anchor>
        ),
    },
    {
      key: 'months',
      header: t('creditsPage.columns.months'),
      nowrap: true,
      render: (row) => t('creditsPage.months', { count: row.months }),
    },
    {
      key: 'credits',
      header: t('creditsPage.columns.credits'),
      render: (row) => formatCredits(row.credits, i18n.language),
      numeric: true,
    },
    {
      key: 'activeUntil',
      header: t('creditsPage.columns.activeUntil'),
      render: (row) =>
        t('creditsPage.activeUntilChange', {
          from: row.previousActiveUntil ? showDate(row.previousActiveUntil) : t('creditsPage.inactive'),
          to: showDate(row.activeUntil),
        }),
    },
    {
      key: 'user',
      header: t('creditsPage.columns.user'),
      render: (row) => row.userEmail ?? t('creditsPage.unknownUser'),
    },
  ];

  return (
    <PagedRecords
      title={t('organisationPage.trajectoryTransactions')}
      intro={t('creditsPage.trajectoryTransactionsIntro')}
      objectKey="objects.trajectoryTransaction"
      emptyText={t('creditsPage.noTrajectoryTransactions')}
      query={query}
      page={page}
      onPage={setPage}
      columns={columns}
      rowKey={(row) => row.id}
      testId="trajectory-transaction"
      icon={<IconCalendarPlus size={36} stroke={1.5} aria-hidden color="var(--mantine-color-green-8)" />}
    />
  );
}
