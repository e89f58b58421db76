import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { S3Storage } from '../src/adapters/storage/s3.ts';
import { DirectoryStorage, type Storage } from '../src/adapters/storage/storage.ts';
import { type Db, openDatabase } from '../src/db/database.ts';
import { type BackupManifest, restoreBackup, writeBackup } from '../src/ops/backup.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { contents, files } from './contents.ts';
import { call, createTestApp, type TestApp } from './helpers.ts';
import { type S3TestServer, startS3 } from './s3.ts';
import { buildTrajectory } from './trajectory-fixture.ts';
import { pngBytes, uploadFile } from './uploads.ts';

const ledgerSum = async (db: Db) =>
  (
    await sql<{ sum: string }>`select coalesce(sum(amount_cents), 0)::text as sum from credit_ledger`.execute(
      db,
    )
  ).rows[0]!.sum;

/**
 * Issue 20: `npm run backup` / `restore` / `migrate-to-postgres` rest on one archive. Demo data and a
 * trajectory with uploads and an extract, backed up and restored elsewhere: every row of every table (so
 * every document and the credit ledger), every file and every sequence the same; a restore refuses a
 * database that holds rows, and an archive cut short.
 */
describe('backup and restore', () => {
  let source: TestApp;
  let archive: string;
  let manifest: BackupManifest;
  let s3: S3TestServer;

  beforeAll(async () => {
    s3 = await startS3();
    source = await createTestApp({}, { emptyDatabase: true });
    expect(await seedDemo(source.ctx)).toBe(true);
    const { id, teacher } = await buildTrajectory(source);
    await uploadFile(source, teacher.token, { name: 'foto.png', bytes: pngBytes(8, 8) });
    await uploadFile(source, teacher.token, { name: 'schets.png' });
    const blueprint = (
      await call(source, {
        method: 'POST',
        url: '/api/blueprints',
        token: teacher.token,
        payload: { type: 'EXTRACT', name: 'Rapport' },
      })
    ).json();
    const made = await call(source, {
      method: 'POST',
      url: '/api/extracts',
      token: teacher.token,
      payload: { name: 'Voortgang', extract: blueprint.id, trajectories: [id] },
    });
    expect(made.statusCode, made.body).toBe(202);
    archive = join(mkdtempSync(join(tmpdir(), 'groeipad-backup-')), 'backup.tar.gz');
    manifest = await writeBackup(source.ctx.db, source.ctx.storage, createWriteStream(archive));
  });
  afterAll(async () => {
    await source?.close();
    await s3?.close();
  });

  it('writes every table, the sequences and the files, with the schema it belongs to', async () => {
    const tables = Object.fromEntries(manifest.tables.map((table) => [table.name, table.rows]));
    expect(tables.documents).toBeGreaterThan(10);
    expect(tables.credit_ledger).toBeGreaterThan(0);
    expect(tables.extracts).toBe(1);
    expect(manifest.files).toBe(5); // two photos and their thumbnails, and the extract's PDF
    expect(manifest.sequences.map((s) => s.name)).toContain('documents_id_seq');
    // Every table after the tables it refers to.
    const order = manifest.tables.map((table) => table.name);
    expect(order.indexOf('organisations')).toBeLessThan(order.indexOf('trajectories'));
    expect(order.indexOf('documents')).toBeLessThan(order.indexOf('trajectories'));
  });

  const restoresInto = async (db: Db, storage: Storage) => {
    await storage.ready();
    expect(await restoreBackup(db, storage, createReadStream(archive))).toEqual(manifest);
    expect(await contents(db)).toEqual(await contents(source.ctx.db));
    expect(await ledgerSum(db)).toBe(await ledgerSum(source.ctx.db));
    expect(await files(storage)).toEqual(await files(source.ctx.storage));
    // The sequences go on where they were: a new row does not collide with a restored one.
    const next = await sql<{ id: number }>`select nextval('documents_id_seq')::int as id`.execute(db);
    const max = await sql<{ id: number }>`select max(id)::int as id from documents`.execute(db);
    expect(next.rows[0]!.id).toBeGreaterThan(max.rows[0]!.id);
  };

  it('restores into an empty embedded database and a directory: every row and file the same', async () => {
    const target = await openDatabase({ dataDir: 'memory://', migrate: false });
    try {
      await restoresInto(target.db, new DirectoryStorage(mkdtempSync(join(tmpdir(), 'groeipad-restored-'))));
    } finally {
      await target.close();
    }
  });

  it.runIf(inject('databaseUrl'))(
    'restores into an empty PostgreSQL database and an S3 bucket (migrate-to-postgres)',
    async () => {
      const url = inject('databaseUrl')!;
      const name = `groeipad_restore_${randomUUID().slice(0, 8)}`;
      const admin = new pg.Client(url);
      await admin.connect();
      await admin.query(`create database ${name}`);
      const target = await openDatabase({
        databaseUrl: url.replace(/\/[^/]*$/, `/${name}`),
        dataDir: 'memory://',
        migrate: false,
      });
      const bucket = new S3Storage(s3.settings('restored'), mkdtempSync(join(tmpdir(), 'groeipad-staging-')));
      try {
        await restoresInto(target.db, bucket);
      } finally {
        bucket.close();
        await target.close();
        await admin.query(`drop database ${name}`);
        await admin.end();
      }
    },
  );

  it('refuses a database that holds rows, and an archive cut short', async () => {
    await expect(restoreBackup(source.ctx.db, source.ctx.storage, createReadStream(archive))).rejects.toThrow(
      /not empty/,
    );
    const whole = await buffer(createReadStream(archive));
    const cut = join(mkdtempSync(join(tmpdir(), 'groeipad-cut-')), 'cut.tar.gz');
    await new Promise<void>((resolve) =>
      createWriteStream(cut).end(whole.subarray(0, whole.length - 200), resolve),
    );
    const target = await openDatabase({ dataDir: 'memory://', migrate: false });
    try {
      await expect(
        restoreBackup(
          target.db,
          new DirectoryStorage(mkdtempSync(join(tmpdir(), 'x-'))),
          createReadStream(cut),
        ),
      ).rejects.toThrow();
    } finally {
      await target.close();
    }
  });
});
