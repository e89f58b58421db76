import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * One origin: the built web app (hashed assets cached for a year, index.html never), the locales and
 * licence pages straight from apps/web/public, and the history fallback for client routes. The build
 * writes brotli and gzip copies next to each file (`app.js.br`, `app.js.gz`); the one the client
 * accepts is sent (`content-encoding`, `vary: accept-encoding`), nothing is compressed per request.
 */
export async function registerWeb(app: FastifyInstance, config: Config): Promise<void> {
  for (const folder of ['locales', 'eula']) {
    await app.register(fastifyStatic, {
      root: join(config.webPublicDir, folder),
      prefix: `/${folder}/`,
      decorateReply: false,
      cacheControl: false,
      setHeaders: (res) => res.header('cache-control', 'no-cache'),
    });
  }
  const hasBuild = existsSync(join(config.webDistDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      index: ['index.html'],
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) =>
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        ),
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path.startsWith('/api/') || path === '/api' || path.startsWith('/actuator/');
    const wantsPage = request.method === 'GET' && !isApi && !/\.[a-z0-9]+$/i.test(path);
    if (wantsPage && hasBuild) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', config.webDistDir);
    }
    if (wantsPage) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built. Run `npm start` (it builds it) or `npm run build`.');
    }
    return reply.status(404).send({ status: 404, key: 'notFound' });
  });
}
