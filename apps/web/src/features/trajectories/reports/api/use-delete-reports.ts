import { type ReportListEntry, reportEndpoints } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../../lib/endpoint-client';
import { reportKeys } from './keys';

export interface DeleteOutcome {
  deleted: ReportListEntry[];
  failed: { report: ReportListEntry; error: unknown }[];
}

/** DELETE …/reports/{reportId} for each selected report (admin, spec §6); each succeeds or fails alone. */
export function useDeleteReports(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (reports: readonly ReportListEntry[]): Promise<DeleteOutcome> => {
      const results = await Promise.allSettled(
        reports.map((report) => callData(reportEndpoints.remove, { params: { id, reportId: report.id } })),
      );
      const outcome: DeleteOutcome = { deleted: [], failed: [] };
      results.forEach((result, index) => {
        const report = reports[index] as ReportListEntry;
        if (result.status === 'fulfilled') outcome.deleted.push(report);
        else outcome.failed.push({ report, error: result.reason });
      });
      return outcome;
    },
    onSettled: (outcome) => {
      for (const report of outcome?.deleted ?? [])
        client.removeQueries({ queryKey: reportKeys.one(id, report.id) });
      return client.invalidateQueries({ queryKey: [...reportKeys.all(id), 'list'] });
    },
  });
}
