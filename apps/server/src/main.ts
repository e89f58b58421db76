import { join } from 'node:path';
import type { Logger } from 'pino';
import { createMailer } from './adapters/mail/mailer.ts';
import { pdfWorkers } from './adapters/pdf/worker-pool.ts';
import { createStorage } from './adapters/storage/create.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { PostgresChannel } from './db/channel.ts';
import { openDatabase } from './db/database.ts';
import { DataDirLockedError } from './db/lock.ts';
import { startStatisticsUpkeep } from './db/statistics.ts';
import { startHousekeeping } from './housekeeping.ts';
import { JobQueue } from './jobs/queue.ts';
import { ensureProviderAdmins } from './modules/organisations/provider-admins.ts';
import { AccessTokens } from './plugins/access-tokens.ts';
import { serverLogger } from './plugins/request-log.ts';
import { holdStopSignals, isPreparing, preparationNeeded, prepareInChild } from './prepare.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from './seed/demo.ts';

type Config = ReturnType<typeof loadConfig>;

/** The database, storage and the rest of the context every request and job is given. */
async function open(config: Config, logger: Logger, options: { listen: boolean }) {
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      logger.fatal(error.message);
      process.exit(1);
    }
    throw error;
  }
  // With PostgreSQL, several app servers may share the database: they tell each other of changes.
  let channel: PostgresChannel | undefined;
  if (options.listen && database.pool && config.databaseUrl) {
    channel = new PostgresChannel(database.pool, config.databaseUrl, logger);
    await channel.start();
  }
  const storage = createStorage(config);
  await storage.ready();
  const ctx: AppContext = {
    config,
    ...(channel ? { channel } : {}),
    db: database.db,
    ...(database.pool ? { dbPool: database.pool } : {}),
    logger,
    jobs: new JobQueue(database.db, logger),
    storage,
    tokens: new AccessTokens(config.jwtSecret, config.accessTokenSeconds),
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: join(config.dataDir, 'outbox'),
      logger,
    }),
  };
  return { ctx, database, channel, storage };
}

/** With SEED_DEMO=1 on a database without users: the demo organisation, and its sign-in printed once. */
async function seedDemoOnce(ctx: AppContext): Promise<void> {
  if (!ctx.config.seedDemo || !(await seedDemo(ctx))) return;
  ctx.logger.info(
    { users: DEMO_USERS.map((u) => `${u.email} (${u.role})`), password: DEMO_PASSWORD },
    'demo data created',
  );
  console.log(
    `\nDemo organisation created. Sign in at ${ctx.config.publicUrl}/login with password ${DEMO_PASSWORD} as:\n` +
      DEMO_USERS.map((u) => `  ${u.email.padEnd(30)} ${u.role}`).join('\n') +
      '\n',
  );
}

/** The preparing child: migrate, seed, close, exit (prepare.ts). */
async function prepare(config: Config, logger: Logger): Promise<void> {
  holdStopSignals();
  const started = performance.now();
  const { ctx, database, storage } = await open(config, logger, { listen: false });
  await seedDemoOnce(ctx);
  ctx.mailer.close();
  storage.close();
  await database.close();
  logger.info({ preparedMs: Math.round(performance.now() - started) }, 'database prepared');
  process.exit(0);
}

async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const logger = serverLogger(config.logLevel);

  // A first start creates the database and the demo data in a child process of its own (prepare.ts).
  if (isPreparing()) return prepare(config, logger);
  if (await preparationNeeded(config)) await prepareInChild();

  const { ctx, database, channel, storage } = await open(config, logger, { listen: true });
  // Normally done by the child; here when a start before it stopped between the database and the demo.
  await seedDemoOnce(ctx);

  const owners = await ensureProviderAdmins(ctx, config.providerAdmins);
  if (owners.length > 0) logger.info({ owners }, 'PROVIDER_ADMINS are owners of organisation 0 (D11)');

  const app = await buildApp(ctx);
  await app.listen({ port: config.port, host: config.host });
  const stopHousekeeping = startHousekeeping(ctx);
  // PGlite has no autovacuum: the server keeps its statistics (db/statistics.ts).
  const stopStatistics = database.kind === 'pglite' ? startStatisticsUpkeep(database.db, logger) : () => {};
  // JOB_WORKER=0: this server only answers requests; the others on the database run its jobs.
  if (config.jobWorker) ctx.jobs.start();
  logger.info(
    {
      url: config.publicUrl,
      database: database.kind,
      storage: storage.kind,
      payments: ctx.payments?.kind,
      mode: config.production ? 'production' : 'development',
      jobWorker: config.jobWorker,
      startupMs: Math.round(performance.now() - started),
    },
    'Groeipad is listening',
  );
  if (ctx.payments?.kind === 'test')
    logger.warn('payments: the built-in test checkout hands out credits without payment (D22, D45)');
  if (ctx.payments?.kind === 'none')
    logger.warn('payments: none configured; buying credits answers 503 (set MOLLIE_API_KEY, D45)');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.drain.beginShutdown();
    logger.info({ signal }, 'draining requests and closing');
    const force = setTimeout(() => {
      logger.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      stopHousekeeping();
      stopStatistics();
      // Stop accepting connections and let running handlers answer (even to clients that left).
      // Then close connections as they fall idle, so responses still streaming finish; whatever is
      // left after 8 s is cut.
      const deadline = Date.now() + 8_000;
      const closed = app.close();
      if (!(await app.drain.idle(8_000))) {
        logger.warn({ pending: app.drain.pending }, 'requests still running at shutdown');
      }
      const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
      app.server.closeIdleConnections();
      await Promise.race([closed, new Promise((r) => setTimeout(r, Math.max(0, deadline - Date.now())))]);
      clearInterval(sweep);
      app.server.closeAllConnections();
      await closed;
      // Requests are done (and enqueued what they had to): the worker takes no more jobs, lets running
      // ones finish until the deadline, and returns the rest to the queue for the next process.
      const jobs = await ctx.jobs.stop(Math.max(1000, deadline - Date.now()));
      logger.info(jobs, 'job worker stopped');
      // No job draws any more: the PDF worker can go.
      await pdfWorkers.close();
      ctx.mailer.close();
      await channel?.close();
      storage.close();
      await database.close();
      logger.info('stopped cleanly');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error while stopping');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
