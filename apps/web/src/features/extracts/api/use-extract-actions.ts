import { type ExtractListEntry, extractEndpoints } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';
import { extractListKey } from './keys';

export interface Outcome {
  done: ExtractListEntry[];
  failed: { extract: ExtractListEntry; error: unknown }[];
}

/** Runs `call` for each extract; each succeeds or fails on its own (spec part 2 §2 toolbar). */
async function eachAlone(
  extracts: readonly ExtractListEntry[],
  call: (extract: ExtractListEntry) => Promise<unknown>,
): Promise<Outcome> {
  const results = await Promise.allSettled(extracts.map(call));
  const outcome: Outcome = { done: [], failed: [] };
  results.forEach((result, index) => {
    const extract = extracts[index] as ExtractListEntry;
    if (result.status === 'fulfilled') outcome.done.push(extract);
    else outcome.failed.push({ extract, error: result.reason });
  });
  return outcome;
}

/** DELETE /api/extracts/{id} for each selected extract (its PDF goes for everyone it was shared with). */
export function useDeleteExtracts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (extracts: readonly ExtractListEntry[]) =>
      eachAlone(extracts, (extract) => callData(extractEndpoints.remove, { params: { id: extract.id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: extractListKey }),
  });
}

/** PUT /api/extracts/{id} {status}: archive (ARCHIVED) or restore (ACTIVE) each selected extract (D37). */
export function useSetExtractStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      extracts,
      status,
    }: {
      extracts: readonly ExtractListEntry[];
      status: 'ACTIVE' | 'ARCHIVED';
    }) =>
      eachAlone(extracts, (extract) =>
        callData(extractEndpoints.update, { params: { id: extract.id }, body: { status } }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: extractListKey }),
  });
}

/** POST /api/extracts/{id}/retry (202): a FAILED extract queued again; the list starts polling. */
export function useRetryExtract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (extract: ExtractListEntry) =>
      callData(extractEndpoints.retry, { params: { id: extract.id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: extractListKey }),
  });
}
