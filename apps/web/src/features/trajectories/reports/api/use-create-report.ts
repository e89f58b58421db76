import { reportEndpoints } from '@groeipad/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint-client';
import { reportKeys } from './keys';

/**
 * POST …/reports?blueprintName= {name}: 201 with the new report (and its Location). The answer's
 * report is put in the cache, so opening it in edit mode needs no second call.
 */
export function useCreateReport(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ blueprintName, name }: { blueprintName: string; name: string }) => {
      const answer = await callEndpoint(reportEndpoints.create, {
        params: { id },
        query: { blueprintName },
        body: { name: name.trim() },
      });
      return { report: answer.data, version: answer.version };
    },
    onSuccess: ({ report, version }) => {
      client.setQueryData(reportKeys.one(id, report.id), { report, version });
      void client.invalidateQueries({ queryKey: [...reportKeys.all(id), 'list'] });
    },
  });
}
