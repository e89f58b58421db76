import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OrganisationInput, OrganisationRole, Tokens } from '@groeipad/core';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { inject } from 'vitest';
import type { Mailer, MailMessage } from '../src/adapters/mail/mailer.ts';
import { createStorage } from '../src/adapters/storage/create.ts';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/database.ts';
import { JobQueue, type JobQueueOptions } from '../src/jobs/queue.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { bookLedgerEntry } from '../src/modules/credits/repository.ts';
import { insertMembership } from '../src/modules/organisations/repository.ts';
import { insertUser, updateUser } from '../src/modules/users/repository.ts';
import { AccessTokens } from '../src/plugins/access-tokens.ts';

/** Keeps sent mail in memory so a test can read the links; the real transports have their own tests. */
export class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  /** A real mailer each message is also sent through (a test of what the SMTP transport logs). */
  constructor(private readonly through?: Mailer) {}
  async send(message: MailMessage) {
    this.sent.push(message);
    await this.through?.send(message);
  }
  close() {}
  lastTo(email: string): MailMessage | undefined {
    return this.sent.filter((m) => m.to === email).at(-1);
  }
  linkTo(email: string, path: string): string {
    const mail = this.lastTo(email);
    const link = mail?.text.match(/https?:\/\/\S+/g)?.find((l) => new URL(l).pathname === path);
    if (!link) throw new Error(`no ${path} link mailed to ${email}`);
    return link;
  }
  codeTo(email: string, path: string): string {
    return new URL(this.linkTo(email, path)).searchParams.get('code')!;
  }
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  mailer: MemoryMailer;
  database: DatabaseHandle;
  close(): Promise<void>;
}

let shared: Promise<DatabaseHandle> | undefined;

/** A new in-memory PGlite, from the run's migrated template when there is one. */
function memoryDatabase(): Promise<DatabaseHandle> {
  const template = inject('pgliteTemplate');
  return openDatabase({
    dataDir: 'memory://',
    ...(template ? { loadDataDir: new Blob([readFileSync(template)]) } : {}),
  });
}

