import { trajectoryEndpoints } from '@groeipad/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callData } from '../../../../lib/endpoint-client';

/**
 * GET /api/v2/trajectories/{id}/email-suggestions?q=: members' e-mail addresses containing the typed
 * text, for the access editor's type-ahead; asked only when the user holds RIGHTS (else the server
 * answers 403).
 */
export function useEmailSuggestions(id: number, query: string, enabled: boolean) {
  return useQuery({
    queryKey: ['trajectories', 'one', id, 'email-suggestions', query],
    queryFn: ({ signal }) =>
      callData(trajectoryEndpoints.emailSuggestions, { params: { id }, query: { q: query }, signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}
