import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../server/modules/users/tokens';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.createUser('gina');
});
afterAll(() => ctx.close());

const DAY = 24 * 3_600_000;
const me = (headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: '/api/user/me', headers });
const advance = (ms: number) => {
  ctx.clock.now = new Date(ctx.clock.now.getTime() + ms);
};

describe('sessions', () => {
  it.each([
    ['no token', {}],
    ['a malformed header', { authorization: 'Token abc' }],
    ['an unknown token', { authorization: `Bearer ${'A'.repeat(43)}` }],
  ])('answers 401 unauthorised to /me with %s', async (_name, headers) => {
    const response = await me(headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'unauthorised', field: null });
  });

  it('stores only the SHA-256 of a token', async () => {
    const token = await ctx.signIn('gina');
    const rows = await ctx.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(token));
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('slides the 30-day expiry with use, and expires a token idle for more than 30 days', async () => {
    const token = await ctx.signIn('gina');
    advance(20 * DAY);
    expect((await me(bearer(token))).statusCode).toBe(200);
    advance(20 * DAY); // 40 days after sign-in, 20 after last use
    expect((await me(bearer(token))).statusCode).toBe(200);
    advance(31 * DAY);
    expect((await me(bearer(token))).statusCode).toBe(401);
  });

  it('writes last_used_at at most once an hour', async () => {
    const token = await ctx.signIn('gina');
    const lastUsed = async () =>
      (
        await ctx.db
          .selectFrom('sessions')
          .select('last_used_at')
          .where('token_hash', '=', hashToken(token))
          .executeTakeFirstOrThrow()
      ).last_used_at;
    const first = await lastUsed();
    advance(30 * 60_000);
    await me(bearer(token));
    expect(await lastUsed()).toEqual(first);
    advance(31 * 60_000);
    await me(bearer(token));
    expect((await lastUsed()).getTime()).toBe(ctx.clock.now.getTime());
  });

  it('logout kills the token and only that one', async () => {
    const kept = await ctx.signIn('gina');
    const ended = await ctx.signIn('gina');
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(ended) });
    expect(logout.statusCode).toBe(204);
    expect((await me(bearer(ended))).statusCode).toBe(401);
    expect((await me(bearer(kept))).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(ended) })).statusCode,
    ).toBe(401);
  });
});
