import type { Logger } from 'pino';

/**
 * Work that runs after the answer has gone out. Requests whose answer must not reveal anything
 * (registration, reset requests) hand everything that depends on the account to it, so both paths do
 * the same work before answering (issue 6). Running tasks are tracked, so shutdown can wait for them.
 */
export interface Background {
  /** Starts `task` without waiting for it; a failure is logged, never thrown at the caller. */
  run(name: string, task: () => Promise<void>): void;
  /** Resolves true once no task runs (false when `timeoutMs` passed first). */
  idle(timeoutMs?: number): Promise<boolean>;
}

export class InProcessBackground implements Background {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly logger: Pick<Logger, 'error'>) {}

  run(name: string, task: () => Promise<void>): void {
    const promise: Promise<void> = Promise.resolve()
      .then(task)
      .catch((error: unknown) => this.logger.error({ err: error, task: name }, 'background task failed'))
      .finally(() => this.running.delete(promise));
    this.running.add(promise);
  }

  async idle(timeoutMs = 30_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (this.running.size > 0) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await Promise.race([Promise.allSettled([...this.running]), new Promise((r) => setTimeout(r, left))]);
    }
    return true;
  }
}
