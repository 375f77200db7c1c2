import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, captureLogs, createTestContext, PASSWORD, type TestContext } from '../helpers/test-context';

let ctx: TestContext;
const logs = captureLogs();

beforeAll(async () => {
  ctx = await createTestContext({
    logStream: logs.stream,
    env: { RATE_LIMIT_LOGIN: '8', RATE_LIMIT_RESET: '3', RATE_LIMIT_CONFIRM: '3' },
  });
  await ctx.createUser('hugo');
});
afterAll(() => ctx.close());

describe('logs', () => {
  it('never contain the password or the token of a login', async () => {
    const token = await ctx.signIn('hugo');
    await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
    await ctx.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(token) });
    const text = logs.text();
    expect(text).toContain('/api/user/login'); // the requests were logged…
    expect(text).not.toContain(PASSWORD); // …but not their secrets
    expect(text).not.toContain(token);
  });
});

describe('login rate limit', () => {
  it('answers 429 too_many_requests with Retry-After past the configured limit', async () => {
    const statuses: number[] = [];
    let last = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    for (let i = 0; i < 8; i++) {
      last = await ctx.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { username_or_email: 'nobody', password: 'x' },
      });
      statuses.push(last.statusCode);
    }
    // The sign-in above used one of the 8.
    expect(statuses.slice(0, 7).every((s) => s === 401)).toBe(true);
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ code: 'too_many_requests', field: null });
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('confirm and reset rate limits', () => {
  it.each([
    ['POST /api/user/reset', '/api/user/reset', { Ask: { email: 'nobody@example.org' } }],
    ['POST /api/user/confirm/{token}', `/api/user/confirm/${'t'.repeat(43)}`, { password: 'Str0ngPassword' }],
  ])('%s answers 429 past its configured limit', async (_name, url, payload) => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await ctx.app.inject({ method: 'POST', url, payload })).statusCode);
    expect(statuses[3]).toBe(429);
    expect(statuses.slice(0, 3).every((s) => s !== 429)).toBe(true);
  });
});

// Last: its confirm and reset requests count against the limits tested above (a 429 is logged all the same).
describe('logs of links with a token', () => {
  const token = 'Zk9yR2V0LW1lLW5vdC1pbi10aGUtbG9ncy0xMjM0NTY3';

  it.each([
    ['a plain confirm path', 'POST', `/api/user/confirm/${token}`],
    ['a percent-encoded confirm path', 'POST', `/api/user/%63onfirm/${token}`],
    ['a double-encoded confirm path', 'POST', `/api/user/%2563onfirm/${token}`],
    ['an upper-case confirm path', 'POST', `/api/user/CONFIRM/${token}`],
    ['a plain reset link', 'GET', `/reset?token=${token}`],
    ['a percent-encoded query name', 'GET', `/reset?%74oken=${token}`],
    ['a percent-encoded query name, on the API', 'POST', `/api/user/reset?a=1&%74%6Fken=${token}`],
    ['a malformed escape after the token', 'POST', `/api/user/%63onfirm/${token}%zz`],
    ['an escape that is not UTF-8', 'GET', `/reset?%74oken=${token}%e9%ff`],
  ])('never contain the token of %s', async (_name, method, url) => {
    const before = logs.text().length;
    await ctx.app.inject({
      method: method as 'GET',
      url,
      payload: method === 'POST' ? { password: PASSWORD } : undefined,
    });
    const written = logs.text().slice(before);
    // The request was logged, by its route's pattern or with its URL redacted…
    expect(written).toMatch(/"url":"[^"]*(\[redacted\]|\/:token)/);
    expect(written).not.toContain(token); // …without its token
  });
});
