// Document engine speed (issue 7): saving one field of a 1,000-field information blueprint as a ratio
// to reading it, through the real HTTP app (in process, app.inject) on a real database; and how the
// stored history grows per save (it must grow with the patch, not with the document).
// Usage: npm run bench:documents [-- --database postgres] [--saves 200] [--fields 1000]
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { DirectoryStorage } from '../apps/server/src/adapters/storage/storage.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { JobQueue } from '../apps/server/src/jobs/queue.ts';
import { AccessTokens } from '../apps/server/src/modules/auth/tokens.ts';
import { insertMembership, insertOrganisation } from '../apps/server/src/modules/organisations/repository.ts';
import { insertUser } from '../apps/server/src/modules/users/repository.ts';

const { values: args } = parseArgs({
  options: {
    database: { type: 'string', default: 'pglite' },
    saves: { type: 'string', default: '200' },
    fields: { type: 'string', default: '1000' },
  },
});
const saves = Number(args.saves);
const fieldCount = Number(args.fields);

async function databaseUrl(): Promise<string | undefined> {
  if (args.database !== 'postgres') return undefined;
  const admin = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `groeipad_bench_docs_${Date.now()}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.href;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'groeipad-bench-docs-'));
  const handle = await openDatabase({ databaseUrl: await databaseUrl(), dataDir: join(dataDir, 'db') });
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256!',
    LOG_LEVEL: 'silent',
  });
  const logger = pino({ level: 'silent' });
  const ctx: AppContext = {
    config,
    db: handle.db,
    logger,
    mailer: { send: async () => {}, close: () => {} },
    tokens: new AccessTokens(config.jwtSecret, config.accessTokenSeconds),
    jobs: new JobQueue(handle.db, logger),
    storage: new DirectoryStorage(join(dataDir, 'files')),
  };
  const app = await buildApp(ctx);
  const user = await insertUser(ctx.db, {
    email: 'bench@school.nl',
    passwordHash: null,
    language: 'nl',
    activated: true,
  });
  const org = await insertOrganisation(ctx.db, {
    name: 'Bench',
    slogan: null,
    description: null,
    type: 'COMPANY',
    smallLogo: null,
    largeLogo: null,
    vatIdentification: null,
    streetName: 's',
    streetNumber: '1',
    postalCode: '1',
    city: 'c',
    country: 'NL',
    email: 'b@school.nl',
    phoneNumber: '1',
  });
  await insertMembership(ctx.db, org.id, user.id, 'OWNER');
  const token = await ctx.tokens.sign({
    userId: user.id,
    email: user.email,
    organisationId: org.id,
    role: 'OWNER',
    eula: true,
  });
  const headers = { authorization: `Bearer ${token}` };

  const created = await app.inject({
    method: 'POST',
    url: '/api/blueprints',
    headers,
    payload: { type: 'INFORMATION', name: 'Groot formulier' },
  });
  const id = created.json().id as number;
  const url = `/api/blueprints/information/${id}/content`;
  const fields = Array.from({ length: fieldCount }, (_, i) => ({
    uuid: `veld-${i}`,
    name: `Veld ${i} met een redelijk lange naam zoals in een echt intakeformulier`,
    type: i % 3 === 0 ? 'text' : i % 3 === 1 ? 'date' : 'integer',
    required: i % 5 === 0,
  }));
  const filled = await app.inject({
    method: 'PATCH',
    url,
    headers,
    payload: [{ op: 'replace', path: '/fields', value: fields }],
  });
  if (filled.statusCode !== 200) throw new Error(filled.body);
  const documentBytes = Buffer.byteLength(filled.body);

  const time = async (label: string, run: (i: number) => Promise<{ statusCode: number; body: string }>) => {
    for (let i = 0; i < 10; i++) await run(i); // warm-up
    const ms: number[] = [];
    for (let i = 0; i < saves; i++) {
      const started = performance.now();
      const res = await run(i);
      ms.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
    }
    ms.sort((a, b) => a - b);
    return { label, median: percentile(ms, 50), p95: percentile(ms, 95) };
  };

  const eventsBytes = async () => {
    const row = await sql<{
      bytes: string;
      events: string;
    }>`select coalesce(sum(octet_length(patch::text) + octet_length(inverse::text)), 0) as bytes, count(*) as events from document_events where organisation_id = ${org.id}`.execute(
      ctx.db,
    );
    return { bytes: Number(row.rows[0]!.bytes), events: Number(row.rows[0]!.events) };
  };

  const read = await time('read the content', () => app.inject({ method: 'GET', url, headers }));
  const before = await eventsBytes();
  const save = await time('save one field', (i) =>
    app.inject({
      method: 'PATCH',
      url,
      headers,
      payload: [{ op: 'replace', path: `/fields/${i % fieldCount}/name`, value: `Naam ${i}` }],
    }),
  );
  const after = await eventsBytes();
  const perSave = (after.bytes - before.bytes) / (after.events - before.events);

  const result = {
    database: handle.kind,
    fields: fieldCount,
    documentBytes,
    read,
    save,
    saveToRead: save.median / read.median,
    historyBytesPerSave: perSave,
    historyPerSaveToDocument: perSave / documentBytes,
  };
  console.log(
    `\nDocument engine on ${handle.kind}, an information blueprint of ${fieldCount} fields (${(documentBytes / 1024).toFixed(0)} KiB)`,
  );
  console.log(`  read  median ${read.median.toFixed(2)} ms, p95 ${read.p95.toFixed(2)} ms`);
  console.log(`  save  median ${save.median.toFixed(2)} ms, p95 ${save.p95.toFixed(2)} ms`);
  console.log(`  saving one field costs ${result.saveToRead.toFixed(2)}× reading the document`);
  console.log(
    `  history grows ${perSave.toFixed(0)} bytes per save = ${(result.historyPerSaveToDocument * 100).toFixed(3)} % of the document`,
  );
  const out = resolve(import.meta.dirname, 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, `documents-${handle.kind}-${Date.now()}.json`), JSON.stringify(result, null, 2));
  await app.close();
  await handle.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
