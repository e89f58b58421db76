import {
  businessToday,
  type CohortGridView,
  calendarDateToDate,
  cellAfterSave,
  cohortScoreOperation,
  DEFAULT_BUSINESS_TIME_ZONE,
  evaluationEndpoints,
  parseIsoDate,
} from '@groeipad/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-error';
import { callEndpoint } from '../../../../lib/endpoint-client';
import { notifyApiFailure, notifyFailure } from '../../../../lib/notify';
import { evaluationKey } from '../../evaluation/api/use-evaluation';
import { trajectoryListKey } from '../../list/api/use-trajectory-list';
import { withSavedCell } from '../cell-view';
import { cohortKey } from './use-cohort-grid';

/** A cell of the grid: the trajectory (row) and the competence (column). */
export function cellKey(rowId: number, uuid: string): string {
  return `${rowId}:${uuid}`;
}

/** What the last save said, for the page's live region. */
export type ScoringStatus =
  | { kind: 'saving' }
  | { kind: 'saved'; row: string; competence: string; score: number }
  | { kind: 'failed' }
  | null;

/**
 * Scoring cells of the grid in place (issue 22): each score is one dated entry (D2) sent through the
 * evaluation's own PATCH with the row's version as If-Match (D29), the latest values with the score
 * changed and dated today (D4; core `cohortScoreOperation`). Saves of one row go one after another, each
 * on the version the one before answered. A 409 (someone else saved that trajectory) reloads the grid
 * and says so; any other failure says why. The cell shows the score being saved until the answer.
 */
export function useCohortScoring(ids: readonly number[]) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const queues = useRef(new Map<number, Promise<void>>());
  const saves = useRef(0);
  const [saving, setSaving] = useState<ReadonlyMap<string, { score: number; save: number }>>(new Map());
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const [status, setStatus] = useState<ScoringStatus>(null);

  const save = useCallback(
    async (rowId: number, uuid: string, competence: string, score: number) => {
      const key = cohortKey(ids);
      const row = queryClient
        .getQueryData<CohortGridView>(key)
        ?.rows.find((candidate) => candidate.id === rowId);
      const evaluation = row?.evaluation;
      const cell = evaluation?.cells[uuid];
      if (!row || !evaluation?.canScore || !cell) return;
      const today = businessToday(DEFAULT_BUSINESS_TIME_ZONE);
      const day = parseIsoDate(today);
      const operation = cohortScoreOperation(cell, score, {
        at: new Date(),
        editDate: day ? calendarDateToDate(day) : new Date(),
      });
      try {
        const answer = await callEndpoint(evaluationEndpoints.patch, {
          params: { id: rowId },
          query: { editDate: today },
          body: [operation],
          ifMatch: evaluation.version,
        });
        queryClient.setQueryData<CohortGridView>(key, (grid) =>
          grid
            ? withSavedCell(
                grid,
                rowId,
                uuid,
                answer.data.version,
                cellAfterSave(cell, operation, answer.data.patch),
              )
            : grid,
        );
        // The trajectory's evaluation, dashboard and the list's progress changed with it.
        void queryClient.invalidateQueries({ queryKey: evaluationKey(rowId) });
        void queryClient.invalidateQueries({ queryKey: ['trajectories', 'one', rowId, 'dashboard'] });
        void queryClient.invalidateQueries({ queryKey: trajectoryListKey });
        setStatus({ kind: 'saved', row: row.name, competence, score });
      } catch (error) {
        setFailed((current) => new Set(current).add(cellKey(rowId, uuid)));
        setStatus({ kind: 'failed' });
        if (error instanceof ApiError && error.isStale) {
          await queryClient.invalidateQueries({ queryKey: key });
          notifyFailure(
            t,
            t('trajectories.cohort.staleTitle'),
            t('trajectories.cohort.stale', { name: row.name }),
          );
        } else notifyApiFailure(t, t('trajectories.cohort.saveFailed', { name: row.name }), error);
      }
    },
    [ids, queryClient, t],
  );

  /** Scores a cell: queued behind the row's saves still under way. */
  const score = useCallback(
    (rowId: number, uuid: string, competence: string, value: number) => {
      const key = cellKey(rowId, uuid);
      saves.current += 1;
      const mine = { score: value, save: saves.current };
      setSaving((current) => new Map(current).set(key, mine));
      setFailed((current) => {
        if (!current.has(key)) return current;
        const next = new Set(current);
        next.delete(key);
        return next;
      });
      setStatus({ kind: 'saving' });
      const previous = queues.current.get(rowId) ?? Promise.resolve();
      const next = previous
        .then(() => save(rowId, uuid, competence, value))
        .finally(() =>
          setSaving((current) => {
            // A later score of the same cell is still under way: it keeps showing.
            if (current.get(key) !== mine) return current;
            const left = new Map(current);
            left.delete(key);
            return left;
          }),
        );
      queues.current.set(rowId, next);
    },
    [save],
  );

  return { score, saving, failed, status };
}
