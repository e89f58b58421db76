import { evaluationEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../../lib/endpoint-client';
import { reportKeys } from './keys';

/**
 * GET …/evaluations for the split screen, read-only (403 noAccess without evaluation read). Its own
 * key: the evaluation section caches its editable copy separately.
 */
export function useSplitEvaluation(id: number, enabled: boolean) {
  return useQuery({
    queryKey: reportKeys.evaluation(id),
    queryFn: ({ signal }) => callData(evaluationEndpoints.get, { params: { id }, signal }),
    enabled,
  });
}
