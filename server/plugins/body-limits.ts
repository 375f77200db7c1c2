import type { FastifyInstance } from 'fastify';

const KIB = 1024;

/**
 * Fastify refuses a body past its route's limit from Content-Length alone (413 `too_large`, see errors.ts),
 * before reading or parsing it: the smaller the limit, the less a stranger makes the server read.
 * Every JSON route gets DEFAULT (app.ts), enough for the largest event form; multipart uploads stream
 * and keep their own limits (the image size, in app.ts).
 */
export const DEFAULT_BODY_LIMIT = 64 * KIB;

/**
 * Routes that need another limit, kept here rather than on each route so the whole policy reads at once.
 * Public account routes take a password and a name or token (a few hundred bytes): 8 KiB. The group mail
 * carries a base64 subject (≤ 4,000 characters) and message (≤ 200,000): 256 KiB.
 */
const ROUTE_BODY_LIMITS: Readonly<Record<string, number>> = {
  'POST /api/user/login': 8 * KIB,
  'POST /api/user/confirm/:token': 8 * KIB,
  'POST /api/user/email/confirm/:token': 8 * KIB,
  'POST /api/user/reset': 8 * KIB,
  'PUT /api/user/password/:id': 8 * KIB,
  'POST /api/event/mail': 256 * KIB,
};

/** Applies ROUTE_BODY_LIMITS as routes are declared; register before the routes. */
export function registerBodyLimits(app: FastifyInstance): void {
  const applied = new Set<string>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const key = `${method} ${route.url}`;
      const limit = ROUTE_BODY_LIMITS[key];
      if (limit === undefined) continue;
      // A limit written on the route itself is the more specific decision.
      route.bodyLimit ??= limit;
      applied.add(key);
    }
  });
  // A renamed route would silently fall back to the default limit: refuse to start instead.
  app.addHook('onReady', async () => {
    const missing = Object.keys(ROUTE_BODY_LIMITS).filter((key) => !applied.has(key));
    if (missing.length > 0)
      throw new Error(`body limits name routes that do not exist: ${missing.join(', ')}`);
  });
}
