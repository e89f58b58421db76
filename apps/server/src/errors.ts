import { issueMessage, MESSAGE_KEYS, type MessageKey } from '@groeipad/core';

export interface FieldError {
  path: string;
  key: string;
}

/** An answer the API gives on purpose: HTTP status plus a message key of the catalogue. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly fields?: FieldError[],
    /** Extra response headers (Retry-After on a 429). */
    readonly headers?: Record<string, string>,
    /** The current version of a document (409 staleDocument, D29). */
    readonly version?: number,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const badRequest = (key: MessageKey = 'validationError', fields?: FieldError[]) =>
  new AppError(400, key, fields);
export const unauthorized = (key: MessageKey = 'unauthorized') => new AppError(401, key);
export const forbidden = (key: MessageKey = 'forbidden') => new AppError(403, key);
export const notFound = () => new AppError(404, 'notFound');
export const conflict = (key: MessageKey = 'conflict') => new AppError(409, key);
/** 429 with `Retry-After`: the whole seconds until the counting window ends (at least 1). */
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(429, 'tooManyRequests', undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

const KNOWN_KEYS: ReadonlySet<string> = new Set(MESSAGE_KEYS);

/** A field key of the catalogue: the issue's own message when it is one, else `invalidValue`. */
export function fieldKey(message: string | undefined): string {
  return message && KNOWN_KEYS.has(message) ? message : 'invalidValue';
}

/** Field errors from zod issues (paths dotted: `roles.0.name`). */
export function zodFields(
  issues: readonly { path: readonly PropertyKey[]; message: string; code?: string }[],
): FieldError[] {
  return issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    key: fieldKey(issueMessage(issue)),
  }));
}
