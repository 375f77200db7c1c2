import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { createTestContext, type TestContext } from '../helpers/test-context';

/** TRUST_PROXY: which hops may name the client, so the rate limits count real clients, not spoofed ones. */
const LIMIT = 5;
const TRUE_REFUSED =
  'TRUST_PROXY=true would let any client choose its own IP through X-Forwarded-For; write the number of ' +
  'proxies in front of the server (TRUST_PROXY=1 behind one reverse proxy) or their addresses ' +
  '(TRUST_PROXY=10.0.0.2,10.0.0.0/8)';

let behindOneProxy: TestContext;
let behindListedProxy: TestContext;

beforeAll(async () => {
  behindOneProxy = await createTestContext({ env: { TRUST_PROXY: '1', RATE_LIMIT_LOGIN: String(LIMIT) } });
  // A second app on the same data: only the proxy setting differs.
  behindListedProxy = await createTestContext({
    env: { TRUST_PROXY: '10.0.0.2, 127.0.0.0/8', RATE_LIMIT_LOGIN: String(LIMIT) },
    sharedDatabase: behindOneProxy.database,
  });
});
afterAll(async () => {
  await behindListedProxy?.close();
  await behindOneProxy?.close();
});

/** A wrong sign-in arriving through the proxy at 127.0.0.1, which appended `client` to what it received. */
const attempt = (ctx: TestContext, forwardedFor: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/user/login',
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { username_or_email: 'nobody', password: 'Wrong-password1' },
  });

describe('TRUST_PROXY=1 (one reverse proxy)', () => {
  it('counts one client whose own X-Forwarded-For entry changes on every attempt', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 3; i++)
      statuses.push((await attempt(behindOneProxy, `198.51.100.${i}, 203.0.113.7`)).statusCode);
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(401));
    expect(statuses.slice(LIMIT)).toEqual([429, 429, 429]);
    const last = await attempt(behindOneProxy, 'spoof-again, 203.0.113.7');
    expect(last.json()).toMatchObject({ code: 'too_many_requests', field: null });
  });

  it('does not limit distinct clients behind the same proxy', async () => {
    for (let i = 0; i < LIMIT + 3; i++)
      expect((await attempt(behindOneProxy, `203.0.113.${100 + i}`)).statusCode).toBe(401);
  });
});

describe('TRUST_PROXY as a list of addresses', () => {
  it('takes the client from the first hop not listed, whatever the client wrote before it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++)
      statuses.push((await attempt(behindListedProxy, `spoof-${i}, 192.0.2.9, 10.0.0.2`)).statusCode);
    expect(statuses.at(-1)).toBe(429);
    expect((await attempt(behindListedProxy, '192.0.2.10, 10.0.0.2')).statusCode).toBe(401);
  });
});

describe('loadConfig', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.2', ['10.0.0.2']],
    ['10.0.0.2, 10.0.0.0/8,fd00::/8', ['10.0.0.2', '10.0.0.0/8', 'fd00::/8']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['true', 'TRUE', ' true '])('refuses TRUST_PROXY=%s, saying what to write instead', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(TRUE_REFUSED);
  });

  it.each(['*', 'proxy.example.org', '10.0.0.0/33', '10.0.0.2,', '1.5', '-1'])(
    'refuses TRUST_PROXY=%s, naming the entry',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY: .* is not an IP address or CIDR/,
      );
    },
  );
});

describe('npm start with TRUST_PROXY=true', () => {
  it('prints the message alone, no stack trace, and exits 1', async () => {
    const run = promisify(execFile);
    const failure = await run(path.resolve('node_modules/.bin/tsx'), ['server/main.ts'], {
      env: { ...process.env, TRUST_PROXY: 'true' },
    }).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toBe(`${TRUE_REFUSED}\n`);
  });
});
