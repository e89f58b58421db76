// A class at a glance (issue 22 "Done when", bench bullet), as ratios within one run:
//  1. GET /api/v2/trajectories with progress over 2,000 trajectories through the real HTTP server,
//     against the same SQL query timed in-process (goal ≤ 3×, the list's goal since issue 8);
//  2. that SQL query with progress against the list's query without it (goal ≤ 1.3×): what the
//     progress costs; both timed with their rows made into the answer's items (`presentListItem`, which
//     reads the progress out of its compact column), so no work hides outside the measure;
//  3. the cohort grid of 30 students × 30 competences (GET /api/v2/trajectories/cohort) against the
//     list of those 30 (a mentor who reads exactly them), both through HTTP (goal ≤ 2×).
//
// One organisation made through the real app (a blueprint of 30 competences, 2,000 trajectories by
// POST /api/v2/trajectories); every evaluation then gets dated entries set-based (two or three per
// competence for most, none for some), written into `document_parts` as the engine stores them, so the
// database's triggers (migration 0013) compute the progress as they do for a save.
//
// Usage: npm run bench:class [-- --database postgres] [--trajectories 2000] [--requests 40] [--keep]
// --keep leaves the database (PostgreSQL) or the data folder (PGlite) in place to try queries on.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultAdminRole, type TrajectoryRole } from '@groeipad/core';
import { type CompiledQuery, sql } from 'kysely';
import type { Db } from '../apps/server/src/db/database.ts';
import { keepStatistics } from '../apps/server/src/db/statistics.ts';
import { insertMembership } from '../apps/server/src/modules/organisations/repository.ts';
import { selectTrajectoryItems } from '../apps/server/src/modules/trajectories/repository.ts';
import { presentListItem } from '../apps/server/src/modules/trajectories/service.ts';
import {
  appRequester,
  benchOwner,
  createBenchDatabase,
  type Figure,
  figure,
  logSince,
  openBenchApp,
  pair,
  timed,
} from './support.ts';

const { values: args } = parseArgs({
  options: {
    database: { type: 'string', default: 'pglite' },
    trajectories: { type: 'string', default: '2000' },
    requests: { type: 'string', default: '40' },
    keep: { type: 'boolean', default: false },
  },
});
const postgres = args.database === 'postgres';
const count = Number(args.trajectories);
const requests = Number(args.requests);
const WARM_UP = 5;
const GRID = 30;
const TEACHER = 'docent@bench.test';
const MENTOR = 'mentor@bench.test';

/** Three clusters × two sub-clusters × five competences: 30, the grid's columns. */
const COMPETENCES = [0, 1, 2].map((c) => ({
  uuid: `cluster-${c}`,
  description: `Cluster ${c + 1}`,
  subcompetences: [0, 1].map((s) => ({
    uuid: `sub-${c}-${s}`,
    description: `Onderdeel ${c + 1}.${s + 1}`,
    subcompetences: [0, 1, 2, 3, 4].map((k) => ({
      uuid: `comp-${c}-${s}-${k}`,
      description: `Competentie ${c + 1}.${s + 1}.${k + 1}`,
    })),
  })),
}));
const SCALE = ['Onvoldoende', 'Matig', 'Voldoende', 'Goed'].map((name, index) => ({
  name,
  description: '',
  colour: ['#d32f2f', '#f57c00', '#fbc02d', '#388e3c'][index]!,
}));
const STUDENT: TrajectoryRole = {
  name: 'Student',
  informationRights: { '': { write: false, read: true, hidden: false } },
  evaluationRights: { write: false, read: true },
  reportRights: {},
  adminRights: { purchase: false, metadata: false, rights: false },
};
const ROLES = [defaultAdminRole([], 'Docent'), STUDENT];

/** The list's query before issue 22 (no progress): the same rows, columns and order. */
function listWithoutProgress(db: Db, organisationId: number): CompiledQuery {
  return db
    .selectFrom('trajectories as t')
    .innerJoin('trajectory_access as a', (join) =>
      join
        .onRef('a.trajectory_id', '=', 't.id')
        .on('a.organisation_id', '=', organisationId)
        .on('a.email', '=', TEACHER)
        .on('a.read', '=', true),
    )
    .where('t.organisation_id', '=', organisationId)
    .select([
      't.id',
      't.name',
      't.description',
      sql<string | null>`t.active_until::text`.as('active_until'),
      'a.read',
      'a.purchase',
      'a.metadata',
      'a.rights',
    ])
    .where('t.status', '=', 'LIVE')
    .orderBy(sql`lower(t.name)`)
    .orderBy('t.id')
    .compile();
}

