import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import {
  backoffDelay,
  defineJob,
  type JobDefinition,
  JobQueue,
  type JobQueueOptions,
  LeaseLostError,
  PermanentJobError,
} from './queue.ts';

const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

let t: TestApp;
const queues: JobQueue[] = [];
beforeAll(async () => {
  t = await createTestApp();
  // What a handler did, written in the transaction that finishes its job: counted to prove "once".
  await sql`create table if not exists queue_test_effects (
    job_id integer not null, worker text not null, at timestamptz not null default now())`.execute(t.ctx.db);
});
afterAll(async () => {
  for (const queue of queues) await queue.stop(1000);
  await t.close();
});

/** A queue on the test database that runs only the kinds registered on it (names unique per test). */
function queue(options: JobQueueOptions = {}): JobQueue {
  const q = new JobQueue(t.ctx.db, logger, { pollMs: 25, ...options });
  queues.push(q);
  return q;
}

function kind<P = Record<string, never>>(
  options: Partial<Omit<JobDefinition<P>, 'name' | 'payload'>> = {},
): JobDefinition<P> {
  return defineJob<P>(`test.${randomUUID()}`, { backoff: { baseMs: 20, maxMs: 200 }, ...options });
}

const effects = async (ids: number[]) =>
  (
    await sql<{ job_id: number; n: number }>`select job_id, count(*)::int as n from queue_test_effects
      where job_id = any(${ids}::int[]) group by job_id`.execute(t.ctx.db)
  ).rows;

