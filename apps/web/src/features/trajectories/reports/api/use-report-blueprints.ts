import { reportEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../../lib/endpoint-client';
import { reportKeys } from './keys';

/** GET …/reportblueprints: the report blueprints the user may create a report from (admin on it, spec §6). */
export function useReportBlueprints(id: number) {
  return useQuery({
    queryKey: reportKeys.blueprints(id),
    queryFn: ({ signal }) => callData(reportEndpoints.blueprints, { params: { id }, signal }),
  });
}
