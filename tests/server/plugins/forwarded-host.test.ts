import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { addClub } from '../helpers/clubs';
import { createTestContext, type TestContext } from '../helpers/test-context';

// X-Forwarded-Host chooses a club only when the socket comes from a proxy TRUST_PROXY names by address
// (docs/rules.md#several-clubs): a client's own header, sent straight to the server or passed on by a proxy,
// never moves it into another club.
const HOST_2 = 'aviron-vannes.example.org';
const PROXY = '10.0.0.2';
const CLIENT = '203.0.113.5';
let ctx: TestContext;
let behindOneProxy: FastifyInstance;
let behindNamedProxy: FastifyInstance;
let firstName: string;

/** Another app on the same database: only TRUST_PROXY differs. */
const appWith = (trustProxy: string) =>
  buildApp(
    {
      config: loadConfig({
        DATA_DIR: ctx.dataDir,
        STATIC_DIR: ctx.config.staticDir,
        TRUST_PROXY: trustProxy,
      }),
      db: ctx.db,
      dbKind: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      now: () => ctx.clock.now,
      mail: ctx.mail,
    },
    { logStream: false },
  );

/** The club name the start settings answer, for a request from `remoteAddress` with these headers. */
async function clubNameFor(
  app: FastifyInstance,
  remoteAddress: string,
  headers: Record<string, string>,
): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/internal/settings/start',
    remoteAddress,
    headers: { host: 'localhost', ...headers },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ club_name: string }>().club_name;
}

beforeAll(async () => {
  ctx = await createTestContext();
  await addClub(ctx, HOST_2, 'Aviron de Vannes');
  behindOneProxy = await appWith('1');
  behindNamedProxy = await appWith(PROXY);
  firstName = await clubNameFor(ctx.app, CLIENT, {});
  expect(firstName).not.toBe('Aviron de Vannes');
}, 60_000);

afterAll(async () => {
  await behindNamedProxy?.close();
  await behindOneProxy?.close();
  await ctx?.close();
});

const forwarded = { 'x-forwarded-host': HOST_2 };

describe('TRUST_PROXY as a hop count', () => {
  it('ignores X-Forwarded-Host from whoever connects: the proxy and a direct client look alike', async () => {
    // From the proxy's own address (it passed the client's header on) and from a client reaching the port.
    expect(await clubNameFor(behindOneProxy, '127.0.0.1', forwarded)).toBe(firstName);
    expect(await clubNameFor(behindOneProxy, CLIENT, forwarded)).toBe(firstName);
    expect(await clubNameFor(behindOneProxy, CLIENT, { 'x-forwarded-host': `localhost, ${HOST_2}` })).toBe(
      firstName,
    );
  });

  it('still chooses the club from Host, which the proxy sets to the name it served', async () => {
    expect(await clubNameFor(behindOneProxy, '127.0.0.1', { host: `${HOST_2}:3000` })).toBe(
      'Aviron de Vannes',
    );
    expect(await clubNameFor(behindOneProxy, '127.0.0.1', { host: HOST_2, ...forwarded })).toBe(
      'Aviron de Vannes',
    );
  });
});

describe('TRUST_PROXY naming the proxy by address', () => {
  it('keeps a request from any other address in the club its Host names', async () => {
    expect(await clubNameFor(behindNamedProxy, CLIENT, forwarded)).toBe(firstName);
    expect(await clubNameFor(behindNamedProxy, '10.0.0.3', forwarded)).toBe(firstName);
  });

  it('lets the named proxy choose the club through X-Forwarded-Host', async () => {
    expect(await clubNameFor(behindNamedProxy, PROXY, forwarded)).toBe('Aviron de Vannes');
    // The proxy's X-Forwarded-Host wins over the Host it rewrote.
    expect(await clubNameFor(behindNamedProxy, PROXY, { host: '127.0.0.1:3000', ...forwarded })).toBe(
      'Aviron de Vannes',
    );
  });
});

describe('no TRUST_PROXY', () => {
  it("ignores a client's X-Forwarded-Host, whatever its address", async () => {
    expect(await clubNameFor(ctx.app, '127.0.0.1', forwarded)).toBe(firstName);
    expect(await clubNameFor(ctx.app, PROXY, forwarded)).toBe(firstName);
  });
});
