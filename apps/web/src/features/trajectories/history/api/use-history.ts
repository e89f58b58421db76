import { historyEndpoints } from '@groeipad/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callData, callEndpoint } from '../../../../lib/endpoint-client';
import { type HistoryFilter, type HistoryTarget, historyQuery } from '../history-format';

/** Under the trajectory's own key, so whatever refreshes the trajectory refreshes its history too. */
export function historyKey(id: number, target: HistoryTarget) {
  return [
    'trajectories',
    'one',
    id,
    'history',
    target.part,
    target.part === 'report' ? target.reportId : 0,
  ] as const;
}

/**
 * GET …/form/history or …/reports/{reportId}/history: one page of the value changes the user may read,
 * newest first, with the people to filter by and the names of the files in the values.
 */
export function useFieldHistory(id: number, target: HistoryTarget, filter: HistoryFilter, page: number) {
  return useQuery({
    queryKey: [...historyKey(id, target), filter, page] as const,
    queryFn: ({ signal }) => {
      const query = historyQuery(filter, page);
      return target.part === 'report'
        ? callData(historyEndpoints.report, { params: { id, reportId: target.reportId }, query, signal })
        : callData(historyEndpoints.form, { params: { id }, query, signal });
    },
    enabled: target.part !== 'evaluation',
    placeholderData: keepPreviousData,
  });
}

/** GET …/evaluations/history: one page of dated entries added and deleted (D2). */
export function useEvaluationHistory(id: number, filter: HistoryFilter, page: number) {
  return useQuery({
    queryKey: [...historyKey(id, { part: 'evaluation' }), filter, page] as const,
    queryFn: ({ signal }) =>
      callData(historyEndpoints.evaluation, { params: { id }, query: historyQuery(filter, page), signal }),
    placeholderData: keepPreviousData,
  });
}

/** What a restore names: a field's value at a version, or a competence's entry at a version. */
export type RestoreRequest =
  | { kind: 'field'; version: number; field: string }
  | { kind: 'entry'; version: number; competence: string; entry: string };

/**
 * POST …/history/restore, made on `current` (If-Match, D29: 409 when the document moved on). The history
 * is refreshed afterwards either way; the section's own data is the caller's (`onRestored`).
 */
export function useRestore(id: number, target: HistoryTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ request, current }: { request: RestoreRequest; current: number }) => {
      if (request.kind === 'entry') {
        const { kind: _kind, ...body } = request;
        return (
          await callEndpoint(historyEndpoints.restoreEvaluation, { params: { id }, body, ifMatch: current })
        ).data;
      }
      const body = { version: request.version, field: request.field };
      if (target.part === 'report')
        return (
          await callEndpoint(historyEndpoints.restoreReport, {
            params: { id, reportId: target.reportId },
            body,
            ifMatch: current,
          })
        ).data;
      return (await callEndpoint(historyEndpoints.restoreForm, { params: { id }, body, ifMatch: current }))
        .data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: historyKey(id, target) }),
  });
}
