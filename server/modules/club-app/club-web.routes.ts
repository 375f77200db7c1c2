import fs from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_ACCENT_COLOUR } from '@common/contract/club-defaults';
import { shortNameOf } from '@common/rules/short-name';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { catalogueText } from '../../i18n/catalogue';
import { PUBLIC_FILES_PREFIX, publicFilesDir } from '../../plugins/public-files';
import { sendWithWeakETag, weakETagOf } from '../../plugins/weak-etag';
import { CLUB_ICONS, clubIconUrls, FALLBACK_ICONS } from '../files/club-icons';
import { readClubBrand, storedShortName } from '../settings/club-settings';
import { readSetting } from '../settings/settings.repository';

export const MANIFEST_PATH = '/manifest.webmanifest';
export const APPLE_TOUCH_ICON_PATH = '/apple-touch-icon.png';
/** The server pages' colours (public/pages.css reads the variable): a same-origin sheet, as the CSP wants. */
export const CLUB_STYLESHEET_PATH = '/club.css';

/** Revalidated on every use (a new name or logo shows at once), answered 304 while unchanged. */
const NO_CACHE = 'no-cache';
const MANIFEST_TYPE = 'application/manifest+json; charset=utf-8';

/** The web manifest of the club the host names (docs/rules.md#club-settings). */
async function clubManifest(deps: AppDeps) {
  const brand = await readClubBrand(deps.db, deps.config);
  const icons = clubIconUrls(publicFilesDir(deps.config), PUBLIC_FILES_PREFIX);
  return {
    name: brand.clubName,
    short_name: shortNameOf(brand.clubName, await storedShortName(deps.db)),
    description: (await readSetting(deps.db, 'slogan')) ?? catalogueText('fr', 'web_manifest', 'description'),
    lang: 'fr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: brand.accentColour,
    background_color: '#ffffff',
    // No `purpose` on the first two: "any" is the default.
    icons: [
      { src: icons.icon192, sizes: '192x192', type: 'image/png' },
      { src: icons.icon512, sizes: '512x512', type: 'image/png' },
      { src: icons.maskable512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** The club's iOS icon, else the build's; undefined when neither exists (no build). */
async function appleTouchIcon(deps: AppDeps): Promise<Buffer | undefined> {
  const own = path.join(publicFilesDir(deps.config), CLUB_ICONS.apple);
  const bundled = path.join(deps.config.staticDir, FALLBACK_ICONS.apple);
  for (const file of [own, bundled]) {
    try {
      return await fs.readFile(file);
    } catch {
      // Not there: the next one.
    }
  }
  return undefined;
}

/**
 * Public, per host, outside the API (not operations, hidden from the OpenAPI document, never precached by the
 * service worker): the club's web manifest and iOS icon, so two clubs installed on one phone show two names
 * and two icons, and the stylesheet that gives the server's pages the club's accent colour.
 */
export async function clubWebRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const hidden = { schema: { hide: true } };

  app.get(MANIFEST_PATH, hidden, async (request, reply) => {
    const body = Buffer.from(JSON.stringify(await clubManifest(deps)));
    reply.header('cache-control', NO_CACHE);
    return sendWithWeakETag(request, reply, { body, etag: weakETagOf(body) }, MANIFEST_TYPE);
  });

  app.get(APPLE_TOUCH_ICON_PATH, hidden, async (request, reply) => {
    const body = await appleTouchIcon(deps);
    if (!body) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    reply.header('cache-control', NO_CACHE);
    return sendWithWeakETag(request, reply, { body, etag: weakETagOf(body) }, 'image/png');
  });

  app.get(CLUB_STYLESHEET_PATH, hidden, async (request, reply) => {
    const { accentColour } = await readClubBrand(deps.db, deps.config);
    // Stored as checked on PUT; checked again since it is written into CSS.
    const colour = /^#[0-9a-f]{6}$/.test(accentColour) ? accentColour : DEFAULT_ACCENT_COLOUR;
    const body = Buffer.from(`:root {\n  --club-accent: ${colour};\n}\n`);
    reply.header('cache-control', NO_CACHE);
    return sendWithWeakETag(request, reply, { body, etag: weakETagOf(body) }, 'text/css; charset=utf-8');
  });
}
