import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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
import { root } from '../../../test/server-process.ts';
import { buildTrajectory } from '../../../test/trajectory-fixture.ts';
import type { Db } from '../../db/database.ts';
import { openDatabase } from '../../db/database.ts';
import { describeChain, recordAudit, verifyAuditChain } from './index.ts';

/**
 * D57's audit log: append-only (the database refuses UPDATE and DELETE; the refusal tests are the planted
 * violation the guard must catch), hash-chained per organisation (verify names the row a superuser changed
 * behind the trigger's back), personal data outside the hash (an erasure keeps the chain), and the events
 * the server records at sign-in, access changes and member role changes, in the change's transaction.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function organisation(): Promise<{ id: number; ownerId: number }> {
  const owner = await buildUser(t);
  const org = await buildOrganisation(t, (await login(t, owner.email)).accessToken);
  return { id: org.id, ownerId: owner.id };
}

async function append(organisationId: number, actorId: number | null, n: number): Promise<void> {
  for (let i = 0; i < n; i++)
    await t.ctx.db.transaction().execute((trx) =>
      recordAudit(trx, {
        organisationId,
        actorId,
        action: 'test.event',
        subject: { kind: 'trajectory', id: 100 + i },
        requestId: `req-${i}`,
        details: { n: i, nested: { b: 2, a: [1, 'x'] } },
        personal: { subjectLabel: `Trajectory of person ${i}` },
      }),
    );
}

function events(organisationId: number) {
  return t.ctx.db
    .selectFrom('audit_events')
    .select([sql<string>`id::text`.as('id'), 'seq', 'action', 'actor_id', 'subject_kind', 'subject_id'])
    .select(['request_id', 'details', 'prev_hash', 'hash'])
    .where('organisation_id', '=', organisationId)
    .orderBy('seq')
    .execute();
}

/** What a superuser can do: the trigger off, a statement, the trigger on, in one transaction. */
function behindTheTrigger(statement: (trx: Db) => Promise<unknown>): Promise<void> {
  return t.ctx.db.transaction().execute(async (trx) => {
    await sql`alter table audit_events disable trigger audit_events_append_only`.execute(trx);
    await statement(trx);
    await sql`alter table audit_events enable trigger audit_events_append_only`.execute(trx);
  });
}

