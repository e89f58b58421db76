import { sql } from 'kysely';
import pino from 'pino';
import { openDatabase } from '../src/db/database.ts';
import { defineJob, JobQueue } from '../src/jobs/queue.ts';

/**
 * A worker process for `jobs.process.test.ts`. Environment: DATABASE_URL or DATA_DIR (PGlite: one
 * process at a time), JOB_NAME, LEASE_SECONDS, MODE:
 * - `stall`: enqueues one job, takes it, prints `{"taken": id}` and never finishes it (the test kills
 *   it, or stops it with SIGTERM: then the queue stops gracefully and the process exits 0);
 * - `work`: runs jobs of JOB_NAME, writing one effect row per job in the transaction that finishes it,
 *   until job JOB_ID is done or failed; prints its row and the effect rows, and exits.
 */
const name = process.env.JOB_NAME ?? 'test.process';
const mode = process.env.MODE ?? 'work';
const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? 'memory://',
});
const { db } = database;
await sql`create table if not exists queue_test_effects (
  job_id integer not null, worker text not null, at timestamptz not null default now())`.execute(db);
const job = defineJob<{ mode: string }>(name, { leaseSeconds: Number(process.env.LEASE_SECONDS ?? 2) });
const queue = new JobQueue(db, pino({ level: 'silent' }), { workerId: `${mode}-${process.pid}`, pollMs: 50 });

if (mode === 'stall') {
  queue.handle(job, async (running) => {
    const { lease_until } = await db
      .selectFrom('jobs')
      .select('lease_until')
      .where('id', '=', running.id)
      .executeTakeFirstOrThrow();
    print({ taken: running.id, attempt: running.attempt, leaseUntil: lease_until });
    await new Promise<void>((resolve) => running.signal.addEventListener('abort', () => resolve()));
  });
  process.on('SIGTERM', () => {
    void (async () => {
      print({ stopped: await queue.stop(300) });
      await database.close();
      process.exit(0);
    })();
  });
  await queue.enqueue(db, job, { mode });
  queue.start();
} else {
  const id = Number(process.env.JOB_ID);
  queue.handle(job, async (running) => {
    await running.finish((trx) =>
      trx
        .insertInto('queue_test_effects' as never)
        .values({ job_id: running.id, worker: `work-${process.pid}` } as never)
        .execute(),
    );
  });
  queue.start();
  for (;;) {
    const status = await queue.status(id);
    if (status?.state === 'done' || status?.state === 'failed') {
      await queue.stop(1000);
      const effects = await sql<{
        worker: string;
      }>`select worker from queue_test_effects where job_id = ${id}`.execute(db);
      print({ status, effects: effects.rows.map((r) => r.worker), worker: `work-${process.pid}` });
      await database.close();
      process.exit(0);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
