// `npm run build`: the production build (D45). The shared core and the server become JavaScript in their
// `dist/` folders (tsc, one file per module, so the PDF worker's builders keep their own URLs); the web
// app is built by Vite. `npm run serve` runs the result with no TypeScript at run time.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './web-build.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
for (const workspace of ['packages/core', 'apps/server']) {
  const started = Date.now();
  rmSync(join(root, workspace, 'dist'), { recursive: true, force: true });
  execFileSync('npm', ['run', 'build', '-w', workspace, '--silent'], { cwd: root, stdio: 'inherit' });
  console.log(`Built ${workspace} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
ensureWebBuild({ force: true });
