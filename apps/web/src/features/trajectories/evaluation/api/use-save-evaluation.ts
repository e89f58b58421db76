import {
  applyPatch,
  diffJson,
  type Evaluation,
  evaluationEndpoints,
  type JsonValue,
  type PatchOperation,
} from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint-client';
import { evaluationKey, type LoadedEvaluation } from './use-evaluation';

export interface SaveEvaluation {
  /** The saved evaluation the edits were made on. */
  base: LoadedEvaluation;
  /** The draft: the base with dated entries added and deleted. */
  evaluation: Evaluation;
  /** The editor's edit date, yyyy-MM-dd (D4): the server fills it in as a scored entry's missing date. */
  editDate: string;
}

/** `…/properties/{timestamp}`: an entry added or deleted, the only change a save sends (D2). */
const ENTRY_PATH = /\/properties\/[^/]+$/;

/**
 * What the draft adds and deletes, as the JSON Patch the server takes: each entry, never the rest of the
 * evaluation (latestProperties is the server's to work out).
 */
export function entryPatch(base: Evaluation, draft: Evaluation): PatchOperation[] {
  return diffJson(base as unknown as JsonValue, draft as unknown as JsonValue).filter(
    (operation) => (operation.op === 'add' || operation.op === 'remove') && ENTRY_PATH.test(operation.path),
  );
}

/**
 * PATCH /api/v2/trajectories/{id}/evaluations?editDate=… with If-Match: only the entries added or deleted
 * (D2), so a save costs the same whatever the number of entries. The server answers the new version and
 * the patch as it applied it (with latestProperties and the dates it filled in), which turns the base into
 * the saved evaluation without reading it again.
 */
export function useSaveEvaluation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // Offline the save fails at once with internetDisconnectedError (spec part 1 §8) instead of
    // waiting, paused, for the connection to come back (TanStack's default for mutations).
    networkMode: 'always',
    mutationFn: async ({ base, evaluation, editDate }: SaveEvaluation): Promise<LoadedEvaluation> => {
      const answer = await callEndpoint(evaluationEndpoints.patch, {
        params: { id },
        query: { editDate },
        body: entryPatch(base.evaluation, evaluation),
        ...(base.version !== null ? { ifMatch: base.version } : {}),
      });
      return {
        evaluation: applyPatch(base.evaluation, answer.data.patch),
        version: answer.data.version,
      };
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(evaluationKey(id), saved);
      // The dashboard's figures come from the evaluation.
      void queryClient.invalidateQueries({ queryKey: ['trajectories', 'one', id, 'dashboard'] });
    },
  });
}
