import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');

export interface ServerHandle {
  port: number;
  dataDir: string;
  url: string;
  process: ChildProcess;
}

/**
 * A data directory of its own for a server. Within a run it starts as a copy of the run's template (the
 * global set-up's embedded database, created and migrated once, `E2E_TEMPLATE_DIR`): a server then skips
 * PGlite's initdb and the migrations, about half of its start-up, for each of the specs that start their
 * own. The copy holds no row (no account, no demo data) until a server writes one.
 */
export function freshDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'groeipad-e2e-'));
  const template = process.env.E2E_TEMPLATE_DIR;
  if (template) cpSync(template, dir, { recursive: true });
  return dir;
}

async function waitForPing(url: string, timeoutMs: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/actuator/health/ping`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`server at ${url} not ready after ${timeoutMs} ms`);
}

/** Starts apps/server on `port` with its data in `dataDir` (serving the built web app). */
export async function startServer(
  port: number,
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<ServerHandle> {
  const url = `http://localhost:${port}`;
  // tsx registered in the server's own process (as `npm start` does), so SIGTERM reaches the server.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForPing(url, 60_000, child);
  return { port, dataDir, url, process: child };
}

export async function stopServer(handle: ServerHandle): Promise<void> {
  const child = handle.process;
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((done) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill('SIGTERM');
  });
}

export function removeDataDir(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true });
}
