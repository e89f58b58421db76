import { resourceEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';

export const resourcesKey = ['resources'] as const;

/** A resource's metadata (name and media type), e.g. to show an attachment's file name. */
export function useResource(id: number | null) {
  return useQuery({
    queryKey: [...resourcesKey, id],
    queryFn: () => callData(resourceEndpoints.get, { params: { id: id! } }),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
