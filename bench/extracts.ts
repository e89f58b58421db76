// Extract PDF goals (issue 10 "Done when", bench bullet):
//  1. the PDF of a trajectory with 200 competences, drawn the way the extract job draws it (logo check, the
//     model, the document definition, pdfmake: `drawExtractPdf`, the code the PDF worker runs), as a ratio
//     to pdfmake alone rendering the same document definition in the same thread (`renderPdf(definition)`,
//     the definition built beforehand, outside the timing; goal ≤ 1.5×). The job itself calls
//     `renderExtractPdf`, which sends the input to the PDF worker (`adapters/pdf/worker-pool.ts`) and gets
//     the bytes back: timed as a third side, its ratio to the other two is what the thread hop and the
//     worker's heap limit cost;
//  2. 50 extracts queued at once (one POST /api/extracts for 50 trajectories of 200 competences): all
//     become READY, and the server process's memory (resident set, read from /proc/<pid>/status) grows
//     less than 200 MB over its level just before the request.
//
// Part 1 runs in this process on the renderer's own test input (`pdf/test-fixture.ts`: 200 competences in
// 8 clusters × 3 sub-clusters, about two thirds scored, a PNG logo, level 3 with the score chart, Dutch).
// The sides are timed in turns, the order rotating every round, so load from other work falls on all
// alike; wall time and this process's CPU time are both recorded (the worker's CPU is this process's
// too). pdfmake fills the definition it is given with its layout state, so every round builds a fresh one
// for the "pdfmake alone" side.
//
// Part 2 makes its data through the real app in this process (app.inject): a teacher (owner), a trajectory
// blueprint of the same 200 competences with a scale of 1…5 and a name field, 50 trajectories with their
// scores entered (one PUT …/evaluations each) and the student's name in the form, and an extract blueprint
// with a logo (a PNG uploaded as a resource, D32). Then the server runs as a process of its own
// (`node --import tsx apps/server/src/main.ts` on the same PGlite folder or PostgreSQL database), whose
// /proc entries this process samples every 50 ms: the resident set (VmRSS) and its CPU time. One
// POST /api/extracts asks for all 50; GET /api/extracts is polled until every one is READY (any FAILED, or
// the timeout, fails the run); then every PDF is downloaded and checked to start with %PDF- and end with
// %%EOF. Memory is reported as the highest sample (and the kernel's high-water mark, VmHWM) against the
// median of the samples over the 2 s before the POST.
//
// Usage: npm run bench:extracts [-- --database postgres] [--rounds 15] [--trajectories 50]
//        [--competences 200] [--level 3] [--timeout 600] [--keep]
// --rounds 0 skips part 1, --trajectories 0 skips part 2.
import { type ChildProcess, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Criterion, defaultAdminRole, type ExtractListEntry, type TrajectoryRole } from '@groeipad/core';
import { sql } from 'kysely';
import { renderPdf } from '../apps/server/src/adapters/pdf/render.ts';
import { pdfWorkers } from '../apps/server/src/adapters/pdf/worker-pool.ts';
import { catalogue } from '../apps/server/src/i18n/catalogue.ts';
import { extractDocument } from '../apps/server/src/modules/extracts/pdf/document.ts';
import { extractPdfLabels } from '../apps/server/src/modules/extracts/pdf/labels.ts';
import { extractReport } from '../apps/server/src/modules/extracts/pdf/model.ts';
import {
  drawExtractPdf,
  type ExtractPdfInput,
  extractPdfDefinition,
  logoDataUrl,
  renderExtractPdf,
} from '../apps/server/src/modules/extracts/pdf/render.ts';
import {
  competenceTree,
  evaluationView,
  extractSettings,
  informationForm,
  logoPng,
  TEN_COLOURS,
} from '../apps/server/src/modules/extracts/pdf/test-fixture.ts';
import {
  appRequester,
  benchOwner,
  createBenchDatabase,
  type Figure,
  figure,
  logSince,
  openBenchApp,
  ROOT as root,
  startServer,
  stopServer,
} from './support.ts';

