import { extractEndpoints } from '@groeipad/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';
import { type ExtractListQuery, pollInterval } from '../extract-rows';
import { extractListKey } from './keys';

/**
 * GET /api/extracts with the filters (D37): the list asks again every few seconds while an extract it
 * shows is queued or being made, and stops when none is, so states and progress move without a reload.
 */
export function useExtractList(query: ExtractListQuery) {
  return useQuery({
    queryKey: [...extractListKey, query],
    queryFn: ({ signal }) => callData(extractEndpoints.list, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => pollInterval(current.state.data),
  });
}
