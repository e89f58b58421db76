import { type MentorLinkBulkCreate, type MentorLinkCreate, mentorLinkEndpoints } from '@groeipad/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../../lib/endpoint-client';

export function mentorLinksKey(id: number) {
  return ['trajectories', 'one', id, 'mentor-links'] as const;
}

/** GET …/mentor-links (issue 23): asked only by a holder of RIGHTS (else the server answers 403). */
export function useMentorLinks(id: number, enabled: boolean) {
  return useQuery({
    queryKey: mentorLinksKey(id),
    queryFn: ({ signal }) => callData(mentorLinkEndpoints.list, { params: { id }, signal }),
    enabled,
  });
}

export function useInviteMentor(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MentorLinkCreate) => callData(mentorLinkEndpoints.create, { params: { id }, body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: mentorLinksKey(id) }),
  });
}

/** POST /api/v2/mentor-links (issue 31): one mentor on several trajectories, all or none. */
export function useInviteMentors() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: MentorLinkBulkCreate) => callData(mentorLinkEndpoints.bulkCreate, { body }),
    onSuccess: (answer) => {
      for (const item of answer.items)
        void client.invalidateQueries({ queryKey: mentorLinksKey(item.trajectoryId) });
    },
  });
}

export function useRevokeMentorLink(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (linkId: number) => callData(mentorLinkEndpoints.revoke, { params: { id, linkId } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: mentorLinksKey(id) }),
  });
}
