import type { Field } from '@groeipad/core';
import { useTrajectoryAccess } from './use-trajectory-access';

/**
 * The information fields the access section's rights tables list: from GET …/access, which gives a
 * RIGHTS holder every field and anyone else the readable ones (D35).
 */
export function useFormFields(id: number): { data: Field[] | undefined } {
  const access = useTrajectoryAccess(id);
  return { data: access.data?.access.fields };
}
