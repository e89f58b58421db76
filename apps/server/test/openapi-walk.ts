import fc from 'fast-check';
import type { TestApp } from './helpers.ts';
import { pngBytes } from './uploads.ts';

/** A JSON schema as @fastify/swagger renders the zod contract. */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema: Schema;
  required?: boolean;
}

export interface Operation {
  method: string;
  path: string;
  body: Schema | undefined;
  parameters: Parameter[];
  secured: boolean;
  /** Its body is a JSON Patch (RFC 6902): it gets hostile patches as well (`hostilePatch`). */
  patch: boolean;
  /** Its body is a multipart form (an upload): it gets `HOSTILE_MULTIPART` bodies. */
  multipart: boolean;
}

const SKIP = new Set(['/api/oauth2/{provider}/login']);

const COMPONENT = '#/components/schemas/';

/**
 * The app's OpenAPI document with each `$ref` to a component schema (`Field`, `CriterionInput`, …) replaced
 * by that schema, so the walkers below read plain schemas; where a recursive schema comes round again it
 * stays `{}` (any value), one level down.
 */
export async function documentOf(
  t: TestApp,
): Promise<{ paths: Record<string, Record<string, Record<string, unknown>>> }> {
  const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const components: Record<string, unknown> = spec.components?.schemas ?? {};
  const inline = (value: unknown, open: readonly string[]): unknown => {
    if (Array.isArray(value)) return value.map((item) => inline(item, open));
    if (value === null || typeof value !== 'object') return value;
    const { $ref, ...rest } = value as Record<string, unknown>;
    if (typeof $ref === 'string' && $ref.startsWith(COMPONENT)) {
      const name = $ref.slice(COMPONENT.length);
      if (!(name in components)) throw new Error(`the OpenAPI document refers to no schema ${$ref}`);
      if (open.includes(name)) return {};
      return { ...(inline(components[name], [...open, name]) as object), ...(inline(rest, open) as object) };
    }
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, inline(child, open)]));
  };
  return { ...spec, paths: inline(spec.paths, []) };
}

/** Whether an operation asks for the bearer (`security: []` is OpenAPI's "none"). */
export const isSecured = (operation: Record<string, unknown>): boolean =>
  Array.isArray(operation.security) && operation.security.length > 0;

/**
 * A mentor's route (issue 23: the `mentorSession` bearer): a user's token is refused there before anything
 * else, so the walks with a user's token leave them out; modules/mentors/mentors.test.ts walks them with a
 * mentor's session (bad bodies, hostile text, 401 without one).
 */
export const isMentorRoute = (operation: Record<string, unknown>): boolean =>
  Array.isArray(operation.security) &&
  operation.security.some((requirement) => typeof requirement === 'object' && 'mentorSession' in requirement);

/** Every operation of the app's generated OpenAPI document (documentation and mentor routes left out). */
export async function operationsOf(t: TestApp): Promise<Operation[]> {
  const spec = await documentOf(t);
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries<Record<string, Record<string, unknown>>>(spec.paths)) {
    if (SKIP.has(path) || path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(methods)) {
      if (isMentorRoute(op)) continue;
      const content = (op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)
        ?.content;
      const body = content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        body,
        parameters: (op.parameters as Parameter[] | undefined) ?? [],
        secured: isSecured(op),
        patch: isJsonPatch(body),
        // The upload's contract names its multipart body in its description (no JSON schema for it).
        multipart:
          content?.['multipart/form-data'] !== undefined || /multipart/i.test(String(op.description ?? '')),
      });
    }
  }
  return operations;
}

/** An array of objects that each have an `op`: a JSON Patch body. */
function isJsonPatch(body: Schema | undefined): boolean {
  const items = body?.type === 'array' ? body.items : undefined;
  return (items?.oneOf ?? items?.anyOf ?? []).some((option) => option.properties?.op !== undefined);
}

function typeOf(schema: Schema): string | undefined {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return options.map(typeOf).find((type) => type && type !== 'null');
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;
}

