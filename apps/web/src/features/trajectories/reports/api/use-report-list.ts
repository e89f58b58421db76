import { reportEndpoints } from '@groeipad/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callData } from '../../../../lib/endpoint-client';
import { reportKeys } from './keys';

/**
 * GET /api/v2/trajectories/{id}/reports: the reports the user can read, each with what they may do
 * (`rights`), filtered on `modified` from a day's midnight (D16) and by type. Without filters it is the
 * whole list previous/next, the picker and the create dialog's name check use.
 */
export function useReportList(id: number, query: { modifiedFrom?: string; blueprintName?: string } = {}) {
  return useQuery({
    queryKey: reportKeys.list(id, query),
    queryFn: ({ signal }) => callData(reportEndpoints.list, { params: { id }, query, signal }),
    placeholderData: keepPreviousData,
  });
}
