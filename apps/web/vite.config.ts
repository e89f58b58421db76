import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const backend = process.env.GROEIPAD_BACKEND ?? 'http://localhost:3000';
const proxied = ['/api', '/actuator', '/ims', '/locales', '/eula'];

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy next to every script, style
 * sheet and page of the build, once, so the server sends them as they are (@fastify/static
 * `preCompressed`) instead of compressing per request. Part of every `vite build`, whichever script
 * runs it. A copy that is not smaller than its file is not written.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipAsync = promisify(gzip);
  return {
    name: 'groeipad:precompress',
    apply: 'build',
    async writeBundle(output, bundle) {
      const dir = output.dir ?? 'dist';
      const files = Object.keys(bundle).filter((name) => /\.(js|mjs|css|html|svg)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(dir, name);
          const content = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: 9 }),
          ]);
          if (br.length < content.length) await writeFile(`${path}.br`, br);
          if (gz.length < content.length) await writeFile(`${path}.gz`, gz);
        }),
      );
    },
  };
}

export const config = defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: backend, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 900,
    // No preload map in the first chunk: it named every lazy screen's shared chunks (2.3 KB gzip and
    // growing with each screen) on the sign-in page's budget (issue 6). A screen's shared chunks now load
    // after its own chunk, one round trip later, and only on its first visit.
    modulePreload: false,
    rolldownOptions: {
      output: {
        // Everything the first page needs (the sign-in page for a visitor without a session) in one
        // chunk instead of ~25 small shared ones: one request, and it compresses better (bench/bundle.ts).
        codeSplitting: { groups: [{ name: 'start', tags: ['$initial'] }] },
      },
    },
  },
});

export default config;
