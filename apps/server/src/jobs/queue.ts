import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import type { JobState } from '../db/tables.ts';

/**
 * The job queue (issue 10; DESIGN "areas still to come" point 4): a `jobs` table, the same SQL on
 * embedded PGlite and a PostgreSQL server. pg-boss was measured first and set aside (ARCHITECTURE.md,
 * "Choices and why").
 *
 * - `enqueue(trx, job, payload)` writes a row in the caller's transaction: the job commits or rolls back
 *   with the change that asked for it.
 * - A worker (`start()`, one loop per process) claims a due row with `FOR UPDATE SKIP LOCKED`, so two
 *   workers never take the same job, and holds it under a lease: a fresh token per claim and a
 *   deadline it extends while the handler runs. A job whose process died is queued again once its
 *   lease ran out. Every write of a running job names its lease, so a worker that lost a job can
 *   never finish it a second time; `job.finish(trx => …)` writes a handler's effects in the very
 *   transaction that marks the job done, so they happen exactly once.
 * - A failure is retried after an exponential backoff until `maxAttempts`; then the job stays
 *   `failed` with its last error (`requeue` gives it a new round).
 * - `stop()` takes no more jobs, waits for running ones up to a limit and returns the rest to the queue
 *   without counting the interrupted attempt.
 */

export interface Backoff {
  /** Delay after the first failed attempt; each further failure doubles it. */
  baseMs: number;
  maxMs: number;
}

export interface JobDefinition<P> {
  readonly name: string;
  /** Attempts before the job stays failed. */
  readonly maxAttempts: number;
  /**
   * How long a claim holds without a heartbeat (the running handler's heartbeat extends it every third of
   * it); a job whose worker died runs again after it. Issue 20: with the worker's poll, within a minute.
   */
  readonly leaseSeconds: number;
  readonly backoff: Backoff;
  /** Clears the payload once done (it holds secrets: links with codes, password hashes). */
  readonly redact: boolean;
  /** At most this many of these jobs at once in one process. */
  readonly concurrency: number;
  /**
   * Its `finish` transaction commits without waiting for the write-ahead log to reach the disk
   * (PostgreSQL's `synchronous_commit = off` for that transaction). Only for work derived from data
   * that is already durable and safe to do again: a crash can lose the last fraction of a second of such
   * commits, and then the job, whose completion is lost with its writes, simply runs again.
   */
  readonly asyncCommit: boolean;
  /** Carries the payload type only. */
  readonly payload?: P;
}

/** Names a kind of job and its defaults; a module defines its jobs once, next to their handler. */
export function defineJob<P>(
  name: string,
  options: Partial<Omit<JobDefinition<P>, 'name' | 'payload'>> = {},
): JobDefinition<P> {
  return {
    name,
    maxAttempts: options.maxAttempts ?? 5,
    // 45 s and the reclaim at most two polls later: a dead process's job runs again within a minute
    // (issue 20; job-handlers.test.ts holds every registered kind to it).
    leaseSeconds: options.leaseSeconds ?? 45,
    backoff: options.backoff ?? { baseMs: 5_000, maxMs: 15 * 60_000 },
    redact: options.redact ?? false,
    concurrency: options.concurrency ?? 2,
    asyncCommit: options.asyncCommit ?? false,
  };
}

/** A job as its handler sees it. */
export interface RunningJob<P> {
  readonly id: number;
  readonly name: string;
  readonly payload: P;
  /** 1 for the first attempt. */
  readonly attempt: number;
  readonly maxAttempts: number;
  /** Aborted when the job was taken away: its lease was lost, or shutdown returned it to the queue. */
  readonly signal: AbortSignal;
  /** Records progress (0–100) a user can see; also extends the lease. */
  progress(percent: number): Promise<void>;
  /**
   * Runs `work` in a transaction that also marks the job done: its writes commit exactly once. When the
   * lease was lost meanwhile, nothing commits and the handler stops with a `LeaseLostError`.
   */
  finish<T>(work: (trx: Db) => Promise<T>): Promise<T>;
}

export type JobHandler<P> = (job: RunningJob<P>) => Promise<void>;

/** Thrown by a handler for a failure that no retry can mend: the job fails at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** The job's lease is no longer ours (it ran out and another worker took the job, or shutdown). */
export class LeaseLostError extends Error {
  override name = 'LeaseLostError';
  constructor(id: number) {
    super(`job ${id}: lease lost`);
  }
}

