import { trajectoryEndpoints } from '@groeipad/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callData } from '../../../../lib/endpoint-client';
import { trajectoryListKey } from './use-trajectory-list';

/** GET /api/v2/trajectories/grouped?key=: the readable trajectories per value of an information key (D34). */
export function useGroupedTrajectories(key: string | null) {
  return useQuery({
    queryKey: [...trajectoryListKey, 'grouped', key],
    queryFn: ({ signal }) =>
      callData(trajectoryEndpoints.grouped, { query: { key: key ?? '', status: 'LIVE' }, signal }),
    enabled: key !== null,
    // While another key loads, the groups of the last one stay (no flash of an empty list).
    placeholderData: keepPreviousData,
  });
}
