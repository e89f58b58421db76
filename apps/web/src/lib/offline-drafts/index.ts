/**
 * Offline drafts of evaluation entries (issue 23; docs/web.md "Offline drafts"): a save that cannot
 * reach the server is kept in the browser (IndexedDB) per identity and trajectory, and sent in order
 * when the connection returns, re-based onto a newer version after a 409 (D2, D29). What the evaluation
 * editor and the mentor's page use; the rest stays inside this folder.
 */
export { isOnline } from './connection';
export { notifyDraftsSent, notifyKeptOnDevice, OfflineDraftsNotice } from './notice';
export { draftOperations, uploadReference } from './operations';
export { createDraftQueue, type DraftQueue, isNetworkFailure } from './queue';
export type { DraftTransport } from './transport';
export { sharedDraftStore, useOfflineDrafts, useSignedInIdentity } from './use-offline-drafts';
