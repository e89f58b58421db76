// Server memory goals (issue 20, "Done when"): the server process idle after start-up with the demo data
// ≤ 300 MiB on the embedded database and ≤ 150 MiB on PostgreSQL, and flat under ten minutes of load.
//
// The server runs as a process of its own on loopback, as it runs for real: with `--built` the built
// JavaScript (`node --conditions=groeipad-built apps/server/dist/main.js`, after `npm run build`) with
// the node flags of `npm run serve`, otherwise TypeScript through tsx (`node --import tsx
// apps/server/src/main.ts`) with the node flags of `npm start`. Development mode both times (NODE_ENV
// unset), since production refuses SEED_DEMO=1; with SEED_DEMO=1 in a fresh DATA_DIR (PGlite) or a fresh
// database on BENCH_DATABASE_URL's server (`--database postgres`, dropped after).
//
// 1. Idle: once `/actuator/health/readiness` answers, the server is left alone for `--settle` seconds
//    while this process reads VmRSS (and the kernel's high-water mark, VmHWM) from /proc/<pid>/status
//    every second; the idle figure is the median of the last 10 s.
// 2. Load: `--clients` clients (default 3, one on each demo trajectory) act as the demo teachers for `--minutes` (default 10): each
//    signs in (POST /api/auth/login, the EULA, a refresh for the organisation) and then loops over its own
//    demo trajectory: list the trajectories, the notifications, read the form and save one of its text
//    values (PATCH …/form, If-Match), read the evaluation, add an entry and remove it again (two PATCH
//    …/evaluations, If-Match: the document stays the size it was, its history grows), read the dashboard;
//    `--think` ms between requests, and a fresh sign-in (argon2) every minute. RSS is sampled every 10 s.
//    "Flat": the second half's least-squares slope is under 1 MiB per minute, or the end (median of the
//    last three samples) is within 15 % of the settled level (median of the samples after the first
//    fifth of the load, its warm-up, up to the half).
// 3. Restart: the server is stopped and started again on the same data (the common case: a deployment
//    restarts on its existing database, without initdb or seeding), and its idle level measured likewise.
//
// Usage: npm run bench:memory [-- --database postgres] [--built] [--minutes 10] [--settle 30]
//        [--clients 3] [--think 50] [--no-restart] [--root /path/to/other/checkout]
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BENCH_JWT_SECRET, createBenchDatabase, freePort, logSince, ROOT, stopServer } from './support.ts';

const { values: args } = parseArgs({
  options: {
    database: { type: 'string', default: 'pglite' },
    built: { type: 'boolean', default: false },
    minutes: { type: 'string', default: '10' },
    settle: { type: 'string', default: '30' },
    clients: { type: 'string', default: '3' },
    think: { type: 'string', default: '50' },
    'no-restart': { type: 'boolean', default: false },
    root: { type: 'string' },
  },
});
const postgres = args.database === 'postgres';
const minutes = Number(args.minutes);
const settleMs = Number(args.settle) * 1000;
const clientCount = Number(args.clients);
const thinkMs = Number(args.think);
/** The checkout whose server is measured (another one, e.g. the commit before, to compare). */
const root = resolve(args.root ?? ROOT);

/** The issue's goals and its figures before (MiB, the tsx server after start-up with the demo data). */
const GOAL_MIB = postgres ? 150 : 300;
const BEFORE_MIB = postgres ? 252 : 542;
const SAMPLE_MS = 10_000;
const IDLE_WINDOW_MS = 10_000;
const FLAT_SLOPE_MIB_PER_MIN = 1;
const FLAT_END_RATIO = 1.15;
const SIGN_IN_EVERY_MS = 60_000;
const DEMO_PASSWORD = 'Groeipad-demo1';
const TEACHERS = ['eigenaar@demo.groeipad.nl', 'beheerder@demo.groeipad.nl'];

const mib = (kib: number) => kib / 1024;
const fmt = (kib: number) => `${mib(kib).toFixed(1)} MiB`;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

// ---------------------------------------------------------------------------------------------
// The server process

