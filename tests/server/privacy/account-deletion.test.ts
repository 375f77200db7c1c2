import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerUrl } from '../../../server/mail/answer-links';
import { readLinkSecret } from '../../../server/modules/notifications/unsubscribe-links';
import { createFeed, fetchFeed } from '../helpers/calendar';
import { createEvent, DAY, HOUR, insertModel, joinWaitingList, subscribe } from '../helpers/event-fixtures';
import { addPushDevice } from '../helpers/push-devices';
import { bearer, createTestContext, PASSWORD, type TestContext } from '../helpers/test-context';

// Deletion (docs/rules.md#members-in-and-out): a member leaves the club.
let ctx: TestContext;
let admin: Member;
let organiser: Member;
let model: string;
type Member = { id: string; token: string; username: string };

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
  admin = await member('admin', 'Admin');
  organiser = await member('coach', 'Contributor');
  model = await insertModel(ctx, 'Kayak');
});
afterAll(() => ctx.close());

async function member(username: string, role: 'User' | 'Contributor' | 'Admin' | 'SuperAdmin' = 'User') {
  const { id } = await ctx.createUser(username, role);
  return { id, username, token: await ctx.signIn(username) };
}

const deleteAccount = (id: string, token: string, payload?: object) =>
  ctx.app.inject({
    method: 'DELETE',
    url: `/api/user/${id}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });

const get = (url: string, token: string, language = 'fr') =>
  ctx.app.inject({ method: 'GET', url, headers: { ...bearer(token), 'accept-language': language } });

const userRow = (id: string) =>
  ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('deleting my own account', () => {
  it('takes my password, and a wrong or missing one changes nothing', async () => {
    const lena = await member('lena-pw');
    for (const payload of [undefined, {}, { password: 'not-my-password' }]) {
      const refused = await deleteAccount(lena.id, lena.token, payload);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('password_incorrect');
    }
    expect((await get(`/api/user/profile/${lena.id}`, lena.token)).statusCode).toBe(200);
    expect((await userRow(lena.id)).deleted_at).toBeNull();
  });

  it('ends every way in, releases upcoming places with promotion, erases who I was and keeps attendance', async () => {
    const lena = await member('lena');
    const next = await member('next-in-line');
    await ctx.db
      .updateTable('users')
      .set({ first_name: 'Léna', last_name: 'Kerouac', phone: '06 11 22 33 44', street: '1 quai' })
      .where('id', '=', lena.id)
      .execute();
    // A session she came to, with a guest she brought, ticked by the organiser.
    const past = await createEvent(ctx, organiser.token, model, { startInMs: HOUR, isInfinite: true });
    expect((await subscribe(ctx, lena.token, lena.id, past.uuid_event)).statusCode).toBe(200);
    const guest = await ctx.app.inject({
      method: 'POST',
      url: '/api/event/invite',
      headers: bearer(lena.token),
      payload: {
        uuid_event: past.uuid_event,
        uuid_user: lena.id,
        first_name: 'Zoé',
        last_name: 'Abri',
        email: 'zoe@example.org',
        phone: '07 00 00 00 00',
      },
    });
    expect(guest.statusCode).toBe(200);
    const tick = await ctx.app.inject({
      method: 'PUT',
      url: '/api/event/checklist',
      headers: bearer(organiser.token),
      payload: { event_uuid: past.uuid_event, user_id: lena.id, is_checked: true, is_invited: false },
    });
    expect(tick.statusCode).toBe(200);
    // A full session to come: her place goes to the next in line.
    const upcoming = await createEvent(ctx, organiser.token, model, { startInMs: 3 * DAY, max: 1 });
    expect((await subscribe(ctx, lena.token, lena.id, upcoming.uuid_event)).statusCode).toBe(200);
    expect((await joinWaitingList(ctx, next, upcoming.uuid_event)).statusCode).toBe(200);
    await addPushDevice(ctx, lena.id);
    const feed = await createFeed(ctx, lena.token);
    const secret = await readLinkSecret(ctx.db);
    const oldLink = new URL(
      answerUrl(ctx.config, secret, {
        eventUuid: upcoming.uuid_event,
        userId: lena.id,
        action: 'decline',
        expiresAt: new Date(upcoming.start_date),
      }),
    ).pathname;
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 4 * HOUR);

    const deleted = await deleteAccount(lena.id, lena.token, { password: PASSWORD });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });

    // Every way in has ended.
    expect((await get(`/api/user/profile/${lena.id}`, lena.token)).statusCode).toBe(401);
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username_or_email: 'lena', password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);
    expect((await fetchFeed(ctx, feed.path)).statusCode).toBe(404);
    const devices = await ctx.db
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', lena.id)
      .execute();
    expect(devices).toEqual([]);

    // The upcoming place went to the next in line.
    const upcomingNow = (await get(`/api/event/${upcoming.uuid_event}`, organiser.token)).json();
    expect(upcomingNow.subscribers_with_stuff.map((s: { id: string }) => s.id)).toEqual([next.id]);
    expect(upcomingNow.waiting_list).toEqual([]);

    // Nothing on the row says who she was; the username and the email are free again.
    const row = await userRow(lena.id);
    expect(row.deleted_at).not.toBeNull();
    expect(row).toMatchObject({
      first_name: null,
      last_name: null,
      phone: null,
      street: null,
      password_hash: null,
      is_revoked: true,
    });
    expect(JSON.stringify(row)).not.toMatch(/lena|Léna|Kerouac/i);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/register',
      headers: bearer(admin.token),
      payload: { username: 'lena', email: 'lena@example.org' },
    });
    expect(again.statusCode).toBe(200);

    // The attendance stays, as « Membre supprimé », in the event, the record and its CSV.
    const pastNow = (await get(`/api/event/${past.uuid_event}`, organiser.token)).json();
    expect(pastNow.subscribers_with_stuff).toEqual([
      expect.objectContaining({
        id: lena.id,
        is_checked: true,
        is_deleted: true,
        username: '',
        first_name: null,
        last_name: null,
        thumbnail_url: null,
      }),
    ]);
    const record = (await get(`/api/event/${past.uuid_event}/attendance`, organiser.token)).json();
    expect(record.map((e: { name: string; is_checked: boolean }) => [e.name, e.is_checked])).toEqual([
      ['Membre supprimé', true],
      ['Zoé Abri', false],
    ]);
    const recordEn = (await get(`/api/event/${past.uuid_event}/attendance`, organiser.token, 'en')).json();
    expect(recordEn[0].name).toBe('Deleted member');
    const csv = (await get(`/api/event/${past.uuid_event}/attendance.csv`, organiser.token)).body;
    expect(csv).toContain('Membre supprimé');
    expect(csv).not.toMatch(/Léna|Kerouac|lena/);
    const log = await ctx.db
      .selectFrom('checklist_log')
      .select('participant_name')
      .where('user_id', '=', lena.id)
      .execute();
    expect(log).toEqual([{ participant_name: '' }]);

    // Her guest keeps a name on the checklist, and loses the contact data.
    const guestRow = await ctx.db
      .selectFrom('guests')
      .select(['first_name', 'email', 'phone', 'age'])
      .where('host_id', '=', lena.id)
      .executeTakeFirstOrThrow();
    expect(guestRow).toEqual({ first_name: 'Zoé', email: null, phone: null, age: null });

    // Who deleted whom and when, and nothing more.
    const audit = await ctx.db
      .selectFrom('account_audit')
      .selectAll()
      .where('target_id', '=', lena.id)
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({ action: 'account_deleted', actor_id: lena.id, target_id: lena.id }),
    ]);

    // Gone from the users list, the profile and the export.
    const list = (await get('/api/user', admin.token)).json() as Array<{ id: string }>;
    expect(list.some((u) => u.id === lena.id)).toBe(false);
    expect((await get(`/api/user/profile/${lena.id}`, admin.token)).statusCode).toBe(404);
    expect((await get(`/api/user/export/${lena.id}`, admin.token)).statusCode).toBe(404);
    expect((await deleteAccount(lena.id, admin.token, { password: PASSWORD })).statusCode).toBe(404);

    // A link from an old mail says plainly the account is gone.
    const page = await ctx.app.inject({ method: 'GET', url: oldLink, headers: { 'accept-language': 'fr' } });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('Compte supprimé');
  });

  it('refuses the changes a device queued offline before: the session they carry has ended', async () => {
    const tom = await member('tom');
    const event = await createEvent(ctx, organiser.token, model, { startInMs: 2 * DAY, isInfinite: true });
    expect((await deleteAccount(tom.id, tom.token, { password: PASSWORD })).statusCode).toBe(200);
    const replayed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/event/subscribe/status',
      headers: { ...bearer(tom.token), 'idempotency-key': 'queued-offline-1' },
      payload: { uuid_event: event.uuid_event, uuid_user: tom.id, subscribe: true },
    });
    expect(replayed.statusCode).toBe(401);
    const places = await ctx.db
      .selectFrom('subscriptions')
      .select('uuid')
      .where('user_id', '=', tom.id)
      .execute();
    expect(places).toEqual([]);
  });
});

describe('who may delete an account', () => {
  it("lets an admin delete a member with the admin's own password, and records the admin as the actor", async () => {
    const paul = await member('paul');
    const withoutPassword = await deleteAccount(paul.id, admin.token);
    expect(withoutPassword.statusCode).toBe(403);
    expect(withoutPassword.json()).toMatchObject({ code: 'password_incorrect', field: 'password' });
    expect((await userRow(paul.id)).deleted_at).toBeNull();
    expect((await deleteAccount(paul.id, admin.token, { password: PASSWORD })).statusCode).toBe(200);
    const audit = await ctx.db
      .selectFrom('account_audit')
      .selectAll()
      .where('target_id', '=', paul.id)
      .execute();
    expect(audit.map((a) => a.actor_id)).toEqual([admin.id]);
  });

  it('refuses a member on someone else, and an Admin on a SuperAdmin', async () => {
    const a = await member('anne');
    const b = await member('bob');
    const boss = await member('boss', 'SuperAdmin');
    const byMember = await deleteAccount(b.id, a.token, { password: PASSWORD });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().code).toBe('forbidden');
    const onSuperAdmin = await deleteAccount(boss.id, admin.token, { password: PASSWORD });
    expect(onSuperAdmin.statusCode).toBe(403);
    expect(onSuperAdmin.json().code).toBe('forbidden');
    expect((await userRow(b.id)).deleted_at).toBeNull();
    expect((await userRow(boss.id)).deleted_at).toBeNull();
  });

  it('never deletes the last SuperAdmin', async () => {
    const superAdmins = await ctx.db
      .selectFrom('users')
      .select('username')
      .where('role_name', '=', 'SuperAdmin')
      .where('deleted_at', 'is', null)
      .execute();
    expect(superAdmins.map((s) => s.username)).toEqual(['boss']);
    const { id } = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'boss')
      .executeTakeFirstOrThrow();
    const boss = { id, token: await ctx.signIn('boss') };
    const last = await deleteAccount(boss.id, boss.token, { password: PASSWORD });
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('last_superadmin');
    const second = await member('second-boss', 'SuperAdmin');
    // A SuperAdmin never deletes another (docs/rules.md#roles); each may leave while another remains.
    expect((await deleteAccount(boss.id, second.token, { password: PASSWORD })).statusCode).toBe(403);
    expect((await deleteAccount(boss.id, boss.token, { password: PASSWORD })).statusCode).toBe(200);
    const lastOne = await deleteAccount(second.id, second.token, { password: PASSWORD });
    expect(lastOne.json().code).toBe('last_superadmin');
  });
});
