// Evaluation speed goals (issue 9 "Done when", bench bullet), as ratios within one run:
//  1. saving one evaluation entry (PATCH …/evaluations with If-Match, as the web app saves it: a JSON Patch
//     adding one dated entry; `--method put` sends the whole evaluation plus the entry, as the web app did
//     before) when the evaluation already holds 1,000 entries, against the same save when it holds 10
//     (goal ≤ 1.3×);
//  2. the p99 latency of that save at 20 concurrent connections, against the p99 of the health ping
//     (GET /actuator/health/ping) at 20 connections (goal ≤ 5×).
//
// The data is made through the real app in this process (app.inject): a teacher (owner), a trajectory
// blueprint with 60 competences (4 clusters × 3 sub-clusters × 5, D3) and a scale of 1…4, trajectories
// from it, and their entries added by PUTs of 100 entries at a time. Then the server runs as its own
// process on loopback (`apps/server/src/main.ts` on the same data: PGlite's folder or a fresh PostgreSQL
// database), so the load generator (autocannon, here) never shares an event loop with the server.
//
// Part 1 saves one at a time, alternating between evaluations of 10 and of 1,000 entries (four of each,
// round-robin, so the counts drift little; the order flips every round), timed with fetch from request
// to the whole answer read. Part 2 runs autocannon for the ping and for the saves in turns (`--rounds`
// pairs), so load from other work on the machine falls on both sides of each ratio alike. Every save
// connection takes a trajectory of its own for each request (a pool of more trajectories than
// connections; 20 assessors on 20 students), sends one entry (or its copy plus one entry) with If-Match,
// and keeps what it sent and the answer's ETag as its next copy — so every save is a real one (200, one event); the
// copies are read again before each run. Latencies are taken from every response at microsecond
// resolution (autocannon's own histogram rounds to whole ms). At saturation (no pause between requests,
// as here) a request waits for the others in the queue, so the p99 follows the server time per request.
// Each round then runs the ping and the 10-entry saves once more at a steady rate (`--rate`; by default
// half of what the saves reached at saturation in that round) over at most the same number of
// connections, arrivals at random (`paced`), where a request waits only for those that arrive with it.
// Every run starts on a quiet server (the notification jobs of the saves before it done).
//
// Usage: npm run bench:evaluation [-- --database postgres] [--method patch|put] [--saves 100]
//        [--entries 1000] [--connections 20] [--seconds 10] [--rounds 3] [--rate half|N] [--keep]
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { applyPatch, defaultAdminRole, type PatchOperation, type TrajectoryRole } from '@groeipad/core';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import {
  appRequester,
  benchOwner,
  createBenchDatabase,
  type Figure,
  figure,
  logSince,
  openBenchApp,
  startServer,
  stopServer,
} from './support.ts';

const { values: args } = parseArgs({
  options: {
    database: { type: 'string', default: 'pglite' },
    method: { type: 'string', default: 'patch' },
    saves: { type: 'string', default: '100' },
    entries: { type: 'string', default: '1000' },
    connections: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    rate: { type: 'string', default: 'half' },
    keep: { type: 'boolean', default: false },
  },
});
const postgres = args.database === 'postgres';
if (args.method !== 'patch' && args.method !== 'put') throw new Error('--method is patch or put');
const put = args.method === 'put';
const VERB = put ? 'PUT' : 'PATCH';
const saves = Number(args.saves);
const manyEntries = Number(args.entries);
const fewEntries = 10;
const connections = Number(args.connections);
const seconds = Number(args.seconds);
const rounds = Number(args.rounds);
/**
 * Requests per second in the paced runs: 'half' of what the saves reached at saturation in the same
 * round, or a number (0: no paced runs).
 */
const fixedRate = args.rate === 'half' ? null : Number(args.rate);
/** Evaluations per entry count in part 1, saved round-robin. */
const pool = 4;
/** Trajectories the concurrent saves share out: more than connections, so none waits for another's lock. */
const concurrentPool = connections + 4;
const WARM_UP = 5;
/** Entries added per PUT while filling (a 1,000-entry evaluation stays far below the 1 MiB body limit). */
const FILL_BATCH = 100;

