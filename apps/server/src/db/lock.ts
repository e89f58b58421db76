import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data directory ${dataDir} is in use by another Groeipad process (pid ${pid}). ` +
        'Stop that process, or start this one with another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * What /proc says of a process: its state letter and its start time (clock ticks since boot), or
 * null when it does not exist or /proc cannot tell (not Linux).
 */
export function processStat(pid: number): { state: string; startTime: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // pid (comm) state ppid … : comm may hold spaces and parentheses, so split after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', startTime: fields[19] ?? '' };
  } catch {
    return null;
  }
}

/**
 * Whether the process that wrote a lock (`pid`, started at `startTime`) still runs. A zombie (Z) or
 * dead (X) process has exited: its parent simply has not reaped it yet (after SIGKILL this lasts a
 * moment). A live process with another start time is a new process that reuses the pid.
 */
export function holderAlive(pid: number, startTime: string | undefined): boolean {
  const stat = processStat(pid);
  if (stat) {
    if (stat.state === 'Z' || stat.state === 'X') return false;
    return !startTime || stat.startTime === startTime;
  }
  try {
    process.kill(pid, 0);
    // No /proc (not Linux): the signal says only that the pid exists.
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes an exclusive lock on the data directory (embedded PGlite allows one process only). The lock
 * file holds `pid start-time`; a lock left by a process that exited (also one not yet reaped) is taken
 * over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'groeipad.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${process.pid} ${processStat(process.pid)?.startTime ?? ''}`.trim());
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pidText, startTime] = readFileSync(file, 'utf8').trim().split(' ');
      const pid = Number.parseInt(pidText ?? '', 10);
      if (Number.isInteger(pid) && pid !== process.pid && holderAlive(pid, startTime))
        throw new DataDirLockedError(dataDir, pid);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