function concrete(schema: Schema): Schema {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return concrete(options.find((option) => typeOf(option) !== 'null') ?? options[0]!);
  if (schema.allOf?.length === 1) return concrete(schema.allOf[0]!);
  return schema;
}

/** A value the schema accepts (as far as a JSON schema can tell), to carry one hostile field. */
export function validValue(input: Schema): unknown {
  const schema = concrete(input);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'string':
      if (schema.format === 'email') return 'iemand@school.nl';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'array':
      return schema.items && (schema.minItems ?? 0) > 0
        ? Array.from({ length: schema.minItems! }, () => validValue(schema.items!))
        : [];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, child]) => [key, validValue(child)]),
      );
    default:
      return null;
  }
}

/** Every place in a body schema a value can go: `[path, schema]`, arrays entered at index 0. */
export function leavesOf(input: Schema, path: (string | number)[] = []): [(string | number)[], Schema][] {
  const schema = concrete(input);
  const type = typeOf(schema);
  const own: [(string | number)[], Schema][] = path.length > 0 ? [[path, schema]] : [];
  if (type === 'object')
    return [
      ...own,
      ...Object.entries(schema.properties ?? {}).flatMap(([key, child]) => leavesOf(child, [...path, key])),
    ];
  if (type === 'array' && schema.items) return [...own, ...leavesOf(schema.items, [...path, 0])];
  return own;
}

/** `value` with the place at `path` set to `leaf` (arrays get an element where needed). */
export function withValue(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(value) ? [...value] : [];
    list[head] = withValue(list[head], rest, leaf);
    return list;
  }
  const object = value && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {};
  (object as Record<string, unknown>)[head!] = withValue(
    (object as Record<string, unknown>)[head!],
    rest,
    leaf,
  );
  return object;
}

/** Values a field of this schema should never crash on: past every bound, wrong types, bad text. */
export function hostileValues(input: Schema): unknown[] {
  const schema = concrete(input);
  const text = [
    '\u0000',
    'a\u0000b',
    '\u0001\u0007\u001b\u007f',
    '\ud800',
    'x\udc00',
    '\udbff\udbff',
    '',
    '   ',
    'x'.repeat(70_000),
    '\u202e\u200b\ufeff',
    '<script>alert(1)</script>',
    "'; drop table users; --",
    '../../etc/passwd',
  ];
  const numbers = [
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    -(2 ** 53),
    2 ** 64,
    1e308,
    -1,
    0,
    0.5,
    ...(schema.maximum !== undefined ? [schema.maximum + 1, schema.maximum + 0.5] : []),
    ...(schema.minimum !== undefined ? [schema.minimum - 1] : []),
  ];
  const wrong = [null, true, {}, [], { __proto__: { polluted: true } }, '12', 12];
  const type = typeOf(schema);
  if (type === 'string') return [...text, ...wrong, ...numbers.slice(0, 3)];
  if (type === 'integer' || type === 'number') return [...numbers, ...wrong, ...text.slice(0, 5)];
  return [...wrong, ...text.slice(0, 5), ...numbers.slice(0, 4)];
}

/** A path parameter value: past 32 bits, negative, non-numeric, control characters. */
export const HOSTILE_PATH_VALUES = [
  '2147483648',
  '9007199254740993',
  '18446744073709551616',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  '%00',
  '%C0%80',
  '%ED%A0%80',
  'abc',
  ' 1',
  'x'.repeat(5000),
];

/** A value a patch sets: wrong types, nulls, empty and nested containers. */
const patchValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, '', 'x', [], {}, 0, -1, true, 2 ** 53, [null], [[]], { a: null }, ['a']),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Pointers any document may be aimed at with: its root, its usual members, the end of a list, broken ones. */
const PATCH_POINTERS = [
  '',
  '/',
  '/values',
  '/fields',
  '/structure',
  '/criteria',
  '/-',
  '/values/-',
  'nope',
  '/a~2b',
];