/** What /proc/<pid>/status says of the process's memory, in KiB. */
interface Memory {
  rss: number;
  hwm: number;
}

function readMemory(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: kib('VmRSS'), hwm: kib('VmHWM') };
}

/** The node flags an npm script gives node (`exec node --a --b scripts/x.mjs` → `--a --b`). */
/** The words of an npm script of the checkout measured. */
function scriptWords(script: string): string[] {
  const command = (
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts[script];
  if (!command) throw new Error(`no script ${script} in package.json`);
  return command.split(/\s+/);
}

function nodeFlagsOf(script: string): string[] {
  const words = scriptWords(script);
  return words.slice(words.indexOf('node') + 1).filter((word) => word.startsWith('--'));
}

/** The environment the script sets before node (`NAME=value exec node …`), e.g. glibc's malloc tuning. */
function scriptEnvOf(script: string): Record<string, string> {
  const words = scriptWords(script);
  return Object.fromEntries(
    words
      .slice(0, words.indexOf('node'))
      .map((word) => /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(word))
      .flatMap((match) => (match ? [[match[1], match[2]]] : [])),
  );
}

const serverScript = () => (args.built ? 'serve' : 'start');

function serverCommand(): string[] {
  if (args.built) return [...nodeFlagsOf('serve'), 'apps/server/dist/main.js'];
  return [...nodeFlagsOf('start'), '--import', 'tsx', 'apps/server/src/main.ts'];
}

async function startServer(dataDir: string, databaseUrl: string | undefined) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const { NODE_ENV: _, ...env } = process.env;
  const child = spawn(process.execPath, serverCommand(), {
    cwd: root,
    env: {
      ...env,
      ...scriptEnvOf(serverScript()),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: BENCH_JWT_SECRET,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForReadiness(base, child);
  } catch (error) {
    await stopServer(child);
    throw error;
  }
  return { base, child, pid: child.pid!, readyMs: performance.now() - started };
}

async function waitForReadiness(base: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/actuator/health/readiness`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error('server was not ready within two minutes');
}

interface Sample extends Memory {
  /** Seconds since the phase began. */
  at: number;
}

/** Leaves the server alone for `settleMs`, reading its memory every second. */
async function idle(pid: number): Promise<{ idle: number; hwm: number; samples: Sample[] }> {
  const samples: Sample[] = [];
  const started = performance.now();
  while (performance.now() - started < settleMs) {
    samples.push({ at: (performance.now() - started) / 1000, ...readMemory(pid) });
    await sleep(1000);
  }
  const last = samples.filter((s) => s.at * 1000 >= settleMs - IDLE_WINDOW_MS);
  return { idle: median(last.map((s) => s.rss)), hwm: samples.at(-1)!.hwm, samples };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Least-squares slope of RSS over time, in MiB per minute. */
function slope(samples: Sample[]): number {
  if (samples.length < 2) return Number.NaN;
  const n = samples.length;
  const mx = samples.reduce((sum, s) => sum + s.at, 0) / n;
  const my = samples.reduce((sum, s) => sum + mib(s.rss), 0) / n;
  let num = 0;
  let den = 0;
  for (const s of samples) {
    num += (s.at - mx) * (mib(s.rss) - my);
    den += (s.at - mx) ** 2;
  }
  return (num / den) * 60;
}

// ---------------------------------------------------------------------------------------------
// The load: demo teachers over HTTP

interface Counts {
  requests: number;
  signIns: number;
  refused: Record<string, number>;
}

class Client {
  private token = '';
  private signedInAt = 0;
  private formVersion = 0;
  private evaluationVersion = 0;
  private textField = '';
  private competencePath = '';
  private n = 0;
  private trajectoryId = 0;

  /** `index` picks the demo trajectory this client works on (round-robin over the three). */
  constructor(
    private readonly base: string,
    private readonly email: string,
    private readonly index: number,
    private readonly counts: Counts,
  ) {}

  private async call(method: string, path: string, body?: unknown, ifMatch?: number) {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(ifMatch === undefined ? {} : { 'if-match': `"${ifMatch}"` }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    this.counts.requests++;
    if (res.status >= 300) {
      const key = `${method} ${path.replace(/\/\d+/g, '/:id')} ${res.status}`;
      this.counts.refused[key] = (this.counts.refused[key] ?? 0) + 1;
    }
    const etag = res.headers.get('etag');
    return { status: res.status, text, version: etag ? Number(JSON.parse(etag)) : 0 };
  }

  private async json<T>(method: string, path: string, body?: unknown, ifMatch?: number) {
    const res = await this.call(method, path, body, ifMatch);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text.slice(0, 300)}`);
    return { body: JSON.parse(res.text) as T, version: res.version };
  }

  /** Sign-in as the web app does it: password, the EULA, then tokens for the demo organisation. */
  async signIn(): Promise<void> {
    this.token = '';
    const login = await this.call('POST', '/api/auth/login', { email: this.email, password: DEMO_PASSWORD });
    if (login.status === 429) return; // the sign-in rate limit: keep the tokens we had
    if (login.status !== 200) throw new Error(`sign-in ${this.email}: ${login.status} ${login.text}`);
    const tokens = JSON.parse(login.text) as { accessToken: string; refreshToken: string };
    this.token = tokens.accessToken;
    await this.json('POST', '/api/auth/eula', {});
    const [organisation] = (await this.json<{ id: number }[]>('GET', '/api/organisations')).body;
    this.token = '';
    const refreshed = await this.json<{ accessToken: string }>('POST', '/api/auth/refresh', {
      email: this.email,
      refreshToken: tokens.refreshToken,
      organisationId: organisation!.id,
    });
    this.token = refreshed.body.accessToken;
    this.signedInAt = performance.now();
    this.counts.signIns++;
  }

  async prepare(): Promise<void> {
    await this.signIn();
    if (!this.token) throw new Error(`sign-in ${this.email}: rate limited before the load began`);
    const ids = (await this.json<{ id: number }[]>('GET', '/api/v2/trajectories')).body.map((t) => t.id);
    this.trajectoryId = ids.sort((a, b) => a - b)[this.index % ids.length]!;
    const form = await this.json<{ fields: { uuid: string; type: string }[] }>(
      'GET',
      `/api/v2/trajectories/${this.trajectoryId}/form`,
    );
    const text = form.body.fields.filter((field) => field.type === 'text');
    this.textField = (text[1] ?? text[0])!.uuid;
    this.formVersion = form.version;
    const evaluation = await this.json<{ criteria: { type: string; subsections: unknown[] }[] }>(
      'GET',
      `/api/v2/trajectories/${this.trajectoryId}/evaluations`,
    );
    this.competencePath = `/criteria/${firstCompetence(evaluation.body.criteria)}/properties`;
    this.evaluationVersion = evaluation.version;
  }

  /** One round of a teacher's work; a stale version (409, 412) is read again and the round goes on. */
  async round(): Promise<void> {
    const id = this.trajectoryId;
    const n = this.n++;
    if (performance.now() - this.signedInAt > SIGN_IN_EVERY_MS) {
      const token = this.token;
      await this.signIn();
      if (!this.token) this.token = token;
      await this.think();
    }
    const steps: (() => Promise<unknown>)[] = [
      () => this.json('GET', '/api/v2/trajectories'),
      () => this.json('GET', '/api/notifications'),
      async () => {
        this.formVersion = (await this.json('GET', `/api/v2/trajectories/${id}/form`)).version;
      },
      async () => {
        const op = [{ op: 'add', path: `/values/${this.textField}`, value: `Praktijkopleider ${n}` }];
        const res = await this.call('PATCH', `/api/v2/trajectories/${id}/form`, op, this.formVersion);
        this.formVersion = res.status === 200 ? res.version : 0;
      },
      async () => {
        this.evaluationVersion = (await this.json('GET', `/api/v2/trajectories/${id}/evaluations`)).version;
      },
      async () => {
        const path = `${this.competencePath}/${new Date(Date.UTC(2024, 0, 1) + n * 1000).toISOString()}`;
        const url = `/api/v2/trajectories/${id}/evaluations`;
        const value = { date: '01/02/2024', score: String(1 + (n % 4)), remarks: `Observatie ${n}` };
        const added = await this.call('PATCH', url, [{ op: 'add', path, value }], this.evaluationVersion);
        if (added.status !== 200) return;
        await this.think();
        const removed = await this.call('PATCH', url, [{ op: 'remove', path }], added.version);
        if (removed.status === 200) this.evaluationVersion = removed.version;
      },
      () => this.json('GET', `/api/v2/trajectories/${id}/dashboard`),
    ];
    for (const step of steps) {
      await step();
      await this.think();
    }
  }

  private think() {
    return sleep(thinkMs);
  }
}

