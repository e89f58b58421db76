import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from './pg-server.ts';
import { demoToken, startServer, waitForPing } from './server-process.ts';

describe('the server process', { timeout: 240_000 }, () => {
  it('seeds demo data once, refuses a second process on the data directory, drains on SIGTERM, and reopens', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'groeipad-proc-'));
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: '1', HOST: '127.0.0.1' };

    const first = startServer(env);
    await waitForPing(port);
    expect(first.output()).toContain('eigenaar@demo.groeipad.nl');
    // The database and the demo were made by a child process that has ended (prepare.ts), once.
    expect(first.output().match(/"database prepared"/g)).toHaveLength(1);
    expect(first.output().match(/Demo organisation created/g)).toHaveLength(1);
    // Outside production without MOLLIE_API_KEY: the test checkout, and the log says so (D45).
    expect(first.output()).toContain('"payments":"test"');
    expect(first.output()).toContain('the built-in test checkout hands out credits without payment');
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'beheerder@demo.groeipad.nl', password: 'Groeipad-demo1' }),
    });
    expect(login.status).toBe(200);
    // the demo trajectories: the teacher (admin) sees all three, the demo user is the student of one
    const base = `http://127.0.0.1:${port}`;
    const trajectoriesOf = async (email: string) => {
      const list = await fetch(`${base}/api/v2/trajectories`, {
        headers: { authorization: `Bearer ${await demoToken(base, email)}` },
      });
      return (await list.json()) as { name: string; rights: string[] }[];
    };
    expect((await trajectoriesOf('beheerder@demo.groeipad.nl')).map((x) => x.name)).toEqual([
      'BPV Lotte Jansen',
      'BPV Mohammed El Amrani',
      'BPV Sanne de Vries',
    ]);
    expect(await trajectoriesOf('gebruiker@demo.groeipad.nl')).toEqual([
      expect.objectContaining({ name: 'BPV Sanne de Vries', rights: ['READ'] }),
    ]);
    // D50: a teacher has several students, each the student of their own trajectory.
    expect(await trajectoriesOf('mohammed@demo.groeipad.nl')).toEqual([
      expect.objectContaining({ name: 'BPV Mohammed El Amrani', rights: ['READ'] }),
    ]);
    expect(await trajectoriesOf('lotte@demo.groeipad.nl')).toEqual([
      expect.objectContaining({ name: 'BPV Lotte Jansen', rights: ['READ'] }),
    ]);

    const second = startServer({ ...env, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another Groeipad process');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('stopped cleanly');
    expect(existsSync(join(dataDir, 'groeipad.lock'))).toBe(false);

    const again = startServer(env);
    await waitForPing(port);
    expect(again.output()).not.toContain('Demo organisation created');
    expect(again.output()).not.toContain('database prepared');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });

  it('a stop signal while a first start prepares its database: the child finishes, nothing serves, the next start opens it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'groeipad-proc-'));
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: '1', HOST: '127.0.0.1' };
    const first = startServer(env);
    await until(() => first.output().includes('migration applied'));
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('database prepared');
    expect(first.output()).not.toContain('Groeipad is listening');
    expect(existsSync(join(dataDir, 'groeipad.lock'))).toBe(false);

    const again = startServer(env);
    await waitForPing(port);
    expect(again.output()).not.toContain('database prepared');
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'beheerder@demo.groeipad.nl', password: 'Groeipad-demo1' }),
    });
    expect(login.status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });

  it('says at start-up which payment provider is live: in production none without PAYMENTS=test (D45)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'groeipad-payments-'));
    const port = await freePort();
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
      // Required in production (D52); nothing is mailed at start-up.
      SMTP_URL: 'smtp://127.0.0.1:2525',
    };
    const closed = startServer(env);
    await waitForPing(port);
    expect(closed.output()).toContain('"mode":"production"');
    expect(closed.output()).toContain('"payments":"none"');
    expect(closed.output()).toContain('payments: none configured; buying credits answers 503');
    closed.child.kill('SIGTERM');
    expect(await closed.exited).toBe(0);

    const staging = startServer({ ...env, PAYMENTS: 'test' });
    await waitForPing(port);
    expect(staging.output()).toContain('"payments":"test"');
    expect(staging.output()).toContain('the built-in test checkout hands out credits without payment');
    staging.child.kill('SIGTERM');
    expect(await staging.exited).toBe(0);
  });

  it('on SIGTERM finishes requests already running, even when their clients left, before closing the database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'groeipad-drain-'));
    const port = await freePort();
    const server = startServer({ DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: '1', HOST: '127.0.0.1' });
    await waitForPing(port);
    // Sign-ins are slow on purpose (argon2id): start many, stop the server while they run, and let
    // most of the clients walk away.
    const controllers = Array.from({ length: 60 }, () => new AbortController());
    const requests = controllers.map((controller) =>
      fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'gebruiker@demo.groeipad.nl', password: 'Groeipad-demo1' }),
        signal: controller.signal,
      }).then(
        (res) => res.status,
        () => 'aborted',
      ),
    );
    await new Promise((r) => setTimeout(r, 100));
    server.child.kill('SIGTERM');
    for (const controller of controllers.slice(0, 40)) controller.abort();
    const statuses = await Promise.all(requests);
    const code = await server.exited;
    if (process.env.DEBUG_DRAIN) console.log(server.output().slice(-3000));
    expect(code).toBe(0);
    expect(server.output()).not.toContain('unhandled error');
    expect(server.output()).not.toContain('destroyed');
    expect(statuses.filter((s) => s !== 'aborted').every((s) => s === 200 || s === 503)).toBe(true);
  });
});

async function until(condition: () => boolean, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