async function main() {
  const log = logSince(performance.now());
  const dataDir = mkdtempSync(join(tmpdir(), 'groeipad-bench-class-'));
  const database = postgres ? await createBenchDatabase(`groeipad_bench_class_${process.pid}`) : null;
  const { handle, ctx, app } = await openBenchApp({ dataDir, databaseUrl: database?.url });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const { organisationId, token } = await benchOwner(ctx, TEACHER, 'Gemeten school');
    const mentor = await benchOwner(ctx, MENTOR, 'Andere school');
    await insertMembership(handle.db, organisationId, mentor.userId, 'USER');
    const mentorToken = await ctx.tokens.sign({
      userId: mentor.userId,
      email: MENTOR,
      organisationId,
      role: 'USER',
      eula: true,
    });
    const request = appRequester(app, token);
    const blueprint = (
      await request('POST', '/api/blueprints', { type: 'TRAJECTORY', name: 'Stage' })
    ).json() as {
      id: number;
    };
    await request('PATCH', `/api/blueprints/trajectories/${blueprint.id}/content`, [
      { op: 'replace', path: '/roles', value: ROLES },
      { op: 'replace', path: '/competenceList/competences', value: COMPETENCES },
      { op: 'replace', path: '/scoreInfo', value: SCALE },
    ]);
    log(`${postgres ? 'PostgreSQL' : 'PGlite'}: creating ${count} trajectories through the app`);
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const created = await request('POST', '/api/v2/trajectories', {
        blueprintId: blueprint.id,
        name: `BPV ${String(i).padStart(4, '0')}`,
        access: {
          roles: ROLES,
          users: [
            { user: TEACHER, roles: ['Docent'] },
            { user: `student${i}@bench.test`, roles: ['Student'] },
            // The mentor follows the first 30: their list is the grid's rows.
            ...(i < GRID ? [{ user: MENTOR, roles: ['Docent'] }] : []),
          ],
        },
      });
      ids.push((created.json() as { id: number }).id);
    }
    log('dated entries for every evaluation (set-based; the triggers keep the progress)');
    const started = performance.now();
    // Competence k of trajectory n: none when (n + k) % 7 = 0, else 2 or 3 entries a week apart, the
    // latest scoring 1–4; pointers as the engine stores parts (kinds.ts competencePartPointers).
    await sql`
      with competences as (
        select c, s, k from generate_series(0, 2) c, generate_series(0, 1) s, generate_series(0, 4) k
      ), targets as (
        select t.id as n, t.evaluation_document_id as document, c, s, k, 2 + (t.id + k) % 2 as entries,
               1 + (t.id + c + k) % 4 as score
        from trajectories t cross join competences
        where t.organisation_id = ${organisationId} and (t.id + k) % 7 <> 0
      ), rows as (
        select document, format('/criteria/%s/subsections/%s/subsections/%s/properties', c, s, k) as pointer,
               (select jsonb_object_agg(
                         to_char(timestamp '2026-09-01' + (e * 7 + n % 30) * interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                         jsonb_build_object('score', case when e = entries - 1 then score else 1 + e end::text))
                from generate_series(0, entries - 1) e) as content
        from targets
        union all
        select document, format('/criteria/%s/subsections/%s/subsections/%s/latestProperties', c, s, k),
               jsonb_build_object('score', score::text)
        from targets
      )
      insert into document_parts (document_id, pointer, content) select document, pointer, content from rows`.execute(
      handle.db,
    );
    log(`entries written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // What the server's own upkeep does within a minute on PGlite, and autovacuum on PostgreSQL
    // (db/statistics.ts): the statistics and dead rows of the tables that just grew.
    await keepStatistics(handle.db);

    const withProgress = selectTrajectoryItems(handle.db, organisationId, TEACHER, 'LIVE').compile();
    const without = listWithoutProgress(handle.db, organisationId);
    const sqlRun = (query: CompiledQuery) => async () => {
      const result = await handle.db.executeQuery(query);
      // The query before issue 22 has no progress column: its items get none.
      const items = (result.rows as Parameters<typeof presentListItem>[0][]).map((row) =>
        presentListItem({ ...row, progress: row.progress ?? null }),
      );
      if (items.length !== count) throw new Error(`SQL: ${items.length} rows, expected ${count}`);
    };
    const get = (path: string, bearer: string, expected: (body: unknown) => boolean) => async () => {
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${bearer}` } });
      const body = await res.text();
      if (res.status !== 200 || !expected(JSON.parse(body)))
        throw new Error(`${path}: ${res.status} ${body.slice(0, 300)}`);
    };
    const list = get('/api/v2/trajectories', token, (body) => Array.isArray(body) && body.length === count);
    const mentorList = get(
      '/api/v2/trajectories',
      mentorToken,
      (body) => Array.isArray(body) && body.length === GRID,
    );
    const grid = get(
      `/api/v2/trajectories/cohort?ids=${ids.slice(0, GRID).join(',')}`,
      mentorToken,
      (body) => (body as { rows?: unknown[] }).rows?.length === GRID,
    );

    log(`${requests} rounds after ${WARM_UP} warm-up rounds`);
    const samples = {
      http: [] as number[],
      sqlWith: [] as number[],
      sqlWithout: [] as number[],
      list30: [] as number[],
      grid: [] as number[],
    };
    for (let round = -WARM_UP; round < requests; round++) {
      const flip = round % 2 !== 0;
      const http = await timed(list);
      const [sqlWith, sqlWithout] = await pair(
        () => timed(sqlRun(withProgress)),
        () => timed(sqlRun(without)),
        flip,
      );
      if (round < 0) continue;
      samples.http.push(http);
      samples.sqlWith.push(sqlWith);
      samples.sqlWithout.push(sqlWithout);
    }
    // The grid and its list in rounds of their own: between the 2,000-row lists above (which this process
    // both serves and reads), the collector's pauses for their garbage fell on a 10 ms request at random.
    for (let round = -WARM_UP; round < requests; round++) {
      const [list30, gridMs] = await pair(
        () => timed(mentorList),
        () => timed(grid),
        round % 2 !== 0,
      );
      if (round < 0) continue;
      samples.list30.push(list30);
      samples.grid.push(gridMs);
    }
    const f = Object.fromEntries(
      Object.entries(samples).map(([key, values]) => [key, figure(values)]),
    ) as Record<keyof typeof samples, Figure>;
    const rows: { scenario: string; figure: Figure; ratio?: number; goal?: number }[] = [
      { scenario: `SQL list query with progress in-process, ${count} rows`, figure: f.sqlWith },
      { scenario: 'SQL list query without progress (before issue 22)', figure: f.sqlWithout },
      {
        scenario: 'progress: with / without',
        figure: f.sqlWith,
        ratio: f.sqlWith.median / f.sqlWithout.median,
        goal: 1.3,
      },
      {
        scenario: 'GET /api/v2/trajectories (HTTP) / SQL in-process',
        figure: f.http,
        ratio: f.http.median / f.sqlWith.median,
        goal: 3,
      },
      { scenario: `GET list of the mentor's ${GRID} (HTTP)`, figure: f.list30 },
      {
        scenario: `GET cohort grid ${GRID} × 30 / that list`,
        figure: f.grid,
        ratio: f.grid.median / f.list30.median,
        goal: 2,
      },
    ];
    console.log();
    console.log(
      `${'scenario'.padEnd(56)}${'median'.padStart(9)}${'p95'.padStart(9)}${'ratio'.padStart(8)}${'goal'.padStart(8)}`,
    );
    for (const row of rows)
      console.log(
        row.scenario.padEnd(56) +
          `${row.figure.median.toFixed(2)} ms`.padStart(9) +
          `${row.figure.p95.toFixed(2)}`.padStart(9) +
          (row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}×`).padStart(8) +
          (row.goal === undefined ? '' : `≤ ${row.goal}×`).padStart(8) +
          (row.goal === undefined || row.ratio === undefined
            ? ''
            : row.ratio <= row.goal
              ? '  met'
              : '  MISSED'),
      );
    const missed = rows.filter(
      (row) => row.goal !== undefined && row.ratio !== undefined && row.ratio > row.goal,
    );
    process.exitCode = missed.length > 0 ? 1 : 0;
  } finally {
    await app.close();
    await handle.close();
    if (args.keep) console.log(`kept: ${database?.url ?? dataDir}`);
    else {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

await main();
