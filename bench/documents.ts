// Document engine speed (issue 7): saving one field of a 1,000-field information blueprint as a ratio
// to reading it, through the real HTTP app (in process, app.inject) on a real database; and how the
// stored history grows per save (it must grow with the patch, not with the document).
// Usage: npm run bench:documents [-- --database postgres] [--saves 200] [--fields 1000]
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { benchOwner, createBenchDatabase, figure, openBenchApp } from './support.ts';

const { values: args } = parseArgs({
  options: {
    database: { type: 'string', default: 'pglite' },
    saves: { type: 'string', default: '200' },
    fields: { type: 'string', default: '1000' },
  },
});
const saves = Number(args.saves);
const fieldCount = Number(args.fields);

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'groeipad-bench-docs-'));
  const database =
    args.database === 'postgres' ? await createBenchDatabase(`groeipad_bench_docs_${Date.now()}`) : null;
  const { handle, ctx, app } = await openBenchApp({
    dataDir,
    databaseDir: join(dataDir, 'db'),
    databaseUrl: database?.url,
  });
  const { organisationId, token } = await benchOwner(ctx, 'bench@school.nl', 'Bench');
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
    return { label, ...figure(ms) };
  };

  const eventsBytes = async () => {
    const row = await sql<{
      bytes: string;
      events: string;
    }>`select coalesce(sum(octet_length(patch::text) + octet_length(inverse::text)), 0) as bytes, count(*) as events from document_events where organisation_id = ${organisationId}`.execute(
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
  await database?.drop();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
