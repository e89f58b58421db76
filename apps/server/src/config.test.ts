import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

/** Reading the environment (D45, D52): what is refused and what counts as unset. */

const base = () => ({
  DATA_DIR: mkdtempSync(join(tmpdir(), 'groeipad-config-')),
  JWT_SECRET: 'config-test-secret-that-is-long-enough',
});

describe('loadConfig', () => {
  it('counts optional settings passed empty as unset (D52: compose passes them empty)', () => {
    const config = loadConfig({
      ...base(),
      SMTP_URL: '',
      MOLLIE_API_KEY: '',
      METRICS_TOKEN: '',
      PUBLIC_URL: '',
      DATABASE_URL: '',
      S3_ENDPOINT: '',
      S3_BUCKET: '',
      S3_REGION: '',
      S3_ACCESS_KEY_ID: '',
      S3_SECRET_ACCESS_KEY: '',
      S3_FORCE_PATH_STYLE: '',
      TRUST_PROXY: '',
      PORT: '',
      OIDC_PROVIDERS: '',
      PAYMENTS: '',
      LOG_LEVEL: '',
      PROVIDER_ADMINS: '',
    });
    expect(config).toMatchObject({
      smtpUrl: undefined,
      mollieApiKey: undefined,
      metricsToken: undefined,
      databaseUrl: undefined,
      s3: undefined,
      trustProxy: false,
      port: 3000,
      publicUrl: 'http://localhost:3000',
      oidcProviders: [],
      payments: 'test',
      logLevel: 'info',
      providerAdmins: [],
    });
  });

  it('an empty secret is unset too: JWT_SECRET= makes one in DATA_DIR, never signs with ""', () => {
    const config = loadConfig({ ...base(), JWT_SECRET: '' });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('still refuses a setting that is given and wrong', () => {
    expect(() => loadConfig({ ...base(), SMTP_URL: 'not a url', METRICS_TOKEN: 'short' })).toThrow(
      /SMTP_URL[\s\S]*METRICS_TOKEN/,
    );
  });

  it('in production refuses to start without SMTP_URL, empty or absent (D52: the outbox is for development)', () => {
    for (const SMTP_URL of [undefined, '']) {
      expect(() =>
        loadConfig({ ...base(), NODE_ENV: 'production', ...(SMTP_URL === undefined ? {} : { SMTP_URL }) }),
      ).toThrow(/SMTP_URL: a production server sends its mail/);
    }
    const production = loadConfig({
      ...base(),
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.school.example:587',
    });
    expect(production).toMatchObject({ production: true, smtpUrl: 'smtp://mail.school.example:587' });
    // Outside production the outbox stands in; an operator's command (backup, restore) sends no mail.
    expect(loadConfig(base()).smtpUrl).toBeUndefined();
    expect(loadConfig({ ...base(), NODE_ENV: 'production' }, { sendsMail: false }).production).toBe(true);
  });
});
