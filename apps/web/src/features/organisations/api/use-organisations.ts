import type { OrganisationSummary } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

export const organisationsKey = ['organisations', 'mine'] as const;

/** The user's organisations, sorted by name. */
export function useOrganisations(enabled = true) {
  return useQuery({
    queryKey: organisationsKey,
    queryFn: async () => {
      const list = await apiJson<OrganisationSummary[]>('/api/organisations');
      return [...list].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
    },
    enabled,
  });
}
