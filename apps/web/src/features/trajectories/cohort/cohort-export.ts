import { type CohortCompetence, type CohortRowView, codedName } from '@groeipad/core';
import type { TFunction } from 'i18next';
import type { SheetCell, SheetData } from '../../../lib/spreadsheet';
import { cellView, exportedScore, valueText } from './cell-view';

/**
 * The grid as a workbook (issue 22): a sheet of score numbers (to count with: a name, then one column
 * per competence, empty where nothing is scored) and one of the same cells in words, with the score's
 * name and date. Rows whose evaluation the user may not read stay empty in the first and say so in the
 * second.
 */
export function cohortSheets(
  t: TFunction,
  rows: readonly CohortRowView[],
  columns: readonly CohortCompetence[],
): SheetData[] {
  const header: SheetCell[] = [
    t('trajectories.cohort.export.name'),
    ...columns.map((column) => codedName(column)),
  ];
  const widths = [32, ...columns.map(() => 14)];
  const details = (row: CohortRowView, uuid: string): SheetCell => {
    const view = cellView(row, uuid);
    return view.kind === 'open' && !view.chip ? null : valueText(t, view);
  };
  return [
    {
      name: t('trajectories.cohort.export.scores'),
      rows: [
        header,
        ...rows.map((row) => [row.name, ...columns.map((column) => exportedScore(row, column.uuid))]),
      ],
      widths,
    },
    {
      name: t('trajectories.cohort.export.details'),
      rows: [header, ...rows.map((row) => [row.name, ...columns.map((column) => details(row, column.uuid))])],
      widths: [32, ...columns.map(() => 28)],
    },
  ];
}

/** "Klasoverzicht Zorg 2025-05-06.xlsx": the screen's name, the cluster and the day; no path characters. */
export function exportFileName(title: string, columns: string, day: string): string {
  const name = `${title} ${columns} ${day}`
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${name.slice(0, 120)}.xlsx`;
}
