// A first start's heavy work runs in a short-lived child process: creating the embedded database
// (initdb) and the demo data grow a process's memory for good — PGlite's WebAssembly heap never shrinks,
// and V8 keeps much of what seeding made — so the server that stays up would idle at a third more than
// one that opens a prepared database (docs/operations.md "Memory"). The child is the same command as
// the server (the same entry script and node flags) with GROEIPAD_PREPARE=1: it opens the database,
// which migrates it, adds the demo data when asked, prints the demo sign-in once, and exits.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

/** Set in the child's environment: prepare the database and exit instead of serving. */
export const PREPARE_ENV = 'GROEIPAD_PREPARE';

export const isPreparing = (): boolean => process.env[PREPARE_ENV] === '1';

interface PrepareConfig {
  databaseUrl?: string | undefined;
  dataDir: string;
  seedDemo: boolean;
}

/**
 * Whether this start has heavy preparing to do: PGlite without its database folder yet, or PostgreSQL
 * asked for demo data with no users (or no schema) yet. A restart finds neither and prepares nothing.
 */
export async function preparationNeeded(config: PrepareConfig): Promise<boolean> {
  if (!config.databaseUrl) return config.dataDir !== 'memory://' && !existsSync(join(config.dataDir, 'db'));
  if (!config.seedDemo) return false;
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ empty: boolean }>(
      `select to_regclass('users') is null or not exists (select from users) as empty`,
    );
    return rows[0]?.empty === true;
  } catch {
    // A half-made schema: let the child's migrations say what is wrong.
    return true;
  } finally {
    await client.end();
  }
}

/**
 * Runs the preparing child and waits for it. A stop signal meanwhile is passed on: the child finishes
 * what it began (a half-made database would not open again) and this process then exits without serving.
 */
export function prepareInChild(): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env: { ...process.env, [PREPARE_ENV]: '1' },
    stdio: 'inherit',
  });
  let stopped: NodeJS.Signals | undefined;
  const pass = (signal: NodeJS.Signals) => {
    stopped = signal;
    child.kill(signal);
  };
  const onTerm = () => pass('SIGTERM');
  const onInt = () => pass('SIGINT');
  process.on('SIGTERM', onTerm);
  process.on('SIGINT', onInt);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      process.off('SIGTERM', onTerm);
      process.off('SIGINT', onInt);
      if (stopped) process.exit(code === 0 ? 0 : 1);
      if (code === 0) resolve();
      // The child has said why; this process says nothing more.
      else process.exit(code ?? 1);
    });
  });
}

/** In the child: a stop signal waits until the database is prepared and closed (the child exits then anyway). */
export function holdStopSignals(): void {
  const hold = () => {};
  process.on('SIGTERM', hold);
  process.on('SIGINT', hold);
}
