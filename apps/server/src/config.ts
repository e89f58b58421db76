import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_PRICE_TIERS, type PriceTier, parsePriceTiers } from '@groeipad/core';
import { z } from 'zod';
import type { S3Settings } from './adapters/storage/s3.ts';

/** One external OpenID Connect provider, from OIDC_<NAME>_ISSUER / _CLIENT_ID / _CLIENT_SECRET / _LABEL. */
export interface OidcProviderConfig {
  name: string;
  label: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface RateLimitConfig {
  /** Requests allowed per key within the window. */
  max: number;
  windowSeconds: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  jwtSecret: string;
  companyDomain: string | undefined;
  /** D11: accounts made OWNER of organisation 0 at start-up. */
  providerAdmins: string[];
  seedDemo: boolean;
  logLevel: string;
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  activationCodeSeconds: number;
  resetCodeSeconds: number;
  rateLimit: {
    /**
     * Sign-in failures per (address, client) pair, so an attacker's failures elsewhere never lock
     * the owner out; registrations and reset requests per address.
     */
    perAddress: RateLimitConfig;
    /** Sign-in failures per address from all clients together: the ceiling against distributed guessing. */
    addressCeiling: RateLimitConfig;
    /** Sign-in failures, registrations and reset requests per client address. */
    perClient: RateLimitConfig;
  };
  /** Limits on paying and on live streams (issue 20; docs/operations.md "Abuse limits"). */
  abuseLimits: {
    /** Calls of the anonymous payment webhook (and the test checkout's completion) per client address. */
    paymentWebhookPerClient: RateLimitConfig;
    /** Purchases (buying, accepting a quote) and quote requests per user, each counted on its own. */
    purchasesPerUser: RateLimitConfig;
    /** The same per client address: several owners behind one school network. */
    purchasesPerClient: RateLimitConfig;
    /** Notification streams a user opens, counted in the database: holds across app servers. */
    streamOpensPerUser: RateLimitConfig;
    /** Notification streams a user holds open at once, per app process. */
    openStreamsPerUser: number;
    /** Confirmation codes mailed for one mentor link (issue 23). */
    mentorCodesPerLink: RateLimitConfig;
    /** Tries to start a mentor session (link and code) per client address: against guessing codes. */
    mentorSessionsPerClient: RateLimitConfig;
    /** Mentor links (each a mail and perhaps a users row) one inviter sends (issue 30, D54). */
    mentorInvitationsPerInviter: RateLimitConfig;
    /** The same for all inviters of one organisation together. */
    mentorInvitationsPerOrganisation: RateLimitConfig;
    /**
     * Account invitations (D58: an import's, each a mail and perhaps a users row) one inviter sends: an
     * import counts one per invitation, so the limit holds a full import (500 rows) and some.
     */
    accountInvitationsPerInviter: RateLimitConfig;
    /** The same for all inviters of one organisation together. */
    accountInvitationsPerOrganisation: RateLimitConfig;
    /** Invitations sent again to one person of one organisation (from a trajectory's access screen). */
    accountInvitationsPerInvitee: RateLimitConfig;
  };
  /** Days a new trajectory of a private organisation is active (D12); 0: it starts inactive. */
  trajectoryTrialDays: number;
  /** The time zone of calendar days: expiry, midnight, "not in the future" (D4). */
  businessTimeZone: string;
  /** Seconds in which a just-rotated refresh token still answers with its successor (issue 6). */
  refreshGraceSeconds: number;
  oidcProviders: OidcProviderConfig[];
  webDistDir: string;
  trustProxy: boolean;
  /** D22: Mollie's API key (`test_…` or `live_…`); unset: the built-in test checkout. */
  mollieApiKey: string | undefined;
  /** D24: the price tiers (PRICE_TIERS, `months:credits,…`). */
  priceTiers: PriceTier[];
  webPublicDir: string;
  /** NODE_ENV=production (D45): no demo data, the built JavaScript, no test checkout unless PAYMENTS=test. */
  production: boolean;
  /** D45: which checkout sells credits: Mollie, the built-in test checkout (D22, D46), or none (503). */
  payments: 'mollie' | 'test' | 'none';
  /** File contents in an S3-compatible bucket (S3_BUCKET set), else in DATA_DIR/files. */
  s3: S3Settings | undefined;
  /** GET /metrics wants `Authorization: Bearer <this>`; unset: it is open (keep it behind the proxy then). */
  metricsToken: string | undefined;
  /**
   * This process runs the job worker (JOB_WORKER, default on). Off: an app server that only answers
   * requests, while the other servers on the same PostgreSQL database run the jobs it enqueues.
   */
  jobWorker: boolean;
  /**
   * D52: who may register themselves (REGISTRATION, REGISTRATION_DOMAINS). `open` without domains: anyone;
   * with `domains`: addresses of those domains; `open: false`: nobody. Invited addresses (member invitation,
   * mentor link) always may.
   */
  registration: { open: boolean; domains: string[] };
}

const zEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('no-reply@localhost'),
  PUBLIC_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  COMPANY_DOMAIN: z.string().optional(),
  /** D11: comma-separated e-mail addresses made OWNER of organisation 0 at start-up. */
  PROVIDER_ADMINS: z.string().default(''),
  SEED_DEMO: z.enum(['0', '1']).default('0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_TOKEN_MINUTES: z.coerce
    .number()
    .int()
    .min(6)
    .max(24 * 60)
    .default(15),
  REFRESH_TOKEN_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_ADDRESS_CEILING: z.coerce.number().int().min(1).default(100),
  RATE_LIMIT_PER_CLIENT: z.coerce.number().int().min(1).default(100),
  TRAJECTORY_TRIAL_DAYS: z.coerce.number().int().min(0).max(3660).default(30),
  BUSINESS_TIME_ZONE: z
    .string()
    .default('Europe/Amsterdam')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'an IANA time zone, e.g. Europe/Amsterdam'),
  REFRESH_GRACE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  RATE_LIMIT_WEBHOOK_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  OIDC_PROVIDERS: z.string().optional(),
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  MOLLIE_API_KEY: z
    .string()
    .regex(/^(test|live)_\w{20,}$/, 'a Mollie API key: test_… or live_…')
    .optional(),
  PRICE_TIERS: z
    .string()
    .default(DEFAULT_PRICE_TIERS)
    .refine((text) => {
      try {
        parsePriceTiers(text);
        return true;
      } catch {
        return false;
      }
    }, 'months:credits pairs, e.g. 1:5,6:25,12:45'),
  /** The built web app to serve (default apps/web/dist); tests may build elsewhere. */
  WEB_DIST_DIR: z.string().min(1).optional(),
  NODE_ENV: z.string().optional(),
  /** D45: `test` turns the built-in test checkout on in production (it is on elsewhere without Mollie). */
  PAYMENTS: z.enum(['test']).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'a bucket name: 3–63 lowercase letters, digits, dots, dashes',
    )
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['0', '1']).optional(),
  METRICS_TOKEN: z.string().min(16).optional(),
  JOB_WORKER: z.enum(['0', '1']).default('1'),
  /** D52: `closed`: only invited addresses register themselves (empty counts as unset, loadConfig: open). */
  REGISTRATION: z.enum(['open', 'closed']).default('open'),
  /** D52: comma-separated domains whose addresses may register themselves (invited ones always may). */
  REGISTRATION_DOMAINS: z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
        .filter(Boolean),
    )
    .refine(
      (domains) =>
        domains.every((domain) =>
          /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(domain),
        ),
      'comma-separated domain names, e.g. school.nl,leerling.school.nl',
    )
    .optional(),
});

