import { type ImportOrganisationUsers, memberEndpoints } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';
import { organisationUsersKey } from './use-organisation-users';

/**
 * POST /api/organisations/{id}/users/import: rows read from a spreadsheet; the server drops invalid
 * and existing addresses and answers who was added and how many rows were skipped.
 */
export function useImportOrganisationUsers(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportOrganisationUsers) => callData(memberEndpoints.import, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationUsersKey(id) }),
  });
}
