import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { type RawBuilder, sql } from 'kysely';
import { pack as tar, extract as untar } from 'tar-stream';
import type { Storage } from '../adapters/storage/storage.ts';
import { type Db, migrate } from '../db/database.ts';

/**
 * One archive of an installation (issue 20): the database, table by table as JSON rows, and every stored
 * file, in a gzipped tar. The same archive restores into the embedded database or a PostgreSQL server, so
 * it also moves an installation from one to the other (`npm run migrate-to-postgres`).
 *
 *   schema.json                   format and the schema's last migration (first: restore migrates to it)
 *   tables/<table>/<n>.jsonl      up to ROWS_PER_PART rows each, `row_to_json` of every row
 *   files/<storage key>           the bytes
 *   manifest.json                 the same and row counts, sequences, file count (last: an archive cut
 *                                 short has none, and restore refuses it)
 *
 * The rows are read in one repeatable-read snapshot and written back with `json_populate_recordset`, so
 * PostgreSQL itself turns every value into text and back (timestamps, numeric, bytea, jsonb exactly).
 */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  /** The last migration of the schema the rows belong to. */
  migration: string;
  /** Tables in the order they are restored: every table after the tables it refers to. */
  tables: { name: string; rows: number }[];
  /** Sequences and their last value (row ids, invoice numbers), set again after the rows. */
  sequences: { name: string; value: string | null }[];
  files: number;
}

const ROWS_PER_PART = 1_000;
const MIGRATION_TABLES = ['kysely_migration', 'kysely_migration_lock'];
/** Tables the database's triggers keep from other rows (migration 0013): rebuilt as those rows are restored. */
const DERIVED_TABLES = ['evaluation_progress'];

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The public tables, each after the tables it refers to (foreign keys; self-references aside). */
async function tablesInOrder(db: Db): Promise<string[]> {
  const tables = (
    await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db)
  ).rows
    .map((row) => row.name)
    .filter((name) => !MIGRATION_TABLES.includes(name) && !DERIVED_TABLES.includes(name));
  const references = (
    await sql<{ child: string; parent: string }>`
      select c.relname as child, p.relname as parent from pg_constraint k
      join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`.execute(db)
  ).rows;
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: string[]) => {
    if (placed.has(table)) return;
    if (path.includes(table)) throw new Error(`foreign keys form a cycle: ${[...path, table].join(' → ')}`);
    for (const { parent } of references.filter((r) => r.child === table)) visit(parent, [...path, table]);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered;
}

/** The primary key's columns (rows are read in its order, a page at a time). */
async function primaryKey(db: Db, table: string): Promise<string[]> {
  const { rows } = await sql<{ column: string }>`
    select a.attname as column from pg_index i
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
    where i.indrelid = ${quote(table)}::regclass and i.indisprimary
    order by array_position(i.indkey, a.attnum)`.execute(db);
  return rows.map((row) => row.column);
}

/** Writes the archive of `db` and `storage` to `out`; answers what it holds. */
export async function writeBackup(
  db: Db,
  storage: Storage,
  out: Writable,
  /** `files: false`: the rows only (moving a database whose files stay where they are). */
  options: { files?: boolean } = {},
): Promise<BackupManifest> {
  const archive = tar();
  const written = pipeline(archive, createGzip(), out);
  const add = (name: string, text: string) =>
    new Promise<void>((resolve, reject) =>
      archive.entry({ name }, text, (error) => (error ? reject(error) : resolve())),
    );
  try {
    const manifest = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const migration = (
          await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(
            trx,
          )
        ).rows[0]?.name;
        if (!migration) throw new Error('the database has no schema to back up');
        await add('schema.json', `${JSON.stringify({ format: 1, migration })}\n`);
        const tables: BackupManifest['tables'] = [];
        for (const table of await tablesInOrder(trx)) {
          const key = await primaryKey(trx, table);
          // Qualified: a key column may share its name with the answer's own `key` column.
          const keyList = key.length > 0 ? key.map((c) => `t.${quote(c)}`).join(', ') : 'null';
          const order = key.length > 0 ? keyList : 't.ctid';
          let rows = 0;
          let last: unknown[] | null = null;
          for (let part = 1; ; part++) {
            // Keyset pages: each after the last key of the one before (a table without a key in one go).
            const after: RawBuilder<unknown> =
              last && key.length > 0 ? sql`where (${sql.raw(keyList)}) > (${sql.join(last)})` : sql``;
            const page: { row: string; key: unknown[] }[] = (
              await sql<{ row: string; key: unknown[] }>`
                select row_to_json(t)::text as row, json_build_array(${sql.raw(keyList)}) as key
                from ${sql.table(table)} t ${after}
                order by ${sql.raw(order)} ${key.length > 0 ? sql`limit ${ROWS_PER_PART}` : sql``}`.execute(
                trx,
              )
            ).rows;
            if (page.length === 0) break;
            await add(
              `tables/${table}/${String(part).padStart(6, '0')}.jsonl`,
              `${page.map((r) => r.row).join('\n')}\n`,
            );
            rows += page.length;
            last = page.at(-1)!.key;
            if (key.length === 0 || page.length < ROWS_PER_PART) break;
          }
          tables.push({ name: table, rows });
        }
        const sequences = (
          await sql<{ name: string; value: string | null }>`
            select sequencename as name, last_value::text as value from pg_sequences
            where schemaname = 'public' order by sequencename`.execute(trx)
        ).rows;
        return { migration, tables, sequences };
      });
    // Files after the snapshot: every file its rows name was kept before it (uploads keep, then link).
    let files = 0;
    for await (const key of options.files === false ? [] : storage.keys()) {
      const file = await storage.open(key);
      await new Promise<void>((resolve, reject) => {
        const entry = archive.entry({ name: `files/${key}`, size: file.size }, (error) =>
          error ? reject(error) : resolve(),
        );
        file.stream.on('error', reject);
        file.stream.pipe(entry);
      });
      files++;
    }
    const done: BackupManifest = { format: 1, createdAt: new Date().toISOString(), ...manifest, files };
    await add('manifest.json', `${JSON.stringify(done, null, 2)}\n`);
    archive.finalize();
    await written;
    return done;
  } catch (error) {
    archive.destroy(error as Error);
    await written.catch(() => undefined);
    throw error;
  }
}

