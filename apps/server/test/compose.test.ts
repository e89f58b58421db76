// biome-ignore-all lint/suspicious/noTemplateCurlyInString: compose's own ${VAR} syntax, not template strings
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  composeEnvironment,
  dockerfileEnvironment,
  interpolate,
  parseEnvFile,
} from '../../../scripts/compose-env.ts';
import { loadConfig } from '../src/config.ts';

/**
 * compose.yaml and the Dockerfile, without Docker (CI has no daemon): the app container's environment,
 * interpolated from the shipped .env.example as `docker compose` does, is one the server accepts in
 * production; compose.yaml passes dclint, and the Dockerfile the checks of hadolint's that apply (hadolint
 * is a Haskell binary in neither npm nor Debian).
 */

const root = join(import.meta.dirname, '../../..');
const composeText = readFileSync(join(root, 'compose.yaml'), 'utf8');
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
const example = parseEnvFile(readFileSync(join(root, '.env.example'), 'utf8'));

/** .env.example with what its comments ask for filled in (`openssl rand -hex 32` for the secrets). */
const filled = {
  ...example,
  POSTGRES_PASSWORD: 'a3f1'.repeat(16),
  S3_SECRET_ACCESS_KEY: 'b7c2'.repeat(16),
  JWT_SECRET: 'c9d4'.repeat(16),
  SMTP_URL: 'smtp://groeipad:mail-password@mail.school.example:587',
};

describe('compose.yaml with .env.example', () => {
  it('refuses to start while a required setting is empty, naming each', () => {
    expect(() => composeEnvironment(composeText, dockerfile, example)).toThrow(
      /POSTGRES_PASSWORD[\s\S]*S3_SECRET_ACCESS_KEY[\s\S]*JWT_SECRET[\s\S]*SMTP_URL/,
    );
  });

  it('filled in, gives the app an environment loadConfig accepts in production', () => {
    const environment = composeEnvironment(composeText, dockerfile, filled);
    expect(environment).toMatchObject({ NODE_ENV: 'production', PORT: '3000', DATA_DIR: '/data' });
    const config = loadConfig(environment);
    expect(config).toMatchObject({
      production: true,
      databaseUrl: `postgres://groeipad:${filled.POSTGRES_PASSWORD}@postgres:5432/groeipad`,
      smtpUrl: filled.SMTP_URL,
      publicUrl: 'https://groeipad.example.nl',
      trustProxy: true,
      payments: 'none',
      metricsToken: undefined,
      mollieApiKey: undefined,
      providerAdmins: [],
      jwtSecret: filled.JWT_SECRET,
    });
    expect(config.s3).toMatchObject({
      endpoint: 'http://minio:9000',
      bucket: 'groeipad',
      secretAccessKey: filled.S3_SECRET_ACCESS_KEY,
      forcePathStyle: true,
    });
  });
});

describe('compose interpolation (as docker compose does it)', () => {
  it('knows ${VAR}, $VAR, defaults, required values and $$', () => {
    const variables = { SET: 'x', EMPTY: '' };
    expect(interpolate('${SET}/$SET/${UNSET}', variables)).toBe('x/x/');
    expect(interpolate('${EMPTY:-d} ${EMPTY-d} ${UNSET-d} ${UNSET:-${SET}}', variables)).toBe('d  d x');
    expect(interpolate('$${SET}', variables)).toBe('${SET}');
    expect(() => interpolate('${EMPTY:?give EMPTY}', variables)).toThrow('EMPTY: give EMPTY');
    expect(interpolate('${EMPTY?given}', variables)).toBe('');
    expect(() => interpolate('${UNSET?give it}', variables)).toThrow('UNSET: give it');
  });

  it('reads an env file as compose does: comments, quotes, blanks', () => {
    expect(parseEnvFile('# c\nA=1\n\nB="two words"\nC=\nD=x # note\n')).toEqual({
      A: '1',
      B: 'two words',
      C: '',
      D: 'x',
    });
  });
});

describe('lint: the Dockerfile (hadolint’s rules that apply)', () => {
  const instructions = dockerfile
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .filter((line) => line.trim() && !line.trim().startsWith('#'));

  it('pins every base image to a tag that is not latest (DL3006, DL3007)', () => {
    const bases = instructions
      .filter((line) => /^FROM\s/i.test(line))
      .map((line) => line.split(/\s+/)[1] as string);
    expect(bases.length).toBeGreaterThan(0);
    for (const image of bases)
      expect(image, image).toMatch(/^[^:@\s]+(:(?!latest$)[\w.-]+|@sha256:[0-9a-f]{64})$/);
  });

  it('installs with npm ci, never npm install (reproducible from the lock file)', () => {
    const runs = instructions.filter((line) => /^RUN\s/i.test(line)).join('\n');
    expect(runs).toMatch(/\bnpm ci\b/);
    expect(runs).not.toMatch(/\bnpm (install|i)\b/);
  });

  it('runs as a user that is not root, has a HEALTHCHECK and an exec-form CMD (DL3002, DL3025)', () => {
    const users = instructions.filter((line) => /^USER\s/i.test(line));
    expect(users.at(-1)).toBeDefined();
    expect(users.at(-1)).not.toMatch(/^USER\s+(root|0)(:|\s|$)/i);
    expect(instructions.some((line) => /^HEALTHCHECK\s+/i.test(line) && !/NONE/i.test(line))).toBe(true);
    const cmd = instructions.filter((line) => /^CMD\s/i.test(line));
    expect(cmd).toHaveLength(1);
    expect(JSON.parse((cmd[0] as string).replace(/^CMD\s+/i, ''))).toBeInstanceOf(Array);
  });

  it('ENV of the last stage is what the container starts with', () => {
    expect(dockerfileEnvironment(dockerfile)).toEqual({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: '3000',
      DATA_DIR: '/data',
    });
  });
});

describe('lint: compose.yaml', () => {
  it('passes dclint (Docker Compose linter) without an error or a warning', () => {
    const linted = spawnSync(
      join(root, 'node_modules/.bin/dclint'),
      ['compose.yaml', '--max-warnings', '0', '--color', 'false'],
      { cwd: root, encoding: 'utf8' },
    );
    expect(linted.error).toBeUndefined();
    expect(linted.status, linted.stdout + linted.stderr).toBe(0);
  });

  const compose = parse(composeText) as {
    services: Record<string, { image?: string; build?: unknown; restart?: string }>;
  };

  it('gives every image a tag that is not latest', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (service.build) continue;
      expect(service.image, name).toMatch(/^[^:@\s]+(:(?!latest$)[\w.-]+|@sha256:[0-9a-f]{64})$/);
    }
  });

  it('gives every service a restart policy', () => {
    for (const [name, service] of Object.entries(compose.services))
      expect(['always', 'unless-stopped', 'on-failure'], name).toContain(service.restart);
  });

  it('has a default or a `:?` requirement for every variable it reads, so a missing secret stops `up`', () => {
    const uses = [...composeText.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)(:?[-?][^}]*)?\}/g)];
    expect(uses.length).toBeGreaterThan(0);
    const required = new Set(uses.filter((use) => use[2]?.startsWith(':?')).map((use) => use[1]));
    for (const [text, name, operator] of uses)
      expect(
        operator?.startsWith(':-') || required.has(name),
        `${text} is neither defaulted nor required`,
      ).toBe(true);
  });
});
