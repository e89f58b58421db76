// Trajectory speed goals (issue 8 "Done when", bench bullet), as ratios within one run:
//  1. GET /api/v2/trajectories of one user over 2,000 trajectories through the real HTTP server,
//     against the same SQL query timed in-process on the same database (goal ≤ 3×);
//  2. that list when the database also holds many other organisations of 2,000 trajectories each
//     (PostgreSQL 200, PGlite 20), against one organisation alone (goal ≤ 1.2×);
//  3. saving one form value (PATCH …/form through the engine) when the form document has 1,000
//     recorded events against 10 (goal ≤ 1.3×).
//
// Two databases side by side, "one" (the measured organisation only) and "many" (the same
// organisation, then the bulk organisations): every round times both, so load from other work on
// the machine falls on both sides of a ratio alike. The measured organisation is made through the
// real app (POST /api/v2/trajectories, PATCH …/form), so its rows are exactly what the app makes; the
// bulk organisations are inserted set-based (`insert … select … from generate_series`).
//
// Usage: npm run bench:trajectories [-- --database postgres] [--organisations 20] [--trajectories 2000]
//        [--requests 40] [--saves 100] [--events 1000] [--explain] [--keep]
// --keep leaves the databases (PostgreSQL) or the data folder (PGlite) in place to try queries on.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultAdminRole, type Field, type TrajectoryRole } from '@groeipad/core';
import { CompiledQuery, sql } from 'kysely';
import type { AppContext } from '../apps/server/src/context.ts';
import type { DatabaseHandle, Db } from '../apps/server/src/db/database.ts';
import { selectTrajectoryItems } from '../apps/server/src/modules/trajectories/repository.ts';
import {
  appRequester,
  type BenchApp,
  benchOwner,
  createBenchDatabase,
  figure,
  logSince,
  openBenchApp,
  pair,
  timed,
} from './support.ts';

