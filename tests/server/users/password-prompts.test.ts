import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from '../../../server/background';
import { bearer, createTestContext, PASSWORD, type TestContext } from '../helpers/test-context';

// Typing one's password again (docs/rules.md#accounts-and-sessions): a new email, a new password, a
// deletion. A guess there counts toward the sign-in lock, as a failed sign-in does; while locked, every
// prompt is 401 `invalid_credentials` and counts, yet the session that asked stays.
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
});
afterAll(() => ctx.close());

const WRONG = 'Wrong-password1';
const NEW_PASSWORD = 'N3w-Password!';
let serial = 0;

/** A fresh member, signed in: their id and token. */
async function member(role: 'User' | 'Contributor' | 'Admin' | 'SuperAdmin' = 'User') {
  serial += 1;
  const username = `prompt${serial}`;
  const { id } = await ctx.createUser(username, role);
  return { id, username, token: await ctx.signIn(username) };
}
type Member = Awaited<ReturnType<typeof member>>;

const changeEmail = (actor: Member, targetId: string, body: object) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/user/email/${targetId}`,
    headers: bearer(actor.token),
    payload: body,
  });
const changePassword = (actor: Member, targetId: string, body: object) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/user/password/${targetId}`,
    headers: bearer(actor.token),
    payload: body,
  });
const deleteAccount = (actor: Member, targetId: string, body?: object) =>
  ctx.app.inject({
    method: 'DELETE',
    url: `/api/user/${targetId}`,
    headers: bearer(actor.token),
    ...(body ? { payload: body } : {}),
  });
const me = (who: Member) =>
  ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(who.token) });
const login = (username: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username_or_email: username, password },
  });
const lockColumns = (id: string) =>
  ctx.db
    .selectFrom('users')
    .select(['connection_attempt', 'is_locked', 'lock_count'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('a password typed again counts toward the lock', () => {
  it('a wrong one is 403 password_incorrect and counts, as a failed sign-in does', async () => {
    const anne = await member();
    const answer = await changeEmail(anne, anne.id, { email: 'anne.new@example.org', password: WRONG });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ code: 'password_incorrect', field: 'password' });
    expect((await lockColumns(anne.id)).connection_attempt).toBe(1);
    // Email change, deletion and password change all count on the same tally as sign-ins.
    expect((await deleteAccount(anne, anne.id, { password: WRONG })).statusCode).toBe(403);
    expect(
      (await changePassword(anne, anne.id, { password: WRONG, new_password: NEW_PASSWORD })).statusCode,
    ).toBe(403);
    expect((await login(anne.username, WRONG)).statusCode).toBe(401);
    expect((await lockColumns(anne.id)).connection_attempt).toBe(4);
    // The fifth wrong guess locks the account, as a fifth failed sign-in does.
    expect(
      (await changeEmail(anne, anne.id, { email: 'anne.new@example.org', password: WRONG })).statusCode,
    ).toBe(403);
    expect(await lockColumns(anne.id)).toMatchObject({
      connection_attempt: 5,
      is_locked: true,
      lock_count: 1,
    });
    await settled();
  });

  it('while locked, every prompt is 401 invalid_credentials, the right password too, and the session stays', async () => {
    const bob = await member();
    for (let i = 0; i < 5; i++)
      await changeEmail(bob, bob.id, { email: 'bob.new@example.org', password: WRONG });
    const right = await changeEmail(bob, bob.id, { email: 'bob.new@example.org', password: PASSWORD });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toMatchObject({ code: 'invalid_credentials', field: 'password' });
    const deletion = await deleteAccount(bob, bob.id, { password: PASSWORD });
    expect(deletion.statusCode).toBe(401);
    expect((await lockColumns(bob.id)).connection_attempt).toBe(7);
    // Nothing changed, and the session that asked is still good.
    const still = await me(bob);
    expect(still.statusCode).toBe(200);
    expect(still.json()).toMatchObject({ email: `${bob.username}@example.org` });
    await settled();
  });

  it('a right one on an unlocked account starts the count again', async () => {
    const carl = await member();
    for (let i = 0; i < 3; i++) await login(carl.username, WRONG);
    expect((await lockColumns(carl.id)).connection_attempt).toBe(3);
    const answer = await changeEmail(carl, carl.id, { email: 'carl.new@example.org', password: PASSWORD });
    expect(answer.statusCode).toBe(200);
    expect((await lockColumns(carl.id)).connection_attempt).toBe(0);
  });
});

