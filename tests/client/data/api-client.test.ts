import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  apiConditionalGet,
  apiRequest,
  onSessionRejected,
} from '../../../src/data/core/api-client';
import { getToken, setToken } from '../../../src/data/core/session-storage';
import { fetchMe } from '../../../src/data/users';
import { json, offline, stubFetch, USER } from '../fake-api';

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('api client', () => {
  it.each([
    [400, 'invalid_input'],
    [401, 'unauthorised'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [405, 'method_not_allowed'],
    [409, 'conflict'],
    [413, 'too_large'],
    [415, 'unsupported_media'],
    [429, 'too_many_requests'],
    [500, 'server_error'],
    [503, 'server_error'],
  ])('maps a bare %i to the error %s', async (status, code) => {
    stubFetch(() => new Response('nope', { status }));
    const error = await failureOf(apiRequest('GET', '/api/x'));
    expect(error.status).toBe(status);
    expect(error.code).toBe(code);
  });

  it("prefers the body's code, message and field", async () => {
    stubFetch(() => json(409, { code: 'event_full', message: 'Complet', field: null }));
    const error = await failureOf(apiRequest('PUT', '/api/x', { body: {} }));
    expect(error).toMatchObject({ status: 409, code: 'event_full', message: 'Complet', field: null });
  });

  it('turns a failed fetch into network_error with status 0, and keeps the token', async () => {
    setToken('tok');
    stubFetch(offline);
    const error = await failureOf(fetchMe());
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
    expect(error.isNetworkOrServer).toBe(true);
    expect(getToken()).toBe('tok');
  });

  it('reports a lost session only for a 401 to a request that carried the token', async () => {
    const rejected = vi.fn();
    const stop = onSessionRejected(rejected);
    stubFetch(() => json(401, { code: 'invalid_credentials', message: 'x', field: null }));
    await failureOf(apiRequest('POST', '/api/user/login', { body: {} }));
    setToken('tok');
    await failureOf(apiRequest('POST', '/api/user/login', { body: {}, isAnonymous: true }));
    stubFetch(() => json(500, { code: 'server_error', message: 'x', field: null }));
    await failureOf(fetchMe());
    expect(rejected).not.toHaveBeenCalled();
    stubFetch(() => json(401, { code: 'unauthorised', message: 'x', field: null }));
    await failureOf(fetchMe());
    expect(rejected).toHaveBeenCalledTimes(1);
    stop();
  });

  it('sends the bearer token, the language and a JSON body', async () => {
    setToken('tok');
    const fetchMock = stubFetch(() => json(200, USER));
    await apiRequest('POST', '/api/x', { body: { a: 1 } });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer tok',
      'Accept-Language': 'fr',
      'Content-Type': 'application/json',
    });
    expect(init.body).toBe('{"a":1}');
  });

  it('parses the answer with the contract schema', async () => {
    stubFetch(() => json(200, USER));
    expect(await fetchMe()).toEqual(USER);
    stubFetch(() => json(200, { ...USER, role_name: 'Emperor' }));
    await expect(fetchMe()).rejects.toThrow();
  });

  it('sends the tag it holds as If-None-Match, reads 304 as unchanged and 200 as the answer with its new tag', async () => {
    const schema = z.array(z.number());
    const fetchMock = stubFetch((_url, init) =>
      new Headers(init.headers).get('if-none-match') === 'W/"a"'
        ? new Response(null, { status: 304, headers: { etag: 'W/"a"' } })
        : new Response('[1,2]', {
            status: 200,
            headers: { etag: 'W/"b"', 'content-type': 'application/json' },
          }),
    );
    expect(await apiConditionalGet('/api/x', schema, 'W/"a"')).toEqual({ isNotModified: true });
    expect(await apiConditionalGet('/api/x', schema)).toEqual({
      isNotModified: false,
      data: [1, 2],
      etag: 'W/"b"',
    });
    expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).has('if-none-match')).toBe(false);
    stubFetch(() => json(401, { code: 'unauthorised', message: 'x', field: null }));
    expect((await failureOf(apiConditionalGet('/api/x', schema, 'W/"a"'))).status).toBe(401);
  });
});
