import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

export const PUBLIC_FILES_PREFIX = '/files/';
const LOGO_URL = `${PUBLIC_FILES_PREFIX}logo.png`;

/**
 * The club's files live under DATA_DIR/<CLUB_ID>/; only its `public/` folder (logo, pictures) is served.
 * Anything else there (the mail log) is never reachable over HTTP.
 */
export function publicFilesDir(config: Config): string {
  return path.join(config.dataDir, config.clubId, 'public');
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
  return `${config.publicUrl}${logoUrl(config) || '/icons/icon-192.png'}`;
}

export async function registerPublicFiles(app: FastifyInstance, config: Config): Promise<void> {
  const root = publicFilesDir(config);
  fs.mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: PUBLIC_FILES_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    etag: true,
    lastModified: true,
    // Revalidate every time: a new logo keeps the same URL, the ETag tells the browser it changed.
    cacheControl: false,
    setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
  });
}
