import { type Evaluation, evaluationEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint-client';

/** The evaluation with the version it was read at (ETag, D29). */
export interface LoadedEvaluation {
  evaluation: Evaluation;
  version: number | null;
}

export function evaluationKey(id: number) {
  return ['trajectories', 'one', id, 'evaluation'] as const;
}

/** Reads the evaluation once (also used after a 409 to fetch the newer version). */
export async function fetchEvaluation(id: number, signal?: AbortSignal): Promise<LoadedEvaluation> {
  const answer = await callEndpoint(evaluationEndpoints.get, {
    params: { id },
    ...(signal ? { signal } : {}),
  });
  return { evaluation: answer.data, version: answer.version };
}

/**
 * GET /api/v2/trajectories/{id}/evaluations: the criteria tree with every dated entry and the score
 * scale; 403 noAccess without evaluation read (spec part 1 §6). No retry on a 4xx: noAccess is final.
 * Not asked while `enabled` is false (the server said the reader may not read it).
 */
export function useEvaluation(id: number, enabled = true) {
  return useQuery({
    queryKey: evaluationKey(id),
    queryFn: ({ signal }) => fetchEvaluation(id, signal),
    enabled,
  });
}
