import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { clubRegistry } from '../../../server/db/club-scope/club-registry';
import { disableClub } from '../../../server/modules/clubs/create-club';
import {
  API_CACHE_CONTROL,
  computeSecurityHeaders,
  type SecurityHeaders,
} from '../../../server/plugins/security';
import { addClub } from '../helpers/clubs';
import { bearer, createTestContext, PASSWORD, type TestContext } from '../helpers/test-context';

// The answers the club-host hook writes itself, before any route (docs/rules.md#several-clubs): an unknown
// host under STRICT_HOSTS, a disabled club's API and pages. They carry the headers every answer carries.
const DISABLED = 'kayak-odet.example.org';
let ctx: TestContext;
let strict: FastifyInstance;
let expected: SecurityHeaders;
let disabledToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await addClub(ctx, DISABLED, 'Kayak Odet');
  const login = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/login',
    headers: { host: DISABLED },
    payload: { username_or_email: 'boss', password: PASSWORD },
  });
  disabledToken = login.json<{ token: string }>().token;
  await ctx.asOwner((owner) => disableClub(owner, DISABLED, new Date()));
  clubRegistry(ctx.db, ctx.config).forget();
  strict = await buildApp(
    {
      config: loadConfig({ DATA_DIR: ctx.dataDir, STATIC_DIR: ctx.config.staticDir, STRICT_HOSTS: '1' }),
      db: ctx.db,
      dbKind: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      now: () => ctx.clock.now,
      mail: ctx.mail,
    },
    { logStream: false },
  );
  expected = await computeSecurityHeaders(ctx.config.addressSearchUrl);
  expect(expected['content-security-policy']).toContain("default-src 'self'");
}, 60_000);

afterAll(async () => {
  await strict?.close();
  await ctx?.close();
});

/** Every header helmet sets, with the value every other answer has. */
function expectSecurityHeaders(response: LightMyRequestResponse) {
  for (const [name, value] of Object.entries(expected)) expect(response.headers[name], name).toBe(value);
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
}

describe('answers written before any route', () => {
  it('an unknown host under STRICT_HOSTS: a plain 404 with the security headers, no-store under /api', async () => {
    for (const url of ['/api/internal/settings/start', '/', '/login']) {
      const response = await strict.inject({ method: 'GET', url, headers: { host: 'phishing.example.net' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('text/plain');
      expectSecurityHeaders(response);
      if (url.startsWith('/api/')) expect(response.headers['cache-control']).toBe(API_CACHE_CONTROL);
    }
  });

  it("a disabled club's API: 401 unauthorised with the security headers and no-store", async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/me',
      headers: { host: DISABLED, ...bearer(disabledToken) },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'unauthorised', field: null });
    expectSecurityHeaders(response);
    expect(response.headers['cache-control']).toBe(API_CACHE_CONTROL);
  });

  it("a disabled club's pages: 404 with the security headers", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/', headers: { host: DISABLED } });
    expect(response.statusCode).toBe(404);
    expectSecurityHeaders(response);
  });

  it('the same headers as an answer the routes write', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/internal/settings/start' });
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response);
  });
});
