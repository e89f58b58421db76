import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultAdminRole } from '@groeipad/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  buildOrganisation,
  buildUser,
  call,
  createTestApp,
  login,
  type TestApp,
  tokensFor,
} from '../../../test/helpers.ts';
import {
  buildEvaluationTrajectory,
  buildTrajectory,
  CODED_COMPETENCES,
  studentRole,
} from '../../../test/trajectory-fixture.ts';
import { type ExtractAction, extractPolicy } from './policy.ts';
import { zipEntryNames } from './service.ts';

/**
 * Extracts (issue 10; spec part 1 §6, §7, part 2 §2, §7; D17, D26, D37, D41): who may make them (METADATA
 * on every trajectory), one per trajectory, the list's filters, archive, share with members only, delete,
 * and the maker-only actions (the share list too: a sharee gets the maker's PDF, not whom it went to).
 * Every refused call is checked to have written nothing.
 */
/** The text of a PDF, read by poppler's pdftotext (installed by .ci/run). */
function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function extractBlueprint(token: string, name = 'Voortgangsrapport') {
  const created = await call(t, {
    method: 'POST',
    url: '/api/blueprints',
    token,
    payload: { type: 'EXTRACT', name },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as number;
}

async function setup() {
  const trajectory = await buildTrajectory(t);
  const blueprintId = await extractBlueprint(trajectory.teacher.token);
  return { ...trajectory, blueprintId };
}

const countExtracts = async () =>
  Number(
    (
      await t.ctx.db
        .selectFrom('extracts')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('extract policy (D26, D41: the maker shares, reads the share list, archives, retries and deletes; a sharee downloads)', () => {
  it.each<[ExtractAction, boolean, boolean]>([
    ['read', true, true],
    ['download', true, true],
    ['share', true, false],
    ['readShares', true, false],
    ['archive', true, false],
    ['retry', true, false],
    ['delete', true, false],
  ])('%s: maker %s, sharee %s', (action, maker, sharee) => {
    expect(extractPolicy[action]({ mine: true })).toBe(maker);
    expect(extractPolicy[action]({ mine: false })).toBe(sharee);
  });
});

describe('extracts', () => {
  it('offers the live extract blueprints the user may read in the create dialog', async () => {
    const { teacher, pupil, blueprintId } = await setup();
    const offered = await call(t, { method: 'GET', url: '/api/blueprints/extracts', token: teacher.token });
    expect(offered.statusCode).toBe(200);
    expect(offered.json().map((b: { id: number; name: string }) => [b.id, b.name])).toEqual([
      [blueprintId, 'Voortgangsrapport'],
    ]);
    // The pupil holds no right on the blueprint.
    const pupils = await call(t, { method: 'GET', url: '/api/blueprints/extracts', token: pupil.token });
    expect(pupils.json()).toEqual([]);
  });

  it('makes one queued extract per trajectory (D17) and answers 202 with them', async () => {
    const { id, teacher, blueprintId } = await setup();
    const res = await call(t, {
      method: 'POST',
      url: '/api/extracts',
      token: teacher.token,
      payload: { name: 'Rapport periode 1', extract: blueprintId, trajectories: [id, id] },
    });
    expect(res.statusCode, res.body).toBe(202);
    const rows = res.json();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Rapport periode 1',
      trajectoryId: id,
      trajectoryName: 'BPV Sam',
      status: 'ACTIVE',
      fileName: 'Rapport periode 1-BPV Sam.pdf',
      mine: true,
      users: 0,
      abilities: { share: true, readShares: true, archive: true, retry: true, delete: true },
    });
    expect(['QUEUED', 'RUNNING', 'READY']).toContain(rows[0].state);
    const list = await call(t, { method: 'GET', url: '/api/extracts', token: teacher.token });
    expect(list.json().map((row: { id: number }) => row.id)).toContain(rows[0].id);
  });

  it('refuses without METADATA on a trajectory (403), an unknown one (404) or blueprint (404); nothing made', async () => {
    const { id, teacher, pupil, blueprintId } = await setup();
    const before = await countExtracts();
    const asPupil = await call(t, {
      method: 'POST',
      url: '/api/extracts',
      token: pupil.token,
      payload: { name: 'R', extract: blueprintId, trajectories: [id] },
    });
    // The pupil may not read the blueprint either: its existence is not revealed.
    expect(asPupil.statusCode).toBe(404);
    const shared = await call(t, {
      method: 'PUT',
      url: `/api/blueprints/${blueprintId}/rights`,
      token: teacher.token,
      payload: [
        { user: teacher.email, rights: ['ADMIN', 'WRITE', 'READ'] },
        { user: pupil.email, rights: ['READ'] },
      ],
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const withoutMetadata = await call(t, {
      method: 'POST',
      url: '/api/extracts',
      token: pupil.token,
      payload: { name: 'R', extract: blueprintId, trajectories: [id] },
    });
    expect(withoutMetadata.statusCode, withoutMetadata.body).toBe(403);
    const unknownTrajectory = await call(t, {
      method: 'POST',
      url: '/api/extracts',
      token: teacher.token,
      payload: { name: 'R', extract: blueprintId, trajectories: [id, 999_999] },
    });
    expect(unknownTrajectory.statusCode).toBe(404);
    const notAnExtractBlueprint = await call(t, {
      method: 'POST',
      url: '/api/extracts',
      token: teacher.token,
      payload: { name: 'R', extract: (await buildTrajectory(t)).blueprintId, trajectories: [id] },
    });
    expect(notAnExtractBlueprint.statusCode).toBe(404);
    const blankName = await call(t, {
      method: 'POST',
      url: '/api/extracts',
      token: teacher.token,
      payload: { name: '  ', extract: blueprintId, trajectories: [id] },
    });
    expect(blankName.statusCode).toBe(400);
    expect(blankName.json().fields).toEqual([{ path: 'name', key: 'required' }]);
    expect(await countExtracts()).toBe(before);
  });

  it('filters by text and created-after day; a future day is refused', async () => {
    const { id, teacher, blueprintId } = await setup();
    for (const name of ['Rapport herfst', 'Rapport lente'])
      await call(t, {
        method: 'POST',
        url: '/api/extracts',
        token: teacher.token,
        payload: { name, extract: blueprintId, trajectories: [id] },
      });
    const names = async (query: string) =>
      (await call(t, { method: 'GET', url: `/api/extracts${query}`, token: teacher.token }))
        .json()
        .map((row: { name: string }) => row.name);
    expect(await names('?search=HERFST')).toEqual(['Rapport herfst']);
    expect(await names('?search=bpv%20sam')).toEqual(['Rapport lente', 'Rapport herfst']);
    expect(await names('?search=%25')).toEqual([]);
    expect(await names('?createdAfter=2000-01-01')).toEqual(['Rapport lente', 'Rapport herfst']);
    const future = await call(t, {
      method: 'GET',
      url: '/api/extracts?createdAfter=2999-01-01',
      token: teacher.token,
    });
    expect(future.statusCode).toBe(400);
    const badDay = await call(t, {
      method: 'GET',
      url: '/api/extracts?createdAfter=31-12-2020',
      token: teacher.token,
    });
    expect(badDay.statusCode).toBe(400);
  });

  it('archives and restores (D37, any letter case); the PDF is not there before it is READY', async () => {
    const { id, teacher, blueprintId } = await setup();
    const [made] = (
      await call(t, {
        method: 'POST',
        url: '/api/extracts',
        token: teacher.token,
        payload: { name: 'Archief', extract: blueprintId, trajectories: [id] },
      })
    ).json();
    const archived = await call(t, {
      method: 'PUT',
      url: `/api/extracts/${made.id}`,
      token: teacher.token,
      payload: { status: 'archived' },
    });
    expect(archived.statusCode).toBe(200);
    expect(archived.json().status).toBe('ARCHIVED');
    const active = await call(t, { method: 'GET', url: '/api/extracts', token: teacher.token });
    expect(active.json().map((row: { id: number }) => row.id)).not.toContain(made.id);
    const inArchive = await call(t, {
      method: 'GET',
      url: '/api/extracts?status=ARCHIVED',
      token: teacher.token,
    });
    expect(inArchive.json().map((row: { id: number }) => row.id)).toEqual([made.id]);
    const restored = await call(t, {
      method: 'PUT',
      url: `/api/extracts/${made.id}`,
      token: teacher.token,
      payload: { status: 'ACTIVE' },
    });
    expect(restored.json().status).toBe('ACTIVE');
    const bad = await call(t, {
      method: 'PUT',
      url: `/api/extracts/${made.id}`,
      token: teacher.token,
      payload: { status: 'GONE' },
    });
    expect(bad.statusCode).toBe(400);

    // Drawn by its job (the test app runs the jobs a call queued): READY, and a second try is refused.
    const again = await call(t, {
      method: 'POST',
      url: `/api/extracts/${made.id}/retry`,
      token: teacher.token,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().key).toBe('extractNotFailed');
  });

  it('draws the PDF as a job (D37): queued → READY with 100 %; a FAILED one is not downloadable and goes again on retry', async () => {
    const { id, teacher, blueprintId } = await setup();
    const created = await call(t, {
      method: 'POST',
      url: '/api/extracts',
      token: teacher.token,
      payload: { name: 'Voortgang', extract: blueprintId, trajectories: [id] },
    });
    const [made] = created.json();
    expect(made).toMatchObject({ state: 'QUEUED', progress: 0 });
    const listed = (await call(t, { method: 'GET', url: '/api/extracts', token: teacher.token })).json();
    expect(listed.find((row: { id: number }) => row.id === made.id)).toMatchObject({
      state: 'READY',
      progress: 100,
    });
    const pdf = await call(t, {
      method: 'GET',
      url: `/api/extracts/${made.id}/content`,
      token: teacher.token,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('filename="Voortgang-BPV Sam.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // A job that failed for good (or was cleaned away) without a PDF reads as FAILED.
    const key = (
      await t.ctx.db
        .selectFrom('extracts')
        .select('storage_key')
        .where('id', '=', made.id)
        .executeTakeFirstOrThrow()
    ).storage_key;
    await t.ctx.db
      .updateTable('extracts')
      .set({ storage_key: null, job_id: null })
      .where('id', '=', made.id)
      .execute();
    const failed = (await call(t, { method: 'GET', url: '/api/extracts', token: teacher.token })).json();
    expect(failed.find((row: { id: number }) => row.id === made.id)).toMatchObject({ state: 'FAILED' });
    const early = await call(t, {
      method: 'GET',
      url: `/api/extracts/${made.id}/content`,
      token: teacher.token,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().key).toBe('extractNotReady');
    const retried = await call(t, {
      method: 'POST',
      url: `/api/extracts/${made.id}/retry`,
      token: teacher.token,
    });
    expect(retried.statusCode).toBe(202);
    expect(retried.json().state).toBe('QUEUED');
    const after = (await call(t, { method: 'GET', url: '/api/extracts', token: teacher.token })).json();
    const ready = after.find((row: { id: number }) => row.id === made.id);
    expect(ready.state).toBe('READY');
    const newKey = (
      await t.ctx.db
        .selectFrom('extracts')
        .select('storage_key')
        .where('id', '=', made.id)
        .executeTakeFirstOrThrow()
    ).storage_key;
    expect(newKey).not.toBe(key);
  });

  it('puts only what the maker may read into the PDF (hidden field values stay out), the name from its path (D36)', async () => {
    const student = { ...studentRole(), adminRights: { purchase: false, metadata: true, rights: false } };
    const { id, teacher, pupil } = await buildTrajectory(t, { student });
    const blueprintId = await extractBlueprint(teacher.token);
    await call(t, {
      method: 'PUT',
      url: `/api/blueprints/${blueprintId}/rights`,
      token: teacher.token,
      payload: [
        { user: teacher.email, rights: ['ADMIN', 'WRITE', 'READ'] },
        { user: pupil.email, rights: ['READ'] },
      ],
    });
    const settings = await call(t, {
      method: 'PATCH',
      url: `/api/blueprints/extracts/${blueprintId}/content`,
      token: teacher.token,
      payload: [
        { op: 'replace', path: '/studentNamePath', value: 'Naam' },
        { op: 'replace', path: '/title', value: 'Voortgangsverslag' },
      ],
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const written = await call(t, {
      method: 'PATCH',
      url: `/api/v2/trajectories/${id}/form`,
      token: teacher.token,
      payload: [
        { op: 'add', path: '/values/geheim', value: 'Vertrouwelijk-Zorgdossier' },
        { op: 'add', path: '/values/naam', value: 'Sam de Vries' },
      ],
    });
    expect(written.statusCode, written.body).toBe(200);

    const text = async (token: string) => {
      const [made] = (
        await call(t, {
          method: 'POST',
          url: '/api/extracts',
          token,
          payload: { name: 'Rapport', extract: blueprintId, trajectories: [id] },
        })
      ).json();
      const pdf = await call(t, { method: 'GET', url: `/api/extracts/${made.id}/content`, token });
      expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
      return pdfText(pdf.rawPayload);
    };
    const pupils = await text(pupil.token);
    expect(pupils).toContain('Voortgangsverslag');
    expect(pupils).toContain('Sam de Vries');
    expect(pupils).not.toContain('Vertrouwelijk-Zorgdossier');
    // A name path that points at the field hidden from the pupil: its value reaches only the teacher's PDF.
    await call(t, {
      method: 'PATCH',
      url: `/api/blueprints/extracts/${blueprintId}/content`,
      token: teacher.token,
      payload: [{ op: 'replace', path: '/studentNamePath', value: 'Vertrouwelijke notitie' }],
    });
    expect(await text(pupil.token)).not.toContain('Vertrouwelijk-Zorgdossier');
    expect(await text(teacher.token)).toContain('Vertrouwelijk-Zorgdossier');
  });

  it('gives whoever it is shared with the maker’s PDF (D41): no field or evaluation the maker may not read', async () => {
    // The pupil makes it: METADATA, but `geheim` hidden and no right on the evaluation.
    const student = {
      ...studentRole(),
      evaluationRights: { read: false, write: false },
      adminRights: { purchase: false, metadata: true, rights: false },
    };
    const s0 = await buildTrajectory(t, { student });
    const { teacher, pupil } = s0;
    const competences = [
      {
        uuid: 'zorg',
        description: 'Zorg',
        subcompetences: [
          {
            uuid: 'plan',
            description: 'Plan',
            subcompetences: [{ uuid: 'c1', description: 'Gespreksvoering' }],
          },
        ],
      },
    ];
    const withCompetences = await call(t, {
      method: 'PATCH',
      url: `/api/blueprints/trajectories/${s0.blueprintId}/content`,
      token: teacher.token,
      payload: [{ op: 'replace', path: '/competenceList/competences', value: competences }],
    });
    expect(withCompetences.statusCode, withCompetences.body).toBe(200);
    // A trajectory is a snapshot of its blueprint: made after the competences were added.
    const created = await call(t, {
      method: 'POST',
      url: '/api/v2/trajectories',
      token: teacher.token,
      payload: {
        blueprintId: s0.blueprintId,
        name: 'BPV Sam',
        access: {
          roles: [defaultAdminRole([], 'Docent'), student],
          users: [
            { user: teacher.email, roles: ['Docent'] },
            { user: pupil.email, roles: ['Student'] },
          ],
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const blueprintId = await extractBlueprint(teacher.token);
    await call(t, {
      method: 'PUT',
      url: `/api/blueprints/${blueprintId}/rights`,
      token: teacher.token,
      payload: [
        { user: teacher.email, rights: ['ADMIN', 'WRITE', 'READ'] },
        { user: pupil.email, rights: ['READ'] },
      ],
    });
    // The student name comes from the field hidden from the pupil: the one way a form value reaches the PDF.
    const settings = await call(t, {
      method: 'PATCH',
      url: `/api/blueprints/extracts/${blueprintId}/content`,
      token: teacher.token,
      payload: [{ op: 'replace', path: '/studentNamePath', value: 'Vertrouwelijke notitie' }],
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const written = await call(t, {
      method: 'PATCH',
      url: `/api/v2/trajectories/${id}/form`,
      token: teacher.token,
      payload: [{ op: 'add', path: '/values/geheim', value: 'Vertrouwelijk-Zorgdossier' }],
    });
    expect(written.statusCode, written.body).toBe(200);

    const make = async (token: string) => {
      const res = await call(t, {
        method: 'POST',
        url: '/api/extracts',
        token,
        payload: { name: 'Rapport', extract: blueprintId, trajectories: [id] },
      });
      expect(res.statusCode, res.body).toBe(202);
      return res.json()[0].id as number;
    };
    const pdfTextOf = async (extractId: number, token: string) => {
      const pdf = await call(t, { method: 'GET', url: `/api/extracts/${extractId}/content`, token });
      expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
      return pdfText(pdf.rawPayload);
    };
    // The teacher's own PDF holds both: what the pupil's must leave out is really there to leave out.
    const teachers = await pdfTextOf(await make(teacher.token), teacher.token);
    expect(teachers).toContain('Vertrouwelijk-Zorgdossier');
    expect(teachers).toContain('Gespreksvoering');

    const pupils = await make(pupil.token);
    const shared = await call(t, {
      method: 'POST',
      url: `/api/extracts/${pupils}/users`,
      token: pupil.token,
      payload: [teacher.email],
    });
    expect(shared.statusCode, shared.body).toBe(200);
    // The teacher may read both, yet downloads the pupil's PDF as the pupil may read it.
    const received = await pdfTextOf(pupils, teacher.token);
    expect(received).toContain('BPV Sam');
    expect(received).not.toContain('Vertrouwelijk-Zorgdossier');
    expect(received).not.toContain('Gespreksvoering');
  });

  it('shares with members only (D26, D37: a non-member refuses the whole list); a sharee only downloads', async () => {
    const { id, org, teacher, pupil, blueprintId } = await setup();
    const colleague = await buildUser(t);
    await addMember(t, org.id, colleague.id, 'USER');
    const outsider = await buildUser(t);
    const [made] = (
      await call(t, {
        method: 'POST',
        url: '/api/extracts',
        token: teacher.token,
        payload: { name: 'Gedeeld', extract: blueprintId, trajectories: [id] },
      })
    ).json();
    const share = (token: string, emails: string[]) =>
      call(t, { method: 'POST', url: `/api/extracts/${made.id}/users`, token, payload: emails });

    const refused = await share(teacher.token, [colleague.email, outsider.email]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual([{ path: outsider.email, key: 'notAMember' }]);
    const invalid = await share(teacher.token, ['geen-adres']);
    expect(invalid.statusCode).toBe(400);
    const users = await call(t, {
      method: 'GET',
      url: `/api/extracts/${made.id}/users`,
      token: teacher.token,
    });
    expect(users.json()).toEqual([]);

    // D37: trimmed, lower-cased, duplicates dropped.
    const shared = await share(teacher.token, [` ${colleague.email.toUpperCase()} `, colleague.email]);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json()).toEqual([colleague.email]);
    // D26: the sharee is told by mail (queued with the share, in their language, D28).
    const mail = t.mailer.lastTo(colleague.email);
    expect(mail?.subject).toContain('voortgangsrapport');
    expect(mail?.text).toContain('Gedeeld');
    expect(t.mailer.linkTo(colleague.email, '/extracts')).toMatch(/\/extracts$/);
    const mailsBefore = t.mailer.sent.length;
    // Sharing again adds nothing twice.
    expect((await share(teacher.token, [colleague.email])).json()).toEqual([colleague.email]);
    expect(t.mailer.sent.length).toBe(mailsBefore);

    // D41: the maker reads whom it is shared with; the colleague's list entry carries no share count.
    const makers = (await call(t, { method: 'GET', url: '/api/extracts', token: teacher.token })).json();
    expect(makers.find((row: { id: number }) => row.id === made.id)).toMatchObject({ users: 1 });
    const colleagueToken = (await tokensFor(t, colleague.email, org.id)).accessToken;
    const theirs = await call(t, { method: 'GET', url: '/api/extracts', token: colleagueToken });
    expect(theirs.json()).toEqual([
      expect.objectContaining({
        id: made.id,
        mine: false,
        users: null,
        abilities: { share: false, readShares: false, archive: false, retry: false, delete: false },
      }),
    ]);
    const mailsBeforeOnward = t.mailer.sent.length;
    for (const [method, url, payload] of [
      ['GET', `/api/extracts/${made.id}/users`, undefined],
      ['POST', `/api/extracts/${made.id}/users`, [pupil.email]],
      ['PUT', `/api/extracts/${made.id}`, { status: 'ARCHIVED' }],
      ['DELETE', `/api/extracts/${made.id}`, undefined],
      ['POST', `/api/extracts/${made.id}/retry`, undefined],
    ] as const) {
      const res = await call(t, { method, url, token: colleagueToken, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().key, `${method} ${url}`).toBe('forbidden');
    }
    // Not shared onward: the list is still the maker's one address, and nobody was mailed.
    const after = await call(t, {
      method: 'GET',
      url: `/api/extracts/${made.id}/users`,
      token: teacher.token,
    });
    expect(after.json()).toEqual([colleague.email]);
    expect(t.mailer.sent.length).toBe(mailsBeforeOnward);
    // What a sharee does get: the PDF (D41).
    const pdf = await call(t, {
      method: 'GET',
      url: `/api/extracts/${made.id}/content`,
      token: colleagueToken,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The pupil (a member, not shared with) does not see it at all.
    const pupils = await call(t, {
      method: 'GET',
      url: `/api/extracts/${made.id}/users`,
      token: pupil.token,
    });
    expect(pupils.statusCode).toBe(404);
    expect((await call(t, { method: 'GET', url: '/api/extracts', token: pupil.token })).json()).toEqual([]);
  });

  it('deletes an extract for everyone; another organisation sees nothing (404)', async () => {
    const { id, teacher, blueprintId } = await setup();
    const [made] = (
      await call(t, {
        method: 'POST',
        url: '/api/extracts',
        token: teacher.token,
        payload: { name: 'Weg', extract: blueprintId, trajectories: [id] },
      })
    ).json();
    const stranger = await buildUser(t);
    const strangerOrg = await buildOrganisation(t, (await login(t, stranger.email)).accessToken);
    const strangerToken = (await tokensFor(t, stranger.email, strangerOrg.id)).accessToken;
    for (const [method, url, payload] of [
      ['GET', `/api/extracts/${made.id}/users`, undefined],
      ['POST', `/api/extracts/${made.id}/users`, [stranger.email]],
      ['GET', `/api/extracts/${made.id}/content`, undefined],
      ['DELETE', `/api/extracts/${made.id}`, undefined],
    ] as const) {
      const res = await call(t, { method, url, token: strangerToken, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(
      (await call(t, { method: 'GET', url: `/api/extracts/${made.id}/users`, token: teacher.token })).json(),
    ).toEqual([]);
    const removed = await call(t, {
      method: 'DELETE',
      url: `/api/extracts/${made.id}`,
      token: teacher.token,
    });
    expect(removed.statusCode).toBe(200);
    const again = await call(t, { method: 'DELETE', url: `/api/extracts/${made.id}`, token: teacher.token });
    expect(again.statusCode).toBe(404);
  });
});

describe('a new extract blueprint’s score colours (D50)', () => {
  const contentOf = async (token: string, id: number) =>
    (await call(t, { method: 'GET', url: `/api/blueprints/extracts/${id}/content`, token })).json() as {
      scoreColours: number[][];
      showRemarks: boolean;
    };

  it('start with the scale of the trajectory blueprint the maker may read, then distinct ones; remarks on', async () => {
    const { teacher, blueprintId: before, ...s } = await setup();
    // Without a scale yet: ten distinct colours, never ten alike.
    const plain = await contentOf(teacher.token, before);
    expect(new Set(plain.scoreColours.map(String)).size).toBe(10);
    expect(plain.showRemarks).toBe(true);
    const trajectoryBlueprint = (
      await t.ctx.db
        .selectFrom('trajectories')
        .select('blueprint_id')
        .where('id', '=', s.id)
        .executeTakeFirstOrThrow()
    ).blueprint_id as number;
    const scaled = await call(t, {
      method: 'PATCH',
      url: `/api/blueprints/trajectories/${trajectoryBlueprint}/content`,
      token: teacher.token,
      payload: [
        {
          op: 'replace',
          path: '/scoreInfo',
          value: [
            { name: 'Nog niet', description: '', colour: '#e03131' },
            { name: 'Voldoende', description: '', colour: '#D4AF37' },
            { name: 'Goed', description: '', colour: '#d4af37' },
          ],
        },
      ],
    });
    expect(scaled.statusCode, scaled.body).toBe(200);
    const made = await contentOf(teacher.token, await extractBlueprint(teacher.token, 'Met schaal'));
    expect(made.scoreColours.slice(0, 2)).toEqual([
      [224, 49, 49],
      [212, 175, 55],
    ]);
    // The third repeats the second: it gives way, so all ten stay apart.
    expect(new Set(made.scoreColours.map(String)).size).toBe(10);
    // A colleague who may not read that trajectory blueprint gets no colours from it.
    const colleague = await buildUser(t);
    await addMember(t, s.org.id, colleague.id, 'USER');
    const token = (await tokensFor(t, colleague.email, s.org.id)).accessToken;
    const theirs = await contentOf(token, await extractBlueprint(token, 'Zonder schaal'));
    expect(theirs.scoreColours).toEqual(plain.scoreColours);
  });
});

describe('a selection of extracts as one zip (issue 21)', () => {
  /** The names and bytes in a zip, read back by Info-ZIP's unzip. */
  function unzipped(zip: Buffer): { names: string[]; first: (name: string) => Buffer } {
    const dir = mkdtempSync(join(tmpdir(), 'extract-zip-'));
    const file = join(dir, 'x.zip');
    writeFileSync(file, zip);
    try {
      const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).split('\n').filter(Boolean);
      // Tested whole (CRCs): unzip -t fails on a broken archive.
      execFileSync('unzip', ['-tq', file]);
      const contents = new Map(names.map((name) => [name, execFileSync('unzip', ['-p', file, name])]));
      return { names, first: (name) => contents.get(name) ?? Buffer.alloc(0) };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  const zip = (ids: string, token: string) =>
    call(t, { method: 'GET', url: `/api/extracts/zip?ids=${encodeURIComponent(ids)}`, token });

  it('names every file as its single download is named, unique, without folders', () => {
    expect(
      zipEntryNames([
        'Voortgang-BPV Sam.pdf',
        'Voortgang-BPV Sam.pdf',
        'voortgang-bpv sam.pdf',
        '../Rapport 1/2-BPV\\Sam.pdf',
        `${'é'.repeat(300)}.pdf`,
      ]).map((name) => (name.length > 60 ? `${name.slice(0, 3)}…${Buffer.byteLength(name)}` : name)),
    ).toEqual([
      'Voortgang-BPV Sam.pdf',
      'Voortgang-BPV Sam (2).pdf',
      'voortgang-bpv sam (3).pdf',
      '_Rapport 1_2-BPV_Sam.pdf',
      'ééé…204',
    ]);
  });

  it('streams the READY PDFs the user may download as one zip; same names get (2)', async () => {
    const { id, org, teacher, pupil, blueprintId } = await setup();
    const make = async (name: string) =>
      (
        await call(t, {
          method: 'POST',
          url: '/api/extracts',
          token: teacher.token,
          payload: { name, extract: blueprintId, trajectories: [id] },
        })
      ).json()[0].id as number;
    const a = await make('Voortgang');
    const b = await make('Voortgang');
    const c = await make('Periode 1/2');

    const res = await zip(`${c},${a},${b},${a}`, teacher.token);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="voortgangsrapporten-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const { names, first } = unzipped(res.rawPayload);
    expect(names).toEqual(['Periode 1_2-BPV Sam.pdf', 'Voortgang-BPV Sam.pdf', 'Voortgang-BPV Sam (2).pdf']);
    const single = await call(t, { method: 'GET', url: `/api/extracts/${a}/content`, token: teacher.token });
    expect(first('Voortgang-BPV Sam.pdf').equals(single.rawPayload)).toBe(true);
    expect(first('Periode 1_2-BPV Sam.pdf').subarray(0, 5).toString()).toBe('%PDF-');

    // Whoever it is shared with zips it too (D41: the maker's PDF); not one that is not shared (404).
    const shared = await call(t, {
      method: 'POST',
      url: `/api/extracts/${a}/users`,
      token: teacher.token,
      payload: [pupil.email],
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const pupilToken = (await tokensFor(t, pupil.email, org.id)).accessToken;
    const own = await zip(String(a), pupilToken);
    expect(own.statusCode).toBe(200);
    expect(unzipped(own.rawPayload).names).toEqual(['Voortgang-BPV Sam.pdf']);
    const notShared = await zip(`${a},${b}`, pupilToken);
    expect(notShared.statusCode).toBe(404);
    expect(notShared.json()).toEqual({ status: 404, key: 'notFound' });
  });

  it('refuses the whole call before sending anything: unknown or another organisation’s 404, not ready 409, file gone 404 fileMissing', async () => {
    const { id, teacher, blueprintId } = await setup();
    const [made, other] = await Promise.all(
      ['Eén', 'Twee'].map(
        async (name) =>
          (
            await call(t, {
              method: 'POST',
              url: '/api/extracts',
              token: teacher.token,
              payload: { name, extract: blueprintId, trajectories: [id] },
            })
          ).json()[0],
      ),
    );
    // Another organisation's extract: as unknown to this user as an id that does not exist.
    const stranger = await setup();
    const [foreign] = (
      await call(t, {
        method: 'POST',
        url: '/api/extracts',
        token: stranger.teacher.token,
        payload: { name: 'Vreemd', extract: stranger.blueprintId, trajectories: [stranger.id] },
      })
    ).json();
    for (const ids of [`${made.id},${foreign.id}`, `${made.id},999999`, String(foreign.id)]) {
      const res = await zip(ids, teacher.token);
      expect(res.statusCode, ids).toBe(404);
      expect(res.json(), ids).toEqual({ status: 404, key: 'notFound' });
    }
    expect((await call(t, { method: 'GET', url: `/api/extracts/zip?ids=${made.id}` })).statusCode).toBe(401);

    // Bad lists: 400 at ids with a key; more than 400 ids is tooLong.
    const many = Array.from({ length: 401 }, (_, index) => index + 1).join(',');
    for (const [ids, key] of [
      ['', 'required'],
      ['1,abc', 'invalidValue'],
      ['0', 'invalidValue'],
      ['2147483648', 'invalidValue'],
      [many, 'tooLong'],
    ] as const) {
      const res = await zip(ids, teacher.token);
      expect(res.statusCode, ids.slice(0, 20)).toBe(400);
      expect(JSON.stringify(res.json()), ids.slice(0, 20)).toContain(key);
    }
    const noQuery = await call(t, { method: 'GET', url: '/api/extracts/zip', token: teacher.token });
    expect(noQuery.statusCode).toBe(400);

    // A PDF gone from storage: 404 fileMissing for the whole zip, before any byte of it.
    const key = (
      await t.ctx.db
        .selectFrom('extracts')
        .select('storage_key')
        .where('id', '=', other.id)
        .executeTakeFirstOrThrow()
    ).storage_key as string;
    await t.ctx.storage.remove(key);
    const missing = await zip(`${made.id},${other.id}`, teacher.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ status: 404, key: 'fileMissing' });

    // Not made yet (or failed): 409 extractNotReady, as the single download.
    await t.ctx.db
      .updateTable('extracts')
      .set({ storage_key: null, job_id: null })
      .where('id', '=', other.id)
      .execute();
    const early = await zip(`${made.id},${other.id}`, teacher.token);
    expect(early.statusCode).toBe(409);
    expect(early.json().key).toBe('extractNotReady');
    expect((await zip(String(made.id), teacher.token)).statusCode).toBe(200);
  });
});

describe('codes and criteria in the PDF (D56)', () => {
  it('draws each code before its name, and the criteria (with theirs) under their competence', async () => {
    const { id, teacher } = await buildEvaluationTrajectory(
      t,
      { read: true, write: false },
      {
        competences: CODED_COMPETENCES,
      },
    );
    const blueprintId = await extractBlueprint(teacher.token);
    const [made] = (
      await call(t, {
        method: 'POST',
        url: '/api/extracts',
        token: teacher.token,
        payload: { name: 'Rapport', extract: blueprintId, trajectories: [id] },
      })
    ).json();
    const pdf = await call(t, {
      method: 'GET',
      url: `/api/extracts/${made.id}/content`,
      token: teacher.token,
    });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/[ \t]+/g, ' ');
    for (const line of [
      'B1 Zorg en begeleiding',
      'B1-K1 Zorgplan',
      'B1-K1-W1 Inventariseert de zorgvraag',
      'B1-K1-W1-1 Vraagt door',
      'B1-K1-W1-1a Vat samen',
      'Legt vast',
      'B1-K1-W2 Stelt een zorgplan op',
    ])
      expect(text).toContain(line);
    // The criteria follow their competence, the nested one after its parent, before the next competence.
    const at = (needle: string) => text.indexOf(needle);
    expect(at('B1-K1-W1 Inventariseert')).toBeLessThan(at('B1-K1-W1-1 Vraagt door'));
    expect(at('B1-K1-W1-1 Vraagt door')).toBeLessThan(at('B1-K1-W1-1a Vat samen'));
    expect(at('B1-K1-W1-1a Vat samen')).toBeLessThan(at('Legt vast'));
    expect(at('Legt vast')).toBeLessThan(at('B1-K1-W2 Stelt'));
    // A competence without a code is drawn by its name alone.
    expect(text).toMatch(/\d\.\d\.\d Voert een gesprek/);
  });
});
