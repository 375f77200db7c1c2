import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { currentClub } from '../db/club-scope/current-club';

export const PUBLIC_FILES_PREFIX = '/files/';
const LOGO_URL = `${PUBLIC_FILES_PREFIX}logo.png`;

/**
 * The club's files live under DATA_DIR/<CLUB_ID>/; only its `public/` folder (logo, pictures) is served.
 * Anything else there (the mail log) is never reachable over HTTP.
 */
export function publicFilesDir(config: Config): string {
  const dir = path.join(config.dataDir, currentClub().key, 'public');
  // Made on first use: a club made by the command line has no folder until something is stored for it.
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** The club's logo URL, or '' while none was uploaded (the app then shows its bundled logo, with no 404). */
/**
 * The logo's URL, versioned by the file's time: the file name is fixed (logo.png), so without it browsers
 * and the service worker (stale-while-revalidate on /files/) would show a replaced logo once more.
 */
export function logoUrl(config: Config): string {
  const file = path.join(publicFilesDir(config), 'logo.png');
  return fs.existsSync(file) ? `${LOGO_URL}?v=${Math.floor(fs.statSync(file).mtimeMs)}` : '';
}

/** The club's logo as an absolute URL; the bundled PNG icon while none was uploaded (mail clients often show no SVG). */
export function absoluteLogoUrl(config: Config): string {
  return `${currentClub().publicUrl}${logoUrl(config) || '/icons/icon-192.png'}`;
}

/**
 * Serves /files/ from the requesting club's own folder: the root is chosen per request, so a path can never reach
 * another club's files (`send` refuses to leave the root it is given).
 */
export async function registerPublicFiles(app: FastifyInstance, config: Config): Promise<void> {
  // In a scope of its own: its reply.sendFile stays apart from the built client's (client-files.ts).
  await app.register(async (files) => {
    await files.register(fastifyStatic, {
      root: config.dataDir,
      serve: false,
      index: false,
      dotfiles: 'deny',
      etag: true,
      lastModified: true,
      // Revalidate every time: a new logo keeps the same URL, the ETag tells the browser it changed.
      cacheControl: false,
      setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
    });
    // Not an API operation (the OpenAPI description names the picture URLs in prose).
    files.get(`${PUBLIC_FILES_PREFIX}*`, { schema: { hide: true } }, (request, reply) => {
      const file = (request.params as { '*': string })['*'];
      return reply.sendFile(file, publicFilesDir(config));
    });
  });
}
