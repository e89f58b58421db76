import { buffer } from 'node:stream/consumers';
import { sql } from 'kysely';
import type { Storage } from '../src/adapters/storage/storage.ts';
import type { Db } from '../src/db/database.ts';

/** Every row of every table, as text in one time zone, sorted: two databases hold the same or not. */
export async function contents(db: Db): Promise<Record<string, string[]>> {
  return db.transaction().execute(async (trx) => {
    await sql`set local time zone 'UTC'`.execute(trx);
    const tables = (
      await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(trx)
    ).rows.map((row) => row.name);
    const all: Record<string, string[]> = {};
    for (const table of tables) {
      const { rows } = await sql<{
        row: string;
      }>`select row_to_json(t)::text as row from ${sql.table(table)} t`.execute(trx);
      // The migration table records when each migration ran: the restore ran them again.
      all[table] = rows
        .map((row) => (table === 'kysely_migration' ? row.row.replace(/"timestamp":"[^"]*"/, '') : row.row))
        .sort();
    }
    return all;
  });
}

/** Every stored file by key, its bytes in base64. */
export async function files(storage: Storage): Promise<Record<string, string>> {
  const all: Record<string, string> = {};
  for await (const key of storage.keys())
    all[key] = (await buffer((await storage.open(key)).stream)).toString('base64');
  return all;
}
