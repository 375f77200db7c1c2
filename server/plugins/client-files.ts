import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

// Paths that are never the single-page app: an unknown one is a plain 404, not index.html.
const NOT_SPA = /^\/(api|files|assets)(\/|$)/;

function cacheControlFor(filePath: string): string {
  return filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : NO_CACHE;
}

/**
 * Serves the built client: hashed /assets forever, everything else (index.html, sw.js, the manifest,
 * icons) revalidated so a deploy is seen at once. Deep links get index.html (the SPA fallback).
 */
export async function registerClientFiles(app: FastifyInstance, staticDir: string): Promise<void> {
  const hasBuild = fs.existsSync(path.join(staticDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      index: false,
      // The build writes .br and .gz beside every asset (vite.config.ts): the best one the client accepts
      // is sent, with Content-Encoding and Vary; a missing copy falls back to the plain file.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('Cache-Control', cacheControlFor(filePath));
        // The bytes depend on Accept-Encoding (a precompressed copy or the plain file): caches must know.
        res.setHeader('Vary', 'accept-encoding');
      },
    });
    // The static handler refuses directories; the root is the app itself. Like the static files (whose
    // routes @fastify/static hides), it is no API operation: kept out of the OpenAPI document
    // (docs/architecture.md#checks).
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('Cache-Control', NO_CACHE).sendFile('index.html'),
    );
  } else {
    app.log.warn(`No built client in ${staticDir}: run "npm run build" to serve the app.`);
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (!hasBuild || !isPageRequest || NOT_SPA.test(pathname)) {
      return sendError(request, reply, 404, 'not_found');
    }
    return reply.header('Cache-Control', NO_CACHE).sendFile('index.html');
  });
}
