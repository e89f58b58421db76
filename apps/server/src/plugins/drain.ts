import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    drain: Drain;
  }
}

export interface Drain {
  /** Requests whose handler has not answered yet. */
  readonly pending: number;
  /** Resolves once no handler is running, or after `timeoutMs`; true when drained. */
  idle(timeoutMs: number): Promise<boolean>;
  /**
   * Stops counting a request that took over its own response (an event stream) once that response
   * has ended — also when the client left, which neither onSend nor onResponse reports then.
   */
  release(request: FastifyRequest): void;
  /** True once shutdown has begun: the readiness probe answers 503, so the balancer sends nothing new. */
  readonly stopping: boolean;
  /** Marks the start of shutdown (main.ts's stop; closing the app marks it too). */
  beginShutdown(): void;
}

/**
 * Counts requests from arrival until their handler has answered — also when the client has gone
 * away meanwhile, which Fastify's own close does not wait for. Shutdown waits on it before the
 * database closes, so no running handler ever meets a closed database.
 */
export function registerDrain(app: FastifyInstance): Drain {
  const running = new Set<FastifyRequest>();
  let stopping = false;
  let waiters: (() => void)[] = [];
  const done = (request: FastifyRequest) => {
    if (!running.delete(request) || running.size > 0) return;
    for (const wake of waiters) wake();
    waiters = [];
  };
  app.addHook('onRequest', async (request) => {
    running.add(request);
  });
  // onSend runs when a handler (or the error handler) answers, whether or not the socket still lives;
  // onResponse covers answers that skip onSend.
  app.addHook('onSend', async (request) => done(request));
  app.addHook('onResponse', async (request) => done(request));
  app.addHook('preClose', async () => {
    stopping = true;
  });
  return {
    get pending() {
      return running.size;
    },
    release: done,
    get stopping() {
      return stopping;
    },
    beginShutdown() {
      stopping = true;
    },
    idle(timeoutMs) {
      if (running.size === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), timeoutMs);
        waiters.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    },
  };
}
