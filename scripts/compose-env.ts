// The environment the app container of compose.yaml starts with: the Dockerfile's ENV, then the app
// service's `environment` interpolated as `docker compose` does with the variables of an env file
// (`${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?error}`, `${VAR?error}`, `$VAR`, `$$`).
// Used by `.ci/production-check` (which runs `npm run serve` with exactly this, only hosts, ports and
// secrets swapped) and by `apps/server/test/compose.test.ts` (which checks loadConfig accepts it).
//
//   node scripts/compose-env.ts --env-file .env [--set KEY=value]…   → KEY=value lines on stdout
//
// `--set` swaps the value of a variable the container gets; it refuses one the container does not get,
// so the check can only swap, never add.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/** `KEY=value` lines of an env file (compose's `.env`): comments and blank lines skipped, quotes taken off. */
export function parseEnvFile(text: string): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const match = line.match(/^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/);
    if (!match) continue;
    const [, key, raw = ''] = match as [string, string, string];
    const quoted = raw.match(/^(['"])(.*)\1$/);
    variables[key] = quoted ? (quoted[2] as string) : raw.replace(/\s+#.*$/, '');
  }
  return variables;
}

/** One value interpolated as compose does; an unset (or, with `:`, empty) required variable throws its error. */
export function interpolate(value: string, variables: Record<string, string | undefined>): string {
  return value.replace(
    /\$(?:\$|\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])((?:[^{}]|\{[^{}]*\})*))?\}|([A-Za-z_][A-Za-z0-9_]*))/g,
    (whole, braced?: string, colon?: string, operator?: string, operand?: string, bare?: string) => {
      if (whole === '$$') return '$';
      const name = (braced ?? bare) as string;
      const given = variables[name];
      const missing = given === undefined || (colon === ':' && given === '');
      if (operator === '-') return missing ? interpolate(operand ?? '', variables) : (given as string);
      if (operator === '?' && missing) throw new Error(`${name}: ${operand || 'required'}`);
      return given ?? '';
    },
  );
}

/** The `ENV` settings of the Dockerfile's last stage (`ENV A=1 B=2` lines). */
export function dockerfileEnvironment(dockerfile: string): Record<string, string> {
  const stages = dockerfile.split(/^FROM\s/m);
  const last = stages.at(-1) ?? '';
  const environment: Record<string, string> = {};
  for (const line of last.replace(/\\\r?\n/g, ' ').split(/\r?\n/)) {
    const match = line.match(/^ENV\s+(.*)$/);
    if (!match) continue;
    for (const pair of (match[1] as string).match(/[A-Za-z_][A-Za-z0-9_]*=(?:"[^"]*"|\S*)/g) ?? []) {
      const [key, ...rest] = pair.split('=');
      environment[key as string] = rest.join('=').replace(/^"(.*)"$/, '$1');
    }
  }
  return environment;
}

/** The environment of `service` in compose.yaml, on top of the Dockerfile's ENV, with `variables` interpolated. */
export function composeEnvironment(
  composeText: string,
  dockerfile: string,
  variables: Record<string, string | undefined>,
  service = 'app',
): Record<string, string> {
  const compose = parse(composeText) as { services?: Record<string, { environment?: unknown }> };
  const given = compose.services?.[service]?.environment ?? {};
  const entries: [string, string][] = Array.isArray(given)
    ? given.map((item: string) => {
        const [key, ...rest] = String(item).split('=');
        return [key as string, rest.join('=')];
      })
    : Object.entries(given as Record<string, unknown>).map(([key, value]) => [
        key,
        value == null ? '' : String(value),
      ]);
  const problems: string[] = [];
  const environment = dockerfileEnvironment(dockerfile);
  for (const [key, value] of entries) {
    try {
      environment[key] = interpolate(value, variables);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  if (problems.length > 0) throw new Error(`compose.yaml cannot start:\n  ${problems.join('\n  ')}`);
  return environment;
}

if (import.meta.main) {
  const root = join(import.meta.dirname, '..');
  const args = process.argv.slice(2);
  let envFile: string | undefined;
  const swaps: [string, string][] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--env-file') envFile = args[++i];
    else if (args[i] === '--set') {
      const [key, ...rest] = (args[++i] ?? '').split('=');
      swaps.push([key as string, rest.join('=')]);
    } else {
      console.error(`unknown argument ${args[i]}`);
      process.exit(2);
    }
  }
  try {
    const environment = composeEnvironment(
      readFileSync(join(root, 'compose.yaml'), 'utf8'),
      readFileSync(join(root, 'Dockerfile'), 'utf8'),
      envFile ? parseEnvFile(readFileSync(envFile, 'utf8')) : {},
    );
    for (const [key, value] of swaps) {
      if (!(key in environment)) throw new Error(`--set ${key}: the container gets no ${key}`);
      environment[key] = value;
    }
    for (const [key, value] of Object.entries(environment)) console.log(`${key}=${value}`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
