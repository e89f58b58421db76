import { Checkbox, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface SelectableColumn<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  numeric?: boolean;
}

interface SelectableRowsProps<T extends { id: number; name: string }> {
  label: string;
  rows: readonly T[];
  selected: ReadonlySet<number>;
  onChange: (selected: Set<number>) => void;
  /** The columns after the title (which is always the first). */
  columns: readonly SelectableColumn<T>[];
  wide: boolean;
  empty: string;
  testId: string;
}

/**
 * Trajectories to pick with a checkbox each and select-all over the rows shown (the extension wizard's
 * two steps, spec part 2 §2): a table from tablet width, cards on a phone.
 */
export function SelectableRows<T extends { id: number; name: string }>(props: SelectableRowsProps<T>) {
  const { t } = useTranslation();
  const { rows, selected, onChange } = props;
  const chosen = rows.filter((row) => selected.has(row.id)).length;
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(next);
  };
  const selectAll = (
    <Checkbox
      aria-label={t('extend.selectAll')}
      label={props.wide ? undefined : t('extend.selectAll')}
      checked={rows.length > 0 && chosen === rows.length}
      indeterminate={chosen > 0 && chosen < rows.length}
      disabled={rows.length === 0}
      onChange={() => onChange(chosen === rows.length ? new Set() : new Set(rows.map((row) => row.id)))}
    />
  );
  const box = (row: T) => (
    <Checkbox
      aria-label={t('extend.select', { name: row.name })}
      checked={selected.has(row.id)}
      onChange={() => toggle(row.id)}
    />
  );

  if (rows.length === 0)
    return (
      <Paper withBorder radius="lg" p="lg">
        <Text size="sm" c="dark.4" ta="center" role="status">
          {props.empty}
        </Text>
      </Paper>
    );

  if (!props.wide) {
    return (
      <Stack gap="xs">
        <Group px="sm">{selectAll}</Group>
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={props.label}>
          {rows.map((row) => (
            <Paper
              component="li"
              key={row.id}
              withBorder
              radius="md"
              p="sm"
              bg={selected.has(row.id) ? 'green.0' : undefined}
              data-testid={props.testId}
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <div style={{ paddingTop: 2 }}>{box(row)}</div>
                <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {row.name}
                  </Text>
                  <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
                    {props.columns.map((column) => (
                      <div key={column.key} style={{ minWidth: 0 }}>
                        <Text size="xs" c="dark.4" fw={600}>
                          {column.header}
                        </Text>
                        <Text component="div" size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {column.render(row)}
                        </Text>
                      </div>
                    ))}
                  </SimpleGrid>
                </Stack>
              </Group>
            </Paper>
          ))}
        </Stack>
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label={props.label}>
        <Table.Thead bg="gray.0">
          <Table.Tr>
            <Table.Th w={44}>{selectAll}</Table.Th>
            <Table.Th>{t('extend.columns.title')}</Table.Th>
            {props.columns.map((column) => (
              <Table.Th key={column.key} ta={column.numeric ? 'right' : undefined}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.id}
              bg={selected.has(row.id) ? 'green.0' : undefined}
              data-testid={props.testId}
            >
              <Table.Td>{box(row)}</Table.Td>
              <Table.Td fw={600} style={{ overflowWrap: 'anywhere' }}>
                {row.name}
              </Table.Td>
              {props.columns.map((column) => (
                <Table.Td
                  key={column.key}
                  ta={column.numeric ? 'right' : undefined}
                  style={{ overflowWrap: 'anywhere' }}
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