const TEACHER = 'docent@bench.test';
/** Long enough for a whole run: the token of the set-up serves the measurements. */
const LONG_TOKENS = { ACCESS_TOKEN_MINUTES: '240' };

// ---------------------------------------------------------------------------------------------
// The evaluation: 4 clusters × 3 sub-clusters × 5 competences, a scale of 1…4

const competenceTree = Array.from({ length: 4 }, (_, a) => ({
  uuid: `cluster-${a}`,
  description: `Kerntaak ${a + 1}`,
  labels: a % 2 === 0 ? ['BPV'] : [],
  subcompetences: Array.from({ length: 3 }, (_, b) => ({
    uuid: `werkproces-${a}-${b}`,
    description: `Werkproces ${a + 1}.${b + 1}`,
    subcompetences: Array.from({ length: 5 }, (_, c) => ({
      uuid: `competentie-${a}-${b}-${c}`,
      description: `Competentie ${a + 1}.${b + 1}.${c + 1}: voert de taak zelfstandig en zorgvuldig uit`,
      labels: c % 2 === 0 ? ['kern'] : [],
      info: '<p>Let op de afspraken met de praktijkopleider.</p>',
    })),
  })),
}));
/** Indexes (cluster, sub-cluster, competence) of every competence, in tree order. */
const COMPETENCES: [number, number, number][] = competenceTree.flatMap((_, a) =>
  Array.from({ length: 3 }, (_, b) =>
    Array.from({ length: 5 }, (_, c) => [a, b, c] as [number, number, number]),
  ).flat(),
);
const scoreInfo = [
  { name: 'Onvoldoende', description: 'Nog niet', colour: '#d32f2f' },
  { name: 'Matig', description: 'Soms', colour: '#f57c00' },
  { name: 'Voldoende', description: 'Meestal', colour: '#fbc02d' },
  { name: 'Goed', description: 'Altijd', colour: '#388e3c' },
];
const STUDENT: TrajectoryRole = {
  name: 'Student',
  informationRights: { '': { write: false, read: true, hidden: false } },
  evaluationRights: { write: false, read: true },
  reportRights: {},
  adminRights: { purchase: false, metadata: false, rights: false },
};
const ROLES = [defaultAdminRole([], 'Docent'), STUDENT];

// biome-ignore lint/suspicious/noExplicitAny: the evaluation as the client holds it, edited freely
type Doc = any;

const pad = (n: number) => String(n).padStart(2, '0');

/** An entry as the editor saves it: a score with its date, a location and remarks in the template's headings. */
function entry(n: number) {
  const day = new Date(Date.UTC(2024, 0, 1) + (n % 600) * 86_400_000);
  return {
    date: `${pad(day.getUTCDate())}/${pad(day.getUTCMonth() + 1)}/${day.getUTCFullYear()}`,
    score: String(1 + (n % 4)),
    location: n % 3 === 0 ? 'school' : 'werkplek',
    achieved: n % 5 === 0 ? 'true' : '',
    remarks:
      `Wat ging goed\nDe student bereidde het gesprek goed voor (${n}).\n\n\n` +
      'Wat kan beter\nVaker navragen of de cliënt het begrepen heeft.\n\n\nAfspraken\nVolgende week oefenen.\n',
  };
}

/** Unique, past timestamps (the server refuses entries more than a day ahead of its clock). */
let stamp = 0;
const nextTimestamp = () => new Date(Date.UTC(2024, 0, 1) + stamp++ * 1000).toISOString();

