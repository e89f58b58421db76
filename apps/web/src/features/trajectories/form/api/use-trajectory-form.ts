import { type Field, trajectoryEndpoints } from '@groeipad/core';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../../lib/endpoint-client';
import type { FormValues } from '../form-values';

/**
 * The form as the user may read it, with the version it was read at (ETag, D29) and the uuids of the
 * fields they may write (the server's `writable`: the form renders from it, never from the access list).
 */
export interface LoadedForm {
  fields: Field[];
  values: FormValues;
  writable: string[];
  version: number | null;
}

export function trajectoryFormKey(id: number) {
  return ['trajectories', 'one', id, 'form'] as const;
}

/**
 * GET /api/v2/trajectories/{id}/form: the field tree without values and the values by uuid (D33);
 * hidden fields and their values never arrive (D18).
 */
export function useTrajectoryForm(id: number) {
  return useQuery({
    queryKey: trajectoryFormKey(id),
    queryFn: async ({ signal }): Promise<LoadedForm> => {
      const answer = await callEndpoint(trajectoryEndpoints.form, { params: { id }, signal });
      return {
        fields: answer.data.fields as Field[],
        values: answer.data.values,
        writable: answer.data.writable,
        version: answer.version,
      };
    },
  });
}
