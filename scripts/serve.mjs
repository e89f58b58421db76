// `npm run serve`: the built server in production mode (D45): no demo data, the test checkout off unless
// PAYMENTS=test. Run with `--conditions=groeipad-built` (package.json), so `@groeipad/core` resolves to
// its built JavaScript. The server runs in this process: a stop signal npm passes on reaches it.
import { existsSync } from 'node:fs';

const main = new URL('../apps/server/dist/main.js', import.meta.url);
if (!existsSync(main)) {
  console.error('No built server: run `npm run build` first.');
  process.exit(1);
}
process.env.NODE_ENV ??= 'production';
await import(main.href);