/** Rows of a part, inserted as PostgreSQL reads them back from their own JSON. */
async function insertRows(db: Db, table: string, text: string): Promise<number> {
  const rows = text.split('\n').filter((line) => line.length > 0);
  if (rows.length === 0) return 0;
  await sql`insert into ${sql.table(table)} overriding system value
    select * from json_populate_recordset(null::${sql.table(table)}, ${`[${rows.join(',')}]`}::json)`.execute(
    db,
  );
  return rows.length;
}

async function readEntry(stream: AsyncIterable<unknown>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Migrates the target to the archive's schema and empties it. A target anyone has used (an account, a
 * document) is refused; the rows the migrations themselves make (organisation 0) give way to the archive's.
 */
async function migrateEmpty(db: Db, migration: string): Promise<void> {
  await migrate(db, undefined, migration);
  for (const table of ['users', 'documents']) {
    const { rows } = await sql<{
      any: boolean;
    }>`select exists (select from ${sql.table(table)}) as any`.execute(db);
    if (rows[0]?.any) throw new Error(`the target database is not empty: ${table} has rows`);
  }
  const tables = await tablesInOrder(db);
  await sql`truncate ${sql.join(tables.map((table) => sql.table(table)))} restart identity cascade`.execute(
    db,
  );
}

/**
 * Restores an archive into an empty database (not migrated yet, or migrated with no rows) and its file
 * store: the schema is migrated to the archive's version, the rows and files written, the sequences set,
 * then the schema migrated to this version. Refuses a database that holds any row.
 */
export async function restoreBackup(db: Db, storage: Storage, input: Readable): Promise<BackupManifest> {
  const entries = untar();
  const reading = pipeline(input, createGunzip(), entries);
  // Awaited below; until then a broken archive's rejection must not count as unhandled.
  reading.catch(() => undefined);
  let manifest: BackupManifest | undefined;
  const counted = new Map<string, number>();
  let files = 0;
  let schema: { format: number; migration: string } | undefined;
  try {
    await readEntries();
  } catch (error) {
    entries.destroy();
    await reading.catch(() => undefined);
    throw error;
  }
  await reading;
  async function readEntries() {
    for await (const entry of entries) {
      const name = entry.header.name;
      if (name === 'schema.json') {
        schema = JSON.parse(await readEntry(entry)) as typeof schema;
        if (schema?.format !== 1) throw new Error('not a Groeipad backup of a format this version reads');
        await migrateEmpty(db, schema.migration);
        continue;
      }
      if (name === 'manifest.json') {
        manifest = JSON.parse(await readEntry(entry)) as BackupManifest;
        continue;
      }
      if (!schema) throw new Error('not a Groeipad backup (no schema.json first)');
      const table = /^tables\/([a-z0-9_]+)\/\d+\.jsonl$/.exec(name)?.[1];
      if (table) {
        counted.set(table, (counted.get(table) ?? 0) + (await insertRows(db, table, await readEntry(entry))));
        continue;
      }
      if (name.startsWith('files/')) {
        await storage.put(name.slice('files/'.length), Readable.from(entry), entry.header.size ?? 0);
        files++;
        continue;
      }
      entry.resume();
    }
  }
  if (manifest?.format !== 1) throw new Error('not a complete Groeipad backup (no manifest)');
  for (const { name, rows } of manifest.tables)
    if ((counted.get(name) ?? 0) !== rows)
      throw new Error(`backup table ${name}: ${counted.get(name) ?? 0} rows read, the manifest says ${rows}`);
  if (files !== manifest.files)
    throw new Error(`backup files: ${files} read, the manifest says ${manifest.files}`);
  for (const { name, value } of manifest.sequences)
    if (value !== null)
      await sql`select setval(${quote(name)}::regclass, ${value}::bigint, true)`.execute(db);
  await migrate(db);
  return manifest;
}
