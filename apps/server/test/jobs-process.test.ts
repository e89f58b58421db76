import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, inject, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const worker = join(root, 'apps/server/test/job-worker.ts');

interface Running {
  child: ChildProcess;
  /** Resolves with the first JSON line printed that has `key`. */
  line(key: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  exited: Promise<number | null>;
  output(): string;
}

function start(env: Record<string, string>): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', worker], {
    env: { ...process.env, ...env },
    cwd: root,
  });
  let output = '';
  const lines: Record<string, unknown>[] = [];
  const waiting: (() => void)[] = [];
  child.stdout?.on('data', (d: Buffer) => {
    const before = output.split('\n').length - 1;
    output += d;
    for (const text of output.split('\n').slice(before, -1)) {
      try {
        lines.push(JSON.parse(text));
      } catch {}
    }
    for (const wake of waiting.splice(0)) wake();
  });
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
  const line = async (key: string, timeoutMs = 90_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = lines.find((l) => key in l);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no "${key}" from the worker: ${output}`);
      await new Promise<void>((r) => {
        waiting.push(r);
        setTimeout(r, 200);
      });
    }
  };
  return { child, line, exited, output: () => output };
}

/** The same database for every process of a test: the run's PostgreSQL, or a PGlite data directory. */
function databaseEnv(): Record<string, string> {
  const url = inject('databaseUrl');
  return url ? { DATABASE_URL: url } : { DATA_DIR: mkdtempSync(join(tmpdir(), 'groeipad-jobs-')) };
}

describe('jobs across processes (issue 10)', { timeout: 240_000 }, () => {
  it('a job whose process is killed mid-run is retried after its lease and finishes once', async () => {
    const env = { ...databaseEnv(), JOB_NAME: `test.killed.${randomUUID()}`, LEASE_SECONDS: '2' };
    const first = start({ ...env, MODE: 'stall' });
    const taken = await first.line('taken');
    expect(taken).toMatchObject({ attempt: 1 });
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();

    const second = start({ ...env, MODE: 'work', JOB_ID: String(taken.taken) });
    const result = await second.line('status');
    expect(await second.exited).toBe(0);
    expect(result.status).toMatchObject({ id: taken.taken, state: 'done', attempts: 2, lastError: null });
    // the effect happened once, by the process that finished the job
    expect(result.effects).toEqual([result.worker]);
  });

  it('SIGTERM returns a running job to the queue; the next process runs it once, the attempt not counted', async () => {
    const env = { ...databaseEnv(), JOB_NAME: `test.returned.${randomUUID()}`, LEASE_SECONDS: '600' };
    const first = start({ ...env, MODE: 'stall' });
    const taken = await first.line('taken');
    first.child.kill('SIGTERM');
    expect(await first.line('stopped')).toEqual({ stopped: { finished: 0, returned: 1 } });
    expect(await first.exited).toBe(0);

    // a lease of 10 minutes: the job runs again before it ends only because it was handed back
    const second = start({ ...env, MODE: 'work', JOB_ID: String(taken.taken) });
    const result = await second.line('status');
    expect(await second.exited).toBe(0);
    expect(result.status).toMatchObject({ state: 'done', attempts: 1 });
    const { startedAt } = result.status as { startedAt: string };
    expect(new Date(startedAt).getTime()).toBeLessThan(new Date(taken.leaseUntil as string).getTime());
    expect(result.effects).toEqual([result.worker]);
  });
});
