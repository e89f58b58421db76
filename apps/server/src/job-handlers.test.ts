import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../test/helpers.ts';
import { loadConfig } from './config.ts';
import type { AppContext } from './context.ts';
import type { Db } from './db/database.ts';
import { registerJobHandlers } from './job-handlers.ts';
import { JobQueue } from './jobs/queue.ts';

/**
 * Issue 20: a job whose process died is picked up again within a minute. Its lease runs out `leaseSeconds`
 * after the last heartbeat, and a live worker takes it back at its next reclaim, which comes within two
 * polls (a reclaim runs in a poll's tick once `pollMs` has passed since the previous one). So, for every
 * kind of job the server registers, with the queue as main.ts makes it: lease + 2 polls < 60 s.
 */
describe('every registered kind of job', () => {
  it('is taken back from a dead process within a minute: lease + two polls < 60 s', () => {
    // As main.ts makes it (default options); nothing here touches the database.
    const jobs = new JobQueue({} as Db, pino({ level: 'silent' }));
    registerJobHandlers({ config: testConfig(), jobs } as unknown as AppContext);
    const kinds = jobs.definitions.map((definition) => ({
      name: definition.name,
      withinMs: definition.leaseSeconds * 1000 + 2 * jobs.pollInterval,
    }));
    // The ones there are now; one added later is held to the same bound by the loop below.
    expect(kinds.map((kind) => kind.name)).toEqual(
      expect.arrayContaining([
        'account.registration',
        'account.reset-request',
        'credits.payment-check',
        'extract.render',
        'mail.action',
        'notifications.event',
      ]),
    );
    for (const kind of kinds) expect(kind.withinMs, kind.name).toBeLessThan(60_000);
  });
});

describe('JOB_WORKER', () => {
  it('is on by default; off (a server that only answers requests) only beside a PostgreSQL database', () => {
    const env = { JWT_SECRET: 'x'.repeat(40) };
    expect(loadConfig(env).jobWorker).toBe(true);
    const url = 'postgres://groeipad@127.0.0.1:5432/groeipad';
    expect(loadConfig({ ...env, DATABASE_URL: url, JOB_WORKER: '0' }).jobWorker).toBe(false);
    // The embedded database has one process: off there, nothing would ever run the jobs.
    expect(() => loadConfig({ ...env, JOB_WORKER: '0' })).toThrow(/JOB_WORKER: 0 needs DATABASE_URL/);
  });
});