const { values: args } = parseArgs({
  options: {
    database: { type: 'string', default: 'pglite' },
    rounds: { type: 'string', default: '15' },
    trajectories: { type: 'string', default: '50' },
    competences: { type: 'string', default: '200' },
    level: { type: 'string', default: '3' },
    timeout: { type: 'string', default: '600' },
    keep: { type: 'boolean', default: false },
  },
});
const postgres = args.database === 'postgres';
const rounds = Number(args.rounds);
const trajectoryCount = Number(args.trajectories);
const competences = Number(args.competences);
const level = args.level === '4' ? 4 : 3;
const timeoutMs = Number(args.timeout) * 1000;
const WARM_UP = 3;
const SCALE = 5;
const MEMORY_GOAL_MB = 200;
const RATIO_GOAL = 1.5;
/** Sampling interval of the server's /proc entries. */
const SAMPLE_MS = 50;
/** How long the resident set is sampled before the POST for its baseline. */
const BASELINE_MS = 2000;
const POLL_MS = 250;

const TEACHER = 'docent@bench.test';
/** Long enough for a whole run: the token of the set-up serves the measurements. */
const LONG_TOKENS = { ACCESS_TOKEN_MINUTES: '240' };
const texts = catalogue(join(root, 'apps/web/public/locales'));

// ---------------------------------------------------------------------------------------------
// Figures

const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (kib: number) => `${(kib / 1024).toFixed(1)} MB`;
const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

// ---------------------------------------------------------------------------------------------
// Part 1: the renderer against pdfmake alone, in process

interface Timed {
  wallMs: number;
  cpuMs: number;
}

async function timed(work: () => Promise<unknown>): Promise<Timed> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await work();
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return { wallMs, cpuMs: (used.user + used.system) / 1000 };
}

function pdfInput(): ExtractPdfInput {
  return {
    settings: extractSettings({ level }),
    logo: { bytes: logoPng(), type: 'image/png' },
    trajectory: { name: 'BPV 2025-2026' },
    form: informationForm('Anna de Vries'),
    evaluation: evaluationView(competences, SCALE),
    generated: new Date(),
    language: 'nl',
    texts,
  };
}

