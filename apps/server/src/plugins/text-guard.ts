import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.ts';

/**
 * Characters PostgreSQL cannot store in text or jsonb: NUL, and UTF-16 surrogates that do not form a
 * pair (JSON can carry them as `\ud800` escapes; they have no UTF-8 form).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this rule looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Deepest nesting searched; deeper input is refused by the same rule (it has no business here). */
const MAX_DEPTH = 64;

/** The path (`users.0.email`) of the first string or key holding an unstorable character, else null. */
export function findUnstorableText(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path.join('.') : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth > MAX_DEPTH) return path.join('.');
  for (const [key, child] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) return [...path, key.replace(UNSTORABLE, '?')].join('.');
    const found = findUnstorableText(child, [...path, key], depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * One place for every present and future route (issue 6): before validation, body, query and path
 * parameters are searched for text the database cannot hold; such a request is a 400 naming the
 * field with `invalidCharacters`, so it never reaches a query and never becomes a 500.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = findUnstorableText(part);
      if (path !== null) throw badRequest('validationError', [{ path, key: 'invalidCharacters' }]);
    }
  });
}