function patchOperation(pointers: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const pointer = fc.constantFrom(...pointers, ...PATCH_POINTERS);
  return fc.oneof(
    fc.record({ op: fc.constantFrom('add', 'replace', 'test'), path: pointer, value: patchValue }),
    fc.record({ op: fc.constant('remove'), path: pointer }),
    fc.record({ op: fc.constantFrom('move', 'copy'), from: pointer, path: pointer }),
  );
}

/** Copies of one place into itself (or beside itself), up to 30: each may double what is there. */
function copyChain(pointers: readonly string[]): fc.Arbitrary<Record<string, unknown>[]> {
  return fc
    .record({
      from: fc.constantFrom(...pointers, ''),
      count: fc.integer({ min: 1, max: 30 }),
      end: fc.boolean(),
    })
    .map(({ from, count, end }) =>
      Array.from({ length: count }, () => ({ op: 'copy', from, path: end ? `${from}/-` : `${from}/copy` })),
    );
}

/**
 * Hostile JSON Patches for a document with these pointers: operations of every kind with wrong types,
 * nulls and the root; copy chains; malformed operations.
 */
export function hostilePatch(pointers: readonly string[] = []): fc.Arbitrary<readonly unknown[]> {
  return fc.oneof(
    fc.array(patchOperation(pointers), { minLength: 1, maxLength: 5 }),
    copyChain(pointers),
    fc.constantFrom(
      [],
      [null],
      ['x'],
      [{ op: 'add' }],
      [{ op: 'replace', path: '' }],
      [{ op: 'move', path: '' }],
    ),
  );
}

export const MULTIPART_BOUNDARY = 'hostile-boundary';
const multipartType = `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`;

/** One part of a multipart body (a file part when it has a file name or is octet-stream, as here). */
export function multipartPart(name: string, filename: string | null, bytes: Buffer | string): Buffer {
  const disposition = `form-data; name="${name}"${filename === null ? '' : `; filename="${filename}"`}`;
  return Buffer.concat([
    Buffer.from(
      `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: ${disposition}\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from('\r\n'),
  ]);
}

const END = Buffer.from(`--${MULTIPART_BOUNDARY}--\r\n`);
const file = () => multipartPart('file', 'foto.png', pngBytes());

/**
 * Multipart bodies an upload must refuse with 400 (`key`: the field key at `file`): none or two file
 * parts, cut off, a missing or wrong boundary, not multipart at all, a control character in a file name.
 */
export const HOSTILE_MULTIPART: { label: string; body: Buffer | string; contentType: string; key: string }[] =
  [
    { label: 'no part at all', body: END, contentType: multipartType, key: 'required' },
    { label: 'an empty body', body: '', contentType: multipartType, key: 'required' },
    {
      label: 'a part of another name',
      body: Buffer.concat([multipartPart('other', 'a.png', pngBytes()), END]),
      contentType: multipartType,
      key: 'required',
    },
    {
      label: 'two files',
      body: Buffer.concat([file(), file(), END]),
      contentType: multipartType,
      key: 'invalidValue',
    },
    {
      label: 'a file cut off',
      body: file().subarray(0, 120),
      contentType: multipartType,
      key: 'invalidValue',
    },
    { label: 'no closing boundary', body: file(), contentType: multipartType, key: 'invalidValue' },
    {
      label: 'no boundary',
      body: Buffer.concat([file(), END]),
      contentType: 'multipart/form-data',
      key: 'invalidValue',
    },
    {
      label: 'another boundary',
      body: Buffer.concat([file(), END]),
      contentType: 'multipart/form-data; boundary=x',
      key: 'invalidValue',
    },
    { label: 'not multipart at all', body: 'garbage', contentType: multipartType, key: 'invalidValue' },
    {
      label: 'a NUL in the file name',
      body: Buffer.concat([multipartPart('file', 'a\u0000.png', pngBytes()), END]),
      contentType: multipartType,
      key: 'invalidCharacters',
    },
  ];
