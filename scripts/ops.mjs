// `npm run backup|restore|migrate-to-postgres`: the operator's commands (apps/server/src/ops/cli.ts);
// `npm run credits -- grant …` (D52) is the server's `credits-cli.ts`, which reaches the credits module;
// `npm run audit -- verify …` (D57) its `audit-cli.ts`, which reaches the audit module.
// From the sources with tsx where it is installed (a development checkout), else the built server's
// (a production tree after `npm ci --omit=dev`), with the condition that resolves the built core.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const entry =
  new Map([
    ['credits', 'credits-cli'],
    ['audit', 'audit-cli'],
  ]).get(args[0]) ?? 'ops/cli';
let tsx;
try {
  tsx = await import('tsx/esm/api');
} catch {
  tsx = undefined;
}
if (tsx) {
  tsx.register();
  process.argv = [process.argv[0], 'ops', ...args];
  await import(`../apps/server/src/${entry}.ts`);
} else {
  const built = fileURLToPath(new URL(`../apps/server/dist/${entry}.js`, import.meta.url));
  if (!existsSync(built)) {
    console.error('No built server and no tsx: run `npm run build` (or `npm install`) first.');
    process.exit(1);
  }
  const { status } = spawnSync(process.execPath, ['--conditions=groeipad-built', built, ...args], {
    stdio: 'inherit',
  });
  process.exit(status ?? 1);
}
