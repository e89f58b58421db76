import { type ExtractListEntry, extractEndpoints, type ProgressReportOptions } from '@groeipad/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';
import { extractListKey } from './keys';

/** The key of what one click on "Voortgangsrapport maken" makes (issue 31). */
export const progressReportKey = ['extracts', 'progress-report'] as const;

/**
 * GET /api/extracts/progress-report: the organisation's default extract blueprint, what one click uses
 * (decided by the server), the choices and whether the user may choose the default.
 */
export function useProgressReportOptions(enabled = true) {
  return useQuery({
    queryKey: progressReportKey,
    queryFn: ({ signal }) => callData(extractEndpoints.progressReportOptions, { signal }),
    enabled,
  });
}

/** POST /api/extracts/progress-report (202): the trajectory's progress report, queued; the list refreshes. */
export function useMakeProgressReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { trajectory: number; extract?: number }): Promise<ExtractListEntry> =>
      callData(extractEndpoints.makeProgressReport, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: extractListKey }),
  });
}

/** PUT /api/extracts/progress-report/default: an ADMIN chooses the organisation's default (or none). */
export function useSetDefaultExtract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (extract: number | null): Promise<ProgressReportOptions> =>
      callData(extractEndpoints.setDefault, { body: { extract } }),
    onSuccess: (options) => queryClient.setQueryData(progressReportKey, options),
  });
}
