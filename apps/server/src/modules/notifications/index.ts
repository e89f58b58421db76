/** What the rest of the server uses of notifications: only through here (issue "Floors, enforced"). */
export { notifyJobFor, notifyOnSave, notifyReportDeleted } from './events.ts';
export { registerTrajectoryReads } from './readers.ts';
