import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ADDRESS_SEARCH_URL } from '../../../server/config';
import { computeSecurityHeaders } from '../../../server/plugins/security';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

/**
 * Answers written by Fastify or Node rather than by our routes (a malformed URL, a header or body past the
 * limits) look like every other: our `{code, message, field}` body, our security headers, never cached.
 */
let ctx: TestContext;
let auth: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.createUser('root', 'SuperAdmin');
  auth = bearer(await ctx.signIn('root'));
});
afterAll(() => ctx.close());

const errorBody = (code: string, field: string | null = null) => ({
  code,
  message: expect.any(String),
  field,
});

let normalHeaders: Record<string, unknown>;
let helmetNames: string[];
beforeAll(async () => {
  // What a route's answer carries, to compare the hand-written answers with.
  normalHeaders = (await ctx.app.inject({ method: 'GET', url: '/api/health' })).headers;
  helmetNames = Object.keys(await computeSecurityHeaders(DEFAULT_ADDRESS_SEARCH_URL));
});

function expectOurHeaders(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(helmetNames.length).toBeGreaterThan(8);
  for (const name of helmetNames) expect(headers[name], name).toBe(normalHeaders[name]);
  expect(headers['cache-control']).toBe('no-store');
  expect(headers['content-type']).toBe('application/json; charset=utf-8');
}

describe('a malformed URL', () => {
  it.each(['/api/%zz', '/api/user/confirm/%E0%A4%A'])(
    '%s answers 400 invalid_input with our headers',
    async (url) => {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'invalid_input',
        message: 'The data sent is not valid.',
        field: null,
      });
      expectOurHeaders(response.headers);
    },
  );

  it('answers in French by default', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/%zz' });
    expect(response.json().message).toBe('Les données envoyées ne sont pas valides.');
  });
});

/** A real request through Node's HTTP parser (inject bypasses it), on a port of its own. */
async function rawRequest(
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/api/health', headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    request.on('error', reject);
  });
}

describe('a header past Node’s 16 KB limit', () => {
  it('answers 431 too_large with our body and headers, in the request’s language', async () => {
    const response = await rawRequest({ 'accept-language': 'en', 'x-padding': 'x'.repeat(20_000) });
    expect(response.status).toBe(431);
    expect(JSON.parse(response.body)).toEqual(errorBody('too_large'));
    expect(JSON.parse(response.body).message).toBe('What was sent is too large (file or data).');
    expectOurHeaders(response.headers);
  });
});

describe('Cache-Control on the API', () => {
  it.each([
    ['200', '/api/health', {}, 200],
    ['200 signed in', '/api/user/me', 'auth', 200],
    ['401', '/api/user/me', {}, 401],
    ['404', '/api/nope', {}, 404],
    ['400', '/api/internal/settings?key=password', {}, 400],
  ] as const)('a %s answer is no-store', async (_name, url, headers, status) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url,
      headers: headers === 'auth' ? auth : headers,
    });
    expect(response.statusCode).toBe(status);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('framing', () => {
  it.each(['/api/health', '/api/nope', '/files/nothing.png'])(
    '%s answers X-Frame-Options: DENY',
    async (url) => {
      expect((await ctx.app.inject({ method: 'GET', url })).headers['x-frame-options']).toBe('DENY');
    },
  );
});

const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': 'application/json', ...headers },
  });
const KIB = 1024;
const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('body limits', () => {
  it('refuses a 9 KB sign-in with 413 too_large and our headers', async () => {
    const payload = JSON.stringify({ username_or_email: 'root', password: 'x'.repeat(9 * KIB) });
    const response = await post('/api/user/login', payload);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual(errorBody('too_large'));
    expectOurHeaders(response.headers);
  });

  it.each([['/api/user/login'], [`/api/user/confirm/${'t'.repeat(43)}`], ['/api/user/reset']])(
    'refuses a 1 MB deeply nested JSON to %s with 413, unparsed',
    async (url) => {
      const nested = `${'['.repeat(512 * KIB)}${']'.repeat(512 * KIB)}`;
      const response = await post(url, nested);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual(errorBody('too_large'));
    },
  );

  it('refuses from Content-Length alone, before reading the body', async () => {
    const response = await post('/api/user/login', '{}', { 'content-length': String(10 * 1024 * KIB) });
    expect(response.statusCode).toBe(413);
  });

  it('lets a 60 KB JSON reach other routes (their contract answers), and refuses one past 64 KB', async () => {
    const body = (size: number) => JSON.stringify({ uuid_model_event: 'x', description: 'd'.repeat(size) });
    const within = await post('/api/event/add-or-update', body(60 * KIB), auth);
    expect(within.statusCode).toBe(400);
    expect(within.json()).toEqual(errorBody('invalid_input', 'uuid_model_event'));
    const past = await post('/api/event/add-or-update', body(65 * KIB), auth);
    expect(past.statusCode).toBe(413);
  });

  it('lets the group mail carry its largest subject and message, and refuses more', async () => {
    const largest = JSON.stringify({
      event_uuid: '00000000-0000-4000-8000-000000000000',
      subject_base64: b64('s'.repeat(3_000)), // 4,000 characters, the contract's maximum
      // 200,000 characters, the contract's maximum
      message_base64: b64('m'.repeat(150_000)),
    });
    expect(largest.length).toBeGreaterThan(200_000); // three times the default limit
    const response = await post('/api/event/mail', largest, auth);
    expect(response.statusCode).not.toBe(413);
    expect(response.json()).toEqual(errorBody('invalid_input', 'subject_base64'));
    const tooLarge = await post(
      '/api/event/mail',
      `${largest.slice(0, -1)}, "x": "${'x'.repeat(60 * KIB)}"}`,
      auth,
    );
    expect(tooLarge.statusCode).toBe(413);
  });
});