const serverRoot = resolve(import.meta.dirname, '..');

/**
 * Reads and validates the environment. Throws with every problem listed. A variable set to the empty
 * string counts as unset (D52): compose passes `SMTP_URL: ${SMTP_URL:-}` and the like as `""` when the
 * `.env` leaves them out, and that must mean "not configured", not "an invalid URL".
 */
export function loadConfig(
  given: NodeJS.ProcessEnv = process.env,
  options: {
    /** False for an operator's command (backup, restore), which sends no mail: then no SMTP_URL is needed. */
    sendsMail?: boolean;
  } = {},
): Config {
  const env: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(given).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = zEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const production = e.NODE_ENV === 'production';
  if (e.JOB_WORKER === '0' && !e.DATABASE_URL) {
    throw new Error(
      'Invalid configuration:\n  JOB_WORKER: 0 needs DATABASE_URL and another server running the jobs there; the embedded database has one process',
    );
  }
  if (e.REGISTRATION === 'closed' && e.REGISTRATION_DOMAINS?.length) {
    throw new Error(
      'Invalid configuration:\n  REGISTRATION_DOMAINS: with REGISTRATION=closed only invited addresses register; set one of the two (D52)',
    );
  }
  if (production && !e.SMTP_URL && options.sendsMail !== false) {
    throw new Error(
      'Invalid configuration:\n  SMTP_URL: a production server sends its mail (activation, password reset, invitations) ' +
        'through an SMTP server: set SMTP_URL, e.g. smtp://user:password@mail.example.nl:587 or smtps://…:465 (D52). ' +
        'Without it mail would go to the outbox folder, which is for development only.',
    );
  }
  if (production && e.SEED_DEMO === '1') {
    throw new Error(
      'Invalid configuration:\n  SEED_DEMO: demo data (with its printed password) is never made in production (D45)',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET ?? readOrCreateSecret(dataDir),
    companyDomain: e.COMPANY_DOMAIN?.toLowerCase(),
    providerAdmins: e.PROVIDER_ADMINS.split(',')
      .map((email) => email.trim())
      .filter(Boolean),
    seedDemo: e.SEED_DEMO === '1',
    logLevel: e.LOG_LEVEL,
    accessTokenSeconds: e.ACCESS_TOKEN_MINUTES * 60,
    refreshTokenSeconds: e.REFRESH_TOKEN_DAYS * 24 * 3600,
    activationCodeSeconds: 48 * 3600,
    resetCodeSeconds: 3600,
    rateLimit: {
      perAddress: { max: e.RATE_LIMIT_PER_ADDRESS, windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS },
      addressCeiling: { max: e.RATE_LIMIT_ADDRESS_CEILING, windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS },
      perClient: { max: e.RATE_LIMIT_PER_CLIENT, windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS },
    },
    abuseLimits: {
      paymentWebhookPerClient: { max: e.RATE_LIMIT_WEBHOOK_PER_MINUTE, windowSeconds: 60 },
      purchasesPerUser: { max: 10, windowSeconds: 900 },
      purchasesPerClient: { max: 30, windowSeconds: 900 },
      streamOpensPerUser: { max: 60, windowSeconds: 60 },
      openStreamsPerUser: 10,
      mentorCodesPerLink: { max: 5, windowSeconds: 3600 },
      mentorSessionsPerClient: { max: 30, windowSeconds: 900 },
      mentorInvitationsPerInviter: { max: 20, windowSeconds: 3600 },
      mentorInvitationsPerOrganisation: { max: 100, windowSeconds: 3600 },
      accountInvitationsPerInviter: { max: 600, windowSeconds: 3600 },
      accountInvitationsPerOrganisation: { max: 2000, windowSeconds: 3600 },
      accountInvitationsPerInvitee: { max: 3, windowSeconds: 86_400 },
    },
    refreshGraceSeconds: e.REFRESH_GRACE_SECONDS,
    trajectoryTrialDays: e.TRAJECTORY_TRIAL_DAYS,
    businessTimeZone: e.BUSINESS_TIME_ZONE,
    oidcProviders: readOidcProviders(env, e.OIDC_PROVIDERS),
    webDistDir: e.WEB_DIST_DIR ? resolve(e.WEB_DIST_DIR) : resolve(serverRoot, '../web/dist'),
    trustProxy: e.TRUST_PROXY === '1',
    mollieApiKey: e.MOLLIE_API_KEY,
    priceTiers: parsePriceTiers(e.PRICE_TIERS),
    webPublicDir: resolve(serverRoot, '../web/public'),
    production,
    payments: e.MOLLIE_API_KEY ? 'mollie' : !production || e.PAYMENTS === 'test' ? 'test' : 'none',
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          // Self-hosted stores (MinIO, Garage) want the bucket in the path; AWS the host.
          forcePathStyle: (e.S3_FORCE_PATH_STYLE ?? (e.S3_ENDPOINT ? '1' : '0')) === '1',
        }
      : undefined,
    metricsToken: e.METRICS_TOKEN,
    jobWorker: e.JOB_WORKER === '1',
    registration: { open: e.REGISTRATION === 'open', domains: e.REGISTRATION_DOMAINS ?? [] },
  };
}

function readOidcProviders(env: NodeJS.ProcessEnv, names: string | undefined): OidcProviderConfig[] {
  if (!names) return [];
  return names
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name.length > 0)
    .map((name) => {
      if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`Invalid OIDC provider name "${name}"`);
      const prefix = `OIDC_${name.toUpperCase().replaceAll('-', '_')}_`;
      const issuer = env[`${prefix}ISSUER`];
      const clientId = env[`${prefix}CLIENT_ID`];
      const clientSecret = env[`${prefix}CLIENT_SECRET`];
      if (!issuer || !clientId || !clientSecret) {
        throw new Error(
          `OIDC provider "${name}" needs ${prefix}ISSUER, ${prefix}CLIENT_ID and ${prefix}CLIENT_SECRET`,
        );
      }
      return { name, label: env[`${prefix}LABEL`] ?? name, issuer, clientId, clientSecret };
    });
}

/** The signing secret is generated once and kept in DATA_DIR so tokens survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
