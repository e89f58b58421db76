import { type CohortCell, type CohortGridView, type CohortRowView, scoreValue } from '@groeipad/core';
import type { TFunction } from 'i18next';
import { type ScoreChoice, scoreChip } from '../evaluation/score-scale';

/**
 * What one cell of the cohort grid is (issue 22): nothing to show without evaluation read (spec part 1
 * §6), a competence this trajectory's blueprint version does not have, or the competence's latest score
 * as a chip (colour with its number; its name and date in the tooltip and the accessible name, never
 * colour alone) — scorable when the reader may write the evaluation now (`canScore`: D12, rights).
 */
export type CellView =
  | { kind: 'noAccess' }
  | { kind: 'absent' }
  | { kind: 'open'; chip: ScoreChoice | null; date: string | null; writable: boolean };

export function cellView(row: CohortRowView, uuid: string): CellView {
  const evaluation = row.evaluation;
  if (!evaluation) return { kind: 'noAccess' };
  const cell = evaluation.cells[uuid];
  if (!cell) return { kind: 'absent' };
  return {
    kind: 'open',
    chip: scoreChip(evaluation.scale, cell.latest),
    date: cell.latest?.date || null,
    writable: evaluation.canScore,
  };
}

/** The cell's value in words: "3 Voldoende, beoordeeld op 06/05/2025", "Nog niet beoordeeld", "Geen toegang…". */
export function valueText(t: TFunction, view: CellView): string {
  if (view.kind === 'noAccess') return t('trajectories.cohort.cell.noAccess');
  if (view.kind === 'absent') return t('trajectories.cohort.cell.absent');
  if (!view.chip) return t('trajectories.list.notAssessed');
  const score = t('trajectories.cohort.cell.score', { score: view.chip.score, name: view.chip.name });
  return view.date ? t('trajectories.cohort.cell.dated', { score, date: view.date }) : score;
}

/** The cell in words as its tooltip and accessible name say it: the value, and "read-only" where it is. */
export function cellText(t: TFunction, view: CellView): string {
  const value = valueText(t, view);
  return view.kind === 'open' && !view.writable ? t('trajectories.cohort.cell.readOnly', { value }) : value;
}

/** The number a cell's score counts as in an export; null when it is not scored (empty or 0). */
export function exportedScore(row: CohortRowView, uuid: string): number | null {
  const score = scoreValue(row.evaluation?.cells[uuid]?.latest);
  return score === null || score === 0 ? null : score;
}

/** The grid with one cell saved: its row's new version and the cell's new latest values. */
export function withSavedCell(
  grid: CohortGridView,
  rowId: number,
  uuid: string,
  version: number,
  cell: CohortCell,
): CohortGridView {
  return {
    ...grid,
    rows: grid.rows.map((row) =>
      row.id === rowId && row.evaluation
        ? {
            ...row,
            evaluation: { ...row.evaluation, version, cells: { ...row.evaluation.cells, [uuid]: cell } },
          }
        : row,
    ),
  };
}
