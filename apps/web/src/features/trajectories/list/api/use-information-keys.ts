import { trajectoryEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../../lib/endpoint-client';

/**
 * GET /api/v2/trajectories/information-keys: the information keys of the readable trajectories (the
 * data file's column names, D14), what the list can be grouped by. Read once the group-by box is used.
 */
export function useInformationKeys(enabled: boolean) {
  return useQuery({
    queryKey: ['trajectories', 'information-keys'],
    queryFn: () => callData(trajectoryEndpoints.informationKeys, {}),
    enabled,
  });
}