/** One database per test file (PGlite in memory, or the run's PostgreSQL database). */
function database(): Promise<DatabaseHandle> {
  const url = inject('databaseUrl');
  shared ??= url ? openDatabase({ databaseUrl: url, dataDir: 'memory://' }) : memoryDatabase();
  return shared;
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = mkdtempSync(join(tmpdir(), 'groeipad-test-'));
  const base = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256!!',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
  });
  return {
    ...base,
    rateLimit: {
      perAddress: { max: 1000, windowSeconds: 900 },
      addressCeiling: { max: 10_000, windowSeconds: 900 },
      perClient: { max: 100_000, windowSeconds: 900 },
    },
    // Test files share the client address (and, on PostgreSQL, one database): the counters are raised
    // as for sign-in; a test of a limit sets its own. The per-process stream cap stays as configured.
    abuseLimits: {
      ...base.abuseLimits,
      paymentWebhookPerClient: { max: 100_000, windowSeconds: 60 },
      purchasesPerUser: { max: 10_000, windowSeconds: 900 },
      purchasesPerClient: { max: 100_000, windowSeconds: 900 },
      streamOpensPerUser: { max: 10_000, windowSeconds: 60 },
      mentorSessionsPerClient: { max: 100_000, windowSeconds: 900 },
    },
    ...overrides,
  };
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  options: {
    /**
     * The queue's options. By default it only remembers what it enqueued and `call` drains that, so
     * each test app runs its own jobs (test files share one PostgreSQL database); retries wait 20 ms+.
     */
    jobs?: JobQueueOptions;
    /**
     * An empty database of its own (in-memory PGlite, also in the PostgreSQL run, whose one database
     * the test files share): for what needs a database nobody else wrote to, such as the demo seed.
     */
    emptyDatabase?: boolean;
    /** The app's logger (silent unless TEST_LOG_LEVEL says otherwise): a test that reads the log. */
    logger?: pino.Logger;
    /** A real mailer the kept mail is also sent through. */
    sendMailThrough?: Mailer;
  } = {},
): Promise<TestApp> {
  const config = testConfig(overrides);
  const db = options.emptyDatabase ? await memoryDatabase() : await database();
  const mailer = new MemoryMailer(options.sendMailThrough);
  const logger = options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
  const ctx: AppContext = {
    config,
    db: db.db,
    ...(db.pool ? { dbPool: db.pool } : {}),
    mailer,
    logger,
    tokens: new AccessTokens(config.jwtSecret, config.accessTokenSeconds),
    jobs: new JobQueue(db.db, logger, { track: true, backoff: { baseMs: 20, maxMs: 200 }, ...options.jobs }),
    storage: createStorage(config),
  };
  await ctx.storage.ready();
  const app = await buildApp(ctx);
  await app.ready();
  const close = async () => {
    await ctx.jobs.stop(5000);
    await app.close();
    ctx.storage.close();
    if (options.emptyDatabase) await db.close();
  };
  return { app, ctx, mailer, database: db, close };
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@example.nl`;
}

export const PASSWORD = 'Sterk-wachtwoord1';

/** Factory: an activated user (licence signed unless told otherwise) straight in the database. */
export async function buildUser(
  t: TestApp,
  options: { email?: string; eula?: boolean; activated?: boolean } = {},
) {
  const email = options.email ?? uniqueEmail();
  const user = await insertUser(t.ctx.db, {
    email,
    passwordHash: await hashPassword(PASSWORD),
    language: 'nl',
    activated: options.activated ?? true,
  });
  if (options.eula ?? true) await updateUser(t.ctx.db, user.id, { eula_accepted_at: new Date() });
  return user;
}

export function organisationInput(overrides: Partial<OrganisationInput> = {}): OrganisationInput {
  return {
    name: `School ${randomUUID().slice(0, 8)}`,
    type: 'COMPANY',
    streetName: 'Dorpsstraat',
    streetNumber: '12',
    postalCode: '3511 AB',
    city: 'Utrecht',
    country: 'NL',
    email: 'info@school.nl',
    phoneNumber: '030 123 4567',
    ...overrides,
  };
}

/** Factory: an organisation with `owner` as OWNER, created through the API. */
export async function buildOrganisation(
  t: TestApp,
  ownerToken: string,
  overrides: Partial<OrganisationInput> = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/organisations',
    headers: { authorization: `Bearer ${ownerToken}` },
    payload: organisationInput(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`organisation not created: ${res.body}`);
  return res.json<{ id: number; name: string }>();
}

export async function addMember(t: TestApp, organisationId: number, userId: number, role: OrganisationRole) {
  await insertMembership(t.ctx.db, organisationId, userId, role);
}

export async function login(t: TestApp, email: string, password = PASSWORD): Promise<Tokens> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return res.json<Tokens>();
}

/** Tokens for `email` inside `organisationId` (null: none). */
export async function tokensFor(t: TestApp, email: string, organisationId: number | null): Promise<Tokens> {
  const first = await login(t, email);
  if (organisationId === null) return first;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    payload: { email, refreshToken: first.refreshToken, organisationId },
  });
  if (res.statusCode !== 200) throw new Error(`refresh failed: ${res.body}`);
  return res.json<Tokens>();
}

export function decodeClaims(accessToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString('utf8'));
}

/** Calls the app and runs the jobs it queued (mail, account work), so a test can read their effects. */
export async function call(
  t: TestApp,
  options: InjectOptions & { token?: string },
): Promise<LightMyRequestResponse> {
  const { token, headers, ...rest } = options;
  const response = await t.app.inject({
    ...rest,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  await t.ctx.jobs.drain();
  return response;
}

/** Factory: a balance for an organisation, booked as a correction in the ledger (D23). */
export async function grantCredits(t: TestApp, organisationId: number, cents: number): Promise<void> {
  await bookLedgerEntry(t.ctx.db, { organisationId, kind: 'correction', amountCents: cents, userId: null });
}
