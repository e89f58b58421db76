import type { TrajectoryImportProblem, TrajectoryImportRow } from '@groeipad/core';
import { Alert, List, Stack, Switch, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemText } from '../problems';

interface Props {
  rows: readonly TrajectoryImportRow[];
  problems: readonly TrajectoryImportProblem[];
  studentRole: string;
  /** A table of five columns from tablet width; on a phone two, the details under the title. */
  wide: boolean;
}

/**
 * What the import will make (issue 22), as the server judged it: one line per row with its title,
 * student and information, and what is wrong with it in words. Problems of the import as a whole (the
 * student role) stand above the table.
 */
export function PreviewStep({ rows, problems, studentRole, wide }: Props) {
  const { t } = useTranslation();
  const byRow = new Map<number, TrajectoryImportProblem[]>();
  for (const problem of problems)
    if (problem.row !== null) byRow.set(problem.row, [...(byRow.get(problem.row) ?? []), problem]);
  const general = problems.filter((problem) => problem.row === null);
  const [onlyProblems, setOnlyProblems] = useState(byRow.size > 0);
  const shown = rows.flatMap((row, index) => (onlyProblems && !byRow.has(index) ? [] : [{ row, index }]));
  const words = (list: readonly TrajectoryImportProblem[]) =>
    list.map((problem) => problemText(t, problem, studentRole));

  return (
    <Stack gap="sm">
      <Text size="sm" role="status" data-testid="import-summary">
        {problems.length > 0
          ? t('trajectories.import.problemCount', { count: problems.length })
          : `${t('trajectories.import.toMake', { count: rows.length })} ${t('trajectories.import.noProblems')}`}
      </Text>
      {general.length > 0 ? (
        <Alert color="red" role="alert" data-testid="import-general-problems">
          {words(general).join(' ')}
        </Alert>
      ) : null}
      {byRow.size > 0 ? (
        <Switch
          label={t('trajectories.import.onlyProblems')}
          checked={onlyProblems}
          onChange={(event) => setOnlyProblems(event.currentTarget.checked)}
        />
      ) : null}
      <Table
        aria-label={t('trajectories.import.table')}
        verticalSpacing={6}
        horizontalSpacing="xs"
        data-testid="import-preview"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={1} style={{ whiteSpace: 'nowrap' }}>
              {t('trajectories.import.row')}
            </Table.Th>
            <Table.Th>{t('trajectories.import.name')}</Table.Th>
            {wide ? (
              <>
                <Table.Th>{t('trajectories.import.email')}</Table.Th>
                <Table.Th>{t('trajectories.import.information')}</Table.Th>
                {byRow.size > 0 ? <Table.Th>{t('trajectories.import.problemsColumn')}</Table.Th> : null}
              </>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody style={{ overflowWrap: 'anywhere' }}>
          {shown.map(({ row, index }) => {
            const email = row.email?.trim() || t('trajectories.import.noEmail');
            const information = Object.entries(row.information ?? {})
              .map(([key, value]) => `${key}: ${value}`)
              .join(' · ');
            const rowProblems = <ProblemList texts={words(byRow.get(index) ?? [])} />;
            return (
              <Table.Tr key={index} data-testid="import-row" data-problem={byRow.has(index) || undefined}>
                <Table.Td>{index + 1}</Table.Td>
                {wide ? (
                  <>
                    <Table.Td>{row.name}</Table.Td>
                    <Table.Td>{email}</Table.Td>
                    <Table.Td>{information}</Table.Td>
                    {byRow.size > 0 ? <Table.Td>{rowProblems}</Table.Td> : null}
                  </>
                ) : (
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {row.name}
                    </Text>
                    <Text size="sm">{email}</Text>
                    {information ? <Text size="sm">{information}</Text> : null}
                    {rowProblems}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** A row's problems in words, in red; nothing when the row is fine. */
function ProblemList({ texts }: { texts: readonly string[] }) {
  if (texts.length === 0) return null;
  return (
    <List size="sm" c="red.8" spacing={2} listStyleType="none" data-testid="import-row-problems">
      {texts.map((text) => (
        <List.Item key={text}>{text}</List.Item>
      ))}
    </List>
  );
}