export interface EnqueueOptions {
  /** Not before this moment (default: now). */
  runAt?: Date;
  /** Overrides the definition's attempts. */
  maxAttempts?: number;
  /** A job with the same name and key already exists: no new one, its id is returned. */
  key?: string;
  /**
   * While a job of the same name and coalescing key waits unclaimed, no new one: that job is given (its
   * payload kept) and stays locked until the caller's transaction ends, so no worker starts it before
   * what the caller wrote is there to see. Once claimed it no longer coalesces and a new job is made. For
   * work that catches up on everything since its payload (notifications of a document's new events).
   */
  coalesce?: string;
}

/** A job that coalesces (`EnqueueOptions.coalesce`), asked for by a write that enqueues it itself. */
export interface CoalescingJob<P = unknown> {
  definition: JobDefinition<P>;
  payload: P;
  coalesce: string;
}

/**
 * The insert of a coalescing job, as SQL to run alone or as a data-modifying CTE of a caller's statement
 * (the engine's save: the document, its event and its job in one round trip). With `source`, the name of
 * a CTE before it, the job is asked for once if that CTE returned a row and not at all if it returned
 * none (a save refused by its version guard enqueues nothing). While a job of the same name and key waits
 * unclaimed, an update that changes nothing takes its row lock instead of adding one: a claim skips the
 * job until the caller's statement or transaction commits. Returns the job's id.
 */
export function coalescingJobInsert<P>(
  job: CoalescingJob<P>,
  options: Pick<EnqueueOptions, 'runAt' | 'maxAttempts'> & { source?: string } = {},
) {
  const { definition } = job;
  // Typed here: in `insert … select` a parameter takes no type from its column.
  const values = sql`${definition.name}::text, ${JSON.stringify(job.payload ?? {})}::jsonb, ${job.coalesce}::text,
    ${options.maxAttempts ?? definition.maxAttempts}::int, ${definition.leaseSeconds}::int,
    ${options.runAt ? sql`${options.runAt}::timestamptz` : sql`now()`}`;
  return sql<{
    id: number;
  }>`insert into jobs (name, payload, coalesce_key, max_attempts, lease_seconds, run_at)
    ${options.source ? sql`select ${values} from ${sql.table(options.source)}` : sql`values (${values})`}
    on conflict (name, coalesce_key) where coalesce_key is not null
    do update set coalesce_key = excluded.coalesce_key
    returning id`;
}

/** What anyone may read of a job (extracts show it to their user, D37). */
export interface JobStatus {
  id: number;
  name: string;
  state: JobState;
  attempts: number;
  maxAttempts: number;
  progress: number;
  lastError: string | null;
  runAt: Date;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export interface JobQueueOptions {
  /** How often an idle worker looks for due jobs and expired leases (default 1 s). */
  pollMs?: number;
  /** Jobs at once in this process (default 4). */
  concurrency?: number;
  /** Names this process in `locked_by` (default host:pid). */
  workerId?: string;
  /** Replaces every definition's backoff (tests). */
  backoff?: Backoff;
  /**
   * Remembers the ids this instance enqueued so that `drain()` runs only those: test files share one
   * PostgreSQL database, and each test app must run its own mail.
   */
  track?: boolean;
}

interface Claimed {
  id: number;
  name: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
  lease: string;
}

interface Active {
  claimed: Claimed;
  controller: AbortController;
  /** Set when shutdown gave the job back: the handler's outcome no longer counts. */
  returned: boolean;
  promise: Promise<void>;
}

const ERROR_LIMIT = 2000;

/** The wait after failed attempt `attempt` (1-based): base · 2^(attempt−1), capped, ±20 % jitter. */
export function backoffDelay(attempt: number, backoff: Backoff, random = Math.random()): number {
  const exponential = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential * (0.8 + 0.4 * random));
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, ERROR_LIMIT);
}