async function measureRenderer(log: (line: string) => void) {
  const input = pdfInput();
  const sample = await renderExtractPdf(input);
  if (sample.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('the worker made no PDF');
  const inThread = await drawExtractPdf(input);
  if (inThread.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('the renderer made no PDF');
  log(
    `part 1: ${competences} competences, level ${level}: ${pageCount(sample)} pages, ${(sample.length / 1024).toFixed(0)} KiB; ` +
      `${rounds} rounds after ${WARM_UP} warm-up rounds, in turns`,
  );
  const worker: Timed[] = [];
  const full: Timed[] = [];
  const alone: Timed[] = [];
  // The steps before pdfmake, each on its own (not part of either side of the ratio).
  const steps = { logo: [] as number[], model: [] as number[], definition: [] as number[] };
  for (let round = -WARM_UP; round < rounds; round++) {
    const sides = [
      async () => worker.push(await timed(() => renderExtractPdf(input))),
      async () => full.push(await timed(() => drawExtractPdf(input))),
      async () => {
        // Built right before its timing, as drawExtractPdf builds its own.
        const definition = extractPdfDefinition(input);
        alone.push(await timed(() => renderPdf(definition)));
      },
    ];
    const turn = ((round % sides.length) + sides.length) % sides.length;
    for (const side of [...sides.slice(turn), ...sides.slice(0, turn)]) await side();

    let started = performance.now();
    const logo = logoDataUrl(input.logo);
    steps.logo.push(performance.now() - started);
    started = performance.now();
    const report = extractReport(input);
    steps.model.push(performance.now() - started);
    started = performance.now();
    extractDocument(report, extractPdfLabels(texts, 'nl'), { logo }, 'nl');
    steps.definition.push(performance.now() - started);
    if (round < 0) {
      worker.pop();
      full.pop();
      alone.pop();
      for (const list of Object.values(steps)) list.pop();
    }
  }
  await pdfWorkers.close();
  const result = {
    pages: pageCount(sample),
    bytes: sample.length,
    worker: { wall: figure(worker.map((t) => t.wallMs)), cpu: figure(worker.map((t) => t.cpuMs)) },
    full: { wall: figure(full.map((t) => t.wallMs)), cpu: figure(full.map((t) => t.cpuMs)) },
    alone: { wall: figure(alone.map((t) => t.wallMs)), cpu: figure(alone.map((t) => t.cpuMs)) },
    steps: {
      logo: figure(steps.logo),
      model: figure(steps.model),
      definition: figure(steps.definition),
    },
    samples: { worker, full, alone, steps },
  };
  return {
    ...result,
    wallRatio: result.full.wall.median / result.alone.wall.median,
    cpuRatio: result.full.cpu.median / result.alone.cpu.median,
    workerWallRatio: result.worker.wall.median / result.alone.wall.median,
    workerToThreadRatio: result.worker.wall.median / result.full.wall.median,
  };
}

// ---------------------------------------------------------------------------------------------
// Part 2: data through the app (in process), then the server as its own process

const STUDENT: TrajectoryRole = {
  name: 'Student',
  informationRights: { '': { write: false, read: true, hidden: false } },
  evaluationRights: { write: false, read: true },
  reportRights: {},
  adminRights: { purchase: false, metadata: false, rights: false },
};
const ROLES = [defaultAdminRole([], 'Docent'), STUDENT];
const SCORE_NAMES = ['Onvoldoende', 'Matig', 'Voldoende', 'Goed', 'Uitstekend'];
const SCORE_COLOURS = ['#e03131', '#f59f00', '#fab005', '#74b816', '#2f9e44'];
const STUDENT_NAMES = ['Anna de Vries', 'Mohamed El Amrani', 'Sanne Jansen', 'Daan Bakker', 'Fatima Yilmaz'];

/** The fixture's evaluation tree as a blueprint's competence list (clusters nest subcompetences). */
function competenceList(criteria: Criterion[]): unknown[] {
  return criteria.map((node) =>
    node.type === 'cluster'
      ? {
          uuid: node.uuid,
          description: node.name,
          labels: node.labels,
          subcompetences: competenceList(node.subsections),
        }
      : { uuid: node.uuid, description: node.name, labels: node.labels, info: node.info },
  );
}

// biome-ignore lint/suspicious/noExplicitAny: the evaluation as the client holds it, edited freely
type Doc = any;

/** Unique, past timestamps (the server refuses entries more than a day ahead of its clock). */
let stamp = 0;
const nextTimestamp = () => new Date(Date.UTC(2025, 0, 1) + stamp++ * 1000).toISOString();

/**
 * The evaluation with one dated entry on every competence the fixture scores (score, date, achieved,
 * location and remarks, as the editor saves them); `shift` varies the scores between trajectories.
 */
function scored(evaluation: Doc, fixture: Criterion[], shift: number): Doc {
  const latest = new Map<string, Criterion>();
  const collect = (nodes: Criterion[]) => {
    for (const node of nodes)
      node.type === 'cluster' ? collect(node.subsections) : latest.set(node.uuid, node);
  };
  collect(fixture);
  let entries = 0;
  const walk = (nodes: Doc[]): Doc[] =>
    nodes.map((node: Doc) => {
      if (node.type === 'cluster') return { ...node, subsections: walk(node.subsections) };
      const source = latest.get(node.uuid);
      const properties = source?.type === 'competence' ? source.latestProperties : null;
      if (!properties?.score) return node;
      entries++;
      const score = ((Number(properties.score) - 1 + shift) % SCALE) + 1;
      return {
        ...node,
        properties: {
          ...node.properties,
          [nextTimestamp()]: {
            date: properties.date,
            score: String(score),
            achieved: score >= Math.ceil(SCALE / 2) ? 'true' : 'false',
            location: entries % 3 === 0 ? 'school' : 'werkplek',
            remarks: `Wat ging goed\nDe student bereidde het gesprek goed voor (${entries}).\n\n\nAfspraken\nVolgende week oefenen.\n`,
          },
        },
      };
    });
  return { ...evaluation, criteria: walk(evaluation.criteria) };
}

/** A multipart body with one `file` part, as the web's upload sends it. */
function multipart(name: string, bytes: Buffer) {
  const boundary = '----groeipad-bench-upload';
  return {
    boundary,
    body: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

interface Prepared {
  token: string;
  extractBlueprintId: number;
  trajectoryIds: number[];
  entries: number;
}

async function prepare(dataDir: string, databaseUrl: string | undefined, log: (line: string) => void) {
  const { handle, ctx, app } = await openBenchApp({ dataDir, databaseUrl, env: LONG_TOKENS });
  try {
    const { token } = await benchOwner(ctx, TEACHER, 'Demoschool De Groeiboom');
    const request = appRequester(app, token);

    // The trajectory blueprint: the fixture's competences, a scale of 1…5, the student's name field.
    const fixture = competenceTree(competences, SCALE);
    const blueprint = (
      await request('POST', '/api/blueprints', { type: 'TRAJECTORY', name: 'BPV Verzorgende IG' })
    ).json() as { id: number };
    await request('PATCH', `/api/blueprints/trajectories/${blueprint.id}/content`, [
      { op: 'replace', path: '/competenceList/competences', value: competenceList(fixture) },
      {
        op: 'replace',
        path: '/scoreInfo',
        value: SCORE_NAMES.map((name, i) => ({ name, description: '', colour: SCORE_COLOURS[i] })),
      },
      {
        op: 'replace',
        path: '/information/fields',
        value: [{ uuid: 'naam', name: 'Naam', type: 'text', required: false }],
      },
      { op: 'replace', path: '/roles', value: ROLES },
    ]);

    // The extract blueprint (D36) with a logo (D32), as the fixture's settings.
    const logo = (
      await request('POST', '/api/resources', { name: 'logo.png', mediaType: 'image/png', userRights: [] })
    ).json() as { id: number };
    const upload = multipart('logo.png', logoPng());
    await request('PUT', `/api/resources/${logo.id}/content`, upload.body, {
      'content-type': `multipart/form-data; boundary=${upload.boundary}`,
    });
    const extractBlueprint = (
      await request('POST', '/api/blueprints', { type: 'EXTRACT', name: 'Voortgangsrapport' })
    ).json() as { id: number };
    const settings = extractSettings({ level, studentNamePath: 'Naam', scoreColours: TEN_COLOURS });
    await request(
      'PATCH',
      `/api/blueprints/extracts/${extractBlueprint.id}/content`,
      Object.entries({ ...settings, logo: logo.id }).map(([key, value]) => ({
        op: 'replace',
        path: `/${key}`,
        value,
      })),
    );

    log(`making ${trajectoryCount} trajectories of ${competences} competences with their scores`);
    const trajectoryIds: number[] = [];
    let entries = 0;
    for (let i = 0; i < trajectoryCount; i++) {
      const name = `${STUDENT_NAMES[i % STUDENT_NAMES.length]} ${i + 1}`;
      const created = await request('POST', '/api/v2/trajectories', {
        blueprintId: blueprint.id,
        name: `BPV ${String(i + 1).padStart(2, '0')}`,
        access: {
          roles: ROLES,
          users: [
            { user: TEACHER, roles: ['Docent'] },
            { user: `student${i}@bench.test`, roles: ['Student'] },
          ],
        },
      });
      const id = (created.json() as { id: number }).id;
      await request('PATCH', `/api/v2/trajectories/${id}/form`, [
        { op: 'add', path: '/values/naam', value: name },
      ]);
      const url = `/api/v2/trajectories/${id}/evaluations`;
      const read = await request('GET', url);
      const before = stamp;
      await request('PUT', url, scored(read.json(), fixture, i), { 'if-match': read.headers.etag as string });
      entries += stamp - before;
      trajectoryIds.push(id);
    }
    // What the set-up queued (notifications of the saves) runs here, so the server starts idle.
    await ctx.jobs.drain();
    await sql`vacuum analyze`.execute(ctx.db);
    return { token, extractBlueprintId: extractBlueprint.id, trajectoryIds, entries } satisfies Prepared;
  } finally {
    await app.close();
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The server's /proc entries

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** VmRSS and VmHWM in KiB. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/** User + system CPU time of the process in ms. */
function cpuOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at field 3; utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

interface Sample {
  /** ms since the POST (negative before it). */
  at: number;
  phase: string;
  rssKiB: number;
}

class Sampler {
  readonly samples: Sample[] = [];
  phase = 'idle';
  private timer: NodeJS.Timeout | null = null;
  private zero = performance.now();
  constructor(private readonly pid: number) {}

  start() {
    this.timer = setInterval(() => this.take(), SAMPLE_MS);
  }
  take() {
    this.samples.push({
      at: performance.now() - this.zero,
      phase: this.phase,
      rssKiB: memoryOf(this.pid).rss,
    });
  }
  /** Makes the times of the samples relative to now. */
  mark() {
    const now = performance.now();
    for (const sample of this.samples) sample.at -= now - this.zero;
    this.zero = now;
  }
  stop() {
    if (this.timer) clearInterval(this.timer);
    this.take();
  }
  of(phase: string): number[] {
    return this.samples.filter((s) => s.phase === phase).map((s) => s.rssKiB);
  }
}

// ---------------------------------------------------------------------------------------------
// Part 2: 50 extracts at once

async function measureQueue(base: string, pid: number, data: Prepared, log: (line: string) => void) {
  const headers = { authorization: `Bearer ${data.token}` };
  const get = async (path: string) => {
    const started = performance.now();
    const res = await fetch(`${base}${path}`, { headers });
    const body = Buffer.from(await res.arrayBuffer());
    return { res, body, ms: performance.now() - started };
  };
  const sampler = new Sampler(pid);
  const idle = memoryOf(pid).rss;
  sampler.start();
  // A few calls first, so the baseline is of a server that has answered requests (routes, zod, the pool).
  for (let i = 0; i < 5; i++) {
    await get('/api/extracts');
    await get('/actuator/health/ping');
  }
  sampler.phase = 'baseline';
  await new Promise((r) => setTimeout(r, BASELINE_MS));
  const baseline = figure(sampler.of('baseline')).median;
  const hwmAtStart = memoryOf(pid).hwm;
  // Resets the kernel's high-water mark of the resident set (Linux ≥ 4.0), so VmHWM at the end is the
  // true peak since here, between samples too; when not allowed, VmHWM stays the peak since start.
  let hwmReset = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    hwmReset = false;
  }
  const cpuBefore = cpuOf(pid);

  sampler.mark();
  sampler.phase = 'drawing';
  const started = performance.now();
  const posted = await fetch(`${base}/api/extracts`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Voortgangsrapport periode 2',
      extract: data.extractBlueprintId,
      trajectories: data.trajectoryIds,
    }),
  });
  const postMs = performance.now() - started;
  const made = (await posted.json()) as ExtractListEntry[];
  if (posted.status !== 202 || made.length !== data.trajectoryIds.length)
    throw new Error(`POST /api/extracts: ${posted.status} ${JSON.stringify(made).slice(0, 300)}`);
  const ids = new Set(made.map((e) => e.id));
  log(`POST /api/extracts answered 202 with ${made.length} queued extracts in ${ms(postMs)}`);

  const polls: number[] = [];
  /** The resident set whenever a poll saw more extracts READY: does it keep growing with the queue? */
  const trace: { ready: number; atMs: number; rssKiB: number }[] = [];
  let ready = 0;
  let lastLogged = 0;
  let readyMs = Number.NaN;
  for (;;) {
    const { res, body, ms: pollMs } = await get('/api/extracts');
    polls.push(pollMs);
    if (res.status !== 200)
      throw new Error(`GET /api/extracts: ${res.status} ${body.toString().slice(0, 300)}`);
    const list = (JSON.parse(body.toString('utf8')) as ExtractListEntry[]).filter((e) => ids.has(e.id));
    const failed = list.filter((e) => e.state === 'FAILED');
    if (failed.length > 0) throw new Error(`extracts FAILED: ${failed.map((e) => e.id).join(', ')}`);
    ready = list.filter((e) => e.state === 'READY').length;
    const elapsed = performance.now() - started;
    if (ready > (trace.at(-1)?.ready ?? 0)) trace.push({ ready, atMs: elapsed, rssKiB: memoryOf(pid).rss });
    if (ready === ids.size) {
      readyMs = elapsed;
      break;
    }
    if (elapsed - lastLogged >= 10_000) {
      lastLogged = elapsed;
      const running = list.find((e) => e.state === 'RUNNING');
      log(
        `  ${(elapsed / 1000).toFixed(0)} s: ${ready} of ${ids.size} ready` +
          `${running ? `, one running at ${running.progress} %` : ''}; server RSS ${mb(memoryOf(pid).rss)}`,
      );
    }
    if (elapsed > timeoutMs)
      throw new Error(`only ${ready} of ${ids.size} extracts ready after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  const cpuMs = cpuOf(pid) - cpuBefore;
  log(
    `all ${ids.size} READY after ${(readyMs / 1000).toFixed(1)} s (server CPU ${(cpuMs / 1000).toFixed(1)} s)`,
  );

  // Every PDF downloads and is a whole PDF.
  sampler.phase = 'downloading';
  const downloads: number[] = [];
  const pages: number[] = [];
  let bytes = 0;
  for (const id of ids) {
    const { res, body, ms: downloadMs } = await get(`/api/extracts/${id}/content`);
    if (res.status !== 200 || res.headers.get('content-type') !== 'application/pdf')
      throw new Error(`GET /api/extracts/${id}/content: ${res.status} ${res.headers.get('content-type')}`);
    if (
      body.subarray(0, 5).toString('latin1') !== '%PDF-' ||
      !body.subarray(-8).toString('latin1').includes('%%EOF')
    )
      throw new Error(`extract ${id}: not a whole PDF (${body.length} bytes)`);
    downloads.push(downloadMs);
    pages.push(pageCount(body));
    bytes += body.length;
  }
  sampler.phase = 'after';
  await new Promise((r) => setTimeout(r, 3000));
  sampler.stop();
  const { hwm } = memoryOf(pid);

  const drawing = sampler.of('drawing');
  const peakDrawing = Math.max(...drawing);
  const peak = Math.max(...drawing, ...sampler.of('downloading'));
  const after = figure(sampler.of('after')).median;
  return {
    extracts: ids.size,
    postMs,
    readyMs,
    perExtractMs: readyMs / ids.size,
    serverCpuMs: cpuMs,
    polls: figure(polls),
    trace,
    downloads: figure(downloads),
    pdfs: { count: downloads.length, bytes, pages: figure(pages) },
    memoryKiB: {
      idle,
      baseline,
      peakDrawing,
      peak,
      growth: peak - baseline,
      after,
      /** VmHWM before the POST: the peak of start-up and set-up calls. */
      highWaterMarkAtStart: hwmAtStart,
      /** VmHWM at the end: the peak since the POST when `highWaterMarkReset`, else since start. */
      highWaterMark: hwm,
      highWaterMarkReset: hwmReset,
    },
    samples: sampler.samples,
  };
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const started = performance.now();
  const log = logSince(started);

  const renderer = rounds > 0 ? await measureRenderer(log) : null;
  if (renderer)
    log(
      `  medians: drawExtractPdf ${ms(renderer.full.wall.median)}, pdfmake alone ${ms(renderer.alone.wall.median)}: ` +
        `${renderer.wallRatio.toFixed(2)}× (CPU ${renderer.cpuRatio.toFixed(2)}×); through the worker ` +
        `${ms(renderer.worker.wall.median)}: ${renderer.workerWallRatio.toFixed(2)}×`,
    );

  let queue: Awaited<ReturnType<typeof measureQueue>> | null = null;
  let prepared: Prepared | null = null;
  let prepareMs = 0;
  if (trajectoryCount > 0) {
    const dataDir = mkdtempSync(join(tmpdir(), 'groeipad-bench-extracts-'));
    const databaseName = `groeipad_bench_extracts_${process.pid}`;
    const database = postgres ? await createBenchDatabase(databaseName) : null;
    const databaseUrl = database?.url;
    let server: ChildProcess | undefined;
    try {
      log(`part 2 on ${args.database}: setting up through the app`);
      const prepareStarted = performance.now();
      prepared = await prepare(dataDir, databaseUrl, log);
      prepareMs = performance.now() - prepareStarted;
      log(`  ${prepared.entries} scores entered in ${(prepareMs / 1000).toFixed(0)} s`);
      const running = await startServer({ dataDir, databaseUrl, env: LONG_TOKENS });
      server = running.child;
      if (server.pid === undefined) throw new Error('server has no pid');
      log(`server process ${server.pid} on ${running.base}`);
      queue = await measureQueue(running.base, server.pid, prepared, log);
    } finally {
      if (server) await stopServer(server);
      if (!args.keep) {
        await database?.drop();
        rmSync(dataDir, { recursive: true, force: true });
      } else console.log(`kept: ${database ? databaseName : dataDir}`);
    }
  }

  console.log(`\nExtract PDFs (${competences} competences, level ${level})\n`);
  if (renderer) {
    const f = renderer;
    console.log(
      `Part 1, in process: ${f.pages} pages, ${(f.bytes / 1024).toFixed(0)} KiB; ${rounds} rounds after ${WARM_UP} warm-up rounds`,
    );
    console.log(
      'side'.padEnd(48),
      'median ms'.padStart(10),
      'min'.padStart(8),
      'p95'.padStart(8),
      'CPU median'.padStart(11),
    );
    const row = (label: string, wall: Figure, cpu?: Figure) =>
      console.log(
        label.padEnd(48),
        wall.median.toFixed(1).padStart(10),
        wall.min.toFixed(1).padStart(8),
        wall.p95.toFixed(1).padStart(8),
        (cpu ? cpu.median.toFixed(1) : '').padStart(11),
      );
    row('renderExtractPdf: through the PDF worker', f.worker.wall, f.worker.cpu);
    row('drawExtractPdf (logo, model, definition, pdfmake)', f.full.wall, f.full.cpu);
    row('renderPdf(definition): pdfmake alone', f.alone.wall, f.alone.cpu);
    row('  of which: logo check and data URL', f.steps.logo);
    row('  of which: the model (extractReport)', f.steps.model);
    row('  of which: the definition (extractDocument)', f.steps.definition);
    console.log(
      `ratio of medians, drawExtractPdf to pdfmake alone: ${f.wallRatio.toFixed(2)}× wall, ${f.cpuRatio.toFixed(2)}× CPU ` +
        `(goal ≤ ${RATIO_GOAL}×: ${f.wallRatio <= RATIO_GOAL ? 'met' : 'MISSED'})`,
    );
    console.log(
      `through the worker: ${f.workerWallRatio.toFixed(2)}× pdfmake alone in this thread, ` +
        `${f.workerToThreadRatio.toFixed(2)}× drawExtractPdf in this thread (wall)\n`,
    );
  }
  if (queue) {
    const q = queue;
    const m = q.memoryKiB;
    console.log(`Part 2, server process on ${args.database}: one POST for ${q.extracts} extracts`);
    console.log(`  POST /api/extracts (202)                ${ms(q.postMs)}`);
    console.log(
      `  all READY after                         ${(q.readyMs / 1000).toFixed(1)} s (${ms(q.perExtractMs)} per extract; polled every ${POLL_MS} ms)`,
    );
    console.log(
      `  server CPU while drawing                ${(q.serverCpuMs / 1000).toFixed(1)} s (${ms(q.serverCpuMs / q.extracts)} per extract)`,
    );
    console.log(
      `  GET /api/extracts while drawing         median ${ms(q.polls.median)}, p95 ${ms(q.polls.p95)}, max ${ms(q.polls.max)} (${q.polls.samples} polls)`,
    );
    console.log(
      `  downloads                               ${q.pdfs.count} PDFs, all %PDF-…%%EOF, ${(q.pdfs.bytes / q.pdfs.count / 1024).toFixed(0)} KiB and ${q.pdfs.pages.min}–${q.pdfs.pages.max} pages each; median ${ms(q.downloads.median)}`,
    );
    console.log(
      `  server RSS: at start ${mb(m.idle)}, baseline ${mb(m.baseline)}, peak ${mb(m.peak)} (while drawing ${mb(m.peakDrawing)}), ` +
        `3 s after ${mb(m.after)}; VmHWM ${mb(m.highWaterMarkAtStart)} before the POST`,
    );
    const milestones = [1, 10, 25, q.extracts]
      .map((n) => q.trace.find((t) => t.ready >= n))
      .filter((t) => t !== undefined);
    console.log(
      `  server RSS − baseline as extracts became READY: ${milestones
        .map((t) => `${t.ready} ready ${mb(t.rssKiB - m.baseline)}`)
        .join(', ')}`,
    );
    // The goal is judged on the larger of the sampled peak and the kernel's peak since the POST.
    const growth = Math.max(m.growth, m.highWaterMarkReset ? m.highWaterMark - m.baseline : 0);
    console.log(
      `  peak growth over the baseline           ${mb(m.growth)} sampled every ${SAMPLE_MS} ms; ` +
        (m.highWaterMarkReset
          ? `${mb(m.highWaterMark - m.baseline)} by VmHWM (reset at the POST)`
          : `VmHWM could not be reset (${mb(m.highWaterMark)} since start)`) +
        ` — goal < ${MEMORY_GOAL_MB} MB: ${growth / 1024 < MEMORY_GOAL_MB ? 'met' : 'MISSED'}`,
    );
  }

  const out = resolve(import.meta.dirname, 'results');
  mkdirSync(out, { recursive: true });
  const file = join(out, `extracts-${args.database}-${new Date().toISOString().replaceAll(':', '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        database: args.database,
        competences,
        level,
        rounds,
        trajectories: trajectoryCount,
        prepareMs,
        entries: prepared?.entries,
        renderer,
        queue,
      },
      null,
      2,
    ),
  );
  console.log(`\nraw figures: ${file}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
