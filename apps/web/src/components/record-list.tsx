import { Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface RecordColumn<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** Right-aligned (amounts); never wrapped. */
  numeric?: boolean;
  /** Kept on one line (dates, statuses). */
  nowrap?: boolean;
  width?: number;
}

interface RecordListProps<T> {
  /** The list's accessible name. */
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  columns: readonly RecordColumn<T>[];
  /** A table from tablet width; on a phone one card per row, each value under its column's name. */
  wide: boolean;
  testId?: string;
}

/** Read-only records (transactions): a table, or cards on a phone so nothing scrolls sideways. */
export function RecordList<T>({ label, rows, rowKey, columns, wide, testId }: RecordListProps<T>) {
  if (!wide) {
    return (
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
        {rows.map((row) => (
          <Paper component="li" key={rowKey(row)} withBorder radius="md" p="sm" data-testid={testId}>
            <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
              {columns.map((column) => (
                <Stack key={column.key} gap={0} style={{ minWidth: 0 }}>
                  <Text size="xs" c="dark.4" fw={600}>
                    {column.header}
                  </Text>
                  <Text component="div" size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {column.render(row)}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Table verticalSpacing="sm" horizontalSpacing="md" aria-label={label}>
        <Table.Thead bg="gray.0">
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th
                key={column.key}
                w={column.width}
                ta={column.numeric ? 'right' : undefined}
                style={{ whiteSpace: 'nowrap' }}
              >
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} data-testid={testId}>
              {columns.map((column) => (
                <Table.Td
                  key={column.key}
                  ta={column.numeric ? 'right' : undefined}
                  style={
                    column.numeric || column.nowrap ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }
                  }
                >
                  {column.render(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
