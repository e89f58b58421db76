import { type Evaluation, evaluationEndpoints } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint-client';
import { evaluationKey, type LoadedEvaluation } from './use-evaluation';

export interface SaveEvaluation {
  evaluation: Evaluation;
  /** The version the edits were made on (If-Match; a newer stored one answers 409 staleDocument). */
  version: number | null;
  /** The editor's edit date, yyyy-MM-dd (D4): the server fills it in as a scored entry's missing date. */
  editDate: string;
}

/**
 * PUT /api/v2/trajectories/{id}/evaluations?editDate=…: the whole evaluation; the server keeps only the
 * dated entries added or deleted (D2) and answers the saved evaluation, whose ETag is the new version.
 */
export function useSaveEvaluation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline the save fails at once with internetDisconnectedError (spec part 1 §8) instead of
    // waiting, paused, for the connection to come back (TanStack's default for mutations).
    networkMode: 'always',
    mutationFn: async ({ evaluation, version, editDate }: SaveEvaluation): Promise<LoadedEvaluation> => {
      const answer = await callEndpoint(evaluationEndpoints.put, {
        params: { id },
        query: { editDate },
        body: evaluation,
        ...(version !== null ? { ifMatch: version } : {}),
      });
      return { evaluation: answer.data, version: answer.version };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(evaluationKey(id), saved);
      // The dashboard's figures come from the evaluation.
      void queryClient.invalidateQueries({ queryKey: ['trajectories', 'one', id, 'dashboard'] });
    },
  });
}
