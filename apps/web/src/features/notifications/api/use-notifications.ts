import { notificationEndpoints } from '@groeipad/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';

/** The fallback poll of the bell's count while the event stream is down (spec §9 has no figure; ours). */
export const POLL_MS = 60_000;

export const notificationKeys = {
  all: ['notifications'] as const,
  count: (organisationId: number | null) => ['notifications', organisationId, 'count'] as const,
  page: (organisationId: number | null, page: number, unread: boolean) =>
    ['notifications', organisationId, 'page', page, unread] as const,
};

/** GET /api/notifications?size=0: the bell's counts; polled every POLL_MS unless the stream is live. */
export function useNotificationCount(
  organisationId: number | null,
  options: { enabled: boolean; poll: boolean },
) {
  return useQuery({
    queryKey: notificationKeys.count(organisationId),
    queryFn: ({ signal }) => callData(notificationEndpoints.list, { query: { size: 0 }, signal }),
    enabled: options.enabled,
    staleTime: 0,
    refetchInterval: options.poll ? POLL_MS : false,
  });
}

/** One page of 16 (spec §9), all or unread only. */
export function useNotificationPage(
  organisationId: number | null,
  page: number,
  unread: boolean,
  enabled: boolean,
) {
  return useQuery({
    queryKey: notificationKeys.page(organisationId, page, unread),
    queryFn: ({ signal }) =>
      callData(notificationEndpoints.list, { query: { page, size: 16, unread }, signal }),
    enabled,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** PUT /api/notifications/{id} {read: true} (clicking one, spec §4) and PUT /api/notifications {read: true}. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number | 'all') =>
      id === 'all'
        ? callData(notificationEndpoints.markAllRead, { body: { read: true } })
        : callData(notificationEndpoints.markRead, { params: { id }, body: { read: true } }),
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
