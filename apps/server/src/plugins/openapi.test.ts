import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { allEndpoints, operationIdOf } from '@groeipad/core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

/**
 * The OpenAPI document at /api/docs/json (plugins/openapi.ts, issue 20) is valid for the tools that read
 * it: Redocly's recommended rules find no error, openapi-typescript makes types of it, and a client
 * written against those types compiles.
 */
let t: TestApp;
let dir: string;
let file: string;
let spec: {
  openapi: string;
  info: { license?: { identifier?: string } };
  servers?: { url: string }[];
  paths: Record<string, Record<string, { operationId?: string; summary?: string }>>;
};
const contracts = allEndpoints();

/** The document holds no data: it is checked once, in the PGlite pass of `npm test`. */
describe.skipIf(inject('databaseUrl'))('the OpenAPI document (checked in the PGlite pass)', () => {
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    spec = res.json();
    dir = mkdtempSync(join(tmpdir(), 'groeipad-openapi-'));
    file = join(dir, 'openapi.json');
    writeFileSync(file, res.body);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Redocly's command line (its bin; the package has no stable API of its own to call). */
  const redocly = join(
    dirname(fileURLToPath(import.meta.resolve('@redocly/cli/package.json'))),
    'bin/cli.js',
  );

  interface Problem {
    ruleId: string;
    severity: 'error' | 'warn';
    message: string;
    location: { pointer: string }[];
  }

  /** `redocly lint` with its built-in recommended rules, offline (no telemetry, no update check). */
  async function lint(path: string): Promise<Problem[]> {
    const run = promisify(execFile);
    const args = [redocly, 'lint', path, '--extends=recommended', '--format=json', '--max-problems=10000'];
    const options = {
      cwd: dir,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    };
    // It exits with 1 when it finds an error; the report is on stdout either way.
    const stdout = await run(process.execPath, args, options).then(
      (result) => result.stdout,
      (error: { stdout?: string }) => {
        if (!error.stdout) throw error;
        return error.stdout;
      },
    );
    return (JSON.parse(stdout) as { problems: Problem[] }).problems;
  }

  it('is OpenAPI 3.1 with its licence and server', () => {
    expect(spec.openapi).toBe('3.1.0');
    expect(spec.info.license?.identifier).toBe('AGPL-3.0-or-later');
    expect(spec.servers?.[0]?.url).toBe(t.ctx.config.publicUrl);
  });

  it('names every operation after its contract: operationId from its group and key, its summary', () => {
    const operations = Object.values(spec.paths).flatMap((methods) => Object.values(methods));
    expect(operations.length).toBe(contracts.length);
    for (const [name, endpoint] of contracts) {
      const operation = spec.paths[endpoint.path.replace(/:(\w+)/g, '{$1}')]?.[endpoint.method.toLowerCase()];
      expect(operation?.operationId, name).toBe(operationIdOf(endpoint));
      expect(operation?.summary, name).toBe(endpoint.summary);
    }
  });

  it('has no error by Redocly’s recommended rules', async () => {
    const problems = await lint(file);
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`);
    expect(errors).toEqual([]);
  });

  it('the lint bites: a reference to no schema and an operation without a summary are errors', async () => {
    const broken = structuredClone(spec) as unknown as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const operation = broken.paths['/api/v2/trajectories']!.get!;
    delete operation.summary;
    operation.requestBody = {
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Nowhere' } } },
    };
    const path = join(dir, 'broken.json');
    writeFileSync(path, JSON.stringify(broken));
    const rules = (await lint(path)).filter((p) => p.severity === 'error').map((p) => p.ruleId);
    expect(rules).toEqual(expect.arrayContaining(['operation-summary', 'no-unresolved-refs']));
  });

  it('makes types with openapi-typescript that a client compiles against', async () => {
    const types = astToString(await openapiTS(spec as unknown as Parameters<typeof openapiTS>[0]));
    for (const name of [
      '"/api/v2/trajectories"',
      '"/api/notifications/stream"',
      'trajectoriesList',
      'healthPing',
    ])
      expect(types).toContain(name);
    writeFileSync(join(dir, 'api.d.ts'), types);
    // Typed calls as a generated client makes them; each @ts-expect-error must meet an error, so types
    // that came out as `any` fail here too.
    writeFileSync(
      join(dir, 'client.ts'),
      `import type { components, operations, paths } from './api.js';

type Json<R> = R extends { content: { 'application/json': infer T } } ? T : never;

type Trajectories = Json<operations['trajectoriesList']['responses'][200]>;
export const firstId = (list: Trajectories): number => list[0]!.id;
// @ts-expect-error an id is a number
export const wrongId: Trajectories[number]['id'] = 'one';

type Query = NonNullable<operations['trajectoriesList']['parameters']['query']>;
export const status: Query['status'] = 'LIVE';
// @ts-expect-error the status is LIVE or DELETED
export const badStatus: Query['status'] = 'GONE';

type Form = paths['/api/v2/trajectories/{id}/form']['patch'];
type Patch = NonNullable<Form['requestBody']>['content']['application/json'];
export const patch: Patch = [{ op: 'replace', path: '/values/a', value: { nested: [1, 'two', null] } }];
// @ts-expect-error no such operation
export const badPatch: Patch = [{ op: 'rename', path: '/values/a' }];

export const error: components['schemas']['ErrorBody'] = { status: 404, key: 'notFound' };
type Stream = paths['/api/notifications/stream']['get']['responses'][200]['content'];
export const events: Stream['text/event-stream'] = '';
`,
    );
    const program = ts.createProgram([join(dir, 'client.ts')], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      noUncheckedIndexedAccess: true,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      types: [],
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
  });
});
