import { type ReportView, reportEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint-client';
import { reportKeys } from './keys';

/** A report with the version it was read at (ETag, D29): the If-Match of the next save. */
export interface LoadedReport {
  report: ReportView;
  version: number | null;
}

export async function fetchReport(id: number, reportId: number, signal?: AbortSignal): Promise<LoadedReport> {
  const answer = await callEndpoint(reportEndpoints.get, {
    params: { id, reportId },
    ...(signal ? { signal } : {}),
  });
  return { report: answer.data, version: answer.version };
}

/** GET …/reports/{reportId}: the fields the user may read, their values (D15), rights and writable uuids. */
export function useReport(id: number, reportId: number | null) {
  return useQuery({
    queryKey: reportKeys.one(id, reportId ?? 0),
    queryFn: ({ signal }) => fetchReport(id, reportId ?? 0, signal),
    enabled: reportId !== null,
  });
}
