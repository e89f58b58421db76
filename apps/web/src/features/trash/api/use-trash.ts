import { type TrashItem, trashEndpoints } from '@groeipad/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../lib/endpoint-client';
import { blueprintsKey } from '../../blueprints';
import { trajectoryListKey } from '../../trajectories';

export const trashKey = ['trash'] as const;

/** GET /api/trash: the deleted trajectories and blueprints the user can see, each with `admin` (D13, D38). */
export function useTrash() {
  return useQuery({
    queryKey: trashKey,
    queryFn: ({ signal }) => callData(trashEndpoints.list, { signal }),
  });
}

export interface TrashOutcome {
  done: TrashItem[];
  failed: { item: TrashItem; error: unknown }[];
}

/** Runs `call` for every item; each succeeds or fails on its own. */
async function eachItem(items: readonly TrashItem[], call: (item: TrashItem) => Promise<unknown>) {
  const results = await Promise.allSettled(items.map(call));
  const outcome: TrashOutcome = { done: [], failed: [] };
  results.forEach((result, index) => {
    const item = items[index] as TrashItem;
    if (result.status === 'fulfilled') outcome.done.push(item);
    else outcome.failed.push({ item, error: result.reason });
  });
  return outcome;
}

/**
 * Restore (PUT /api/trash/{id} {status: LIVE}) or delete for good (DELETE /api/trash/{id}) the chosen
 * items; afterwards the trash and the trajectory and blueprint lists load again.
 */
export function useTrashAction(action: 'restore' | 'remove') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: readonly TrashItem[]) =>
      eachItem(items, (item) =>
        action === 'restore'
          ? callData(trashEndpoints.restore, { params: { id: item.id }, body: { status: 'LIVE' } })
          : callData(trashEndpoints.remove, { params: { id: item.id } }),
      ),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trashKey }),
        queryClient.invalidateQueries({ queryKey: trajectoryListKey }),
        queryClient.invalidateQueries({ queryKey: blueprintsKey }),
      ]);
    },
  });
}