describe('the audit chain', () => {
  it('appends events numbered per organisation, each hash covering the one before, and verifies whole', async () => {
    const { id, ownerId } = await organisation();
    await append(id, ownerId, 3);
    const rows = await events(id);
    expect(rows.map((row) => row.seq)).toEqual([1, 2, 3]);
    expect(rows[0]).toMatchObject({
      action: 'test.event',
      actor_id: ownerId,
      subject_kind: 'trajectory',
      subject_id: '100',
      request_id: 'req-0',
      details: { n: 0, nested: { a: [1, 'x'], b: 2 } },
      prev_hash: null,
    });
    expect(rows[1]!.prev_hash).toBe(rows[0]!.hash);
    expect(rows[2]!.prev_hash).toBe(rows[1]!.hash);
    expect(rows[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    const reports = await verifyAuditChain(t.ctx.db, id);
    expect(reports).toEqual([{ organisationId: id, events: 3, broken: null }]);
    expect(describeChain(reports[0]!)).toBe(`organisation ${id}: whole (3 events)`);
    const personal = await t.ctx.db
      .selectFrom('audit_personal')
      .selectAll()
      .where('event_id', '=', rows[0]!.id)
      .executeTakeFirstOrThrow();
    expect(personal).toMatchObject({ subject_label: 'Trajectory of person 0' });
    expect(personal.actor_email).toMatch(/@example\.nl$/);
  });

  it('refuses UPDATE and DELETE of an event in the database, and nothing changes', async () => {
    const { id, ownerId } = await organisation();
    await append(id, ownerId, 2);
    const before = await events(id);
    await expect(
      t.ctx.db
        .updateTable('audit_events')
        .set({ action: 'forged' })
        .where('id', '=', before[0]!.id)
        .execute(),
    ).rejects.toThrow(/audit_events is append-only: UPDATE refused/);
    await expect(
      sql`update audit_events set action = 'forged' where organisation_id = ${id}`.execute(t.ctx.db),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.ctx.db.deleteFrom('audit_events').where('id', '=', before[1]!.id).execute(),
    ).rejects.toThrow(/audit_events is append-only: DELETE refused/);
    await expect(
      sql`delete from audit_events where organisation_id = ${id}`.execute(t.ctx.db),
    ).rejects.toThrow(/append-only/);
    expect(await events(id)).toEqual(before);
    expect((await verifyAuditChain(t.ctx.db, id))[0]!.broken).toBeNull();
  });

  it('names the row a superuser changed with the trigger disabled: hash, prev_hash, gap', async () => {
    // A field changed: that row's hash no longer matches.
    const changed = await organisation();
    await append(changed.id, changed.ownerId, 4);
    const rows = await events(changed.id);
    await behindTheTrigger((trx) =>
      trx.updateTable('audit_events').set({ subject_id: '999' }).where('id', '=', rows[1]!.id).execute(),
    );
    const [report] = await verifyAuditChain(t.ctx.db, changed.id);
    expect(report).toEqual({
      organisationId: changed.id,
      events: 4,
      broken: { seq: 2, eventId: rows[1]!.id, reason: 'hash mismatch' },
    });
    expect(describeChain(report!)).toBe(
      `organisation ${changed.id}: broken at seq 2 (event id ${rows[1]!.id}): hash mismatch`,
    );

    // The forger rehashes the row too: the next row's link to it breaks.
    const rehashed = await organisation();
    await append(rehashed.id, rehashed.ownerId, 3);
    const chain = await events(rehashed.id);
    await behindTheTrigger((trx) =>
      trx
        .updateTable('audit_events')
        .set({ hash: 'f'.repeat(64) })
        .where('id', '=', chain[0]!.id)
        .execute(),
    );
    expect((await verifyAuditChain(t.ctx.db, rehashed.id))[0]!.broken).toEqual({
      seq: 1,
      eventId: chain[0]!.id,
      reason: 'hash mismatch',
    });

    // A row removed: the gap is named at the row after it.
    const removed = await organisation();
    await append(removed.id, removed.ownerId, 3);
    const gone = await events(removed.id);
    await behindTheTrigger(async (trx) => {
      await trx.deleteFrom('audit_personal').where('event_id', '=', gone[1]!.id).execute();
      await trx.deleteFrom('audit_events').where('id', '=', gone[1]!.id).execute();
    });
    expect((await verifyAuditChain(t.ctx.db, removed.id))[0]).toEqual({
      organisationId: removed.id,
      events: 2,
      broken: { seq: 3, eventId: gone[2]!.id, reason: 'gap' },
    });

    // The trigger is back on.
    await expect(
      t.ctx.db.updateTable('audit_events').set({ action: 'x' }).where('id', '=', gone[0]!.id).execute(),
    ).rejects.toThrow(/append-only/);
  });

  it('a prev_hash that does not link is named as such', async () => {
    const { id, ownerId } = await organisation();
    await append(id, ownerId, 3);
    const rows = await events(id);
    await behindTheTrigger((trx) =>
      trx
        .updateTable('audit_events')
        .set({ prev_hash: 'a'.repeat(64) })
        .where('id', '=', rows[2]!.id)
        .execute(),
    );
    expect((await verifyAuditChain(t.ctx.db, id))[0]!.broken).toEqual({
      seq: 3,
      eventId: rows[2]!.id,
      reason: 'prev_hash mismatch',
    });
  });

  it('keeps the chain whole when the personal data is erased (updated or deleted)', async () => {
    const { id, ownerId } = await organisation();
    await append(id, ownerId, 3);
    const rows = await events(id);
    await t.ctx.db
      .updateTable('audit_personal')
      .set({ actor_email: null, actor_name: 'Verwijderde gebruiker #1', subject_label: null })
      .where(
        'event_id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    await t.ctx.db.deleteFrom('audit_personal').where('event_id', '=', rows[1]!.id).execute();
    expect(await verifyAuditChain(t.ctx.db, id)).toEqual([{ organisationId: id, events: 3, broken: null }]);
  });

  it('keeps the chain when appends of one organisation run at the same time', async () => {
    const { id, ownerId } = await organisation();
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.ctx.db.transaction().execute(async (trx) => {
          await recordAudit(trx, {
            organisationId: id,
            actorId: ownerId,
            action: 'test.concurrent',
            subject: { kind: 'user', id: i },
          });
          // Held a little, so the others wait on the lock rather than pass by.
          await sql`select pg_sleep(0.01)`.execute(trx);
        }),
      ),
    );
    const rows = await events(id);
    expect(rows.map((row) => row.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(new Set(rows.map((row) => row.subject_id)).size).toBe(8);
    expect((await verifyAuditChain(t.ctx.db, id))[0]).toEqual({
      organisationId: id,
      events: 8,
      broken: null,
    });
  });

  it("keeps each organisation's chain to itself", async () => {
    const a = await organisation();
    const b = await organisation();
    await append(a.id, a.ownerId, 2);
    await append(b.id, b.ownerId, 3);
    await append(a.id, a.ownerId, 1);
    expect((await events(a.id)).map((row) => row.seq)).toEqual([1, 2, 3]);
    expect((await events(b.id)).map((row) => row.seq)).toEqual([1, 2, 3]);
    expect(await verifyAuditChain(t.ctx.db, a.id)).toEqual([
      { organisationId: a.id, events: 3, broken: null },
    ]);
    // A change in b's chain is b's break, not a's.
    const bRows = await events(b.id);
    await behindTheTrigger((trx) =>
      trx.updateTable('audit_events').set({ action: 'forged' }).where('id', '=', bRows[0]!.id).execute(),
    );
    const all = await verifyAuditChain(t.ctx.db);
    expect(all.find((report) => report.organisationId === a.id)).toEqual({
      organisationId: a.id,
      events: 3,
      broken: null,
    });
    expect(all.find((report) => report.organisationId === b.id)?.broken).toMatchObject({ seq: 1 });
  });

  it('rolls the event back with the change it records', async () => {
    const { id, ownerId } = await organisation();
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await recordAudit(trx, {
          organisationId: id,
          actorId: ownerId,
          action: 'test.rolledBack',
          subject: { kind: 'user', id: 1 },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await events(id)).toEqual([]);
  });
});

describe('the events the server records', () => {
  it("records an owner's and an admin's sign-in into an organisation with the request id, not a user's or a rotation's", async () => {
    const { id } = await organisation();
    const admin = await buildUser(t);
    const user = await buildUser(t);
    await addMember(t, id, admin.id, 'ADMIN');
    await addMember(t, id, user.id, 'USER');
    const first = await login(t, admin.email);
    const entered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { 'x-request-id': 'proxy-request-17' },
      payload: { email: admin.email, refreshToken: first.refreshToken, organisationId: id },
    });
    expect(entered.statusCode, entered.body).toBe(200);
    // A rotation inside the organisation is no new sign-in.
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { email: admin.email, refreshToken: entered.json().refreshToken, organisationId: id },
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    await tokensFor(t, user.email, id);
    const signIns = (await events(id)).filter((row) => row.action === 'auth.signIn');
    expect(signIns).toEqual([
      expect.objectContaining({
        actor_id: admin.id,
        subject_kind: 'user',
        subject_id: String(admin.id),
        request_id: 'proxy-request-17',
        details: { role: 'ADMIN' },
      }),
    ]);
    expect((await verifyAuditChain(t.ctx.db, id))[0]!.broken).toBeNull();
  });

  it("records a trajectory's access change with counts hashed and the addresses outside the hash", async () => {
    const s = await buildTrajectory(t);
    const created = (await events(s.org.id)).filter((row) => row.action === 'trajectory.created');
    expect(created).toEqual([
      expect.objectContaining({
        actor_id: s.teacher.id,
        subject_kind: 'trajectory',
        subject_id: String(s.id),
        details: { granted: 2, changed: 0, revoked: 0, holders: 2 },
      }),
    ]);
    const url = `/api/v2/trajectories/${s.id}/access`;
    const access = (await call(t, { method: 'GET', url, token: s.teacher.token })).json();
    // Saved unchanged: nothing to audit.
    expect((await call(t, { method: 'PUT', url, token: s.teacher.token, payload: access })).statusCode).toBe(
      200,
    );
    const saved = await call(t, {
      method: 'PUT',
      url,
      token: s.teacher.token,
      payload: { ...access, users: [access.users[0]] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const changes = (await events(s.org.id)).filter((row) => row.action === 'trajectory.access');
    expect(changes).toEqual([
      expect.objectContaining({
        actor_id: s.teacher.id,
        subject_id: String(s.id),
        request_id: saved.headers['x-request-id'],
        details: { granted: 0, changed: 0, revoked: 1, holders: 1 },
      }),
    ]);
    const personal = await t.ctx.db
      .selectFrom('audit_personal')
      .select(['details', 'actor_email'])
      .where('event_id', '=', changes[0]!.id)
      .executeTakeFirstOrThrow();
    expect(personal).toEqual({
      actor_email: s.teacher.email,
      details: { granted: [], changed: [], revoked: [s.pupil.email] },
    });
    expect(JSON.stringify(changes[0])).not.toContain(s.pupil.email);
    expect((await verifyAuditChain(t.ctx.db, s.org.id))[0]!.broken).toBeNull();
  });

  it("records a member's role given, changed and taken", async () => {
    const owner = await buildUser(t);
    const org = await buildOrganisation(t, (await login(t, owner.email)).accessToken);
    const token = (await tokensFor(t, owner.email, org.id)).accessToken;
    const member = await buildUser(t);
    const users = `/api/organisations/${org.id}/users`;
    const added = await call(t, {
      method: 'POST',
      url: users,
      token,
      payload: { email: member.email, role: 'USER' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const changed = await call(t, {
      method: 'PUT',
      url: `${users}/${member.id}`,
      token,
      payload: { role: 'ADMIN' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const removed = await call(t, { method: 'DELETE', url: `${users}/${member.id}`, token });
    expect(removed.statusCode, removed.body).toBe(204);
    const roles = (await events(org.id)).filter((row) => row.action === 'membership.role');
    expect(roles).toEqual(
      [
        { from: null, to: 'USER', res: added },
        { from: 'USER', to: 'ADMIN', res: changed },
        { from: 'ADMIN', to: null, res: removed },
      ].map(({ from, to, res }) =>
        expect.objectContaining({
          actor_id: owner.id,
          subject_kind: 'user',
          subject_id: String(member.id),
          request_id: res.headers['x-request-id'],
          details: { from, to },
        }),
      ),
    );
    const labels = await t.ctx.db
      .selectFrom('audit_personal')
      .select('subject_label')
      .where(
        'event_id',
        'in',
        roles.map((row) => row.id),
      )
      .execute();
    expect(labels.map((row) => row.subject_label)).toEqual([member.email, member.email, member.email]);
    expect((await verifyAuditChain(t.ctx.db, org.id))[0]!.broken).toBeNull();
  });
});

/**
 * `npm run audit -- verify` as an operator runs it, on an embedded installation: "whole" and exit 0, the
 * broken row and exit 1, wrong arguments exit 2. Once, in the PGlite pass.
 */
describe.skipIf(inject('databaseUrl'))(
  'npm run audit -- verify (embedded, PGlite pass)',
  { timeout: 120_000 },
  () => {
    it('says whole, names where a chain breaks, and refuses bad arguments', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'groeipad-audit-'));
      const seed = async (statement: (db: Db) => Promise<unknown>) => {
        const database = await openDatabase({ dataDir });
        try {
          return await statement(database.db);
        } finally {
          await database.close();
        }
      };
      const id = await seed(async (db) => {
        const { id } = (
          await sql<{ id: number }>`
        insert into organisations (name, type, street_name, street_number, postal_code, city, country, email, phone_number)
        values ('Het Baken', 'COMPANY', 'Dorpsstraat', '1', '3511 AB', 'Utrecht', 'NL', 'info@baken.nl', '030 1234567')
        returning id`.execute(db)
        ).rows[0]!;
        for (let i = 0; i < 2; i++)
          await db.transaction().execute((trx) =>
            recordAudit(trx, {
              organisationId: id,
              actorId: null,
              action: 'test',
              subject: { kind: 'x', id: i },
            }),
          );
        return id;
      });
      const env = { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: dataDir };
      const audit = (...args: string[]) =>
        run('npm', ['run', '--silent', 'audit', '--', ...args], { cwd: root, env });

      expect((await audit('verify')).stdout).toBe(`organisation ${id}: whole (2 events)\n`);
      expect((await audit('verify', '--organisation', String(id))).stdout).toContain('whole (2 events)');
      await expect(audit('verify', '--organisation', 'x')).rejects.toMatchObject({ code: 2 });
      await expect(audit('check')).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining('Usage:'),
      });

      const eventId = await seed(async (db) => {
        const row = await db
          .selectFrom('audit_events')
          .select(sql<string>`id::text`.as('id'))
          .where('seq', '=', 2)
          .executeTakeFirstOrThrow();
        await db.transaction().execute(async (trx) => {
          await sql`alter table audit_events disable trigger audit_events_append_only`.execute(trx);
          await sql`update audit_events set action = 'forged' where id = ${row.id}`.execute(trx);
          await sql`alter table audit_events enable trigger audit_events_append_only`.execute(trx);
        });
        return row.id;
      });
      await expect(audit('verify')).rejects.toMatchObject({
        code: 1,
        stdout: `organisation ${id}: broken at seq 2 (event id ${eventId}): hash mismatch\n`,
      });
    });
  },
);

const run = promisify(execFile);
