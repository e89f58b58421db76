import { sql } from 'kysely';
import type { RateLimitConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { tooManyRequests } from '../../errors.ts';

/** Who is asking: the client address, for the per-client rate limits. */
export interface RequestOrigin {
  ip: string;
}

/** Seconds left of a window that started at `windowStart`. */
function secondsLeft(windowStart: Date, limit: RateLimitConfig): number {
  return (windowStart.getTime() + limit.windowSeconds * 1000 - Date.now()) / 1000;
}

/**
 * Fixed-window counters in the database, so every app server shares them (no sticky sessions, no
 * Redis). `consume` counts a hit and refuses with 429 (and `Retry-After`) past the limit; `check`
 * only looks, and refuses once the limit is reached.
 */
export async function consumeRateLimit(
  db: Db,
  key: string,
  limit: RateLimitConfig,
  /** How many hits this call counts (an import's invitations count one each). */
  count = 1,
): Promise<void> {
  const window = sql`now() - make_interval(secs => ${limit.windowSeconds})`;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: sql`now()`, hits: count })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql`case when rate_limits.window_start < ${window} then ${count}::int else rate_limits.hits + ${count}::int end`,
        window_start: sql`case when rate_limits.window_start < ${window} then now() else rate_limits.window_start end`,
      }),
    )
    .returning(['hits', 'window_start'])
    .executeTakeFirstOrThrow();
  if (row.hits > limit.max) throw tooManyRequests(secondsLeft(row.window_start, limit));
}

export async function checkRateLimit(db: Db, key: string, limit: RateLimitConfig): Promise<void> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['hits', 'window_start'])
    .where('key', '=', key)
    .where('window_start', '>=', sql<Date>`now() - make_interval(secs => ${limit.windowSeconds})`)
    .executeTakeFirst();
  if (row && row.hits >= limit.max) throw tooManyRequests(secondsLeft(row.window_start, limit));
}

/** Drops counters whose window ended long ago; run now and then. */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
}
