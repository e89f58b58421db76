import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { S3Storage } from '../src/adapters/storage/s3.ts';
import { DirectoryStorage } from '../src/adapters/storage/storage.ts';
import { openDatabase } from '../src/db/database.ts';
import { contents, files } from './contents.ts';
import { startS3 } from './s3.ts';
import { root } from './server-process.ts';
import { pngBytes } from './uploads.ts';

const run = promisify(execFile);
const folder = () => mkdtempSync(join(tmpdir(), 'groeipad-ops-'));

async function users(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ dataDir });
  try {
    return (
      await sql<{ email: string }>`select email from users order by email`.execute(database.db)
    ).rows.map((row) => row.email);
  } finally {
    await database.close();
  }
}

/**
 * The operator's commands as npm runs them, on an embedded installation (the library under them, on
 * both databases: backup.test.ts); once, in the PGlite pass of `npm test`.
 */
describe.skipIf(inject('databaseUrl'))(
  'npm run backup / restore (embedded, PGlite pass)',
  { timeout: 120_000 },
  () => {
    it('backs an embedded installation up and restores it into another; a used target is refused', async () => {
      const source = folder();
      const seeded = await openDatabase({ dataDir: source });
      await sql`insert into users (email, password_hash, language) values ('a@school.nl', 'x', 'nl')`.execute(
        seeded.db,
      );
      await seeded.close();
      const archive = join(folder(), 'backup.tar.gz');
      const env = { ...process.env, LOG_LEVEL: 'silent' };

      const backedUp = await run('npm', ['run', '--silent', 'backup', '--', archive], {
        cwd: root,
        env: { ...env, DATA_DIR: source },
      });
      expect(backedUp.stdout).toMatch(/Backed up \d+ rows in \d+ tables, 0 files/);
      const target = folder();
      const restored = await run('npm', ['run', '--silent', 'restore', '--', archive], {
        cwd: root,
        env: { ...env, DATA_DIR: target },
      });
      expect(restored.stdout).toContain('Restored');
      expect(await users(target)).toEqual(['a@school.nl']);

      const again = run('npm', ['run', '--silent', 'restore', '--', archive], {
        cwd: root,
        env: { ...env, DATA_DIR: target },
      });
      await expect(again).rejects.toMatchObject({
        stderr: expect.stringContaining('not empty: users has rows'),
      });
    });
  },
);

/**
 * `npm run credits -- grant` (D52) as an operator runs it, on an embedded installation: the grant is
 * booked and printed; a bad argument is refused with its sentence and exit code 2, and writes nothing.
 * The function under it, on both databases: modules/credits/grant.test.ts. Once, in the PGlite pass.
 */
describe.skipIf(inject('databaseUrl'))(
  'npm run credits -- grant (embedded, PGlite pass)',
  { timeout: 120_000 },
  () => {
    it('grants credits to an organisation and refuses bad arguments', async () => {
      const dataDir = folder();
      const seeded = await openDatabase({ dataDir });
      const { id } = (
        await sql<{ id: number }>`
        insert into organisations (name, type, street_name, street_number, postal_code, city, country, email, phone_number)
        values ('Het Baken', 'COMPANY', 'Dorpsstraat', '1', '3511 AB', 'Utrecht', 'NL', 'info@baken.nl', '030 1234567')
        returning id`.execute(seeded.db)
      ).rows[0]!;
      await seeded.close();
      const env = { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: dataDir };
      const credits = (...args: string[]) =>
        run('npm', ['run', '--silent', 'credits', '--', ...args], { cwd: root, env });

      const granted = await credits(
        'grant',
        '--organisation',
        String(id),
        '--amount',
        '150.25',
        '--reference',
        'Order 17',
      );
      expect(granted.stdout).toContain(`Granted 150.25 credits to organisation ${id} (Het Baken)`);
      await expect(
        credits('grant', '--organisation', String(id), '--amount', '1.234', '--reference', 'x'),
      ).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining('at most 2 decimals'),
      });
      await expect(
        credits('grant', '--organisation', String(id + 1), '--amount', '5', '--reference', 'x'),
      ).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining(`There is no organisation ${id + 1}`),
      });
      await expect(credits('grant', '--amount', '5')).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining('Missing --organisation, --reference'),
      });
      await expect(credits('give')).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining('Usage:'),
      });

      const after = await openDatabase({ dataDir });
      try {
        const rows = await sql<{ kind: string; amount_cents: string | number; balance: string | number }>`
        select l.kind, l.amount_cents, o.balance_cents as balance
        from credit_ledger l join organisations o on o.id = l.organisation_id`.execute(after.db);
        expect(rows.rows.map((row) => [row.kind, Number(row.amount_cents), Number(row.balance)])).toEqual([
          ['grant', 15_025, 15_025],
        ]);
      } finally {
        await after.close();
      }
    });
  },
);

