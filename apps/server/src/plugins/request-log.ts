import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Request ids and what the log may say of a request (issue 20: observability without secrets).
 *
 * Every request gets an id: the `X-Request-Id` a proxy in front of us already gave it (so one id follows
 * the request through the proxy's log and ours), else a new UUID. It is in every log line of the
 * request (`requestId`) and in the answer's `X-Request-Id` header. A proxy's id is taken only when it
 * is short and plain (letters, digits, `.`, `_`, `:`, `-`): a log line is never written with what a
 * client chose to inject.
 */
const PROXY_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && PROXY_ID.test(given) ? given : randomUUID();
}

/** The request being handled, for what runs inside its handler without the request in hand. */
const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/**
 * The id of the request whose handler this runs in (null outside one: a job, a command): the audit log
 * (D57) keeps it with each event, so an event leads to the request's log lines.
 */
export function currentRequestId(): string | null {
  return requestContext.getStore()?.requestId ?? null;
}

export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // Entered just before the handler (after the body is read, whose stream events would lose it); the
  // handler and everything it awaits run inside.
  app.addHook('preHandler', (request, _reply, done) => {
    requestContext.run({ requestId: request.id }, done);
  });
}

/** Query parameters whose values are secrets: sign-in and reset codes, OAuth state, tokens. */
const SECRET_PARAMETERS = new Set(['code', 'state', 'token', 'refreshtoken', 'access_token', 'id_token']);
/** Paths whose last segment is a secret: the logout of one sign-in names its refresh token. */
const SECRET_SEGMENT = /^(\/api\/auth\/logout\/)[^/?]+/;
const REDACTED = '[redacted]';

/** A request's URL as the log may hold it: the secrets above replaced, everything else as it came. */
export function loggableUrl(url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  const safePath = path.replace(SECRET_SEGMENT, `$1${REDACTED}`);
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // an undecodable name is kept as it came, and judged as such
      }
      return SECRET_PARAMETERS.has(decoded.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

/** pino serializers for the request and the answer: method, URL without secrets, status. */
export const requestLogSerializers = {
  req: (request: { method?: string; url?: string; ip?: string }) => ({
    method: request.method,
    url: loggableUrl(request.url ?? ''),
    remoteAddress: request.ip,
  }),
  res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
};

/**
 * The server's logger (`main.ts`): JSON lines on stdout, or on `destination` (a test reading the log).
 * Requests are logged by method, URL without its secrets (a logout's refresh token, codes) and status.
 */
export function serverLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, base: { service: 'groeipad' }, serializers: requestLogSerializers };
  return destination ? pino(options, destination) : pino(options);
}
