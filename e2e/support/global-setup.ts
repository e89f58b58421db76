import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freshDataDir, REPO_ROOT, removeDataDir, startServer, stopServer } from './server';

/**
 * Makes the run's template data directory (a server started once on an empty folder: initdb and the
 * migrations, then stopped; `freshDataDir` copies it), then starts one server on a copy for the whole run
 * (the npm script builds the web app first).
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dist = process.env.WEB_DIST_DIR ?? join(REPO_ROOT, 'apps/web/dist');
  if (!existsSync(join(dist, 'index.html'))) {
    throw new Error(`${dist} is missing: run "npm run build -w apps/web" first (npm run test:e2e does).`);
  }
  const port = Number(process.env.E2E_PORT);
  const template = freshDataDir();
  await stopServer(await startServer(port, template));
  process.env.E2E_TEMPLATE_DIR = template;
  const dataDir = freshDataDir();
  const server = await startServer(port, dataDir);
  process.env.E2E_DATA_DIR = dataDir;
  return async () => {
    await stopServer(server);
    removeDataDir(dataDir);
    removeDataDir(template);
  };
}
