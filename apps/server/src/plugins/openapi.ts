import { STATUS_CODES } from 'node:http';
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * The route schemas as OpenAPI (fastify-type-provider-zod), and what the route options leave unsaid:
 * - each answer's description, the status's reason phrase (`Not Found`) rather than `Default Response`;
 * - an open route (no `security`: plugins/authenticate.ts lets it through) says so with `security: []`,
 *   OpenAPI's "no requirement", so every operation states its security;
 * - an upload's body: its contract leaves `body` unset (the handler streams the file, nothing validates it
 *   first), so the document says here what the one part is (`file`, modules/resources/upload-part.ts).
 */
const transform: SwaggerTransform = (document) => {
  const transformed = jsonSchemaTransform(document as Parameters<typeof jsonSchemaTransform>[0]);
  const schema = transformed.schema as
    | {
        hide?: boolean;
        security?: unknown[];
        consumes?: string[];
        body?: unknown;
        response?: Record<string, Record<string, unknown>>;
      }
    | undefined;
  if (!schema || schema.hide) return transformed;
  schema.security ??= [];
  // @fastify/swagger reads a referring answer's (`ErrorBody`) own `description`, any other's extension.
  for (const [status, answer] of Object.entries(schema.response ?? {}))
    answer[answer.$ref ? 'description' : 'x-response-description'] ??= STATUS_CODES[status] ?? status;
  if (schema.consumes?.includes('multipart/form-data') && schema.body === undefined)
    schema.body = {
      type: 'object',
      properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
      required: ['file'],
    };
  return transformed;
};

/** Every `$ref` in `value`, as `#/components/schemas/<name>` → `<name>`. */
function referencedSchemas(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const item of value) referencedSchemas(item, into);
  else if (value !== null && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith('#/components/schemas/'))
        into.add(decodeURIComponent(child.slice('#/components/schemas/'.length)));
      else referencedSchemas(child, into);
    }
  return into;
}

/**
 * The document with the zod schemas that have an `id` as components (fastify-type-provider-zod writes each
 * as answered, `<id>`, and as sent, `<id>Input`), keeping only those the operations refer to, directly or
 * through another component: `ErrorBodyInput`, for one, nobody sends.
 */
const transformObject: SwaggerTransformObject = (documentObject) => {
  const document = jsonSchemaTransformObject(documentObject) as {
    paths?: unknown;
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = document.components?.schemas ?? {};
  const used = referencedSchemas(document.paths, new Set());
  for (let size = -1; size !== used.size; ) {
    size = used.size;
    for (const name of [...used]) referencedSchemas(schemas[name], used);
  }
  return {
    ...document,
    components: {
      ...document.components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))),
    },
  } as ReturnType<SwaggerTransformObject>;
};

/**
 * The OpenAPI 3.1 document of the API at /api/docs/json, with Swagger UI at /api/docs (issue 20). Every
 * operation comes from a contract of packages/core/src/endpoints through `endpointRoute`: its
 * `operationId`, `summary`, schemas and security. Zod schemas with an `id` in their metadata (the
 * recursive ones — a field tree, a criteria tree, a JSON value — and the error body) become
 * `components/schemas`, `<id>` as answered and `<id>Input` as sent, which every `$ref` points to.
 * apps/server/src/plugins/openapi.test.ts lints the document (Redocly) and generates types from it.
 */
export async function registerOpenApi(app: FastifyInstance, options: { publicUrl: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Groeipad API',
        version: '0.1.0',
        summary: 'Skill-development evaluation: blueprints, trajectories, evaluations, reports and extracts.',
        description:
          'Every error answers `{ status, key, fields? }` with a message key. Authenticated calls send ' +
          '`Authorization: Bearer <accessToken>`. Paths not shown in the product specification are ours.',
        license: { name: 'GNU Affero General Public License v3.0 or later', identifier: 'AGPL-3.0-or-later' },
        contact: { name: 'Groeipad', url: options.publicUrl },
      },
      // This installation: the document describes the server that serves it.
      servers: [{ url: options.publicUrl, description: 'This Groeipad installation' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          mentorSession: {
            type: 'http',
            scheme: 'bearer',
            description: 'A mentor session’s token (POST /api/v2/mentor/session), for /api/v2/mentor/* only.',
          },
        },
      },
    },
    transform,
    transformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
