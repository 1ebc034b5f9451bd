import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../http/errors.ts';

const ASSET_MAX_AGE = 'public, max-age=3600';

/**
 * Serves the built single-page app: hashed assets with `max-age=3600`,
 * and index.html for every other GET that is not an API call (history fallback).
 * The build writes `<asset>.br` and `<asset>.gz` beside each asset (web/vite.config.ts); the
 * static plugin sends the one the client's Accept-Encoding allows, with `Content-Encoding` and
 * `Vary: Accept-Encoding`, and the plain file otherwise (docs/first-screen.md).
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const hasBuild = existsSync(join(webDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      setHeaders: (res, path) => {
        // `path` is the file sent: `index.html`, or `index.html.br` had the build compressed it.
        res.header('Cache-Control', /\.html(\.br|\.gz)?$/.test(path) ? 'no-cache' : ASSET_MAX_AGE);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const wantsPage = request.method === 'GET' && !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path);
    if (hasBuild && wantsPage) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send(errorBody(404, `Адрес ${request.method} ${path} не найден`));
  });
}
