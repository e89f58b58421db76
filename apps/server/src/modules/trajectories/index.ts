/** What the rest of the server uses of trajectories: only through here (issue "Floors, enforced"). */
export { dropAccessRole, getForm, keepAccessRole } from './documents.ts';
export { patchEvaluation } from './evaluation.ts';
export { readableThroughTrajectory } from './file-readers.ts';
export { allowedTrajectories, loadGrant, loadGrants, trajectoryReads } from './grant.ts';
export { TRAJECTORY_KINDS } from './kinds.ts';
export {
  loadMentorAssessment,
  loadTrajectoriesAccess,
  loadTrajectoryAccess,
  mentorReadsPhoto,
  requireMentorWrite,
} from './mentor.ts';
export { evaluationPart } from './parts.ts';
export { reportDocumentIds } from './report-repository.ts';
export { readableReportViews } from './reports.ts';
export { createTrajectory } from './service.ts';