const { values: args } = parseArgs({
  options: {
    database: { type: 'string', default: 'pglite' },
    organisations: { type: 'string' },
    trajectories: { type: 'string', default: '2000' },
    requests: { type: 'string', default: '40' },
    saves: { type: 'string', default: '100' },
    events: { type: 'string', default: '1000' },
    explain: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const postgres = args.database === 'postgres';
const organisations = Number(args.organisations ?? (postgres ? 200 : 20));
const perOrganisation = Number(args.trajectories);
const requests = Number(args.requests);
const saves = Number(args.saves);
const manyEvents = Number(args.events);
const fewEvents = 10;
/** Form documents per event count, saved round-robin, so the counts drift little while measuring. */
const pool = 4;
const WARM_UP = 5;

const TEACHER = 'docent@bench.test';

// ---------------------------------------------------------------------------------------------
// Databases and apps

interface Side {
  label: 'one' | 'many';
  handle: DatabaseHandle;
  ctx: AppContext;
  app: BenchApp;
  base: string;
  /** The PostgreSQL database of this side, if not PGlite. */
  database?: { name: string; drop: () => Promise<void> };
}

async function openSide(label: Side['label'], dataDir: string): Promise<Side> {
  // The "many" database carries the name the brief asks for; "one" is its small twin.
  const databaseName =
    label === 'many' ? `groeipad_bench_${process.pid}` : `groeipad_bench_${process.pid}_one`;
  const database = postgres ? await createBenchDatabase(databaseName) : null;
  const sideDir = join(dataDir, label);
  const { handle, ctx, app } = await openBenchApp({
    dataDir: sideDir,
    databaseDir: join(sideDir, 'db'),
    databaseUrl: database?.url,
  });
  // The real HTTP server on loopback, in this process: PGlite cannot be shared with a second one.
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    label,
    handle,
    ctx,
    app,
    base: `http://127.0.0.1:${port}`,
    ...(database ? { database: { name: databaseName, drop: database.drop } } : {}),
  };
}

async function closeSide(side: Side) {
  await side.app.close();
  await side.handle.close();
  if (!args.keep) await side.database?.drop();
  else console.log(`kept: ${side.database?.name ?? side.ctx.config.dataDir}`);
}

// ---------------------------------------------------------------------------------------------
// The measured organisation, made through the app

const field = (uuid: string, name: string, type: Field['type']) =>
  ({ uuid, name, type, required: false }) as unknown as Field;

const FIELDS = [
  field('naam', 'Naam', 'text'),
  field('klas', 'Klas', 'text'),
  field('geboortedatum', 'Geboortedatum', 'date'),
  field('leerjaar', 'Leerjaar', 'integer'),
  field('stagebedrijf', 'Stagebedrijf', 'text'),
  field('motivatie', 'Motivatie', 'text'),
  field('notitie', 'Vertrouwelijke notitie', 'text'),
];

/** The fields a save may fill with any text (the other types check their values). */
const TEXT_FIELDS = FIELDS.filter((f) => f.type === 'text');

const STUDENT: TrajectoryRole = {
  name: 'Student',
  informationRights: {
    '': { write: false, read: true, hidden: false },
    notitie: { write: false, read: false, hidden: true },
    motivatie: { write: true, read: true, hidden: false },
  },
  evaluationRights: { write: false, read: true },
  reportRights: {},
  adminRights: { purchase: false, metadata: false, rights: false },
};
const ROLES = [defaultAdminRole([], 'Docent'), STUDENT];

const studentEmail = (i: number, organisation: string) => `student${i}-${organisation}@bench.test`;

interface Measured {
  organisationId: number;
  token: string;
  trajectoryIds: number[];
}

function request(side: Side, token: string, method: string, url: string, payload?: unknown) {
  return appRequester(side.app, token)(method, url, payload);
}

/** A teacher (owner) with a trajectory blueprint and `count` trajectories, each with a student. */
async function buildMeasured(side: Side, count: number): Promise<Measured> {
  const { organisationId, token } = await benchOwner(side.ctx, TEACHER, 'Gemeten school');
  const blueprint = (
    await request(side, token, 'POST', '/api/blueprints', { type: 'TRAJECTORY', name: 'Stage' })
  ).json() as { id: number };
  await request(side, token, 'PATCH', `/api/blueprints/trajectories/${blueprint.id}/content`, [
    { op: 'replace', path: '/information/fields', value: FIELDS },
    { op: 'replace', path: '/roles', value: ROLES },
  ]);
  const trajectoryIds: number[] = [];
  for (let i = 0; i < count; i++) {
    const created = await request(side, token, 'POST', '/api/v2/trajectories', {
      blueprintId: blueprint.id,
      name: `BPV ${String(i).padStart(4, '0')}`,
      description: i % 3 === 0 ? 'Stage in de zorg, tweede periode' : undefined,
      access: {
        roles: ROLES,
        users: [
          { user: TEACHER, roles: ['Docent'] },
          { user: studentEmail(i, 'gemeten'), roles: ['Student'] },
        ],
      },
    });
    trajectoryIds.push((created.json() as { id: number }).id);
  }
  return { organisationId, token, trajectoryIds };
}

// ---------------------------------------------------------------------------------------------
// The bulk organisations, set-based

/** Reserves `count` ids of a serial column's sequence; returns the first. */
async function reserveIds(db: Db, sequence: string, count: number): Promise<number> {
  const first = await sql<{ id: string }>`select nextval(${sequence}) as id`.execute(db);
  const id = Number(first.rows[0]!.id);
  await sql`select setval(${sequence}, ${id + count - 1})`.execute(db);
  return id;
}

/**
 * `count` organisations of `per` trajectories each, like the app makes them: a teacher (owner) per
 * organisation; per trajectory a form, evaluation and access document (small valid content, version 1
 * with its creation event), the trajectory row and two access rows (the teacher with every right, a
 * student who reads). Inserted a few organisations per statement.
 */
async function generateBulk(db: Db, count: number, per: number, log: (line: string) => void) {
  const orgRows = await sql<{ id: number }>`
    insert into organisations (name, type, street_name, street_number, postal_code, city, country, email, phone_number)
    select 'Bulk school ' || o, 'COMPANY', 'Straat', o::text, '1234 AB', 'Utrecht', 'NL',
           'school' || o || '@bulk.test', '030 000 0000'
    from generate_series(1, ${count}) o
    order by o
    returning id`.execute(db);
  const organisationIds = orgRows.rows.map((r) => r.id).sort((a, b) => a - b);
  await sql`
    insert into users (email, activated_at, eula_accepted_at)
    select 'docent-' || o || '@bulk.test', now(), now() from unnest(${sql.val(organisationIds)}::int[]) o`.execute(
    db,
  );
  await sql`
    insert into memberships (organisation_id, user_id, role)
    select o, u.id, 'OWNER' from unnest(${sql.val(organisationIds)}::int[]) o
    join users u on u.email = 'docent-' || o || '@bulk.test'`.execute(db);

  const form = JSON.stringify({ fields: FIELDS.slice(0, 3), values: {} });
  const evaluation = JSON.stringify({
    criteria: [],
    minScore: 1,
    maxScore: 1,
    scoreNames: [],
    scoreColours: [],
    scoreInfo: [],
  });
  const access = JSON.stringify({
    roles: ROLES,
    users: [
      { user: '{teacher}', roles: ['Docent'] },
      { user: '{student}', roles: ['Student'] },
    ],
  });
  const chunk = Math.max(1, Math.floor(40_000 / per)); // about 40,000 trajectories per statement
  for (let start = 0; start < organisationIds.length; start += chunk) {
    const orgs = organisationIds.slice(start, start + chunk);
    const n = orgs.length * per;
    const firstDocument = await reserveIds(db, 'documents_id_seq', 3 * n);
    const firstTrajectory = await reserveIds(db, 'trajectories_id_seq', n);
    // k = 0 … n-1 numbers the trajectories of this chunk; its organisation is orgs[k / per].
    await sql`
      insert into documents (id, organisation_id, kind, content)
      select ${firstDocument} + 3 * k + j,
             (${sql.val(orgs)}::int[])[k / ${per} + 1],
             (array['trajectory:form', 'trajectory:evaluation', 'trajectory:access'])[j + 1],
             case j
               when 0 then ${form}::jsonb
               when 1 then ${evaluation}::jsonb
               else replace(replace(${access}, '{teacher}', 'docent-' || (${sql.val(orgs)}::int[])[k / ${per} + 1] || '@bulk.test'),
                            '{student}', 'student' || k % ${per} || '-' || (${sql.val(orgs)}::int[])[k / ${per} + 1] || '@bulk.test')::jsonb
             end
      from generate_series(0, ${n - 1}) k cross join generate_series(0, 2) j`.execute(db);
    await sql`
      insert into document_events (document_id, organisation_id, version, patch, inverse)
      select id, organisation_id, 1, '[]'::jsonb, '[]'::jsonb from documents
      where id between ${firstDocument} and ${firstDocument + 3 * n - 1}`.execute(db);
    await sql`
      insert into trajectories (id, organisation_id, name, description, active_until,
        form_document_id, evaluation_document_id, access_document_id, created_by)
      select ${firstTrajectory} + k, (${sql.val(orgs)}::int[])[k / ${per} + 1],
             'BPV ' || lpad((k % ${per})::text, 4, '0'),
             case when k % 3 = 0 then 'Stage in de zorg, tweede periode' end,
             current_date + 30,
             ${firstDocument} + 3 * k, ${firstDocument} + 3 * k + 1, ${firstDocument} + 3 * k + 2,
             (select id from users where email = 'docent-' || (${sql.val(orgs)}::int[])[k / ${per} + 1] || '@bulk.test')
      from generate_series(0, ${n - 1}) k`.execute(db);
    await sql`
      insert into trajectory_access (trajectory_id, organisation_id, email, read, purchase, metadata, rights)
      select t.id, t.organisation_id, 'docent-' || t.organisation_id || '@bulk.test', true, true, true, true
      from trajectories t where t.id between ${firstTrajectory} and ${firstTrajectory + n - 1}
      union all
      select t.id, t.organisation_id,
             'student' || (t.id - ${firstTrajectory}) % ${per} || '-' || t.organisation_id || '@bulk.test',
             true, false, false, false
      from trajectories t where t.id between ${firstTrajectory} and ${firstTrajectory + n - 1}`.execute(db);
    log(`  ${start + orgs.length}/${organisationIds.length} organisations`);
  }
}

// ---------------------------------------------------------------------------------------------
// Timing

/** Runs both, `b` first when `flip`; the answers in the order a, b. */
/** The list query exactly as listTrajectories builds it (service.ts), compiled once. */
function listQuery(db: Db, organisationId: number): CompiledQuery {
  return selectTrajectoryItems(db, organisationId, TEACHER, 'LIVE').compile();
}

async function httpList(side: Side, token: string, expected: number) {
  const res = await fetch(`${side.base}/api/v2/trajectories`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`list on ${side.label}: ${res.status} ${body}`);
  return () => {
    const items = (JSON.parse(body) as unknown[]).length;
    if (items !== expected) throw new Error(`list on ${side.label}: ${items} items, expected ${expected}`);
  };
}

async function sqlList(side: Side, query: CompiledQuery, expected: number) {
  const result = await side.handle.db.executeQuery(query);
  if (result.rows.length !== expected)
    throw new Error(`SQL on ${side.label}: ${result.rows.length} rows, expected ${expected}`);
}

async function explain(side: Side, query: CompiledQuery): Promise<string> {
  const result = await side.handle.db.executeQuery<Record<string, string>>(
    CompiledQuery.raw(`explain (analyze, buffers) ${query.sql}`, [...query.parameters]),
  );
  return result.rows.map((row) => Object.values(row)[0]).join('\n');
}

async function patchForm(side: Side, token: string, id: number, uuid: string, value: string) {
  const res = await fetch(`${side.base}/api/v2/trajectories/${id}/form`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify([{ op: 'add', path: `/values/${uuid}`, value }]),
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`PATCH form ${id}: ${res.status} ${body}`);
}

async function formEvents(side: Side, trajectoryIds: number[]) {
  const rows = await sql<{ events: string }>`
    select count(*) as events from document_events e join trajectories t on t.form_document_id = e.document_id
    where t.id = any(${sql.val(trajectoryIds)}::int[]) group by e.document_id order by 1`.execute(
    side.handle.db,
  );
  const counts = rows.rows.map((r) => Number(r.events));
  return { min: Math.min(...counts), max: Math.max(...counts) };
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const started = performance.now();
  const log = logSince(started);
  const dataDir = mkdtempSync(join(tmpdir(), 'groeipad-bench-trajectories-'));
  const sides: Side[] = [];
  try {
    const one = await openSide('one', dataDir);
    sides.push(one);
    const many = await openSide('many', dataDir);
    sides.push(many);
    const database = one.handle.kind;
    log(
      `${database}: creating the measured organisation (${perOrganisation} trajectories) through the app, twice`,
    );
    const measuredOne = await buildMeasured(one, perOrganisation);
    const measuredMany = await buildMeasured(many, perOrganisation);
    const creationMs = performance.now() - started;

    log(`generating ${organisations} bulk organisations × ${perOrganisation} trajectories (set-based)`);
    const generateStart = performance.now();
    await generateBulk(many.handle.db, organisations, perOrganisation, log);
    const generateMs = performance.now() - generateStart;
    for (const side of sides) await sql`vacuum analyze`.execute(side.handle.db);
    const counts = await sql<{ trajectories: string; documents: string; access: string; events: string }>`
      select (select count(*) from trajectories) as trajectories, (select count(*) from documents) as documents,
             (select count(*) from trajectory_access) as access, (select count(*) from document_events) as events`.execute(
      many.handle.db,
    );
    const held = counts.rows[0]!;
    log(
      `generated in ${(generateMs / 1000).toFixed(1)} s; the "many" database holds ${held.trajectories} trajectories, ` +
        `${held.documents} documents, ${held.access} access rows, ${held.events} events`,
    );

    // 1 + 2: the list, interleaved over both databases and both paths.
    log(`list: ${requests} rounds after ${WARM_UP} warm-up rounds`);
    const queryOne = listQuery(one.handle.db, measuredOne.organisationId);
    const queryMany = listQuery(many.handle.db, measuredMany.organisationId);
    const samples = {
      httpOne: [] as number[],
      httpMany: [] as number[],
      sqlOne: [] as number[],
      sqlMany: [] as number[],
    };
    let responseBytes = 0;
    for (let round = -WARM_UP; round < requests; round++) {
      const checks: (() => void)[] = [];
      // The order flips every round: the garbage of a 263 KiB answer is collected during the next
      // request, which must not always be the same side's.
      const flip = round % 2 !== 0;
      const [httpOne, httpMany] = await pair(
        () => timed(async () => checks.push(await httpList(one, measuredOne.token, perOrganisation))),
        () => timed(async () => checks.push(await httpList(many, measuredMany.token, perOrganisation))),
        flip,
      );
      const [sqlOne, sqlMany] = await pair(
        () => timed(() => sqlList(one, queryOne, perOrganisation)),
        () => timed(() => sqlList(many, queryMany, perOrganisation)),
        flip,
      );
      if (round < 0) {
        for (const check of checks) check(); // the answers hold every trajectory, checked outside the timing
        continue;
      }
      samples.httpOne.push(httpOne);
      samples.httpMany.push(httpMany);
      samples.sqlOne.push(sqlOne);
      samples.sqlMany.push(sqlMany);
    }
    {
      const res = await fetch(`${one.base}/api/v2/trajectories`, {
        headers: { authorization: `Bearer ${measuredOne.token}` },
      });
      responseBytes = (await res.arrayBuffer()).byteLength;
    }
    const plans = { one: await explain(one, queryOne), many: await explain(many, queryMany) };

    // 3: form saves at 10 vs 1,000 recorded events (on the "many" database, the fuller one).
    const few = measuredMany.trajectoryIds.slice(0, pool);
    const lots = measuredMany.trajectoryIds.slice(pool, 2 * pool);
    log(
      `form saves: bringing ${pool} forms to ${fewEvents} events and ${pool} to ${manyEvents} (through the engine)`,
    );
    // A new form has 1 event (its creation); every accepted save adds one.
    const fill = async (ids: number[], events: number) => {
      for (const id of ids)
        for (let v = 2; v <= events; v++)
          await patchForm(
            many,
            measuredMany.token,
            id,
            TEXT_FIELDS[v % TEXT_FIELDS.length]!.uuid,
            `waarde ${v}`,
          );
    };
    await fill(few, fewEvents);
    await fill(lots, manyEvents);
    const before = { few: await formEvents(many, few), lots: await formEvents(many, lots) };
    log(`form saves: ${saves} each after ${WARM_UP} warm-up saves each, alternating`);
    const save = { few: [] as number[], lots: [] as number[] };
    for (let i = -WARM_UP; i < saves; i++) {
      const uuid = 'motivatie';
      const value = `Motivatie ${i + WARM_UP}`;
      const a = await timed(() =>
        patchForm(many, measuredMany.token, few[(i + WARM_UP) % pool]!, uuid, value),
      );
      const b = await timed(() =>
        patchForm(many, measuredMany.token, lots[(i + WARM_UP) % pool]!, uuid, value),
      );
      if (i < 0) continue;
      save.few.push(a);
      save.lots.push(b);
    }
    const after = { few: await formEvents(many, few), lots: await formEvents(many, lots) };

    const f = {
      sqlOne: figure(samples.sqlOne),
      httpOne: figure(samples.httpOne),
      sqlMany: figure(samples.sqlMany),
      httpMany: figure(samples.httpMany),
      saveFew: figure(save.few),
      saveLots: figure(save.lots),
    };
    const rows = [
      { scenario: 'SQL list query in-process, 1 organisation', figure: f.sqlOne },
      {
        scenario: 'GET /api/v2/trajectories, 1 organisation',
        figure: f.httpOne,
        ratio: f.httpOne.median / f.sqlOne.median,
        versus: 'SQL, 1 organisation',
        goal: 3,
      },
      {
        scenario: `GET /api/v2/trajectories, ${organisations + 1} organisations`,
        figure: f.httpMany,
        ratio: f.httpMany.median / f.httpOne.median,
        versus: 'GET, 1 organisation',
        goal: 1.2,
      },
      {
        scenario: `SQL list query in-process, ${organisations + 1} organisations`,
        figure: f.sqlMany,
        ratio: f.sqlMany.median / f.sqlOne.median,
        versus: 'SQL, 1 organisation',
      },
      {
        scenario: `GET ÷ SQL, ${organisations + 1} organisations`,
        figure: f.httpMany,
        ratio: f.httpMany.median / f.sqlMany.median,
        versus: `SQL, ${organisations + 1} organisations`,
      },
      {
        scenario: `PATCH …/form, ${before.few.min}–${after.few.max} events`,
        figure: f.saveFew,
      },
      {
        scenario: `PATCH …/form, ${before.lots.min}–${after.lots.max} events`,
        figure: f.saveLots,
        ratio: f.saveLots.median / f.saveFew.median,
        versus: `PATCH, ${fewEvents} events`,
        goal: 1.3,
      },
    ];

    console.log(
      `\nTrajectories on ${database}: ${perOrganisation} trajectories per organisation, ${organisations} bulk organisations ` +
        `(generated in ${(generateMs / 1000).toFixed(1)} s), the list answer ${(responseBytes / 1024).toFixed(0)} KiB; ` +
        `${requests} list rounds, ${saves} saves per case\n`,
    );
    console.log(
      'scenario'.padEnd(46),
      'median ms'.padStart(10),
      'p95 ms'.padStart(8),
      'req/s'.padStart(7),
      'ratio'.padStart(7),
      'goal'.padStart(7),
      'met?'.padStart(5),
      '  versus',
    );
    for (const row of rows) {
      console.log(
        row.scenario.padEnd(46),
        row.figure.median.toFixed(2).padStart(10),
        row.figure.p95.toFixed(2).padStart(8),
        (1000 / row.figure.median).toFixed(0).padStart(7),
        (row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}×`).padStart(7),
        (row.goal === undefined ? '' : `≤ ${row.goal}×`).padStart(7),
        (row.goal === undefined || row.ratio === undefined
          ? ''
          : row.ratio <= row.goal
            ? 'yes'
            : 'NO'
        ).padStart(5),
        row.versus ? `  ${row.versus}` : '',
      );
    }
    const missed = rows.some(
      (row) => row.goal !== undefined && row.ratio !== undefined && row.ratio > row.goal,
    );
    if (args.explain || missed) {
      console.log(`\nEXPLAIN ANALYZE of the list query, 1 organisation:\n${plans.one}`);
      console.log(`\nEXPLAIN ANALYZE of the list query, ${organisations + 1} organisations:\n${plans.many}`);
    }

    const out = resolve(import.meta.dirname, 'results');
    mkdirSync(out, { recursive: true });
    const file = join(out, `trajectories-${database}-${new Date().toISOString().replaceAll(':', '-')}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        {
          database,
          organisations,
          perOrganisation,
          requests,
          saves,
          creationMs,
          generateMs,
          held,
          responseBytes,
          events: { before, after },
          rows,
          samples: { ...samples, saveFew: save.few, saveLots: save.lots },
          sql: queryOne.sql,
          plans,
        },
        null,
        2,
      ),
    );
    console.log(`\nraw figures: ${file}`);
  } finally {
    for (const side of sides.reverse()) await closeSide(side).catch((error: unknown) => console.error(error));
    if (!args.keep) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
