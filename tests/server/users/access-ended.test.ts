import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settled } from '../../../server/background';
import { createFeed, fetchFeed } from '../helpers/calendar';
import { createEvent, DAY, HOUR, insertModel, joinWaitingList, subscribe } from '../helpers/event-fixtures';
import { addPushDevice } from '../helpers/push-devices';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// Access ended (docs/rules.md#members-in-and-out): a password reset and a revocation end what the old
// password may have set up — the calendar feed and the push devices — and a revocation also releases the
// member's upcoming places.
let ctx: TestContext;
let admin: string;
let model: string;
type Member = { id: string; token: string; username: string };

beforeAll(async () => {
  ctx = await createTestContext({
    env: { PUBLIC_URL: 'https://club.example.org', RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_RESET: '1000' },
  });
  await ctx.createUser('admin', 'Admin');
  admin = await ctx.signIn('admin');
  model = await insertModel(ctx, 'Kayak');
});
afterAll(() => ctx.close());

async function member(username: string): Promise<Member> {
  const { id } = await ctx.createUser(username);
  return { id, username, token: await ctx.signIn(username) };
}

const addDevice = (userId: string) => addPushDevice(ctx, userId);
const devicesOf = async (userId: string) =>
  (await ctx.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', userId).execute()).length;

async function resetPassword(who: Member): Promise<void> {
  const asked = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/reset',
    payload: { Ask: { email: `${who.username}@example.org` } },
  });
  expect(asked.statusCode).toBe(200);
  await settled();
  const mail = await ctx.db
    .selectFrom('mail_queue')
    .select('body_text')
    .where('to_address', '=', `${who.username}@example.org`)
    .where('kind', '=', 'password_reset')
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const token = /reset\?token=([A-Za-z0-9_-]+)/.exec(mail.body_text)?.[1];
  expect(token).toBeDefined();
  const done = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/reset',
    payload: { Reset: { token, password: 'N3wPassword!' } },
  });
  expect(done.statusCode).toBe(200);
}

const revoke = (who: Member) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/user/status/${who.id}`,
    headers: bearer(admin),
    payload: { status: 'Revok', action: true },
  });

const eventOf = async (uuid: string) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/event/${uuid}`,
    headers: bearer(admin),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{
    subscribers_with_stuff: Array<{ id: string }>;
    waiting_list: Array<{ uuid_user: string }>;
    invite_list: unknown[];
  }>();
};

describe('a password reset', () => {
  it("ends the member's calendar feed link and push devices, not their places", async () => {
    const nina = await member('nina');
    const event = await createEvent(ctx, admin, model, { startInMs: 3 * DAY });
    expect((await subscribe(ctx, nina.token, nina.id, event.uuid_event)).statusCode).toBe(200);
    const feed = await createFeed(ctx, nina.token);
    expect((await fetchFeed(ctx, feed.path)).statusCode).toBe(200);
    await addDevice(nina.id);
    await addDevice(nina.id);

    await resetPassword(nina);

    expect((await fetchFeed(ctx, feed.path)).statusCode).toBe(404);
    expect(await devicesOf(nina.id)).toBe(0);
    expect((await eventOf(event.uuid_event)).subscribers_with_stuff.map((s) => s.id)).toContain(nina.id);
    // The member makes a new link with the new password; it works.
    const fresh = await createFeed(ctx, await ctx.signIn('nina', 'N3wPassword!'));
    expect((await fetchFeed(ctx, fresh.path)).statusCode).toBe(200);
  });
});

describe('a revocation', () => {
  it('ends the feed and devices, and releases upcoming places and waiting spots, promoting the next in line', async () => {
    const [paul, anna, lea] = [await member('paul'), await member('anna'), await member('lea')];
    const soon = await createEvent(ctx, admin, model, { startInMs: HOUR });
    const full = await createEvent(ctx, admin, model, { startInMs: 2 * DAY, max: 2 });
    const other = await createEvent(ctx, admin, model, { startInMs: 4 * DAY, max: 1 });
    expect((await subscribe(ctx, paul.token, paul.id, soon.uuid_event)).statusCode).toBe(200);
    expect((await subscribe(ctx, paul.token, paul.id, full.uuid_event)).statusCode).toBe(200);
    const invite = await ctx.app.inject({
      method: 'POST',
      url: '/api/event/invite',
      headers: bearer(paul.token),
      payload: { uuid_event: full.uuid_event, uuid_user: paul.id, first_name: 'Invité', last_name: 'Ami' },
    });
    // Paul and his guest fill the event; Anna waits.
    expect(invite.statusCode).toBe(200);
    expect((await joinWaitingList(ctx, anna, full.uuid_event)).statusCode).toBe(200);
    expect((await subscribe(ctx, lea.token, lea.id, other.uuid_event)).statusCode).toBe(200);
    expect((await joinWaitingList(ctx, paul, other.uuid_event)).statusCode).toBe(200);
    const feed = await createFeed(ctx, paul.token);
    await addDevice(paul.id);
    // The rounds the requests kicked are over before the clock moves: Paul's subscription mails, not told
    // yet, fall due with the jump, and only the revocation stands between them and the queue.
    await ctx.mail.runOnce();
    // The first event has started by the time Paul is revoked: its record stays.
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 2 * HOUR);

    expect((await revoke(paul)).statusCode).toBe(200);

    expect((await fetchFeed(ctx, feed.path)).statusCode).toBe(404);
    expect(await devicesOf(paul.id)).toBe(0);
    const fullNow = await eventOf(full.uuid_event);
    expect(fullNow.subscribers_with_stuff.map((s) => s.id)).toEqual([anna.id]);
    expect(fullNow.waiting_list).toEqual([]);
    expect(fullNow.invite_list).toEqual([]);
    expect((await eventOf(other.uuid_event)).waiting_list.map((w) => w.uuid_user)).toEqual([]);
    expect((await eventOf(soon.uuid_event)).subscribers_with_stuff.map((s) => s.id)).toEqual([paul.id]);
    // Anna is told of her promotion; Paul, revoked, is told nothing.
    await settled();
    await ctx.mail.runOnce();
    const kinds = async (to: string) =>
      (
        await ctx.db
          .selectFrom('mail_queue')
          .select('kind')
          .where('to_address', '=', to)
          .where('created_at', '>=', ctx.clock.now)
          .execute()
      ).map((m) => m.kind);
    expect(await kinds('anna@example.org')).toContain('waiting_list_promotion');
    expect(await kinds('paul@example.org')).toEqual([]);
    // Nor is the organiser told later of changes Paul made before: his untold notices went with him.
    const notices = await ctx.db
      .selectFrom('subscription_notices')
      .select('event_uuid')
      .where('user_id', '=', paul.id)
      .execute();
    expect(notices).toEqual([]);
  });
});
