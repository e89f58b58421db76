import { sql } from 'kysely';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Db } from '../db/database.ts';
import type { JobQueue } from './queue.ts';

/**
 * The job queue's figures for /metrics, read when Prometheus scrapes: how many jobs wait and run (the
 * whole table, so every server process reports the same depth), how long the oldest due job has waited
 * (a stuck worker shows there before the depth grows), and the failed attempts this process recorded.
 * Each count reads one partial index of the jobs table (`jobs_due`, `jobs_leases`), never the done rows.
 */
export function jobMetrics(db: Db, queue: JobQueue): (registry: Registry) => void {
  return (registry) => {
    new Gauge({
      name: 'groeipad_jobs',
      help: 'Jobs in the queue by state: queued (due or waiting for a retry) and running.',
      labelNames: ['state'],
      registers: [registry],
      async collect() {
        const { rows } = await sql<{ queued: number; running: number }>`select
          (select count(*)::int from jobs where state = 'queued') as queued,
          (select count(*)::int from jobs where state = 'running') as running`.execute(db);
        this.set({ state: 'queued' }, rows[0]?.queued ?? 0);
        this.set({ state: 'running' }, rows[0]?.running ?? 0);
      },
    });
    new Gauge({
      name: 'groeipad_jobs_oldest_due_seconds',
      help: 'Seconds the longest-waiting due job has waited since its run_at; 0 when none is due.',
      registers: [registry],
      async collect() {
        const { rows } = await sql<{ seconds: number | null }>`
          select extract(epoch from now() - min(run_at))::float8 as seconds
          from jobs where state = 'queued' and run_at <= now()`.execute(db);
        this.set(Math.max(0, rows[0]?.seconds ?? 0));
      },
    });
    new Counter({
      name: 'groeipad_job_failures_total',
      help: 'Failed job attempts in this process: outcome "retried" runs again, "failed" ran out of attempts.',
      labelNames: ['job', 'outcome'],
      registers: [registry],
      collect() {
        this.reset();
        for (const [job, count] of queue.failures) {
          this.inc({ job, outcome: 'retried' }, count.retried);
          this.inc({ job, outcome: 'failed' }, count.failed);
        }
      },
    });
  };
}
