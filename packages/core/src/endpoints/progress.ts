import { zMyProgress } from '../contract/progress.ts';
import { defineEndpoint } from './define.ts';

/** "Mijn voortgang" (D58): the front door of a user who manages no trajectory. */
export const progressEndpoints = {
  mine: defineEndpoint({
    method: 'GET',
    path: '/api/v2/progress',
    response: zMyProgress,
    status: 200,
    summary: 'Get the signed-in user’s own progress',
    description:
      'Where the user lands (D58): `progress` when they manage no trajectory (no METADATA or RIGHTS on any), ' +
      'hold no right on a blueprint and are no ADMIN or OWNER of the organisation, else `trajectories`. ' +
      'With it, each live trajectory they follow without managing it: progress, what is next (not scored or ' +
      'below the pass level), disagreements between raters, the latest remarks (with evaluation read) and the ' +
      'reports waiting for them (with a report right); nothing their roles do not let them read.',
  }),
};