const row = (id: number) =>
  t.ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('enqueue', () => {
  it('writes the job in the caller’s transaction: a rollback leaves no job, a commit one', async () => {
    const q = queue({ track: true });
    const job = kind<{ n: number }>();
    let rolledBack = 0;
    await t.ctx.db
      .transaction()
      .execute(async (trx) => {
        rolledBack = await q.enqueue(trx, job, { n: 1 });
        throw new Error('the business write failed');
      })
      .catch(() => {});
    expect(await q.status(rolledBack)).toBeUndefined();
    const committed = await t.ctx.db.transaction().execute((trx) => q.enqueue(trx, job, { n: 2 }));
    expect(await q.status(committed)).toMatchObject({
      name: job.name,
      state: 'queued',
      attempts: 0,
      progress: 0,
    });
    const seen: unknown[] = [];
    q.handle(job, async ({ payload }) => {
      seen.push(payload);
    });
    await q.drain();
    expect(seen).toEqual([{ n: 2 }]);
    expect(await q.status(committed)).toMatchObject({ state: 'done', attempts: 1, progress: 100 });
  });

  it('gives the existing job for a key used before', async () => {
    const q = queue();
    const job = kind();
    const first = await q.enqueue(t.ctx.db, job, {}, { key: 'extract-7' });
    expect(await q.enqueue(t.ctx.db, job, {}, { key: 'extract-7' })).toBe(first);
    expect(await q.enqueue(t.ctx.db, job, {}, { key: 'extract-8' })).not.toBe(first);
  });

  it('coalesces while the job waits: the same key gives the waiting job, its payload kept; after the claim a new one', async () => {
    const q = queue({ track: true });
    const job = kind<{ from: number }>();
    const ran: number[] = [];
    q.handle(job, async (running) => {
      ran.push(running.payload.from);
    });
    const first = await q.enqueue(t.ctx.db, job, { from: 1 }, { coalesce: 'doc-1' });
    expect(await q.enqueue(t.ctx.db, job, { from: 2 }, { coalesce: 'doc-1' })).toBe(first);
    const other = await q.enqueue(t.ctx.db, job, { from: 9 }, { coalesce: 'doc-2' });
    expect(other).not.toBe(first);
    await expect(q.enqueue(t.ctx.db, job, { from: 3 }, { key: 'k', coalesce: 'doc-1' })).rejects.toThrow();
    await q.drain();
    expect(ran.sort()).toEqual([1, 9]);
    const later = await q.enqueue(t.ctx.db, job, { from: 3 }, { coalesce: 'doc-1' });
    expect(later).not.toBe(first);
    await q.drain();
    expect(ran).toContain(3);
    expect(await q.status(first)).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('a job joined by an open transaction is not claimed before that transaction ends', async () => {
    const q = queue({ track: true });
    const job = kind();
    const id = await q.enqueue(t.ctx.db, job, {}, { coalesce: 'doc-locked' });
    const claimable = async () =>
      (
        await sql<{ id: number }>`select id from jobs where id = ${id} for update skip locked`.execute(
          t.ctx.db,
        )
      ).rows.length;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let joined = () => {};
    const inside = new Promise<void>((resolve) => {
      joined = resolve;
    });
    const transaction = t.ctx.db.transaction().execute(async (trx) => {
      expect(await q.enqueue(trx, job, {}, { coalesce: 'doc-locked' })).toBe(id);
      joined();
      await held;
    });
    await inside;
    // PGlite runs one transaction at a time: no claim can come between the join and its commit there, so
    // only a PostgreSQL server has a moment to look (the claim's `for update skip locked` passes it by).
    if (process.env.TEST_DATABASE === 'postgres') expect(await claimable()).toBe(0);
    release();
    await transaction;
    expect(await claimable()).toBe(1);
  });
});

describe('the worker', () => {
  it('wakes at once for a job enqueued in its own process, also one committed a moment later', async () => {
    // a poll every 10 s: only the wake-up can explain a job done within a second or two
    const q = queue({ pollMs: 10_000 });
    const job = kind();
    q.handle(job, async () => {});
    q.start();
    await new Promise((r) => setTimeout(r, 100)); // the first poll has passed
    const started = Date.now();
    const now = await q.enqueue(t.ctx.db, job, {});
    const later = await t.ctx.db.transaction().execute(async (trx) => {
      const id = await q.enqueue(trx, job, {});
      await new Promise((r) => setTimeout(r, 60));
      return id;
    });
    await until(async () => (await row(now)).state === 'done' && (await row(later)).state === 'done', 5000);
    expect(Date.now() - started).toBeLessThan(2500);
  });
});

describe('retries', () => {
  it('backoff doubles per failed attempt up to its cap, with at most 20 % jitter', () => {
    const backoff = { baseMs: 1000, maxMs: 10_000 };
    expect([1, 2, 3, 4, 5, 9].map((a) => backoffDelay(a, backoff, 0.5))).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
    expect(backoffDelay(1, backoff, 0)).toBe(800);
    expect(backoffDelay(1, backoff, 1)).toBe(1200);
  });

  it('retries a failing job with a growing wait until it succeeds, keeping the last error meanwhile', async () => {
    const q = queue({ track: true });
    const job = kind({ maxAttempts: 5, backoff: { baseMs: 150, maxMs: 5000 } });
    const starts: number[] = [];
    q.handle(job, async () => {
      starts.push(Date.now());
      if (starts.length < 3) throw new Error(`smtp down (${starts.length})`);
    });
    const id = await q.enqueue(t.ctx.db, job, {});
    await q.drain();
    expect(await q.status(id)).toMatchObject({
      state: 'queued',
      attempts: 1,
      lastError: 'Error: smtp down (1)',
    });
    await q.drain({ settle: true });
    expect(await q.status(id)).toMatchObject({ state: 'done', attempts: 3, lastError: null });
    const waits = [starts[1]! - starts[0]!, starts[2]! - starts[1]!];
    // 150 ms ±20 %, then 300 ms ±20 %
    expect(waits[0]).toBeGreaterThanOrEqual(115);
    expect(waits[1]).toBeGreaterThanOrEqual(235);
    expect(waits[1]).toBeGreaterThan(waits[0]!);
  });

  it('fails for good after its attempts, visibly; a requeue gives it a new round', async () => {
    const q = queue({ track: true });
    const job = kind({ maxAttempts: 3 });
    let mend = false;
    let runs = 0;
    q.handle(job, async () => {
      runs++;
      if (!mend) throw new Error('still broken');
    });
    const id = await q.enqueue(t.ctx.db, job, {});
    await q.drain({ settle: true });
    expect(runs).toBe(3);
    const failed = await q.status(id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 3, lastError: 'Error: still broken' });
    expect(failed?.finishedAt).toBeInstanceOf(Date);
    expect(await q.requeue(t.ctx.db, id)).toBe(true);
    mend = true;
    await q.drain({ settle: true });
    expect(await q.status(id)).toMatchObject({ state: 'done', attempts: 1 });
    expect(await q.requeue(t.ctx.db, id)).toBe(false);
  });

  it('fails at once on a PermanentJobError', async () => {
    const q = queue({ track: true });
    const job = kind({ maxAttempts: 5 });
    q.handle(job, async () => {
      throw new PermanentJobError('the trajectory is gone');
    });
    const id = await q.enqueue(t.ctx.db, job, {});
    await q.drain({ settle: true });
    expect(await q.status(id)).toMatchObject({ state: 'failed', attempts: 1 });
  });
});

describe('a running job', () => {
  it('shows its progress and clears a secret payload when done', async () => {
    const q = queue({ track: true });
    const job = kind<{ link: string }>({ redact: true });
    const id = await q.enqueue(t.ctx.db, job, { link: 'https://x/activate?code=secret' });
    const seen: number[] = [];
    q.handle(job, async (running) => {
      await running.progress(40.4);
      seen.push((await q.status(id))!.progress);
      await running.progress(250);
      seen.push((await q.status(id))!.progress);
      expect((await q.status(id))!.state).toBe('running');
    });
    await q.drain();
    expect(seen).toEqual([40, 100]);
    expect((await row(id)).payload).toEqual({});
  });

  it('writes what `finish` does together with the job’s completion: a handler failing after it does not run again', async () => {
    const q = queue({ track: true });
    const job = kind();
    let runs = 0;
    q.handle(job, async (running) => {
      runs++;
      await running.finish((trx) =>
        trx
          .insertInto('queue_test_effects' as never)
          .values({ job_id: running.id, worker: 'a' } as never)
          .execute(),
      );
      throw new Error('after the work was done');
    });
    const id = await q.enqueue(t.ctx.db, job, {});
    await q.drain({ settle: true });
    expect(runs).toBe(1);
    expect(await q.status(id)).toMatchObject({ state: 'done', attempts: 1 });
    expect(await effects([id])).toEqual([{ job_id: id, n: 1 }]);
  });

  it('commits an asyncCommit job’s finish without waiting for the disk, and only that transaction', async () => {
    const q = queue({ track: true });
    const derived = kind({ asyncCommit: true });
    const durable = kind();
    const setting = async (db: typeof t.ctx.db) =>
      (await sql<{ value: string }>`select current_setting('synchronous_commit') as value`.execute(db))
        .rows[0]!.value;
    const seen: Record<string, string> = {};
    for (const [label, job] of [
      ['derived', derived],
      ['durable', durable],
    ] as const)
      q.handle(job, async (running) => {
        seen[`${label} before finish`] = await setting(t.ctx.db);
        await running.finish(async (trx) => {
          seen[label] = await setting(trx);
        });
      });
    const ids = [await q.enqueue(t.ctx.db, derived, {}), await q.enqueue(t.ctx.db, durable, {})];
    await q.drain();
    // The claim's own `set_config(…, true)` ended with its statement: the handler's queries run as usual.
    expect(seen).toEqual({
      'derived before finish': 'on',
      derived: 'off',
      'durable before finish': 'on',
      durable: 'on',
    });
    for (const id of ids) expect(await q.status(id)).toMatchObject({ state: 'done' });
    expect(await setting(t.ctx.db)).toBe('on');
  });

  it('is taken back once its lease ran out, runs again, and the old holder can no longer finish it', async () => {
    // A long lease: the holder's heartbeat (every 10 s) stays out of the way while the test ends it.
    const job = kind({ leaseSeconds: 30 });
    const id = await queue().enqueue(t.ctx.db, job, {});
    const insertEffect = (worker: string) => (trx: typeof t.ctx.db) =>
      trx
        .insertInto('queue_test_effects' as never)
        .values({ job_id: id, worker } as never)
        .execute();
    // A worker that took the job and then stalled (a process frozen, or cut off from the database).
    // (one job at a time: it never takes the job a second time itself)
    const stalled = queue({ workerId: 'stalled', concurrency: 1 });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let stalledError: unknown;
    let stalledSignal: AbortSignal | undefined;
    stalled.handle(job, async (running) => {
      stalledSignal = running.signal;
      await held;
      await running.finish(insertEffect('stalled')).catch((error: unknown) => {
        stalledError = error;
        throw error;
      });
    });
    stalled.start();
    await until(async () => (await row(id)).state === 'running');
    expect((await row(id)).locked_by).toBe('stalled');
    // while the lease holds, another worker leaves the job alone
    const rescuer = queue({ workerId: 'rescuer' });
    rescuer.handle(job, async (running) => {
      await running.finish(insertEffect('rescuer'));
    });
    rescuer.start();
    await new Promise((r) => setTimeout(r, 150));
    expect((await row(id)).locked_by).toBe('stalled');
    // the lease runs out: the rescuer takes the job back and runs it again
    await t.ctx.db
      .updateTable('jobs')
      .set({ lease_until: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', id)
      .execute();
    await until(async () => (await row(id)).state === 'done');
    expect(await row(id)).toMatchObject({ attempts: 2, locked_by: null });
    release();
    await until(async () => stalledError !== undefined);
    expect(stalledError).toBeInstanceOf(LeaseLostError);
    expect(stalledSignal?.aborted).toBe(false);
    expect(
      (
        await sql<{ worker: string }>`select worker from queue_test_effects where job_id = ${id}`.execute(
          t.ctx.db,
        )
      ).rows,
    ).toEqual([{ worker: 'rescuer' }]);
  });
});

describe('graceful shutdown', () => {
  it('lets a short job finish and returns a long one to the queue, its attempt not counted', async () => {
    const q = queue({ workerId: 'stopping' });
    const short = kind();
    const long = kind({ leaseSeconds: 30 });
    let aborted = false;
    q.handle(short, async () => {
      await new Promise((r) => setTimeout(r, 100));
    });
    q.handle(long, async (running) => {
      await new Promise<void>((resolve) =>
        running.signal.addEventListener('abort', () => {
          aborted = true;
          resolve();
        }),
      );
    });
    const shortId = await q.enqueue(t.ctx.db, short, {});
    const longId = await q.enqueue(t.ctx.db, long, {});
    q.start();
    await until(
      async () => (await row(shortId)).state !== 'queued' && (await row(longId)).state === 'running',
    );
    expect(await q.stop(400)).toEqual({ finished: 1, returned: 1 });
    expect(aborted).toBe(true);
    expect(await q.status(shortId)).toMatchObject({ state: 'done' });
    const returned = await row(longId);
    expect(returned).toMatchObject({
      state: 'queued',
      attempts: 0,
      lease: null,
      locked_by: null,
      last_error: 'returned to the queue at shutdown',
    });
    // the next process takes it at once
    const next = queue();
    next.handle(long, async () => {});
    next.start();
    await until(async () => (await row(longId)).state === 'done');
    expect((await row(longId)).attempts).toBe(1);
  });
});

describe('two workers', () => {
  it('never run the same job: 120 jobs, each done once', { timeout: 60_000 }, async () => {
    const job = kind<{ n: number }>();
    const ids: number[] = [];
    for (let n = 0; n < 120; n++) ids.push(await queue().enqueue(t.ctx.db, job, { n }));
    const runs = new Map<number, number>();
    const byWorker: Record<string, number> = { one: 0, two: 0 };
    const workers = ['one', 'two'].map((name) => {
      const q = queue({ workerId: name, concurrency: 4, pollMs: 10 });
      q.handle({ ...job, concurrency: 4 }, async (running) => {
        runs.set(running.id, (runs.get(running.id) ?? 0) + 1);
        byWorker[name]!++;
        await new Promise((r) => setTimeout(r, Math.random() * 5));
        await running.finish((trx) =>
          trx
            .insertInto('queue_test_effects' as never)
            .values({ job_id: running.id, worker: name } as never)
            .execute(),
        );
      });
      return q;
    });
    for (const w of workers) w.start();
    await until(async () => {
      const { n } = (
        await sql<{
          n: number;
        }>`select count(*)::int as n from jobs where id = any(${ids}::int[]) and state = 'done'`.execute(
          t.ctx.db,
        )
      ).rows[0]!;
      return n === ids.length;
    }, 50_000);
    for (const w of workers) await w.stop(1000);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(runs.size).toBe(ids.length);
    const counted = await effects(ids);
    expect(counted).toHaveLength(ids.length);
    expect(counted.every((e) => e.n === 1)).toBe(true);
    // both took part
    expect(byWorker.one).toBeGreaterThan(0);
    expect(byWorker.two).toBeGreaterThan(0);
  });
});
