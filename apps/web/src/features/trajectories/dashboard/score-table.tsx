import type { ScoreOverviewAnswer } from '@groeipad/core';
import { Box, Group, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { averageName, type ScoreRow } from './score-figures';

interface Props {
  title: string;
  rows: readonly ScoreRow[];
  overview: ScoreOverviewAnswer;
  nameOf(row: ScoreRow): string;
}

/** A colour swatch beside a score's name; the border keeps light colours visible on white. */
export function Swatch({ colour }: { colour: string }) {
  return (
    <Box
      aria-hidden
      w={14}
      h={14}
      style={{ flex: 'none', borderRadius: 3, background: colour, border: '1px solid rgba(0, 0, 0, 0.25)' }}
    />
  );
}

/**
 * The table beside the pie (spec part 1 §2): per score its name and colour, the number of
 * competences and the whole percentage; below, the total and the rounded average (§9).
 */
export function ScoreTable({ title, rows, overview, nameOf }: Props) {
  const { t } = useTranslation();
  const average = overview.average;
  const named = averageName(overview);
  return (
    <Table
      data-testid="score-table"
      verticalSpacing={6}
      horizontalSpacing="xs"
      fz="sm"
      captionSide="top"
      // Words wrap whole (global.css breaks anywhere, which would split "ontwikkeling" on a phone);
      // a single word wider than the whole table still breaks.
      style={{ overflowWrap: 'break-word' }}
      styles={{
        caption: { textAlign: 'left', marginTop: 0, marginBottom: 4, color: 'var(--mantine-color-dark-6)' },
      }}
    >
      <Table.Caption>{t('trajectories.dashboard.tableCaption', { name: title })}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('trajectories.dashboard.score')}</Table.Th>
          <Table.Th scope="col" ta="right" style={{ whiteSpace: 'nowrap' }}>
            {t('trajectories.dashboard.count')}
          </Table.Th>
          <Table.Th scope="col" ta="right" style={{ whiteSpace: 'nowrap' }}>
            {t('trajectories.dashboard.percentage')}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.score} data-score={row.score}>
            <Table.Th scope="row" fw={400}>
              <Group gap={8} wrap="nowrap" align="center">
                <Swatch colour={row.colour} />
                <span>{nameOf(row)}</span>
              </Group>
            </Table.Th>
            <Table.Td ta="right">{row.count}</Table.Td>
            <Table.Td ta="right">{t('trajectories.dashboard.percent', { value: row.percent })}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th scope="row">{t('trajectories.dashboard.total')}</Table.Th>
          <Table.Td ta="right" fw={600}>
            {overview.total}
          </Table.Td>
          <Table.Td ta="right">
            {t('trajectories.dashboard.percent', { value: overview.total > 0 ? 100 : 0 })}
          </Table.Td>
        </Table.Tr>
        <Table.Tr data-testid="score-average">
          <Table.Th scope="row">{t('trajectories.dashboard.average')}</Table.Th>
          <Table.Td ta="right" colSpan={2} fw={600}>
            {average === null
              ? t('trajectories.dashboard.noAverage')
              : named
                ? t('trajectories.dashboard.averageNamed', { score: average, name: named })
                : String(average)}
          </Table.Td>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
