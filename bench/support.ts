// What the bench scripts share: a database of their own, the app in process with an owner to act as,
// the server as a process of its own, and the figures of a set of timings.
import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { DirectoryStorage } from '../apps/server/src/adapters/storage/storage.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/database.ts';
import { JobQueue } from '../apps/server/src/jobs/queue.ts';
import { insertMembership, insertOrganisation } from '../apps/server/src/modules/organisations/repository.ts';
import { insertUser } from '../apps/server/src/modules/users/repository.ts';
import { AccessTokens } from '../apps/server/src/plugins/access-tokens.ts';

/** The checkout the scripts measure. */
export const ROOT = resolve(import.meta.dirname, '..');
/** Signs the tokens of the app in process and of the server process alike, so a token works on both. */
export const BENCH_JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256!';
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh PostgreSQL database on BENCH_DATABASE_URL's server; `drop` removes it again. */
export async function createBenchDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  await adminQuery(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

export type BenchApp = Awaited<ReturnType<typeof buildApp>>;

/**
 * The real app in this process on its own database (PGlite in `dataDir`, or `databaseUrl`), with a
 * silent logger and a mailer that sends nothing; `env` adds to its configuration.
 */
export async function openBenchApp(options: {
  dataDir: string;
  databaseDir?: string;
  databaseUrl?: string | undefined;
  env?: Record<string, string>;
}): Promise<{ handle: DatabaseHandle; ctx: AppContext; app: BenchApp }> {
  const { dataDir } = options;
  const handle = await openDatabase({
    databaseUrl: options.databaseUrl,
    dataDir: options.databaseDir ?? dataDir,
  });
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: BENCH_JWT_SECRET,
    LOG_LEVEL: 'silent',
    ...options.env,
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
  return { handle, ctx, app: await buildApp(ctx) };
}

/** An activated user (`email`) who owns a school named `organisation`, and a bearer token for it. */
export async function benchOwner(
  ctx: AppContext,
  email: string,
  organisation: string,
): Promise<{ userId: number; organisationId: number; token: string }> {
  const user = await insertUser(ctx.db, { email, passwordHash: null, language: 'nl', activated: true });
  const org = await insertOrganisation(ctx.db, {
    name: organisation,
    slogan: null,
    description: null,
    type: 'COMPANY',
    smallLogo: null,
    largeLogo: null,
    vatIdentification: null,
    streetName: 'Schoolstraat',
    streetNumber: '1',
    postalCode: '1234 AB',
    city: 'Utrecht',
    country: 'NL',
    email: 'school@bench.test',
    phoneNumber: '030 000 0000',
  });
  await insertMembership(ctx.db, org.id, user.id, 'OWNER');
  const token = await ctx.tokens.sign({
    userId: user.id,
    email: user.email,
    organisationId: org.id,
    role: 'OWNER',
    eula: true,
  });
  return { userId: user.id, organisationId: org.id, token };
}

/**
 * A request through the app in process as `token`'s user, failing the run on anything but a success:
 * the set-up of a measurement is never allowed to go wrong quietly.
 */
export function appRequester(app: BenchApp, token: string) {
  return async (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) => {
    const res = await app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${token}`, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (res.statusCode >= 300)
      throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 500)}`);
    return res;
  };
}

export async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/**
 * The server as a process of its own on loopback (node itself, not a tsx wrapper, so its pid is the
 * one to sample), once it answers the health ping. `env` adds to its environment.
 */
export async function startServer(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
  env?: Record<string, string>;
  root?: string;
  stdio?: StdioOptions;
}): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: options.root ?? ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      JWT_SECRET: BENCH_JWT_SECRET,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
    stdio: options.stdio ?? 'inherit',
  });
  try {
    await waitForPing(base, child);
  } catch (error) {
    await stopServer(child);
    throw error;
  }
  return { base, child };
}

/** Waits until the server answers the health ping; fails when it exits or takes over a minute. */
export async function waitForPing(base: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/actuator/health/ping`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error('server did not start');
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

/** What a set of timings (or other samples) comes to; NaN where there are none. */
export interface Figure {
  median: number;
  p95: number;
  p99: number;
  min: number;
  max: number;
  samples: number;
}

export function figure(values: readonly number[]): Figure {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
  return {
    median: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    min: sorted[0] ?? Number.NaN,
    max: sorted.at(-1) ?? Number.NaN,
    samples: sorted.length,
  };
}

/** A log line with the seconds since `started`. */
export function logSince(started: number): (line: string) => void {
  return (line) =>
    console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);
}

/** Runs a then b, or b then a when `flip`: load from other work falls on both sides of a ratio alike. */
export async function pair<T>(a: () => Promise<T>, b: () => Promise<T>, flip: boolean): Promise<[T, T]> {
  if (!flip) {
    const first = await a();
    return [first, await b()];
  }
  const second = await b();
  return [await a(), second];
}

/** Milliseconds `run` takes. */
export async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** Demo account created by SEED_DEMO=1 on an empty database (apps/server/src/seed/demo.ts). */
const DEMO = { email: 'eigenaar@demo.groeipad.nl', password: 'Groeipad-demo1' };

export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

/** POST as the web app does it; the answer's JSON (or undefined for an empty body). */
async function post<T>(base: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} → ${response.status} ${await response.text()}`);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The demo owner of a server with SEED_DEMO=1, licence accepted, signed in to the demo organisation. */
export async function signInDemo(base: string): Promise<Tokens> {
  let tokens = await post<Tokens>(base, '/api/auth/login', DEMO);
  await post(base, '/api/auth/eula', {}, tokens.accessToken);
  tokens = await post<Tokens>(base, '/api/auth/refresh', {
    email: DEMO.email,
    refreshToken: tokens.refreshToken,
    organisationId: null,
  });
  const response = await fetch(`${base}/api/organisations`, {
    headers: { authorization: `Bearer ${tokens.accessToken}` },
  });
  const organisationId = ((await response.json()) as { id: number }[])[0]?.id;
  if (organisationId === undefined) throw new Error('the demo owner has no organisation');
  return post<Tokens>(base, '/api/auth/refresh', {
    email: DEMO.email,
    refreshToken: tokens.refreshToken,
    organisationId,
  });
}
