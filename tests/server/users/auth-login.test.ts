import { userSchema } from '@common/contract/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, PASSWORD, type TestContext } from '../helpers/test-context';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.createUser('alice', 'Contributor');
});
afterAll(() => ctx.close());

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/user/login', payload: payload as object, headers });

describe('POST /api/user/login', () => {
  it('answers a base64url token of 256 bits and the user, by username or email in any case', async () => {
    for (const name of ['alice', 'ALICE', 'Alice@Example.org']) {
      const response = await login({ username_or_email: name, password: PASSWORD });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const user = userSchema.parse(body.user);
      expect(user).toMatchObject({
        username: 'alice',
        role_name: 'Contributor',
        role_id: 2,
        is_locked: false,
      });
      expect(body.user).not.toHaveProperty('password_hash');
    }
  });

  it('gives a token that opens /api/user/me', async () => {
    const token = await ctx.signIn('alice');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe('alice');
  });

  it('answers a wrong password and an unknown user exactly alike', async () => {
    const wrongPassword = await login({ username_or_email: 'alice', password: 'Wrong-password1' });
    const unknownUser = await login({ username_or_email: 'nobody', password: 'Wrong-password1' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.body).toBe(unknownUser.body);
    expect(wrongPassword.json()).toEqual({
      code: 'invalid_credentials',
      message: expect.any(String),
      field: null,
    });
  });

  it('translates the message to the request language', async () => {
    const fr = await login({ username_or_email: 'nobody', password: 'x' });
    const en = await login(
      { username_or_email: 'nobody', password: 'x' },
      { 'accept-language': 'en-GB,en;q=0.9' },
    );
    expect(fr.json().message).not.toBe(en.json().message);
    expect(en.json().code).toBe('invalid_credentials');
  });

  it.each([
    ['a body that is not JSON', '{"username_or_email": ', 'application/json', null],
    ['an empty JSON body', '', 'application/json', null],
    ['a missing password', JSON.stringify({ username_or_email: 'alice' }), 'application/json', 'password'],
    [
      'a password of the wrong type',
      JSON.stringify({ username_or_email: 'alice', password: 42 }),
      'application/json',
      'password',
    ],
    ['an array', JSON.stringify([1, 2]), 'application/json', null],
    ['null', 'null', 'application/json', null],
  ])('refuses %s with 400 invalid_input, never 500', async (_name, payload, contentType, field) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload,
      headers: { 'content-type': contentType },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalid_input', field });
  });

  it('refuses a body over its 8 KB limit with 413 too_large, before parsing it', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: JSON.stringify({ username_or_email: 'a', password: 'x'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'too_large', field: null });
  });
});
