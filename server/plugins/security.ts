import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy, listed in the README and checked directive by directive in a test.
 * Everything comes from our own origin. The build has no inline style, and two inline scripts (the page's
 * boot script and its one-line week-snapshot call, build-plugins/page-boot.ts), each allowed by its hash
 * alone (inlineScriptHashes);
 * images may also be data:/blob: URLs (previews of a picture before upload). The one outside origin is the
 * French address search the event form asks on save (its origin follows ADDRESS_SEARCH_URL).
 */
export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'", 'https://api-adresse.data.gouv.fr'],
  'manifest-src': ["'self'"],
  'worker-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

/**
 * The script-src sources of the inline scripts in a page (`'sha256-…'` of each one's exact text): those of
 * the built index.html run, no other inline script may.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, code = '']) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`,
  );
}

/** The inline script hashes of the built client in `staticDir` (none when there is no build). */
export function builtScriptHashes(staticDir: string): string[] {
  const indexPath = path.join(staticDir, 'index.html');
  return fs.existsSync(indexPath) ? inlineScriptHashes(fs.readFileSync(indexPath, 'utf8')) : [];
}

/** The policy with connect-src naming the configured address service's origin, script-src the build's hashes. */
export function cspDirectives(
  addressSearchUrl: string,
  scriptHashes: string[] = [],
): Record<string, string[]> {
  const directives: Record<string, string[]> = Object.fromEntries(
    Object.entries(CSP_DIRECTIVES).map(([k, v]) => [k, [...v]]),
  );
  directives['connect-src'] = ["'self'", new URL(addressSearchUrl).origin];
  directives['script-src'] = ["'self'", ...scriptHashes];
  return directives;
}

const helmetOptions = (addressSearchUrl: string, scriptHashes: string[]): FastifyHelmetOptions => ({
  contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(addressSearchUrl, scriptHashes) },
  // The same refusal as frame-ancestors 'none', for browsers that read only the older header.
  frameguard: { action: 'deny' },
  // The app is served over plain HTTP on localhost too: no HSTS pinning from here (set it at the proxy).
  strictTransportSecurity: false,
});

/** API answers are per user and per moment: no browser or proxy may keep one (static files set their own). */
export const API_CACHE_CONTROL = 'no-store';

export function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * The images emails show (the club's logo, the app's icons, both public): any origin may embed them, or a
 * webmail that loads a message's images in its own page would be refused them by helmet's
 * Cross-Origin-Resource-Policy: same-origin. Everything else stays same-origin.
 */
export function isEmbeddableInMail(url: string): boolean {
  return /^\/(icons\/[\w-]+\.png|files\/logo\.png)(\?|$)/.test(url);
}

export type SecurityHeaders = Readonly<Record<string, string>>;

/**
 * Helmet's headers as a plain list, set on every answer (registerSecurity) and on those Fastify writes
 * without running hooks (a malformed URL, a request the HTTP parser refuses). Taken from helmet itself with
 * the options above, once at start, so the two can never drift apart.
 */
export async function computeSecurityHeaders(
  addressSearchUrl: string,
  scriptHashes: string[] = [],
): Promise<SecurityHeaders> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, helmetOptions(addressSearchUrl, scriptHashes));
  let headers: Record<string, string> = {};
  probe.get('/', (_request, reply) => {
    // Helmet has run (onRequest) and Fastify has not added its own headers yet: these are helmet's.
    headers = Object.fromEntries(
      Object.entries(reply.raw.getHeaders()).map(([name, value]) => [name, String(value)]),
    );
    return '';
  });
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return headers;
}

/**
 * Helmet's headers on every answer, as computed once at start (computeSecurityHeaders): they depend on the
 * options only, never on the request, while @fastify/helmet rebuilds helmet (and re-parses the policy)
 * for each request, which cost the health check more than its own work.
 */
export function registerSecurity(app: FastifyInstance, headers: SecurityHeaders): void {
  // One synchronous hook before the route: a route that must be cached otherwise (the calendar feed) sets
  // its own cache-control after it.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (isApiUrl(request.url)) reply.header('cache-control', API_CACHE_CONTROL);
    else if (isEmbeddableInMail(request.url)) reply.header('cross-origin-resource-policy', 'cross-origin');
    done();
  });
}
