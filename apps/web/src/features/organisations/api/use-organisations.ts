import { organisationEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';

export const organisationsKey = ['organisations', 'mine'] as const;

/** The user's organisations, sorted by name. */
export function useOrganisations(enabled = true) {
  return useQuery({
    queryKey: organisationsKey,
    queryFn: async () => {
      const list = await callData(organisationEndpoints.list);
      return [...list].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
    },
    enabled,
  });
}
