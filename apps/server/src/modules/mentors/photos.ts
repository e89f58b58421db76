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
 * uploaded by the invitee's user row through the link (recorded on it, D54): an entry names it in `photos`, the engine then checks that its writer
 * may read it (D42: through a link, only the link's uploads) and records it for the evaluation's readers (D19).
 * A mentor's session reads only the photos uploaded through its link and those of its link's evaluation,
 * never another file of the invitee's users row nor one through the address's other access.
 */
export async function createMentorPhoto(
  ctx: AppContext,
  mentor: MentorPrincipal,
  input: MentorPhotoUpload,
): Promise<Resource> {
  await requireMentorWrite(ctx, mentor);
  const owner = { organisationId: mentor.organisationId, userId: mentor.userId, mentorLinkId: mentor.linkId };
  return createResource(ctx, owner, { ...input, userRights: [] });
}

/** The bytes of a photo uploaded through this link (any other id 404); streamed, 10 MiB, checked to be the declared image. */
export async function uploadMentorPhoto(
  ctx: AppContext,
  mentor: MentorPrincipal,
  id: number,
  openFile: () => Promise<Readable & { truncated?: boolean }>,
): Promise<Resource> {
  const row = await findResource(ctx.db, mentor.organisationId, id);
  if (!row || row.mentor_link_id !== mentor.linkId) throw notFound();
  await requireMentorWrite(ctx, mentor);
  return storeResourceContent(ctx, row, openFile);
}

/** A photo's thumbnail for the mentor's page: their own, or one of the link's evaluation they may read. */
export async function readMentorPhoto(ctx: AppContext, mentor: MentorPrincipal, id: number) {
  const row = await findResource(ctx.db, mentor.organisationId, id);
  if (!row) throw notFound();
  if (row.mentor_link_id !== mentor.linkId && !(await mentorReadsPhoto(ctx, mentor, id))) throw notFound();
  return openResourceThumbnail(ctx, row);
}
