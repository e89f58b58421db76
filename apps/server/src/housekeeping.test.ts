import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, createTestApp, login, type TestApp } from '../test/helpers.ts';
import { runHousekeeping } from './housekeeping.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('housekeeping', () => {
  it('removes old rate-limit windows, spent codes and dead refresh tokens, and keeps live ones', async () => {
    const user = await buildUser(t);
    await login(t, user.email);
    const live = await login(t, user.email);
    const old = sql<Date>`now() - interval '40 days'`;
    await t.ctx.db
      .insertInto('rate_limits')
      .values([
        { key: `old-${user.id}`, window_start: old, hits: 3 },
        { key: `new-${user.id}`, window_start: sql<Date>`now()`, hits: 1 },
      ])
      .execute();
    await t.ctx.db
      .insertInto('auth_codes')
      .values([
        { user_id: user.id, purpose: 'reset', code_hash: `spent-${user.id}`, expires_at: old, used_at: old },
        {
          user_id: user.id,
          purpose: 'reset',
          code_hash: `open-${user.id}`,
          expires_at: sql<Date>`now() + interval '1 hour'`,
        },
      ])
      .execute();
    // the first sign-in died long ago
    const tokens = await t.ctx.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    await t.ctx.db
      .updateTable('refresh_tokens')
      .set({ revoked_at: old })
      .where('id', '=', tokens[0]!.id)
      .execute();

    await runHousekeeping(t.ctx);

    const keys = await t.ctx.db
      .selectFrom('rate_limits')
      .select('key')
      .where('key', 'like', `%-${user.id}`)
      .execute();
    expect(keys.map((k) => k.key)).toEqual([`new-${user.id}`]);
    const codes = await t.ctx.db
      .selectFrom('auth_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(codes.map((c) => c.code_hash)).toEqual([`open-${user.id}`]);
    const left = await t.ctx.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(left.map((r) => r.id)).toEqual([tokens[1]!.id]);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { email: user.email, refreshToken: live.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('deletes jobs done a week ago and failed a month ago; keeps newer, queued and running ones', async () => {
    const name = `housekeeping-${randomUUID()}`;
    const at = (days: number) => sql<Date>`now() - make_interval(days => ${days})`;
    const rows = [
      { key: 'done-old', state: 'done', finished_at: at(8) },
      { key: 'done-new', state: 'done', finished_at: at(6) },
      { key: 'failed-old', state: 'failed', finished_at: at(31) },
      { key: 'failed-new', state: 'failed', finished_at: at(20) },
      { key: 'queued-old', state: 'queued', finished_at: null },
      { key: 'running', state: 'running', finished_at: null },
    ] as const;
    await t.ctx.db
      .insertInto('jobs')
      .values(
        rows.map((r) => ({ name, payload: '{}', key: r.key, state: r.state, finished_at: r.finished_at })),
      )
      .execute();
    await runHousekeeping(t.ctx);
    const left = await t.ctx.db
      .selectFrom('jobs')
      .select('key')
      .where('name', '=', name)
      .orderBy('key')
      .execute();
    expect(left.map((r) => r.key)).toEqual(['done-new', 'failed-new', 'queued-old', 'running']);
  });
});
