import type { CompetenceProperties } from '@groeipad/core';

/**
 * Offline drafts of evaluation entries (issue 23): what a save would have sent, kept in the browser
 * until the connection returns. A draft belongs to one signed-in identity (a user in an organisation,
 * or a mentor link) and one trajectory; it is an ordered list of steps — file uploads first, then the
 * one PATCH whose entries may name the uploaded files — sent in order, oldest draft first.
 */

/**
 * One entry added or deleted, as the evaluation's PATCH sends it (D2): `path` is
 * `/criteria/{i}(/subsections/{j}…)/properties/{timestamp}` in the tree of the version the draft was
 * made on. The competence's uuid rides along, so the entry can be re-based onto a newer version
 * whose tree places the competence elsewhere (D10).
 */
export interface DraftOperation {
  readonly op: 'add' | 'remove';
  readonly path: string;
  readonly competenceUuid: string;
  /** The entry (add only). Its texts may hold `uploadReference(key)` for a file of the same draft. */
  readonly value?: CompetenceProperties;
}

/** A file to upload as a resource before the patch (a photo as evidence), kept as a Blob. */
export interface UploadStep {
  readonly kind: 'upload';
  /** Names the file within its draft: the patch refers to it with `uploadReference(key)`. */
  readonly key: string;
  readonly file: Blob;
  readonly name: string;
  readonly mediaType: string;
  /** The resource id once uploaded, so a second try does not upload the file again. */
  resourceId?: number;
}

/** The evaluation PATCH: the entries, the version they were made on (If-Match, D29), the edit day (D4). */
export interface PatchStep {
  readonly kind: 'patch';
  readonly operations: readonly DraftOperation[];
  /** The version the entries were made on; null when the editor had none (no If-Match). */
  readonly baseVersion: number | null;
  /** yyyy-MM-dd, the editor's edit day (D4). */
  readonly editDate: string;
}

export type DraftStep = UploadStep | PatchStep;

/** Why the last try of a draft failed with an answer (a 4xx other than 409, or a 5xx). */
export interface DraftError {
  readonly status: number;
  /** The server's message key (`messages.<key>` in the locale files). */
  readonly key: string;
  /** ISO moment of the try. */
  readonly at: string;
}

/** A stored draft. */
export interface OfflineDraft {
  readonly id: string;
  readonly identity: string;
  readonly trajectoryId: number;
  /** ISO moment the draft was made. */
  readonly createdAt: string;
  /** Sending order: the drafts of one identity and trajectory go oldest first. */
  readonly order: number;
  readonly steps: DraftStep[];
  /** The last failed try with an answer; cleared when sent. */
  error?: DraftError | null;
}

/** What a caller gives to keep a draft. */
export interface NewDraft {
  /** Files to upload first, in order (optional). */
  readonly uploads?: readonly { key: string; file: Blob; name: string; mediaType: string }[];
  readonly operations: readonly DraftOperation[];
  readonly baseVersion: number | null;
  readonly editDate: string;
}
