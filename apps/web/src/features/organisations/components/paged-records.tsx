import { CREDIT_PAGE_SIZE } from '@groeipad/core';
import { Group, Pagination, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../../components/load-failure';
import { type RecordColumn, RecordList } from '../../../components/record-list';

interface PagedRecordsProps<T> {
  title: string;
  intro: string;
  /** The records' name in loadObjectError (spec part 2 §8), e.g. objects.creditTransaction. */
  objectKey: string;
  emptyText: string;
  query: UseQueryResult<{ total: number; content: T[] }>;
  page: number;
  onPage: (page: number) => void;
  columns: readonly RecordColumn<T>[];
  rowKey: (row: T) => number;
  testId: string;
  icon: ReactNode;
}

/** A section of the organisation page listing records 20 a page (spec part 2 §7 `?page&size`). */
export function PagedRecords<T>(props: PagedRecordsProps<T>) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 62em)', true, { getInitialValueInEffect: false });
  const { query, page } = props;
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / CREDIT_PAGE_SIZE)) : 1;

  let body: ReactNode;
  if (query.isError) {
    body = (
      <LoadFailure
        message={t('loadObjectError', { object: t(props.objectKey, { count: 2 }) })}
        query={query}
      />
    );
  } else if (!query.data) {
    body = (
      <Stack gap="xs" aria-busy>
        <Skeleton h={48} radius="md" />
        <Skeleton h={48} radius="md" />
      </Stack>
    );
  } else if (query.data.total === 0) {
    body = (
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="xs" ta="center" role="status">
          {props.icon}
          <Text size="sm" c="dark.4" maw={420}>
            {props.emptyText}
          </Text>
        </Stack>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="sm">
        <RecordList
          label={props.title}
          rows={query.data.content}
          rowKey={props.rowKey}
          columns={props.columns}
          wide={wide}
          testId={props.testId}
        />
        {pages > 1 ? (
          <Group justify="center">
            <Pagination
              total={pages}
              value={page + 1}
              onChange={(value) => props.onPage(value - 1)}
              getControlProps={(control) => ({
                'aria-label': t(`pagination.${control}`),
              })}
              getItemProps={(item) => ({ 'aria-label': t('pagination.page', { page: item }) })}
            />
          </Group>
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3">
          {props.title}
        </Title>
        <Text size="sm" c="dark.5" mt={4}>
          {props.intro}
        </Text>
      </div>
      {body}
    </Stack>
  );
}
