import type { Readable } from 'node:stream';
import type { MentorPhotoUpload, Resource } from '@groeipad/core';
import type { MentorPrincipal } from '../../actor.ts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import {
  createResource,
  findResource,
  openResourceThumbnail,
  storeResourceContent,
} from '../resources/index.ts';
import { mentorReadsPhoto, requireMentorWrite } from '../trajectories/index.ts';

/**
 * A mentor's photos as evidence (issue 23). A photo is an ordinary resource of the trajectory's organisation,
 * uploaded by the invitee's user row: an entry names it in `photos`, the engine then checks that its writer
 * may read it (D42) and records it for the evaluation's readers (D19). A mentor's session reads only its own
 * photos and those of its link's evaluation, never a file through the address's other access.
 */
export async function createMentorPhoto(
  ctx: AppContext,
  mentor: MentorPrincipal,
  input: MentorPhotoUpload,
): Promise<Resource> {
  await requireMentorWrite(ctx, mentor);
  return createResource(ctx, mentor, { ...input, userRights: [] });
}

/** The bytes of the mentor's own photo (any other id 404); streamed, 10 MiB, checked to be the declared image. */
export async function uploadMentorPhoto(
  ctx: AppContext,
  mentor: MentorPrincipal,
  id: number,
  openFile: () => Promise<Readable & { truncated?: boolean }>,
): Promise<Resource> {
  const row = await findResource(ctx.db, mentor.organisationId, id);
  if (!row || row.uploaded_by !== mentor.userId) throw notFound();
  await requireMentorWrite(ctx, mentor);
  return storeResourceContent(ctx, row, openFile);
}

/** A photo's thumbnail for the mentor's page: their own, or one of the link's evaluation they may read. */
export async function readMentorPhoto(ctx: AppContext, mentor: MentorPrincipal, id: number) {
  const row = await findResource(ctx.db, mentor.organisationId, id);
  if (!row) throw notFound();
  if (row.uploaded_by !== mentor.userId && !(await mentorReadsPhoto(ctx, mentor, id))) throw notFound();
  return openResourceThumbnail(ctx, row);
}
