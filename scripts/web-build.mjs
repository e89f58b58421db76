import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'apps/web/dist/.build-stamp');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/core/src',
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** Builds apps/web/dist unless it is newer than every web and core source file. */
export function ensureWebBuild({ force = false } = {}) {
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const changed = Math.max(...sources.map((s) => newest(join(root, s))));
  if (!force && built > changed) return false;
  const started = Date.now();
  console.log('Building the web app…');
  execFileSync('npm', ['run', 'build', '-w', 'apps/web', '--silent', '--', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  writeFileSync(stamp, new Date().toISOString());
  console.log(`Web app built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url))
  ensureWebBuild({ force: process.argv.includes('--force') });
