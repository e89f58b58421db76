import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../../..');
const main = join(root, 'apps/server/src/main.ts');

export interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** The server in a process of its own, as `npm start` runs it (tsx in the server's process, so signals reach it). */
export function startServer(env: Record<string, string>): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    cwd: root,
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
  return { child, output: () => output, exited };
}

// Generous: a loaded CI machine starts PGlite, migrates and seeds far slower than a quiet one.
export async function waitForPing(port: number, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/actuator/health/ping`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not answer');
}

/** Signs in with the demo password and picks the first organisation: an organisation-scoped access token. */
export async function demoToken(base: string, email: string): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const tokens = await post('/api/auth/login', { email, password: 'Groeipad-demo1' });
  const [organisation] = await (
    await fetch(`${base}/api/organisations`, { headers: { authorization: `Bearer ${tokens.accessToken}` } })
  ).json();
  const scoped = await post('/api/auth/refresh', {
    email,
    refreshToken: tokens.refreshToken,
    organisationId: organisation.id,
  });
  return scoped.accessToken as string;
}
