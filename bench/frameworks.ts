// A school's curriculum in one step (issue 32, D56): importing a CASE package of 5,000 items (about 5 MB of
// JSON) as a new competence list and as its next version, through the real HTTP app (in process) on a real
// database, as a ratio to the least any import must do: read the file and insert its items as rows in one
// statement. Also the export of the same list. Goal: the import ≤ 5 s on this machine.
// Usage: npm run bench:frameworks [-- --database postgres] [--items 5000] [--runs 3]
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { samplePackage } from '@groeipad/core';
import { sql } from 'kysely';
import { appRequester, benchOwner, createBenchDatabase, figure, openBenchApp, timed } from './support.ts';

const { values: args } = parseArgs({
  options: {
    database: { type: 'string', default: 'pglite' },
    items: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '3' },
  },
});
const items = Number(args.items);
const runs = Number(args.runs);

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'groeipad-bench-frameworks-'));
  const database =
    args.database === 'postgres'
      ? await createBenchDatabase(`groeipad_bench_frameworks_${Date.now()}`)
      : null;
  const { handle, ctx, app } = await openBenchApp({
    dataDir,
    databaseDir: join(dataDir, 'db'),
    databaseUrl: database?.url,
  });
  const { token } = await benchOwner(ctx, 'bench@school.nl', 'Bench');
  const request = appRequester(app, token);
  await sql`create table bench_items (identifier text primary key, code text, statement text not null, kind text)`.execute(
    ctx.db,
  );

  const baseline: number[] = [];
  const created: number[] = [];
  const versions: number[] = [];
  const exports: number[] = [];
  let bytes = 0;
  for (let run = 0; run < runs; run++) {
    // Each run its own framework (a new list), then a next version with every statement changed.
    const file = join(dataDir, `package-${run}.json`);
    writeFileSync(file, JSON.stringify(samplePackage({ items, documentNumber: 100 + run })));
    const nextFile = join(dataDir, `package-${run}-next.json`);
    writeFileSync(
      nextFile,
      JSON.stringify(samplePackage({ items, documentNumber: 100 + run, suffix: ' (2027)' })),
    );
    bytes = readFileSync(file).byteLength;

    baseline.push(
      await timed(async () => {
        const pkg = JSON.parse(readFileSync(file, 'utf8')) as ReturnType<typeof samplePackage>;
        const rows = pkg.CFItems.map((item) => ({
          identifier: `${run}:${item.identifier}`,
          code: item.humanCodingScheme ?? null,
          statement: item.fullStatement,
          kind: item.CFItemType ?? null,
        }));
        await sql`insert into bench_items (identifier, code, statement, kind)
          select * from unnest(${rows.map((r) => r.identifier)}::text[], ${rows.map((r) => r.code)}::text[],
            ${rows.map((r) => r.statement)}::text[], ${rows.map((r) => r.kind)}::text[])`.execute(ctx.db);
      }),
    );
    const importFile = async (path: string, blueprintId: number | null, expectedVersion?: number) => {
      const body = `{"source":{"format":"case","package":${readFileSync(path, 'utf8')}},"blueprintId":${blueprintId}${
        expectedVersion === undefined ? '' : `,"expectedVersion":${expectedVersion}`
      }}`;
      const res = await request('POST', '/api/v2/competence-frameworks', body, {
        'content-type': 'application/json',
      });
      return res.json() as { id: number; version: number };
    };
    let list: { id: number; version: number } | undefined;
    created.push(
      await timed(async () => {
        list = await importFile(file, null);
      }),
    );
    versions.push(await timed(() => importFile(nextFile, list!.id, list!.version)));
    exports.push(await timed(() => request('GET', `/api/v2/competence-frameworks/${list!.id}`)));
  }

  const base = figure(baseline);
  const rows = [
    ['read the file and insert its items in one statement (baseline)', base],
    ['import as a new competence list', figure(created)],
    ['import as its next version (every statement changed)', figure(versions)],
    ['export the list as CASE', figure(exports)],
  ] as const;
  console.log(
    `\n${items} items, ${(bytes / 1024 / 1024).toFixed(1)} MB of JSON, ${args.database}, ${runs} runs\n`,
  );
  console.log('| what | median ms | max ms | ratio to baseline (median) |');
  console.log('|---|---|---|---|');
  for (const [label, f] of rows)
    console.log(
      `| ${label} | ${f.median.toFixed(0)} | ${f.max.toFixed(0)} | ${(f.median / base.median).toFixed(1)}× |`,
    );
  const results = resolve(import.meta.dirname, 'results');
  mkdirSync(results, { recursive: true });
  writeFileSync(
    join(results, `frameworks-${args.database}-${Date.now()}.json`),
    JSON.stringify({ items, bytes, database: args.database, rows }, null, 2),
  );
  await app.close();
  await handle.close();
  await database?.drop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
