import type { PatchOperation } from '@groeipad/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOrganisation, buildUser, createTestApp, login, type TestApp } from '../../test/helpers.ts';
import { TRAJECTORY_KINDS } from '../modules/trajectories/kinds.ts';
import { createDocument, documentEvents, patchDocument } from './engine.ts';
import { FULL_ACCESS } from './kinds.ts';
import { documentVersionOf, seenChange, viewNumbering, viewVersion } from './view-version.ts';

/**
 * D40: a document's version as one reader sees it. The statement (`viewVersion`, for ETags) and the
 * numbering of history (`viewNumbering`, over events already read) must count alike.
 */
let t: TestApp;
let organisationId: number;
let actorId: number;
beforeAll(async () => {
  t = await createTestApp();
  const user = await buildUser(t);
  organisationId = (await buildOrganisation(t, (await login(t, user.email)).accessToken)).id;
  actorId = user.id;
});
afterAll(() => t.close());

const FIELDS = ['a', 'b', 'c'];

describe('the version a reader sees (D40)', () => {
  it('a save counts when any operation, or a move’s source, lies outside the hidden places', () => {
    const hidden = ['/values/a'];
    expect(seenChange([{ path: '/values/a' }], hidden)).toBe(false);
    expect(seenChange([{ path: '/values/a/0' }], hidden)).toBe(false);
    expect(seenChange([{ path: '/values/ab' }], hidden)).toBe(true);
    expect(seenChange([{ path: '/values/b' }, { path: '/values/a' }], hidden)).toBe(true);
    expect(seenChange([{ path: '/values/a', from: '/values/b' }], hidden)).toBe(true);
    expect(seenChange([], hidden)).toBe(false);
  });

  it('the statement and the numbering of history agree, and a reader’s number leads back to its save', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.subarray(FIELDS, { minLength: 1 }), { minLength: 1, maxLength: 8 }),
        fc.subarray(FIELDS),
        async (saves, hiddenFields) => {
          const form = await createDocument(t.ctx.db, {
            kind: TRAJECTORY_KINDS.form,
            organisationId,
            actorId,
            content: {
              fields: FIELDS.map((uuid) => ({ uuid, name: uuid, type: 'text' as const, required: false })),
              values: {},
            },
          });
          let current: { id: number; version: number } = form;
          for (const [index, fields] of saves.entries()) {
            const patch: PatchOperation[] = fields.map((uuid) => ({
              op: 'add',
              path: `/values/${uuid}`,
              value: `${uuid}${index}`,
            }));
            current = await patchDocument(t.ctx.db, {
              organisationId,
              documentId: form.id,
              actorId,
              patch,
              expectedVersion: undefined,
              permit: FULL_ACCESS,
              jobs: t.ctx.jobs,
            });
          }
          const hidden = hiddenFields.map((uuid) => `/values/${uuid}`);
          const events = await documentEvents(t.ctx.db, organisationId, form.id);
          const numbered = viewNumbering(events, hidden);
          expect(await viewVersion(t.ctx.db, current, hidden)).toBe(numbered(current.version));
          const seen = saves.filter((fields) => fields.some((uuid) => !hiddenFields.includes(uuid))).length;
          expect(numbered(current.version)).toBe(1 + seen);
          for (let view = 1; view <= 1 + seen; view++) {
            const version = documentVersionOf(events, hidden, view);
            expect(version === null ? null : numbered(version)).toBe(view);
          }
          expect(documentVersionOf(events, hidden, seen + 2)).toBeNull();
        },
      ),
      { numRuns: 25 },
    );
  });
});
