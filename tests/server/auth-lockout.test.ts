import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, PASSWORD, type TestContext } from './helpers/test-context';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const MINUTE = 60_000;
const login = (username: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username_or_email: username, password },
  });
const failTimes = async (username: string, times: number) => {
  for (let i = 0; i < times; i++) expect((await login(username, 'Wrong-password1')).statusCode).toBe(401);
};
const advance = (ms: number) => {
  ctx.clock.now = new Date(ctx.clock.now.getTime() + ms);
};

describe('temporary lockout', () => {
  it('locks at the 5th failure, refuses the right password with account_locked, keeps existing sessions', async () => {
    await ctx.createUser('bob');
    const existingToken = await ctx.signIn('bob');

    await failTimes('bob', 4);
    expect((await login('bob', PASSWORD)).statusCode).toBe(200); // 4 failures do not lock; success resets
    await failTimes('bob', 5);

    const refused = await login('bob', PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('account_locked');
    // A guesser still sees only invalid_credentials.
    expect((await login('bob', 'Wrong-password1')).json().code).toBe('invalid_credentials');

    const me = await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(existingToken) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ is_locked: true, connection_attempt: 5 });
  });

  it('ends the lock after 15 minutes; a further lock without a success between doubles', async () => {
    await ctx.createUser('carol');
    await failTimes('carol', 5);
    advance(14 * MINUTE);
    expect((await login('carol', PASSWORD)).json().code).toBe('account_locked');
    advance(2 * MINUTE);

    // The lock is over: the guesser starts a new count of 5, and the next lock lasts 30 minutes.
    await failTimes('carol', 5);
    advance(16 * MINUTE);
    expect((await login('carol', PASSWORD)).json().code).toBe('account_locked');
    advance(15 * MINUTE);
    const after = await login('carol', PASSWORD);
    expect(after.statusCode).toBe(200);
    expect(after.json().user).toMatchObject({ is_locked: false, connection_attempt: 0 });

    // A success resets the doubling: the next lock is 15 minutes again.
    await failTimes('carol', 5);
    advance(16 * MINUTE);
    expect((await login('carol', PASSWORD)).statusCode).toBe(200);
  });
});

describe('account states told only after the right password', () => {
  it('refuses a revoked account with account_revoked only to the right password', async () => {
    const { id } = await ctx.createUser('dave');
    await ctx.db.updateTable('users').set({ is_revoked: true }).where('id', '=', id).execute();
    expect((await login('dave', 'Wrong-password1')).json().code).toBe('invalid_credentials');
    const refused = await login('dave', PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('account_revoked');
  });

  it('refuses an unconfirmed account with account_not_confirmed only to the right password', async () => {
    const { id } = await ctx.createUser('erin');
    await ctx.db.updateTable('users').set({ confirmed_at: null }).where('id', '=', id).execute();
    expect((await login('erin', 'Wrong-password1')).json().code).toBe('invalid_credentials');
    const refused = await login('erin', PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('account_not_confirmed');
  });

  it('answers invalid_credentials for an invited user who has no password yet', async () => {
    const { id } = await ctx.createUser('frank');
    await ctx.db
      .updateTable('users')
      .set({ confirmed_at: null, password_hash: null })
      .where('id', '=', id)
      .execute();
    expect((await login('frank', PASSWORD)).json().code).toBe('invalid_credentials');
  });
});