/** The client's copy with one new entry on the n-th competence (round-robin over the tree). */
function withEntry(copy: Doc, n: number): Doc {
  const [a, b, c] = COMPETENCES[n % COMPETENCES.length]!;
  const next = { ...copy, criteria: [...copy.criteria] };
  const cluster = { ...next.criteria[a], subsections: [...next.criteria[a].subsections] };
  const sub = { ...cluster.subsections[b], subsections: [...cluster.subsections[b].subsections] };
  const competence = { ...sub.subsections[c], properties: { ...sub.subsections[c].properties } };
  competence.properties[nextTimestamp()] = entry(n);
  sub.subsections[c] = competence;
  cluster.subsections[b] = sub;
  next.criteria[a] = cluster;
  return next;
}

/** The JSON Patch of one new entry on the n-th competence (round-robin over the tree), as the web app sends it. */
function entryOperation(n: number): PatchOperation {
  const [a, b, c] = COMPETENCES[n % COMPETENCES.length]!;
  return {
    op: 'add',
    path: `/criteria/${a}/subsections/${b}/subsections/${c}/properties/${nextTimestamp()}`,
    value: entry(n),
  };
}

/** What one save sends: the copy plus an entry (PUT), or the entry alone (PATCH). */
function saveBody(copy: Doc, n: number): { body: string; next: (answer: string) => Doc } {
  if (put) {
    const sent = withEntry(copy, n);
    // What was sent becomes the copy (the server adds nothing the next diff would see: the entries carry
    // their date, latestProperties is ignored).
    return { body: JSON.stringify(sent), next: () => sent };
  }
  const operation = entryOperation(n);
  return {
    body: JSON.stringify([operation]),
    next: (answer) => applyPatch(copy, answer ? JSON.parse(answer).patch : [operation]),
  };
}

function entryCount(copy: Doc): number {
  let count = 0;
  const walk = (nodes: Doc[]) => {
    for (const node of nodes)
      if (node.type === 'cluster') walk(node.subsections);
      else count += Object.keys(node.properties).length;
  };
  walk(copy.criteria);
  return count;
}

// ---------------------------------------------------------------------------------------------
// Set-up through the app (in process), then the server as its own process

interface Copy {
  id: number;
  body: Doc;
  version: number;
}

interface Prepared {
  token: string;
  few: Copy[];
  lots: Copy[];
  concurrentFew: Copy[];
  concurrentLots: Copy[];
}

