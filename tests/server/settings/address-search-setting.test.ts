import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_ADDRESS_SEARCH_URL, loadConfig } from '../../../server/config';
import { createTestContext, type TestContext } from '../helpers/test-context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { ADDRESS_SEARCH_URL: 'http://127.0.0.1:4567/search/' } });
});
afterAll(() => ctx.close());

describe('the address search the event form asks (ADDRESS_SEARCH_URL)', () => {
  it('is a public setting, and its origin is the one outside origin of connect-src', async () => {
    const setting = await ctx.app.inject({ method: 'GET', url: '/api/internal/settings?key=address_search' });
    expect(setting.json()).toEqual({ key: 'address_search', value: 'http://127.0.0.1:4567/search/' });
    const csp = String(setting.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:4567;");
  });

  it('defaults to the French national service and refuses what is not an http(s) URL', () => {
    expect(loadConfig({}).addressSearchUrl).toBe(DEFAULT_ADDRESS_SEARCH_URL);
    expect(() => loadConfig({ ADDRESS_SEARCH_URL: 'ftp://x' })).toThrow(ConfigError);
  });
});
