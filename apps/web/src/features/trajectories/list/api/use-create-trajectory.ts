import { type CreateTrajectory, trajectoryEndpoints } from '@groeipad/core';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../../lib/api-error';
import { callEndpoint } from '../../../../lib/endpoint-client';
import { idFromLocation } from '../creation';

/**
 * POST /api/v2/trajectories (spec part 1 §7): 201 with the new id in the Location header; an answer
 * without one is a failure ("Missing location header!", spec part 1 §8).
 */
export async function createTrajectory(body: CreateTrajectory): Promise<number> {
  const result = await callEndpoint(trajectoryEndpoints.create, { body });
  const id = idFromLocation(result.location);
  if (id === null) throw new ApiError(0, 'internalError', [], 'Missing location header!');
  return id;
}

export function useCreateTrajectory() {
  return useMutation({ mutationFn: createTrajectory });
}