async function prepare(dataDir: string, databaseUrl: string | undefined, log: (line: string) => void) {
  const { handle, ctx, app } = await openBenchApp({ dataDir, databaseUrl, env: LONG_TOKENS });
  try {
    const { token } = await benchOwner(ctx, TEACHER, 'Gemeten school');
    const request = appRequester(app, token);
    const blueprint = (
      await request('POST', '/api/blueprints', { type: 'TRAJECTORY', name: 'BPV zorg' })
    ).json() as {
      id: number;
    };
    await request('PATCH', `/api/blueprints/trajectories/${blueprint.id}/content`, [
      { op: 'replace', path: '/competenceList/competences', value: competenceTree },
      { op: 'replace', path: '/scoreInfo', value: scoreInfo },
      { op: 'replace', path: '/roles', value: ROLES },
    ]);

    let student = 0;
    const make = async (entries: number): Promise<Copy> => {
      const created = await request('POST', '/api/v2/trajectories', {
        blueprintId: blueprint.id,
        name: `BPV ${String(student).padStart(3, '0')}`,
        access: {
          roles: ROLES,
          users: [
            { user: TEACHER, roles: ['Docent'] },
            { user: `student${student++}@bench.test`, roles: ['Student'] },
          ],
        },
      });
      const id = (created.json() as { id: number }).id;
      const url = `/api/v2/trajectories/${id}/evaluations`;
      const read = await request('GET', url);
      let copy: Copy = { id, body: read.json(), version: Number(JSON.parse(read.headers.etag as string)) };
      for (let added = 0; added < entries; ) {
        let body = copy.body;
        const batch = Math.min(FILL_BATCH, entries - added);
        for (let i = 0; i < batch; i++) body = withEntry(body, added + i);
        const saved = await request('PUT', url, body, { 'if-match': `"${copy.version}"` });
        copy = { id, body: saved.json(), version: Number(JSON.parse(saved.headers.etag as string)) };
        added += batch;
      }
      if (entryCount(copy.body) !== entries)
        throw new Error(`trajectory ${id}: ${entryCount(copy.body)} entries`);
      return copy;
    };
    log(
      `making ${pool} + ${concurrentPool} evaluations of ${fewEntries} entries and as many of ${manyEntries}`,
    );
    const prepared: Prepared = { token, few: [], lots: [], concurrentFew: [], concurrentLots: [] };
    for (let i = 0; i < pool; i++) prepared.few.push(await make(fewEntries));
    for (let i = 0; i < pool; i++) prepared.lots.push(await make(manyEntries));
    // --rounds 0 measures part 1 only (for a profile of the save path)
    for (let i = 0; i < (rounds > 0 ? concurrentPool : 0); i++)
      prepared.concurrentFew.push(await make(fewEntries));
    for (let i = 0; i < (rounds > 0 ? concurrentPool : 0); i++)
      prepared.concurrentLots.push(await make(manyEntries));
    await sql`vacuum analyze`.execute(ctx.db);
    return prepared;
  } finally {
    await app.close();
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Timing

/** One save as the web app makes it: the copy plus one entry, If-Match; the answer becomes the copy. */
async function save(
  base: string,
  token: string,
  copy: Copy,
  n: number,
): Promise<{ ms: number; bytes: number }> {
  const { body, next } = saveBody(copy.body, n);
  const started = performance.now();
  const res = await fetch(`${base}/api/v2/trajectories/${copy.id}/evaluations`, {
    method: VERB,
    headers: saveHeaders(token, copy),
    body,
  });
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200)
    throw new Error(`${VERB} evaluation ${copy.id}: ${res.status} ${text.slice(0, 300)}`);
  copy.body = put ? JSON.parse(text) : next(text);
  copy.version = Number(JSON.parse(res.headers.get('etag')!));
  return { ms, bytes: body.length };
}

interface LoadFigure extends Figure {
  rps: number;
  errors: number;
}

/** autocannon at `connections` for `seconds`; latencies of every response in ms (microsecond resolution). */
function load(options: autocannon.Options): Promise<LoadFigure> {
  return new Promise((res, rej) => {
    const latencies: number[] = [];
    const instance = autocannon({ connections, duration: seconds, ...options }, (error, result) => {
      if (error) return rej(error);
      if (latencies.length === 0) return rej(new Error(`no answer 200 in ${seconds} s`));
      res({ ...figure(latencies), rps: result.requests.average, errors: result.errors + result.non2xx });
    });
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      if (status === 200) latencies.push(ms);
    });
  });
}

/**
 * The server's copy of each evaluation (outside any timing): autocannon stops with saves in flight whose
 * answers it never hands over, so the copies of the last run are a version behind.
 */
async function refresh(base: string, token: string, copies: Copy[]) {
  for (const copy of copies) {
    const res = await fetch(`${base}/api/v2/trajectories/${copy.id}/evaluations`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`GET evaluation ${copy.id}: ${res.status} ${text.slice(0, 300)}`);
    copy.body = JSON.parse(text);
    copy.version = Number(JSON.parse(res.headers.get('etag')!));
  }
}

/** One request of a paced run: what to send, and what to do with the answer. */
interface PacedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  done?: (status: number, body: string, headers: Record<string, string | string[] | undefined>) => void;
}

/**
 * An open-loop load at a steady rate over at most `connections` keep-alive connections: arrivals at
 * random (exponential gaps, mean 1/rate, seeded), each request sent when it is due whatever the others
 * are doing, its latency counted from when it was due (a request kept waiting for a connection or a
 * free evaluation waits on the clock too). autocannon's rate option sends each connection's share of
 * a second at the start of that second, all connections together: a burst, not a steady load.
 */