/**
 * `npm run migrate-to-postgres` as an operator runs it: an embedded installation (a user, an
 * organisation and a resource whose file is in DATA_DIR/files) moved to an empty PostgreSQL database and
 * an S3 bucket. Every row of every table and every file arrive; the embedded database stays as it was.
 * In the PostgreSQL pass of `npm test`.
 */
describe.runIf(inject('databaseUrl'))(
  'npm run migrate-to-postgres (PostgreSQL pass)',
  { timeout: 180_000 },
  () => {
    it('moves an embedded DATA_DIR with its files to DATABASE_URL and the bucket: the same rows and files', async () => {
      const dataDir = folder();
      const embedded = await openDatabase({ dataDir });
      const user = await sql<{ id: number }>`insert into users (email, password_hash, language)
        values ('eigenaar@school.nl', 'x', 'nl') returning id`.execute(embedded.db);
      const organisation = await sql<{ id: number }>`insert into organisations
        (name, type, street_name, street_number, postal_code, city, country, email, phone_number)
        values ('School', 'COMPANY', 'Dorpsstraat', '1', '3511 AB', 'Utrecht', 'NL', 'info@school.nl', '030')
        returning id`.execute(embedded.db);
      const key = `resources/${randomUUID()}`;
      await sql`insert into resources (organisation_id, name, media_type, uploaded_by, storage_key)
        values (${organisation.rows[0]!.id}, 'foto.png', 'image/png', ${user.rows[0]!.id}, ${key})`.execute(
        embedded.db,
      );
      const directory = new DirectoryStorage(join(dataDir, 'files'));
      await directory.ready();
      await directory.put(key, Readable.from([pngBytes()]));
      const before = await contents(embedded.db);
      await embedded.close();

      const url = inject('databaseUrl')!;
      const name = `groeipad_migrate_${randomUUID().slice(0, 8)}`;
      const admin = new pg.Client(url);
      await admin.connect();
      await admin.query(`create database ${name}`);
      const databaseUrl = url.replace(/\/[^/]*$/, `/${name}`);
      const s3 = await startS3();
      const settings = s3.settings('migrated');
      try {
        const moved = await run('npm', ['run', '--silent', 'migrate-to-postgres'], {
          cwd: root,
          env: {
            ...process.env,
            LOG_LEVEL: 'silent',
            DATA_DIR: dataDir,
            DATABASE_URL: databaseUrl,
            S3_ENDPOINT: settings.endpoint!,
            S3_BUCKET: settings.bucket,
            S3_ACCESS_KEY_ID: settings.accessKeyId!,
            S3_SECRET_ACCESS_KEY: settings.secretAccessKey!,
          },
        });
        expect(moved.stdout).toMatch(
          /Moved \d+ rows in \d+ tables, 1 files, schema \S+ to .* and the S3 bucket/,
        );

        const target = await openDatabase({ databaseUrl, dataDir: 'memory://', migrate: false });
        const bucket = new S3Storage(settings, folder());
        try {
          const after = await contents(target.db);
          expect(after).toEqual(before);
          expect(after.resources).toHaveLength(1);
          expect(await files(bucket)).toEqual({ [key]: pngBytes().toString('base64') });
        } finally {
          bucket.close();
          await target.close();
        }
        // The embedded installation is left as it was (README "Backups": a way back).
        const left = await openDatabase({ dataDir });
        try {
          expect(await contents(left.db)).toEqual(before);
        } finally {
          await left.close();
        }
        expect(Object.keys(await files(directory))).toEqual([key]);
      } finally {
        await s3.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    });
  },
);