export class JobQueue {
  private readonly handlers = new Map<
    string,
    { definition: JobDefinition<unknown>; handler: JobHandler<never> }
  >();
  private readonly active = new Map<number, Active>();
  private readonly pollMs: number;
  private readonly concurrency: number;
  readonly workerId: string;
  private readonly mine: Set<number> | null;
  private timer: NodeJS.Timeout | null = null;
  private readonly chasers = new Set<NodeJS.Timeout>();
  private started = false;
  private stopping = false;
  private ticking: Promise<void> | null = null;
  private tickAgain = false;
  private lastReclaim = 0;
  /**
   * Failed attempts this process recorded, by job name (for /metrics): `retried` will run again, `failed`
   * ran out of attempts. Leases taken back from a dead worker count where they are taken back.
   */
  readonly failures = new Map<string, { retried: number; failed: number }>();

  constructor(
    private readonly db: Db,
    private readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>,
    private readonly options: JobQueueOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.concurrency = options.concurrency ?? 4;
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}`;
    this.mine = options.track ? new Set() : null;
  }

  /** Registers the handler of a kind of job (once per name). Only registered kinds are claimed here. */
  handle<P>(definition: JobDefinition<P>, handler: JobHandler<P>): void {
    if (this.handlers.has(definition.name)) throw new Error(`job ${definition.name} has a handler already`);
    this.handlers.set(definition.name, {
      definition: definition as JobDefinition<unknown>,
      handler: handler as JobHandler<never>,
    });
  }

  /**
   * Adds a job. Pass the transaction of the change that asks for it (`trx`), so both commit or neither;
   * `db` outside one. Returns the job's id (the existing job's, for a key already used).
   */
  async enqueue<P>(
    db: Db,
    definition: JobDefinition<P>,
    payload: P,
    options: EnqueueOptions = {},
  ): Promise<number> {
    if (options.key !== undefined && options.coalesce !== undefined)
      throw new Error(`enqueue ${definition.name}: a key or a coalescing key, not both`);
    if (options.coalesce !== undefined) {
      const { rows } = await coalescingJobInsert(
        { definition, payload, coalesce: options.coalesce },
        options,
      ).execute(db);
      return this.enqueued(rows[0]!.id);
    }
    const insert = db.insertInto('jobs').values({
      name: definition.name,
      payload: JSON.stringify(payload ?? {}),
      key: options.key ?? null,
      max_attempts: options.maxAttempts ?? definition.maxAttempts,
      lease_seconds: definition.leaseSeconds,
      ...(options.runAt ? { run_at: options.runAt } : {}),
    });
    const row = await insert
      .onConflict((oc) => oc.columns(['name', 'key']).where('key', 'is not', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    const id =
      row?.id ??
      (
        await db
          .selectFrom('jobs')
          .select('id')
          .where('name', '=', definition.name)
          .where('key', '=', options.key ?? '')
          .executeTakeFirstOrThrow()
      ).id;
    return this.enqueued(id);
  }

  /**
   * Tells the queue of a job its caller wrote itself (with `coalescingJobInsert` inside a statement of its
   * own, such as the engine's save): tracked for `drain()`, and a worker is woken. Returns the id.
   */
  enqueued(id: number): number {
    this.mine?.add(id);
    this.wake();
    return id;
  }

  /** A job's state, attempts, progress and last error; undefined for an unknown id. */
  async status(id: number, db: Db = this.db): Promise<JobStatus | undefined> {
    const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      name: row.name,
      state: row.state,
      attempts: row.attempts,
      maxAttempts: row.max_attempts,
      progress: row.progress,
      lastError: row.last_error,
      runAt: row.run_at,
      createdAt: row.created_at,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
    };
  }

  /** Gives a failed job a new round of attempts (a user's "retry"); false when it had not failed. */
  async requeue(db: Db, id: number): Promise<boolean> {
    const result = await db
      .updateTable('jobs')
      .set({ state: 'queued', attempts: 0, progress: 0, run_at: sql<Date>`now()`, finished_at: null })
      .where('id', '=', id)
      .where('state', '=', 'failed')
      .executeTakeFirst();
    const requeued = result.numUpdatedRows > 0n;
    if (requeued) {
      this.mine?.add(id);
      this.wake();
    }
    return requeued;
  }

  /** The kinds of job this process runs (registered with `handle`), with their definitions. */
  get definitions(): readonly JobDefinition<unknown>[] {
    return [...this.handlers.values()].map((registered) => registered.definition);
  }

  /** How often the idle worker looks for due jobs and takes back expired leases, in ms. */
  get pollInterval(): number {
    return this.pollMs;
  }

  /** Ids this instance enqueued that may still run (only with `track`). */
  get tracked(): readonly number[] {
    return this.mine ? [...this.mine] : [];
  }

  /** Starts this process's worker loop: polls every `pollMs`, and at once after an enqueue here. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.stopping = false;
    this.timer = setInterval(() => void this.tick(), this.pollMs);
    this.timer.unref();
    void this.tick();
  }

  /** Looks for work now. A job enqueued inside a transaction shows only after its commit, so a few
   * quick second looks follow (on PGlite the look simply waits for the transaction to end). */
  wake(): void {
    if (!this.started || this.stopping) return;
    void this.tick();
    if (this.chasers.size > 0) return; // second looks are on their way already
    for (const delay of [20, 100, 400]) {
      if (delay >= this.pollMs) break;
      const chaser = setTimeout(() => {
        this.chasers.delete(chaser);
        void this.tick();
      }, delay);
      chaser.unref();
      this.chasers.add(chaser);
    }
  }

  /**
   * Graceful stop: claims nothing more, lets running jobs finish for up to `timeoutMs`, then returns
   * the unfinished ones to the queue (lease released, the interrupted attempt not counted).
   */
  async stop(timeoutMs: number): Promise<{ finished: number; returned: number }> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const chaser of this.chasers) clearTimeout(chaser);
    this.chasers.clear();
    await this.ticking;
    const running = [...this.active.values()];
    const settled = Promise.allSettled(running.map((a) => a.promise));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([settled, new Promise((r) => (timer = setTimeout(r, timeoutMs)))]);
    clearTimeout(timer);
    const left = [...this.active.values()];
    let returned = 0;
    for (const job of left) {
      job.returned = true;
      job.controller.abort(new LeaseLostError(job.claimed.id));
      const result = await this.db
        .updateTable('jobs')
        .set({
          state: 'queued',
          attempts: sql<number>`greatest(attempts - 1, 0)`,
          run_at: sql<Date>`now()`,
          lease: null,
          lease_until: null,
          locked_by: null,
          last_error: 'returned to the queue at shutdown',
        })
        .where('id', '=', job.claimed.id)
        .where('lease', '=', job.claimed.lease)
        .where('state', '=', 'running')
        .executeTakeFirst();
      if (result.numUpdatedRows > 0n) returned++;
    }
    this.started = false;
    if (returned > 0) this.logger.warn({ returned }, 'jobs returned to the queue at shutdown');
    return { finished: running.length - left.length, returned };
  }

  /**
   * Runs due jobs here until none is left (tests: deterministic mail). With `track`, only jobs this
   * instance enqueued (and those their handlers enqueued). `settle` also waits for retries planned
   * for later and for jobs running elsewhere, until each is done or failed.
   */
  async drain(options: { settle?: boolean; timeoutMs?: number } = {}): Promise<void> {
    const deadline = Date.now() + (options.timeoutMs ?? 30_000);
    for (;;) {
      const claimed = await this.claim(this.claimableNames(false));
      if (claimed) {
        await this.launch(claimed).promise;
        continue;
      }
      if (this.active.size > 0) {
        await Promise.race([...this.active.values()].map((a) => a.promise));
        continue;
      }
      if (!options.settle) return;
      const waiting = await this.db
        .selectFrom('jobs')
        .select(['id', 'run_at'])
        .where('state', 'in', ['queued', 'running'])
        .where('name', 'in', [...this.handlers.keys()])
        .$if(this.mine !== null, (q) =>
          q.where('id', '=', sql<number>`any(${[...(this.mine ?? [])]}::int[])`),
        )
        .orderBy('run_at')
        .execute();
      if (waiting.length === 0) return;
      if (Date.now() > deadline)
        throw new Error(`jobs ${waiting.map((w) => w.id).join(', ')} did not settle`);
      const untilNext = waiting[0]!.run_at.getTime() - Date.now();
      await new Promise((r) => setTimeout(r, Math.min(Math.max(untilNext, 10), 100)));
      await this.reclaimExpired();
    }
  }

  private claimableNames(limitByConcurrency: boolean): string[] {
    const names: string[] = [];
    for (const [name, { definition }] of this.handlers) {
      if (!limitByConcurrency) names.push(name);
      else {
        let running = 0;
        for (const a of this.active.values()) if (a.claimed.name === name) running++;
        if (running < definition.concurrency) names.push(name);
      }
    }
    return names;
  }

  private tick(): Promise<void> {
    if (this.ticking) {
      this.tickAgain = true;
      return this.ticking;
    }
    this.ticking = (async () => {
      do {
        this.tickAgain = false;
        if (Date.now() - this.lastReclaim >= this.pollMs) await this.reclaimExpired();
        while (!this.stopping && this.active.size < this.concurrency) {
          const claimed = await this.claim(this.claimableNames(true));
          if (!claimed) break;
          this.launch(claimed);
        }
      } while (this.tickAgain && !this.stopping);
    })()
      .catch((error: unknown) => this.logger.error({ err: error }, 'job worker: polling failed'))
      .finally(() => {
        this.ticking = null;
      });
    return this.ticking;
  }

  /** Queues again (or fails, when out of attempts) running jobs whose lease ran out: their worker died. */
  private async reclaimExpired(): Promise<void> {
    this.lastReclaim = Date.now();
    const { rows } = await sql<{ id: number; name: string; state: JobState }>`
      update jobs set
        state = case when attempts >= max_attempts then 'failed' else 'queued' end,
        finished_at = case when attempts >= max_attempts then now() end,
        run_at = now(), lease = null, lease_until = null, locked_by = null,
        last_error = 'attempt ' || attempts || ' stopped without an answer (worker ' ||
          coalesce(locked_by, '?') || ' gone, lease ran out)'
      where id in (
        select id from jobs where state = 'running' and lease_until < now()
        order by lease_until for update skip locked)
      returning id, name, state`.execute(this.db);
    for (const row of rows) this.countFailure(row.name, row.state === 'failed');
    if (rows.length > 0) this.logger.warn({ jobs: rows }, 'jobs whose lease ran out were taken back');
  }

  private async claim(names: string[]): Promise<Claimed | undefined> {
    if (names.length === 0) return undefined;
    const lease = randomUUID();
    const only = this.mine ? [...this.mine] : null;
    if (only?.length === 0) return undefined;
    // The claim commits durably: its attempt counts even when the process dies at once, so a job that
    // kills its process cannot run for ever (an asynchronous commit lost in the crash would undo it).
    const { rows } = await sql<Claimed>`
      with next as (
        select id from jobs
        where state = 'queued' and run_at <= now() and name = any(${names}::text[])
          ${only ? sql`and id = any(${only}::int[])` : sql``}
        order by run_at, id limit 1
        for update skip locked)
      update jobs j set
        state = 'running', attempts = j.attempts + 1, progress = 0, lease = ${lease}::uuid,
        lease_until = now() + make_interval(secs => j.lease_seconds), locked_by = ${this.workerId},
        started_at = now(), coalesce_key = null
      from next where j.id = next.id
      returning j.id, j.name, j.payload, j.attempts, j.max_attempts, j.lease::text as lease ${prepared}`.execute(
      this.db,
    );
    return rows[0];
  }

  private launch(claimed: Claimed): Active {
    const active: Active = {
      claimed,
      controller: new AbortController(),
      returned: false,
      promise: Promise.resolve(),
    };
    this.active.set(claimed.id, active);
    active.promise = this.execute(active)
      .catch((error: unknown) =>
        this.logger.error({ err: error, job: claimed.id, name: claimed.name }, 'job bookkeeping failed'),
      )
      .finally(() => {
        this.active.delete(claimed.id);
        if (this.started && !this.stopping) void this.tick();
      });
    return active;
  }

  private heldBy(db: Db, claimed: Claimed) {
    return db
      .updateTable('jobs')
      .where('id', '=', claimed.id)
      .where('lease', '=', claimed.lease)
      .where('state', '=', 'running');
  }

  private async execute(active: Active): Promise<void> {
    const { claimed, controller } = active;
    const registered = this.handlers.get(claimed.name);
    if (!registered) throw new Error(`no handler for job ${claimed.name}`);
    const { definition, handler } = registered;
    const lost = () => {
      if (!controller.signal.aborted) controller.abort(new LeaseLostError(claimed.id));
    };
    const extendLease = async (set: { progress?: number } = {}) => {
      const result = await this.heldBy(this.db, claimed)
        .set({ ...set, lease_until: sql<Date>`now() + make_interval(secs => lease_seconds)` })
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) lost();
    };
    const heartbeat = setInterval(
      () =>
        void extendLease().catch((error: unknown) =>
          this.logger.warn({ err: error, job: claimed.id }, 'job lease could not be extended'),
        ),
      Math.max(50, (definition.leaseSeconds * 1000) / 3),
    );
    heartbeat.unref();
    const done = { payload: definition.redact ? '{}' : undefined };
    const markDone = (db: Db) =>
      this.heldBy(db, claimed)
        .set({
          state: 'done',
          progress: 100,
          finished_at: sql<Date>`now()`,
          lease: null,
          lease_until: null,
          locked_by: null,
          last_error: null,
          ...(done.payload ? { payload: done.payload } : {}),
        })
        .modifyEnd(prepared)
        .executeTakeFirst();
    let finished = false;
    const job: RunningJob<unknown> = {
      id: claimed.id,
      name: claimed.name,
      payload: claimed.payload,
      attempt: claimed.attempts,
      maxAttempts: claimed.max_attempts,
      signal: controller.signal,
      progress: async (percent) => {
        if (controller.signal.aborted) throw new LeaseLostError(claimed.id);
        await extendLease({ progress: Math.max(0, Math.min(100, Math.round(percent))) });
      },
      finish: async (work) => {
        if (controller.signal.aborted) throw new LeaseLostError(claimed.id);
        const value = await this.db.transaction().execute(async (trx) => {
          // Locks the row first: while this transaction holds it, nobody can take the job back.
          const held = await trx
            .selectFrom('jobs')
            .select('id')
            .$if(definition.asyncCommit, (query) =>
              query.select(sql<string>`set_config('synchronous_commit', 'off', true)`.as('commit')),
            )
            .where('id', '=', claimed.id)
            .where('lease', '=', claimed.lease)
            .where('state', '=', 'running')
            .forUpdate()
            .modifyEnd(prepared)
            .executeTakeFirst();
          if (!held) throw new LeaseLostError(claimed.id);
          const result = await work(trx);
          await markDone(trx);
          return result;
        });
        finished = true;
        this.mine?.delete(claimed.id);
        return value;
      },
    };
    try {
      await (handler as JobHandler<unknown>)(job);
      if (active.returned) return;
      if (!finished) {
        if ((await markDone(this.db)).numUpdatedRows === 0n) throw new LeaseLostError(claimed.id);
        this.mine?.delete(claimed.id);
      }
    } catch (error) {
      if (active.returned) return;
      if (error instanceof LeaseLostError || controller.signal.aborted) {
        this.logger.warn(
          { job: claimed.id, name: claimed.name },
          'job lost its lease; another attempt owns it',
        );
        return;
      }
      await this.markFailed(claimed, definition, error);
    } finally {
      clearInterval(heartbeat);
    }
  }

  private countFailure(name: string, last: boolean): void {
    const count = this.failures.get(name) ?? { retried: 0, failed: 0 };
    if (last) count.failed++;
    else count.retried++;
    this.failures.set(name, count);
  }

  private async markFailed(
    claimed: Claimed,
    definition: JobDefinition<unknown>,
    error: unknown,
  ): Promise<void> {
    const permanent = error instanceof PermanentJobError;
    const delayMs = backoffDelay(claimed.attempts, this.options.backoff ?? definition.backoff);
    const last = permanent || claimed.attempts >= claimed.max_attempts;
    await this.heldBy(this.db, claimed)
      .set({
        state: last ? 'failed' : 'queued',
        finished_at: last ? sql<Date>`now()` : null,
        run_at: sql<Date>`now() + make_interval(secs => ${delayMs / 1000}::float8)`,
        lease: null,
        lease_until: null,
        locked_by: null,
        last_error: describeError(error),
      })
      .executeTakeFirst();
    if (last) this.mine?.delete(claimed.id);
    this.countFailure(claimed.name, last);
    const log = { err: error, job: claimed.id, name: claimed.name, attempt: claimed.attempts };
    if (last) this.logger.error(log, 'job failed for good');
    else this.logger.warn({ ...log, retryInMs: delayMs }, 'job failed; it will be retried');
  }
}
