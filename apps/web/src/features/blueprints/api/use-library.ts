import { libraryEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-error';
import { callData } from '../../../lib/endpoint-client';

export const libraryKey = ['library'] as const;

/**
 * GET /api/library: the library's entries (every organisation reads them, D58), or null when the
 * server refuses (403): then no library feature shows at all.
 */
export function useLibrary() {
  return useQuery({
    queryKey: libraryKey,
    queryFn: async () => {
      try {
        return await callData(libraryEndpoints.list);
      } catch (error) {
        if (error instanceof ApiError && error.status === 403) return null;
        throw error;
      }
    },
  });
}
