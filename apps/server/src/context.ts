import type { Pool } from 'pg';
import type { Logger } from 'pino';
import type { Mailer } from './adapters/mail/mailer.ts';
import type { PaymentProvider } from './adapters/payments/payments.ts';
import type { Storage } from './adapters/storage/storage.ts';
import type { Config } from './config.ts';
import type { Channel } from './db/channel.ts';
import type { Db } from './db/database.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { AccessTokens } from './plugins/access-tokens.ts';

/** What services need from the outside world; built once in main.ts (or by a test). */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  tokens: AccessTokens;
  logger: Logger;
  /**
   * The job queue (mail, account work that must not show in an answer's timing, and later extracts and
   * notifications): handlers are registered in `job-handlers.ts`, jobs enqueued in the transaction of
   * the change that asks for them.
   */
  jobs: JobQueue;
  /** File contents (resources). */
  storage: Storage;
  /**
   * Payments (D22): Mollie with MOLLIE_API_KEY, else the built-in test checkout. buildApp sets the one
   * the configuration names when the caller gave none (a test may give a Mollie client of its own).
   */
  payments?: PaymentProvider;
  /** Messages to the other app servers on the same PostgreSQL (LISTEN/NOTIFY); none on PGlite. */
  channel?: Channel;
  /** The PostgreSQL pool (`DatabaseHandle.pool`), whose counts /metrics reports; none on PGlite. */
  dbPool?: Pick<Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
}
