import { createReadStream, createWriteStream, existsSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createStorage } from '../adapters/storage/create.ts';
import { DirectoryStorage } from '../adapters/storage/storage.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { type BackupManifest, restoreBackup, writeBackup } from './backup.ts';

/**
 * `npm run backup -- <file>`, `npm run restore -- <file>`, `npm run migrate-to-postgres`: the operator's
 * commands (README "Backups"), on the installation the environment names (DATA_DIR or DATABASE_URL, the
 * S3_* settings), as the server would open it. The embedded database is one process's at a time: stop
 * the server first; a PostgreSQL installation is backed up while it runs.
 */
const USAGE = `Usage:
  npm run backup -- <file.tar.gz>     the database and the files in one archive
  npm run restore -- <file.tar.gz>    into an empty database and file store (DATA_DIR or DATABASE_URL)
  npm run migrate-to-postgres         the embedded database in DATA_DIR (and its files) to DATABASE_URL`;

const summary = (manifest: BackupManifest) =>
  `${manifest.tables.reduce((sum, table) => sum + table.rows, 0)} rows in ${manifest.tables.length} tables, ` +
  `${manifest.files} files, schema ${manifest.migration}`;

async function backup(file: string): Promise<void> {
  const config = loadConfig(process.env, { sendsMail: false });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const storage = createStorage(config);
  // Written beside its name and renamed once whole: a file of that name is always a complete archive.
  const partial = `${file}.partial`;
  try {
    const manifest = await writeBackup(database.db, storage, createWriteStream(partial));
    renameSync(partial, file);
    console.log(`Backed up ${summary(manifest)} to ${file}`);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    storage.close();
    await database.close();
  }
}

async function restore(file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`${file} does not exist`);
  const config = loadConfig(process.env, { sendsMail: false });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    migrate: false,
  });
  const storage = createStorage(config);
  try {
    await storage.ready();
    const manifest = await restoreBackup(database.db, storage, createReadStream(file));
    console.log(`Restored ${summary(manifest)} from ${file}`);
  } finally {
    storage.close();
    await database.close();
  }
}

/** The embedded database to DATABASE_URL, in one pass; its files to the S3 bucket when one is set. */
async function migrateToPostgres(): Promise<void> {
  const config = loadConfig(process.env, { sendsMail: false });
  if (!config.databaseUrl) throw new Error('Set DATABASE_URL to the (empty) PostgreSQL database to move to.');
  if (!existsSync(join(config.dataDir, 'db')))
    throw new Error(`No embedded database in ${config.dataDir}/db.`);
  const source = await openDatabase({ dataDir: config.dataDir });
  const target = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    migrate: false,
  });
  const from = new DirectoryStorage(join(config.dataDir, 'files'));
  // Without S3 the files stay in DATA_DIR/files, where the server on PostgreSQL reads them too.
  const to = config.s3 ? createStorage(config) : undefined;
  const archive = join(config.dataDir, `migrate-to-postgres-${Date.now()}.tar.gz`);
  try {
    await to?.ready();
    const written = await writeBackup(source.db, from, createWriteStream(archive), {
      files: to !== undefined,
    });
    await source.close();
    const manifest = await restoreBackup(target.db, to ?? from, createReadStream(archive));
    if (manifest.createdAt !== written.createdAt) throw new Error('the archive changed while it was read');
    console.log(
      `Moved ${summary(manifest)} to ${new URL(config.databaseUrl).host}${to ? ' and the S3 bucket' : ''}. ` +
        `Start the server with DATABASE_URL set; the embedded database in ${config.dataDir}/db is left as it was.`,
    );
  } finally {
    rmSync(archive, { force: true });
    await source.close().catch(() => undefined);
    to?.close();
    await target.close();
  }
}

async function run(command: string | undefined, args: string[]): Promise<void> {
  if (command === 'backup' && args[0]) return backup(resolve(args[0]));
  if (command === 'restore' && args[0]) return restore(resolve(args[0]));
  if (command === 'migrate-to-postgres') return migrateToPostgres();
  console.error(USAGE);
  process.exitCode = 2;
}

run(process.argv[2], process.argv.slice(3)).catch((error: unknown) => {
  // What went wrong, in a sentence (an unexpected error keeps its stack).
  console.error(
    error instanceof DataDirLockedError || error instanceof Error ? `Failed: ${error.message}` : error,
  );
  if (error instanceof Error && !(error instanceof DataDirLockedError) && process.env.LOG_LEVEL === 'debug')
    console.error(error.stack);
  process.exitCode = 1;
});
