import { isPatchError, issueMessage, type MessageKey } from '@groeipad/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/database.ts';
import { AppError, type FieldError, fieldKey } from '../errors.ts';

const KEY_BY_STATUS: Record<number, MessageKey> = {
  400: 'validationError',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  405: 'notFound',
  409: 'conflict',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
  429: 'tooManyRequests',
  503: 'serviceUnavailable',
};

function send(reply: FastifyReply, status: number, key: MessageKey, fields?: FieldError[], version?: number) {
  const body = {
    status,
    key,
    ...(fields && fields.length > 0 ? { fields } : {}),
    ...(version !== undefined ? { version } : {}),
  };
  return reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/** `/email` or `organisationId` → `email`; array indexes become `roles.0.name`. */
function fieldPath(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.');
}

/**
 * Every error leaves as `{ status, key, fields? }` with a key of the message catalogue: deliberate
 * AppErrors, schema validation (per-field keys), malformed bodies; anything unexpected is a logged 500.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      // The database names a file the store lacks: the operator must hear of it (the reader gets a 404).
      if (error.key === 'fileMissing') request.log.warn({ err: error }, error.message);
      if (error.headers) reply.headers(error.headers);
      return send(reply, error.status, error.key, error.fields, error.version);
    }
    // A JSON Patch that did not apply, wherever it was applied (the engine answers its own first): the
    // request's fault, never a 500; one past its bounds (core PATCH_LIMITS) is 413.
    if (isPatchError(error)) {
      if (error.code === 'tooLarge') return send(reply, 413, 'patchTooLarge');
      return send(reply, 400, 'invalidPatch', [{ path: error.path ?? '', key: 'invalidPatch' }]);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((issue) => ({
        path: fieldPath(issue.instancePath),
        key: fieldKey(
          issueMessage({
            code: issue.keyword,
            message: issue.message ?? '',
            issues: issue.params.issues as { message: string }[] | undefined,
          }),
        ),
      }));
      return send(reply, 400, 'validationError', fields);
    }
    // The database is restarting, failing over or unreachable: the client may try again (the pool
    // reconnects by itself); nothing was written, as the statement or its transaction did not complete.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return send(reply.header('retry-after', '5'), 503, 'databaseUnavailable');
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const invalidJson =
        error instanceof SyntaxError ||
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY';
      return send(reply, status, invalidJson ? 'invalidJson' : (KEY_BY_STATUS[status] ?? 'validationError'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'internalError');
  });
}