async function paced(
  base: string,
  requestsPerSecond: number,
  next: () => Promise<PacedRequest>,
): Promise<LoadFigure> {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const start = performance.now();
  const end = start + seconds * 1000;
  const inFlight: Promise<void>[] = [];
  for (let due = start; due < end; due += (-Math.log(1 - random()) * 1000) / requestsPerSecond) {
    const wait = due - performance.now();
    if (wait > 0) await new Promise((done) => setTimeout(done, wait));
    const dueAt = due;
    inFlight.push(
      next().then(
        (request) =>
          new Promise<void>((done) => {
            const outgoing = httpRequest(
              {
                host: url.hostname,
                port: url.port,
                method: request.method,
                path: request.path,
                headers: request.headers,
                agent,
              },
              (response) => {
                const chunks: Buffer[] = [];
                response.on('data', (chunk: Buffer) => chunks.push(chunk));
                response.on('end', () => {
                  const status = response.statusCode ?? 0;
                  if (status === 200) latencies.push(performance.now() - dueAt);
                  else errors++;
                  request.done?.(status, Buffer.concat(chunks).toString('utf8'), response.headers);
                  done();
                });
              },
            );
            outgoing.on('error', () => {
              errors++;
              request.done?.(0, '', {});
              done();
            });
            outgoing.end(request.body);
          }),
      ),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  if (latencies.length === 0) throw new Error('paced run: no answer 200');
  return { ...figure(latencies), rps: latencies.length / seconds, errors };
}

/** Waits until the server answers 30 pings in a row within 5 ms each (queued jobs of a run done). */
async function quiet(base: string) {
  const until = performance.now() + 60_000;
  let calm = 0;
  while (calm < 30 && performance.now() < until) {
    const started = performance.now();
    await (await fetch(`${base}/actuator/health/ping`)).text();
    calm = performance.now() - started < 5 ? calm + 1 : 0;
    if (calm === 0) await new Promise((done) => setTimeout(done, 100));
  }
}

/** A save's headers: the bearer, JSON, and If-Match on the copy's version (every save a real one). */
function saveHeaders(token: string, copy: Copy): Record<string, string> {
  return {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    'if-match': `"${copy.version}"`,
  };
}

/** Paced saves: each request takes a trajectory nobody else is saving (waiting for one if need be). */
function pacedSaves(token: string, copies: Copy[]): () => Promise<PacedRequest> {
  const free = [...copies];
  const waiting: ((copy: Copy) => void)[] = [];
  const release = (copy: Copy) => {
    const taker = waiting.shift();
    if (taker) taker(copy);
    else free.push(copy);
  };
  let n = 0;
  return async () => {
    const copy = free.shift() ?? (await new Promise<Copy>((take) => waiting.push(take)));
    const { body, next } = saveBody(copy.body, n++);
    return {
      method: VERB,
      path: `/api/v2/trajectories/${copy.id}/evaluations`,
      headers: saveHeaders(token, copy),
      body,
      done: (status, text, headers) => {
        if (status === 200) {
          copy.body = next('');
          copy.version = Number(JSON.parse(headers.etag as string));
        } else console.error(`${VERB} evaluation ${copy.id}: ${status} ${text.slice(0, 300)}`);
        release(copy);
      },
    };
  };
}

/** Concurrent saves: each request checks out a trajectory no other connection holds, and returns it. */
function concurrentSaves(base: string, token: string, copies: Copy[]): autocannon.Options {
  const free = [...copies];
  const byId = new Map(copies.map((copy) => [copy.id, copy]));
  let n = 0;
  return {
    url: base,
    requests: [
      {
        method: VERB,
        setupRequest: (request, context) => {
          const copy = free.shift();
          if (!copy) throw new Error('more connections than trajectories');
          const { body, next } = saveBody(copy.body, n++);
          Object.assign(context, { id: copy.id, next });
          return {
            ...request,
            path: `/api/v2/trajectories/${copy.id}/evaluations`,
            headers: saveHeaders(token, copy),
            body,
          };
        },
        onResponse: (status, body, context, headers) => {
          const { id, next } = context as { id: number; next: (answer: string) => Doc };
          const copy = byId.get(id)!;
          // What was sent makes the copy, not the answer: autocannon decodes each chunk of a body on its
          // own, so a character split between two chunks arrives broken.
          if (status === 200) {
            copy.body = next('');
            copy.version = Number(JSON.parse((headers as Record<string, string>).etag!));
          } else console.error(`${VERB} evaluation ${copy.id}: ${status} ${body.slice(0, 300)}`);
          free.push(copy);
        },
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const started = performance.now();
  const log = logSince(started);
  const dataDir = mkdtempSync(join(tmpdir(), 'groeipad-bench-evaluation-'));
  const databaseName = `groeipad_bench_eval_${process.pid}`;
  const database = postgres ? await createBenchDatabase(databaseName) : null;
  const databaseUrl = database?.url;
  let server: ChildProcess | undefined;
  try {
    log(`${args.database}: setting up through the app`);
    const data = await prepare(dataDir, databaseUrl, log);
    const prepareMs = performance.now() - started;
    const running = await startServer({
      dataDir,
      databaseUrl,
      // e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` for a CPU profile of the server alone
      env: { ...LONG_TOKENS, NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS ?? '' },
    });
    server = running.child;
    const { base } = running;
    log(`server process on ${base}`);

    // 1: one save at a time, 10 vs 1,000 entries, alternating (the order flips every round).
    log(`sequential saves: ${saves} each after ${WARM_UP} warm-up saves each, alternating`);
    const sequential = { few: [] as number[], lots: [] as number[] };
    const bodyBytes = { few: 0, lots: 0 };
    const countsBefore = {
      few: data.few.map((c) => entryCount(c.body)),
      lots: data.lots.map((c) => entryCount(c.body)),
    };
    for (let i = -WARM_UP; i < saves; i++) {
      const k = (i + WARM_UP) % pool;
      const n = i + WARM_UP;
      let few: { ms: number; bytes: number };
      let lots: { ms: number; bytes: number };
      if (n % 2 === 0) {
        few = await save(base, data.token, data.few[k]!, n);
        lots = await save(base, data.token, data.lots[k]!, n);
      } else {
        lots = await save(base, data.token, data.lots[k]!, n);
        few = await save(base, data.token, data.few[k]!, n);
      }
      if (i < 0) continue;
      sequential.few.push(few.ms);
      sequential.lots.push(lots.ms);
      bodyBytes.few = few.bytes;
      bodyBytes.lots = lots.bytes;
    }
    const countsAfter = {
      few: data.few.map((c) => entryCount(c.body)),
      lots: data.lots.map((c) => entryCount(c.body)),
    };

    {
      const few = figure(sequential.few).median;
      const lots = figure(sequential.lots).median;
      log(
        `  medians ${few.toFixed(2)} ms (${fewEntries} entries), ${lots.toFixed(2)} ms (${manyEntries}): ${(lots / few).toFixed(2)}×`,
      );
    }

    // 2: p99 at `connections` connections, the ping and the saves in turns.
    log(
      `${connections} connections × ${seconds} s: ping, saves at ${fewEntries} and at ${manyEntries} entries, ${rounds} rounds`,
    );
    const ping = { url: `${base}/actuator/health/ping` };
    const concurrent: {
      ping: LoadFigure;
      few: LoadFigure;
      lots: LoadFigure;
      pacedPing?: LoadFigure;
      pacedFew?: LoadFigure;
      rate?: number;
    }[] = [];
    for (let round = 0; round < rounds; round++) {
      // Each run starts on a quiet server: the notification jobs a run of saves queued are done.
      await quiet(base);
      const pingFigure = await load(ping);
      await refresh(base, data.token, data.concurrentFew);
      await quiet(base);
      const fewFigure = await load(concurrentSaves(base, data.token, data.concurrentFew));
      await refresh(base, data.token, data.concurrentLots);
      await quiet(base);
      const lotsFigure = await load(concurrentSaves(base, data.token, data.concurrentLots));
      // The same at a steady rate over the connections (20 assessors saving now and then, not flat out):
      // a request waits for others only when they happen to arrive together.
      const rate = fixedRate ?? Math.max(5, Math.round(fewFigure.rps / 2));
      let pacedRun: { pacedPing: LoadFigure; pacedFew: LoadFigure; rate: number } | undefined;
      if (rate > 0) {
        await quiet(base);
        const pacedPing = await paced(base, rate, async () => ({
          method: 'GET',
          path: '/actuator/health/ping',
          headers: {},
        }));
        await refresh(base, data.token, data.concurrentFew);
        await quiet(base);
        const pacedFew = await paced(base, rate, pacedSaves(data.token, data.concurrentFew));
        pacedRun = { pacedPing, pacedFew, rate };
        log(
          `  round ${round + 1}, ${rate} requests/s: ping p99 ${pacedPing.p99.toFixed(2)} ms, saves p99 ` +
            `${pacedFew.p99.toFixed(2)} ms (${fewEntries} entries)`,
        );
      }
      concurrent.push({ ping: pingFigure, few: fewFigure, lots: lotsFigure, ...pacedRun });
      log(
        `  round ${round + 1}: ping p99 ${pingFigure.p99.toFixed(2)} ms, saves p99 ${fewFigure.p99.toFixed(2)} ms ` +
          `(${fewEntries} entries) / ${lotsFigure.p99.toFixed(2)} ms (${manyEntries} entries)`,
      );
    }
    if (rounds > 0) {
      await refresh(base, data.token, data.concurrentFew);
      await refresh(base, data.token, data.concurrentLots);
    }
    const concurrentEntries = {
      few: data.concurrentFew.map((c) => entryCount(c.body)),
      lots: data.concurrentLots.map((c) => entryCount(c.body)),
    };

    const span = (counts: number[]) =>
      counts.length === 0 ? '–' : `${Math.min(...counts)}–${Math.max(...counts)}`;
    const f = { few: figure(sequential.few), lots: figure(sequential.lots) };
    const rows: {
      scenario: string;
      figure: Figure;
      rps?: number;
      errors?: number;
      ratio?: number;
      ratios?: number[];
      versus?: string;
      goal?: number;
    }[] = [
      {
        scenario: `${VERB} …/evaluations, ${Math.min(...countsBefore.few)}–${Math.max(...countsAfter.few)} entries`,
        figure: f.few,
      },
      {
        scenario: `${VERB} …/evaluations, ${Math.min(...countsBefore.lots)}–${Math.max(...countsAfter.lots)} entries`,
        figure: f.lots,
        ratio: f.lots.median / f.few.median,
        versus: `${VERB}, ${fewEntries} entries (medians)`,
        goal: 1.3,
      },
    ];
    concurrent.forEach((round, r) => {
      rows.push({
        scenario: `round ${r + 1}: ping, ${connections} connections`,
        figure: round.ping,
        rps: round.ping.rps,
        errors: round.ping.errors,
      });
      rows.push({
        scenario: `round ${r + 1}: ${VERB}, ${fewEntries}+ entries, ${connections} conn.`,
        figure: round.few,
        rps: round.few.rps,
        errors: round.few.errors,
        ratio: round.few.p99 / round.ping.p99,
        versus: 'ping (p99s)',
        goal: 5,
      });
      rows.push({
        scenario: `round ${r + 1}: ${VERB}, ${manyEntries}+ entries, ${connections} conn.`,
        figure: round.lots,
        rps: round.lots.rps,
        errors: round.lots.errors,
        ratio: round.lots.p99 / round.ping.p99,
        versus: 'ping (p99s)',
      });
      if (round.pacedPing && round.pacedFew) {
        rows.push({
          scenario: `round ${r + 1}: ping, ${round.rate}/s, ≤ ${connections} conn.`,
          figure: round.pacedPing,
          rps: round.pacedPing.rps,
          errors: round.pacedPing.errors,
        });
        rows.push({
          scenario: `round ${r + 1}: ${VERB}, ${fewEntries}+ entries, ${round.rate}/s`,
          figure: round.pacedFew,
          rps: round.pacedFew.rps,
          errors: round.pacedFew.errors,
          ratio: round.pacedFew.p99 / round.pacedPing.p99,
          versus: 'paced ping (p99s)',
          goal: 5,
        });
      }
    });

    console.log(
      `\nEvaluation saves on ${args.database}: a tree of ${COMPETENCES.length} competences; ${VERB} bodies ` +
        `${(bodyBytes.few / 1024).toFixed(1)} KiB (${fewEntries} entries) and ${(bodyBytes.lots / 1024).toFixed(0)} KiB ` +
        `(${manyEntries}); ${saves} sequential saves per case; ${connections} connections × ${seconds} s per load, ` +
        `${rounds} rounds (concurrent evaluations ended at ${span(concurrentEntries.few)} and ${span(concurrentEntries.lots)} entries)\n`,
    );
    console.log(
      'scenario'.padEnd(44),
      'median ms'.padStart(10),
      'p95 ms'.padStart(8),
      'p99 ms'.padStart(8),
      'req/s'.padStart(7),
      'errors'.padStart(7),
      'ratio'.padStart(7),
      'goal'.padStart(7),
      'met?'.padStart(5),
      '  versus',
    );
    for (const row of rows) {
      console.log(
        row.scenario.padEnd(44),
        row.figure.median.toFixed(2).padStart(10),
        row.figure.p95.toFixed(2).padStart(8),
        row.figure.p99.toFixed(2).padStart(8),
        (row.rps ?? 1000 / row.figure.median).toFixed(0).padStart(7),
        (row.errors === undefined ? '' : String(row.errors)).padStart(7),
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
    const p99Ratios = concurrent.map((round) => round.few.p99 / round.ping.p99).sort((a, b) => a - b);
    if (rounds > 0)
      console.log(
        `\np99 save ÷ p99 ping over the rounds: ${p99Ratios.map((r) => `${r.toFixed(2)}×`).join(', ')} ` +
          `(median ${p99Ratios[Math.floor(p99Ratios.length / 2)]!.toFixed(2)}×, goal ≤ 5×)`,
      );
    const pacedRatios = concurrent
      .flatMap((round) =>
        round.pacedFew && round.pacedPing ? [round.pacedFew.p99 / round.pacedPing.p99] : [],
      )
      .sort((a, b) => a - b);
    if (pacedRatios.length > 0)
      console.log(
        `p99 save ÷ p99 ping ${fixedRate === null ? "at half the saves' saturated rate" : `at ${fixedRate} requests/s`}: ${pacedRatios.map((r) => `${r.toFixed(2)}×`).join(', ')} ` +
          `(median ${pacedRatios[Math.floor(pacedRatios.length / 2)]!.toFixed(2)}×, goal ≤ 5×)`,
      );

    const out = resolve(import.meta.dirname, 'results');
    mkdirSync(out, { recursive: true });
    const file = join(
      out,
      `evaluation-${args.database}-${new Date().toISOString().replaceAll(':', '-')}.json`,
    );
    writeFileSync(
      file,
      JSON.stringify(
        {
          database: args.database,
          method: VERB,
          competences: COMPETENCES.length,
          fewEntries,
          manyEntries,
          saves,
          connections,
          seconds,
          rounds,
          rate: args.rate,
          prepareMs,
          bodyBytes,
          entries: { countsBefore, countsAfter, concurrentEntries },
          rows,
          samples: sequential,
        },
        null,
        2,
      ),
    );
    console.log(`\nraw figures: ${file}`);
  } finally {
    if (server) await stopServer(server);
    if (!args.keep) {
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    } else console.log(`kept: ${database ? databaseName : dataDir}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
