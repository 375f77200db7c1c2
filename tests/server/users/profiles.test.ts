import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

let ctx: TestContext;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  for (const [name, role] of [
    ['member', 'User'],
    ['admin', 'Admin'],
    ['root', 'SuperAdmin'],
  ] as const) {
    ids[name] = (await ctx.createUser(name, role)).id;
    tokens[name] = await ctx.signIn(name);
  }
});
afterAll(() => ctx.close());

const put = (who: string, url: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url, headers: bearer(tokens[who] ?? ''), payload });
const row = (id: string) =>
  ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('profile update', () => {
  it('writes the profile fields and answers the updated user', async () => {
    const response = await put('member', `/api/user/profile/update/${ids.member}`, {
      first_name: ' Marie ',
      last_name: 'Curie',
      street: '1 rue du Port',
      city: 'Brest',
      zip_code: '29200',
      phone: '+33 6 12 34 56 78',
      shoe_size: 38.5,
      has_shoes: true,
      language: 'en',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      first_name: 'Marie',
      city: 'Brest',
      shoe_size: 38.5,
      has_shoes: true,
      language: 'en',
    });
    expect((await row(ids.member ?? '')).zip_code).toBe('29200');
  });

  it('clears a field sent empty, and leaves fields not sent alone', async () => {
    const response = await put('member', `/api/user/profile/update/${ids.member}`, { phone: '' });
    expect(response.json()).toMatchObject({ phone: null, city: 'Brest' });
  });

  it('ignores role_name, is_locked, email and every other field (mass assignment)', async () => {
    const before = await row(ids.member ?? '');
    const response = await put('member', `/api/user/profile/update/${ids.member}`, {
      role_name: 'SuperAdmin',
      role_id: 4,
      is_locked: true,
      is_revoked: true,
      email: 'evil@example.org',
      username: 'evil',
      password_hash: 'x',
      connection_attempt: 99,
      id: ids.root,
      city: 'Quimper',
    });
    expect(response.statusCode).toBe(200);
    const after = await row(ids.member ?? '');
    expect(after).toEqual({ ...before, city: 'Quimper' });
  });

  it("never lets an Admin touch a SuperAdmin's profile or picture; a SuperAdmin may", async () => {
    const before = await row(ids.root ?? '');
    const refused = await put('admin', `/api/user/profile/update/${ids.root}`, { city: 'Paris' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
    expect(await row(ids.root ?? '')).toEqual(before);
    const picture = await ctx.app.inject({
      method: 'POST',
      url: `/api/user/profile/picture?user_id=${ids.root}`,
      headers: { ...bearer(tokens.admin ?? ''), 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(picture.statusCode).toBe(403);
    expect(
      (await put('admin', `/api/user/profile/update/${ids.member}`, { city: 'Rennes' })).statusCode,
    ).toBe(200);
  });

  it('answers 404 for an unknown user', async () => {
    const response = await put('admin', '/api/user/profile/update/00000000-0000-4000-8000-000000000000', {
      city: 'x',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });
});

describe('roles and status', () => {
  it('reads only role_name from the body', async () => {
    const response = await put('admin', `/api/user/role/${ids.member}`, {
      role_name: 'Contributor',
      email: 'x@example.org',
      is_revoked: true,
    });
    expect(response.json()).toMatchObject({
      role_name: 'Contributor',
      role_id: 2,
      email: 'member@example.org',
      is_revoked: false,
    });
    await put('admin', `/api/user/role/${ids.member}`, { role_name: 'User' });
  });

  it('unlocks a locked account early', async () => {
    await ctx.db
      .updateTable('users')
      .set({ is_locked: true, locked_until: new Date(Date.now() + 3_600_000), connection_attempt: 5 })
      .where('id', '=', ids.member ?? '')
      .execute();
    const response = await put('admin', `/api/user/status/${ids.member}`, { status: 'Lock', action: false });
    expect(response.json()).toMatchObject({ is_locked: false, connection_attempt: 0 });
    const lock = await put('admin', `/api/user/status/${ids.member}`, { status: 'Lock', action: true });
    expect(lock.json()).toMatchObject({ code: 'invalid_input', field: 'action' });
  });

  it("revoking ends the member's sessions and blocks sign-in; reactivating lets them back", async () => {
    const memberSession = await ctx.signIn('member');
    const revoked = await put('admin', `/api/user/status/${ids.member}`, { status: 'Revok', action: true });
    expect(revoked.json().is_revoked).toBe(true);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(memberSession) });
    expect(me.statusCode).toBe(401);
    await expect(ctx.signIn('member')).rejects.toThrow(/403/);
    await put('admin', `/api/user/status/${ids.member}`, { status: 'Revok', action: false });
    tokens.member = await ctx.signIn('member');
  });

  it('lists users for admins, sorted by username, without secrets', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: bearer(tokens.admin ?? ''),
    });
    const users = response.json() as Array<Record<string, unknown>>;
    expect(users.map((u) => u.username)).toEqual(['admin', 'member', 'root']);
    expect(users.every((u) => !('password_hash' in u) && !('locked_until' in u))).toBe(true);
  });
});

describe('notification preferences and system settings', () => {
  it('defaults to all on but the weekly list, and saves one switch at a time', async () => {
    const url = `/api/user/preference/${ids.member}`;
    const initial = await ctx.app.inject({ method: 'GET', url, headers: bearer(tokens.member ?? '') });
    expect(initial.json()).toEqual([
      { name: 'event_cancellation', description: 'event_cancellation_description', active: true },
      { name: 'event_update', description: 'event_update_description', active: true },
      { name: 'subscribe_unsubscribe', description: 'subscribe_unsubscribe_description', active: true },
      { name: 'stuff_unavailable', description: 'stuff_unavailable_description', active: true },
      { name: 'user_invitation', description: 'user_invitation_description', active: true },
      { name: 'weekly_event_list', description: 'weekly_event_list_description', active: false },
      { name: 'event_reminder', description: 'event_reminder_description', active: true },
      { name: 'event_comments', description: 'event_comments_description', active: true },
      { name: 'organiser_digest', description: 'organiser_digest_description', active: true },
    ]);
    const saved = await put('member', url, {
      user_id: ids.member,
      setting: { name: 'weekly_event_list', active: true },
    });
    expect(saved.json().find((s: { name: string }) => s.name === 'weekly_event_list').active).toBe(true);
    const mismatch = await put('member', url, {
      user_id: ids.admin,
      setting: { name: 'event_update', active: false },
    });
    expect(mismatch.json()).toMatchObject({ code: 'invalid_input', field: 'user_id' });
  });

  it('keeps system switches apart from personal preferences', async () => {
    await put('admin', `/api/user/system/settings/${ids.admin}`, {
      setting: { name: 'event_update', active: false },
    });
    const system = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/system/settings/${ids.admin}`,
      headers: bearer(tokens.admin ?? ''),
    });
    expect(system.json().find((s: { name: string }) => s.name === 'event_update').active).toBe(false);
    const personal = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/preference/${ids.admin}`,
      headers: bearer(tokens.admin ?? ''),
    });
    expect(personal.json().find((s: { name: string }) => s.name === 'event_update').active).toBe(true);
  });
});
