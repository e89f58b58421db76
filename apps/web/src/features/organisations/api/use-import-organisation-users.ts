import { type ImportOrganisationUsers, zOrganisationUsersImported } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { organisationUsersKey } from './use-organisation-users';

/**
 * POST /api/organisations/{id}/users/import: rows read from a spreadsheet; the server drops invalid
 * and existing addresses and answers who was added and how many rows were skipped.
 */
export function useImportOrganisationUsers(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ImportOrganisationUsers) =>
      zOrganisationUsersImported.parse(
        await apiJson(`/api/organisations/${id}/users/import`, { method: 'POST', body }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationUsersKey(id) }),
  });
}
