import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from './database.ts';

/**
 * The planner's statistics and dead rows where no autovacuum keeps them.
 *
 * PostgreSQL's autovacuum analyzes a table once a tenth of its rows changed and vacuums it once a fifth
 * are dead. PGlite runs no background processes, so without this an embedded database keeps the
 * statistics of the day its tables were nearly empty: with 5,000 trajectories made since, the planner
 * still expects one row and joins the list by a nested loop over every pair — 3.4 s for
 * `GET /api/v2/trajectories` instead of 0.1 s after an ANALYZE (measured on PGlite, issue 22).
 *
 * `keepStatistics` does what autovacuum would, with its default thresholds, for the tables that crossed
 * them; the server runs it every minute on PGlite (`startStatisticsUpkeep`). A bulk write that the very
 * next request depends on (the class import) asks for `analyzeTables` at once, on either database.
 */
export async function keepStatistics(db: Db): Promise<{ analyzed: string[]; vacuumed: string[] }> {
  // Counters are flushed at the end of a later statement; ask for it, then read them.
  await sql`select pg_stat_force_next_flush()`.execute(db);
  const { rows } = await sql<{ name: string; analyze: boolean; vacuum: boolean }>`
    select relname as name,
           n_mod_since_analyze > 50 + 0.1 * n_live_tup as analyze,
           n_dead_tup > 50 + 0.2 * n_live_tup as vacuum
    from pg_stat_user_tables
    where schemaname = 'public'
      and (n_mod_since_analyze > 50 + 0.1 * n_live_tup or n_dead_tup > 50 + 0.2 * n_live_tup)
    order by relname`.execute(db);
  const analyzed: string[] = [];
  const vacuumed: string[] = [];
  for (const row of rows) {
    if (row.vacuum) {
      await sql`vacuum (analyze) ${sql.table(row.name)}`.execute(db);
      vacuumed.push(row.name);
      analyzed.push(row.name);
    } else if (row.analyze) {
      await sql`analyze ${sql.table(row.name)}`.execute(db);
      analyzed.push(row.name);
    }
  }
  return { analyzed, vacuumed };
}

/** ANALYZE of `tables` now (after a bulk write the next request reads). */
export async function analyzeTables(db: Db, tables: readonly string[]): Promise<void> {
  await sql`analyze ${sql.join(tables.map((table) => sql.table(table)))}`.execute(db);
}

const MINUTE_MS = 60_000;

/** `keepStatistics` now and every minute (the embedded database); returns the function that stops it. */
export function startStatisticsUpkeep(db: Db, logger: Logger): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const done = await keepStatistics(db);
      if (done.analyzed.length > 0) logger.debug(done, 'statistics kept');
    } catch (error) {
      logger.warn({ err: error }, 'keeping the statistics failed');
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), MINUTE_MS);
  timer.unref();
  return () => clearInterval(timer);
}
