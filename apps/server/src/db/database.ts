import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import type { Logger } from 'pino';
import { lockDataDir } from './lock.ts';
import { migrationProvider } from './migrations/index.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { PreparingClient } from './prepared.ts';
import type { Database } from './tables.ts';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The connection pool (PostgreSQL only): its counts for /metrics, its URL's server for LISTEN. */
  pool?: pg.Pool;
  /** The embedded database itself (PGlite only), e.g. to dump its data directory. */
  pglite?: PGlite;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… — use that server; otherwise embedded PGlite. */
  databaseUrl?: string | undefined;
  /** Folder for the embedded database (`DATA_DIR/db`); `memory://` keeps it in memory. */
  dataDir: string;
  /**
   * With `memory://`: start from this dump of a data directory (`PGlite.dumpDataDir`) instead of an empty
   * cluster — the tests start each file from one migrated template (0.3 s instead of 2 s).
   */
  loadDataDir?: Blob;
  logger?: Logger;
  /** `false`: leave the schema as it is (a restore migrates to its backup's version first). */
  migrate?: boolean;
}

/** Opens the database (PGlite in DATA_DIR/db unless a URL is given) and runs the migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl
    ? openPostgres(options.databaseUrl, options.logger)
    : await openPGlite(options.dataDir, options.loadDataDir);
  try {
    if (options.migrate !== false) await migrate(handle.db, options.logger);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

function openPostgres(url: string, logger?: Logger): DatabaseHandle {
  // timestamps arrive as Date; numeric stays a string (exact money); int8 counts are cast in SQL.
  // Marked statements are prepared once per connection (`prepared.ts`). While the server is away a
  // request waits at most 5 s for a connection and then answers 503 (`isDatabaseUnavailable`).
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    Client: PreparingClient,
    connectionTimeoutMillis: 5_000,
  });
  // An idle connection the server closed (a restart, a failover, pg_terminate_backend) is reported
  // here; without a listener Node ends the process. The pool drops it and connects anew when asked.
  pool.on('error', (error) => logger?.warn({ err: error }, 'database connection lost'));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', pool, close: () => db.destroy() };
}

/** Error codes of a database that cannot be reached or is going away, not of a statement it refused. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: a stop, or pg_terminate_backend
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '53300', // too_many_connections
]);

/**
 * Whether an error says the database is unreachable or restarting (answered 503, retried by the
 * client) rather than a fault of the statement. node-postgres reports lost sockets by message only.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  return /Connection terminated|timeout exceeded when trying to connect|connection error|not queryable|Connection ended/i.test(
    error.message,
  );
}

/**
 * PGlite's Postgres, started with a smaller buffer pool than initdb's 128 MB: the pool lives in the WASM
 * heap and is touched (zeroed) when Postgres starts, so all of it is resident from the first second,
 * database in use or not. 16 MB (2,048 pages) holds the working set of a school's data; the files stay
 * in the operating system's cache beside it. Measured with `bench/memory.ts` (bench/README.md, "Server
 * memory"): each MB of the pool costs the process about one MiB.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

async function openPGlite(dataDir: string, loadDataDir?: Blob): Promise<DatabaseHandle> {
  // Imported here, so a server on PostgreSQL never loads the embedded database's modules.
  const { PGlite } = await import('@electric-sql/pglite');
  const startParams = [...PGlite.defaultStartParams, ...PGLITE_SETTINGS];
  if (dataDir === 'memory://') {
    const pglite = await PGlite.create({ ...(loadDataDir ? { loadDataDir } : {}), startParams });
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    return { db, kind: 'pglite', pglite, close: () => db.destroy() };
  }
  mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  try {
    const pglite = await PGlite.create(join(dataDir, 'db'), { startParams });
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    return {
      db,
      kind: 'pglite',
      pglite,
      close: async () => {
        await db.destroy();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** Runs the migrations up to `target` (a migration's name), or all of them. */
export async function migrate(db: Kysely<Database>, logger?: Logger, target?: string): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = target ? await migrator.migrateTo(target) : await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === 'Success') logger?.info({ migration: result.migrationName }, 'migration applied');
    if (result.status === 'Error') logger?.error({ migration: result.migrationName }, 'migration failed');
  }
  if (error) throw error;
}
