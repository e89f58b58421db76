// `npm start`: build the web app when its sources changed, then run the server in this process
// (embedded PGlite in DATA_DIR, demo data on an empty database unless SEED_DEMO=0).
import { ensureWebBuild } from './web-build.mjs';

process.env.SEED_DEMO ??= '1';
// The child that prepares a first start's database runs this script too; the web app is built by then.
if (process.env.GROEIPAD_PREPARE !== '1') ensureWebBuild();
const { register } = await import('tsx/esm/api');
register();
await import('../apps/server/src/main.ts');
