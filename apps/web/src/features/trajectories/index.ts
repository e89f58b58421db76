/** What other features use of trajectories: only through here (issue "Floors, enforced"). */
export { trajectoryListKey, useTrajectoryList } from './list/api/use-trajectory-list';
export { displayActiveUntil, listExpiry, localDay } from './list/expiry';
