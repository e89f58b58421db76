/** What other features use of trajectories: only through here (issue "Floors, enforced"). */

export { type ScoreChoice, scoreChip, scoreChoices } from './evaluation/score-scale';
export { trajectoryListKey, useTrajectoryList } from './list/api/use-trajectory-list';
export { displayActiveUntil, listExpiry, localDay } from './list/expiry';
export { useMyProgress } from './my-progress/api/use-my-progress';
