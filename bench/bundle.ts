// What the browser downloads per screen: starts the built server (apps/web/dist, as `npm start`
// serves it) on loopback, opens each route in a fresh Chromium context (empty cache) and counts the
// JavaScript and CSS it fetched: bytes on the wire (encoded), bytes after decoding, files, and the
// content-encoding they arrived with. For the same files it also asks the server for the brotli and the
// gzip copy, so both figures show whatever Chromium negotiates on plain http.
// Usage: npm run bench:bundle [-- --root <other checkout with a built apps/web/dist>]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type BrowserContext, chromium, type Response } from '@playwright/test';
import { CHROMIUM_ARGS } from '../e2e/playwright.config.ts';
import { freePort, signInDemo, waitForPing } from './support.ts';

const { values: args } = parseArgs({
  options: {
    root: { type: 'string', default: resolve(import.meta.dirname, '..') },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});
const root = resolve(args.root);
const resultsDir = resolve(import.meta.dirname, 'results');

interface Route {
  path: string;
  signedIn: boolean;
}
const ROUTES: Route[] = [
  { path: '/login', signedIn: false },
  { path: '/register', signedIn: false },
  { path: '/request-password-reset', signedIn: false },
  { path: '/trajectories', signedIn: true },
  { path: '/profile', signedIn: true },
];

interface Asset {
  url: string;
  kind: 'js' | 'css';
  encoding: string;
  encoded: number;
  decoded: number;
}
interface Sizes {
  files: number;
  encoded: number;
  decoded: number;
  br: number;
  gzip: number;
  /** The server sent the br and gzip copies (else they are computed here). */
  served: boolean;
  /** Every file arrived with a content-encoding (br or gzip). */
  compressed: boolean;
  encodings: string[];
}
interface Row {
  route: string;
  js: Sizes;
  css: Sizes;
}

/**
 * Bytes of the body of `url` when the client accepts only `encoding`, and whether the server sent it
 * so. A server that sends it as it is (before pre-compression) is measured by compressing it here at
 * the build's levels (gzip 9, brotli 11), so runs before and after compare.
 */
async function sizeWith(url: string, encoding: 'br' | 'gzip'): Promise<{ bytes: number; served: boolean }> {
  const response = await fetch(url, { headers: { 'accept-encoding': encoding } });
  const body = Buffer.from(await response.arrayBuffer()); // fetch decodes transparently
  if (response.headers.get('content-encoding') === encoding) {
    return { bytes: Number(response.headers.get('content-length')), served: true };
  }
  const compressed =
    encoding === 'gzip'
      ? gzipSync(body, { level: 9 })
      : brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  return { bytes: compressed.length, served: false };
}

async function measure(context: BrowserContext, base: string, route: Route): Promise<Asset[]> {
  const page = await context.newPage();
  const seen: Promise<Asset | null>[] = [];
  page.on('response', (response: Response) => {
    seen.push(
      (async () => {
        const url = new URL(response.url());
        const kind = url.pathname.endsWith('.js') ? 'js' : url.pathname.endsWith('.css') ? 'css' : null;
        if (!kind || url.origin !== base) return null;
        const [sizes, body, headers] = await Promise.all([
          response.request().sizes(),
          response.body(),
          response.allHeaders(),
        ]);
        return {
          url: url.pathname,
          kind,
          encoding: headers['content-encoding'] ?? 'identity',
          encoded: sizes.responseBodySize,
          decoded: body.length,
        };
      })(),
    );
  });
  await page.goto(`${base}${route.path}`);
  await page.locator('h1, h2').first().waitFor();
  await page.waitForLoadState('networkidle');
  const assets = (await Promise.all(seen)).filter((asset): asset is Asset => asset !== null);
  await page.close();
  return assets;
}

async function summarise(base: string, assets: Asset[], kind: 'js' | 'css'): Promise<Sizes> {
  const mine = assets.filter((asset) => asset.kind === kind);
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const br = await Promise.all(mine.map((asset) => sizeWith(`${base}${asset.url}`, 'br')));
  const gzip = await Promise.all(mine.map((asset) => sizeWith(`${base}${asset.url}`, 'gzip')));
  return {
    files: mine.length,
    encoded: sum(mine.map((asset) => asset.encoded)),
    decoded: sum(mine.map((asset) => asset.decoded)),
    br: sum(br.map((size) => size.bytes)),
    gzip: sum(gzip.map((size) => size.bytes)),
    served: [...br, ...gzip].every((size) => size.served),
    compressed: mine.every((asset) => asset.encoding === 'br' || asset.encoding === 'gzip'),
    encodings: [...new Set(mine.map((asset) => asset.encoding))],
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`;

function print(rows: Row[]): void {
  const header = [
    'route'.padEnd(24),
    'kind',
    'files'.padStart(5),
    'wire KB'.padStart(8),
    'encoding'.padStart(9),
    'decoded KB'.padStart(10),
    'gzip KB'.padStart(8),
    'br KB'.padStart(7),
  ];
  console.log(header.join(' '));
  for (const row of rows) {
    for (const kind of ['js', 'css'] as const) {
      const s = row[kind];
      console.log(
        [
          (kind === 'js' ? row.route : '').padEnd(24),
          kind.padEnd(4),
          String(s.files).padStart(5),
          kb(s.encoded).padStart(8),
          s.encodings.join('+').padStart(9),
          kb(s.decoded).padStart(10),
          `${kb(s.gzip)}${s.served ? '' : '*'}`.padStart(8),
          `${kb(s.br)}${s.served ? '' : '*'}`.padStart(7),
        ].join(' '),
      );
    }
  }
}

async function main(): Promise<void> {
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) {
    throw new Error(`${root}/apps/web/dist is missing: run \`npm run build\` first`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'groeipad-bundle-'));
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await chromium.launch({ executablePath: args.chromium, args: CHROMIUM_ARGS });
  try {
    await waitForPing(base, server);
    const tokens = await signInDemo(base);
    const rows: Row[] = [];
    for (const route of ROUTES) {
      const context = await browser.newContext({ locale: 'nl-NL', viewport: { width: 1280, height: 800 } });
      await context.addInitScript(
        (seed) => {
          localStorage.setItem('cookies', 'true');
          localStorage.setItem('language', 'nl');
          if (seed) localStorage.setItem('tokens', JSON.stringify(seed));
        },
        route.signedIn ? tokens : null,
      );
      const assets = await measure(context, base, route);
      await context.close();
      rows.push({
        route: route.path,
        js: await summarise(base, assets, 'js'),
        css: await summarise(base, assets, 'css'),
      });
    }
    console.log(
      `\nGroeipad bundle — what Chromium ${browser.version()} downloads per screen (empty cache)\n`,
    );
    print(rows);
    console.log(
      '\nwire = bytes Chromium received for the bodies (as negotiated), decoded = after decompression;' +
        '\ngzip / br = the same files when the client accepts only that encoding' +
        '\n(* = the server sent them uncompressed: compressed here at gzip 9 / brotli 11). KB = 1024 bytes.',
    );
    mkdirSync(resultsDir, { recursive: true });
    const file = join(resultsDir, `${new Date().toISOString().replaceAll(':', '-')}-bundle.json`);
    writeFileSync(file, JSON.stringify({ root, chromium: browser.version(), rows }, null, 2));
    console.log(`\nraw figures: ${file}`);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