/** The index path of the first competence in the criteria tree (`0/subsections/0/…`). */
function firstCompetence(nodes: { type: string; subsections?: unknown[] }[], prefix = ''): string {
  for (const [index, node] of nodes.entries()) {
    if (node.type === 'competence') return `${prefix}${index}`;
    const inner = firstCompetence(
      (node.subsections ?? []) as { type: string; subsections?: unknown[] }[],
      `${prefix}${index}/subsections/`,
    );
    if (inner) return inner;
  }
  return '';
}

async function load(base: string, pid: number, log: (line: string) => void) {
  const counts: Counts = { requests: 0, signIns: 0, refused: {} };
  const clients = Array.from(
    { length: clientCount },
    (_, i) => new Client(base, TEACHERS[i % TEACHERS.length]!, i, counts),
  );
  for (const client of clients) await client.prepare();
  const started = performance.now();
  const endAt = started + minutes * 60_000;
  const samples: Sample[] = [];
  let failure: unknown;
  const workers = clients.map(async (client) => {
    while (performance.now() < endAt && failure === undefined) {
      try {
        await client.round();
      } catch (error) {
        failure ??= error;
      }
    }
  });
  let lastRequests = 0;
  while (performance.now() < endAt && failure === undefined) {
    const at = (performance.now() - started) / 1000;
    const memory = readMemory(pid);
    samples.push({ at, ...memory });
    log(
      `load ${at.toFixed(0).padStart(4)} s: RSS ${fmt(memory.rss)}, ${((counts.requests - lastRequests) / (SAMPLE_MS / 1000)).toFixed(0)} requests/s`,
    );
    lastRequests = counts.requests;
    await sleep(Math.min(SAMPLE_MS, Math.max(0, endAt - performance.now())));
  }
  await Promise.all(workers);
  if (failure !== undefined) throw failure;
  samples.push({ at: (performance.now() - started) / 1000, ...readMemory(pid) });
  return { samples, counts, seconds: (performance.now() - started) / 1000 };
}