describe('« Changer mon mot de passe »: PUT /api/user/password/{id}', () => {
  it('changes it with the current one; every other session ends, this one stays', async () => {
    const dora = await member();
    const otherDevice = { ...dora, token: await ctx.signIn(dora.username) };
    const answer = await changePassword(dora, dora.id, { password: PASSWORD, new_password: NEW_PASSWORD });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ok: true });
    expect((await me(dora)).statusCode).toBe(200);
    expect((await me(otherDevice)).statusCode).toBe(401);
    expect((await login(dora.username, PASSWORD)).statusCode).toBe(401);
    expect((await login(dora.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a weak new password (400 on new_password) without counting it as a guess', async () => {
    const erin = await member();
    const answer = await changePassword(erin, erin.id, { password: PASSWORD, new_password: 'short' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'password_too_weak', field: 'new_password' });
    expect((await lockColumns(erin.id)).connection_attempt).toBe(0);
    expect((await login(erin.username, PASSWORD)).statusCode).toBe(200);
  });

  it("is the member's own: an Admin and a SuperAdmin get 403, even with their own password", async () => {
    const fred = await member();
    for (const role of ['Admin', 'SuperAdmin'] as const) {
      const admin = await member(role);
      const answer = await changePassword(admin, fred.id, { password: PASSWORD, new_password: NEW_PASSWORD });
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ code: 'forbidden' });
    }
    expect((await login(fred.username, PASSWORD)).statusCode).toBe(200);
  });
});

describe('account changes by others, only where the actor could change the role', () => {
  it('an Admin may not change, export or delete another Admin; a SuperAdmin may', async () => {
    const admin = await member('Admin');
    const otherAdmin = await member('Admin');
    const superAdmin = await member('SuperAdmin');
    const profile = (actor: Member, id: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/user/profile/update/${id}`,
        headers: bearer(actor.token),
        payload: { first_name: 'Gaëlle' },
      });
    const exportOf = (actor: Member, id: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/user/export/${id}`, headers: bearer(actor.token) });

    expect((await changeEmail(admin, otherAdmin.id, { email: 'taken.over@example.org' })).statusCode).toBe(
      403,
    );
    expect((await profile(admin, otherAdmin.id)).statusCode).toBe(403);
    expect((await exportOf(admin, otherAdmin.id)).statusCode).toBe(403);
    expect((await deleteAccount(admin, otherAdmin.id, { password: PASSWORD })).statusCode).toBe(403);
    expect((await me(otherAdmin)).json()).toMatchObject({ email: `${otherAdmin.username}@example.org` });

    expect((await profile(superAdmin, otherAdmin.id)).statusCode).toBe(200);
    expect((await exportOf(superAdmin, otherAdmin.id)).statusCode).toBe(200);
    expect(
      (await changeEmail(superAdmin, otherAdmin.id, { email: 'admin.moved@example.org' })).statusCode,
    ).toBe(200);
  });

  it("an Admin changes a member's profile, and deletes the account only with their own password", async () => {
    const admin = await member('Admin');
    const gus = await member('Contributor');
    const withoutPassword = await deleteAccount(admin, gus.id);
    expect(withoutPassword.statusCode).toBe(403);
    expect(withoutPassword.json()).toMatchObject({ code: 'password_incorrect', field: 'password' });
    expect((await deleteAccount(admin, gus.id, { password: WRONG })).statusCode).toBe(403);
    expect((await lockColumns(admin.id)).connection_attempt).toBe(2);
    expect((await me(gus)).statusCode).toBe(200);
    expect((await deleteAccount(admin, gus.id, { password: PASSWORD })).statusCode).toBe(200);
    expect((await me(gus)).statusCode).toBe(401);
  });
});