function judge(samples: Sample[]) {
  const total = samples.at(-1)!.at;
  const settled = median(samples.filter((s) => s.at >= total / 5 && s.at <= total / 2).map((s) => s.rss));
  const end = median(samples.slice(-3).map((s) => s.rss));
  const perMinute = slope(samples.filter((s) => s.at >= total / 2));
  const max = Math.max(...samples.map((s) => s.rss));
  const flat = perMinute < FLAT_SLOPE_MIB_PER_MIN || end <= settled * FLAT_END_RATIO;
  return { settled, end, max, slopeMiBPerMinute: perMinute, flat };
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const log = logSince(performance.now());
  const dataDir = mkdtempSync(join(tmpdir(), 'groeipad-memory-'));
  const database = postgres ? await createBenchDatabase(`groeipad_bench_memory_${process.pid}`) : undefined;
  const mode = `${args.built ? 'built' : 'tsx'}, ${postgres ? 'PostgreSQL' : 'PGlite'}`;
  log(
    `server (${mode}): ${Object.entries(scriptEnvOf(serverScript()))
      .map(([k, v]) => `${k}=${v} `)
      .join('')}node ${serverCommand().join(' ')} in ${root}`,
  );
  let server: ChildProcess | undefined;
  try {
    const first = await startServer(dataDir, database?.url);
    server = first.child;
    log(
      `ready after ${(first.readyMs / 1000).toFixed(1)} s (fresh data, demo seeded); settling ${args.settle} s`,
    );
    const idleFirst = await idle(first.pid);
    log(`idle: RSS ${fmt(idleFirst.idle)} (high-water mark ${fmt(idleFirst.hwm)})`);
    const loaded = minutes > 0 ? await load(first.base, first.pid, log) : undefined;
    const verdict = loaded ? judge(loaded.samples) : undefined;
    const hwmAfterLoad = readMemory(first.pid).hwm;
    await stopServer(first.child);
    server = undefined;
    let idleRestart: Awaited<ReturnType<typeof idle>> | undefined;
    if (!args['no-restart']) {
      const again = await startServer(dataDir, database?.url);
      server = again.child;
      log(`restarted on the same data, ready after ${(again.readyMs / 1000).toFixed(1)} s; settling`);
      idleRestart = await idle(again.pid);
      log(`idle after restart: RSS ${fmt(idleRestart.idle)} (high-water mark ${fmt(idleRestart.hwm)})`);
      await stopServer(again.child);
      server = undefined;
    }

    const ratio = (kib: number) =>
      `${(mib(kib) / GOAL_MIB).toFixed(2)}× the goal, ${(mib(kib) / BEFORE_MIB).toFixed(2)}× before`;
    console.log(
      `\nServer memory (${mode}), goal ≤ ${GOAL_MIB} MiB idle; before (issue 20): ${BEFORE_MIB} MiB`,
    );
    console.log(
      `  idle after start-up (fresh, demo seeded)  ${fmt(idleFirst.idle).padStart(10)}  ${ratio(idleFirst.idle)} — ${mib(idleFirst.idle) <= GOAL_MIB ? 'met' : 'MISSED'}; peak while starting ${fmt(idleFirst.hwm)}`,
    );
    if (idleRestart)
      console.log(
        `  idle after a restart on the same data     ${fmt(idleRestart.idle).padStart(10)}  ${ratio(idleRestart.idle)} — ${mib(idleRestart.idle) <= GOAL_MIB ? 'met' : 'MISSED'}; peak while starting ${fmt(idleRestart.hwm)}`,
      );
    if (loaded && verdict) {
      console.log(
        `  load: ${clientCount} clients × ${(loaded.seconds / 60).toFixed(1)} min, ${loaded.counts.requests} requests (${(loaded.counts.requests / loaded.seconds).toFixed(0)}/s), ${loaded.counts.signIns} sign-ins`,
      );
      const refused = Object.entries(loaded.counts.refused);
      if (refused.length > 0)
        console.log(`  refused: ${refused.map(([key, count]) => `${key} ×${count}`).join(', ')}`);
      console.log(
        `  under load: settled ${fmt(verdict.settled)}, end ${fmt(verdict.end)} (${(verdict.end / verdict.settled).toFixed(2)}× settled), max ${fmt(verdict.max)}, ` +
          `second half ${verdict.slopeMiBPerMinute.toFixed(2)} MiB/min, high-water mark ${fmt(hwmAfterLoad)} — ${verdict.flat ? 'flat' : 'NOT FLAT'}`,
      );
    }

    const out = resolve(import.meta.dirname, 'results');
    mkdirSync(out, { recursive: true });
    const file = join(
      out,
      `memory-${args.database}-${args.built ? 'built' : 'tsx'}-${new Date().toISOString().replaceAll(':', '-')}.json`,
    );
    writeFileSync(
      file,
      JSON.stringify(
        {
          database: args.database,
          built: args.built,
          root,
          command: serverCommand(),
          goalMiB: GOAL_MIB,
          beforeMiB: BEFORE_MIB,
          clients: clientCount,
          thinkMs,
          idle: idleFirst,
          restart: idleRestart,
          load: loaded,
          verdict,
          hwmAfterLoad,
        },
        null,
        2,
      ),
    );
    console.log(`\nraw figures: ${file}`);
  } finally {
    if (server) await stopServer(server);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
