import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow, UserUpdate } from '../../../server/db/schema';
import {
  writeSystemSwitch,
  writeUserSwitch,
} from '../../../server/modules/notifications/notification-settings.repository';
import { notifyPush, type PushKind } from '../../../server/modules/notifications/notify-push';
import { PUSH_RETRY_DELAYS_MS } from '../../../server/modules/push/push-queue';
import { loadVapidKeys } from '../../../server/modules/push/vapid-keys';
import { createEvent, insertModel, members, saveEvent, subscribe } from '../helpers/event-fixtures';
import { standInPushNetwork } from '../helpers/push-network-stand-in';
import { startPushStandIn } from '../helpers/push-stand-in';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

type Member = { id: string; token: string; username: string };

let ctx: TestContext;
let standIn: Awaited<ReturnType<typeof startPushStandIn>>;
const net = standInPushNetwork();

beforeAll(async () => {
  ctx = await createTestContext({
    env: { RATE_LIMIT_LOGIN: '1000', MAIL_FROM: 'Club <club@example.org>' },
    pushNetwork: net.network,
  });
  standIn = await startPushStandIn();
  net.setHost(standIn.host, standIn.origin);
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
});

const deps = () => ({
  config: ctx.config,
  db: ctx.db,
  dbKind: 'pglite' as const,
  now: () => ctx.clock.now,
  mail: ctx.mail,
});

/** Signs `token`'s member up from a new stand-in device; answers the device. */
async function subscribeDevice(token: string) {
  const device = standIn.newDevice();
  const response = await ctx.app.inject({
    method: 'PUT',
    url: '/api/push/subscription',
    headers: bearer(token),
    payload: device.subscription,
  });
  expect(response.statusCode).toBe(204);
  // The PUT kicked the push worker; wait for that round, or it may claim (and send) what a test queues
  // next, before the test's own runOnce: seen on PostgreSQL, where the round runs truly alongside.
  await ctx.push.runOnce();
  return device;
}

const queued = () => ctx.db.selectFrom('push_queue').selectAll().execute();
const subscriptionCount = async () =>
  (await ctx.db.selectFrom('push_subscriptions').select('id').execute()).length;
const userRow = (id: string) =>
  ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const clearQueue = () => ctx.db.deleteFrom('push_queue').execute();
const payloadsTo = (endpoint: string) =>
  standIn.received
    .filter((push) => endpoint.endsWith(push.path))
    .map((push) => JSON.parse(push.payload ?? 'null'));

describe('push routes', () => {
  it('answers the VAPID public key, the one in DATA_DIR/vapid.json, written 0600', async () => {
    const token = await ctx.signIn(await (await ctx.createUser('keyreader')).username);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/push/public-key',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const file = path.join(ctx.dataDir, 'vapid.json');
    const stored = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(response.json()).toEqual({ public_key: stored.publicKey });
    expect(Buffer.from(stored.publicKey, 'base64url')).toHaveLength(65);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // Reused, never regenerated: every browser subscribed with this key.
    expect(loadVapidKeys(ctx.config)).toEqual(stored);
  });

  it('uses the keys given in the environment, and writes no file then', () => {
    const given = { publicKey: 'pub', privateKey: 'priv' };
    const dataDir = path.join(ctx.dataDir, 'given');
    expect(loadVapidKeys({ vapidKeys: given, dataDir })).toEqual(given);
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('needs a session, and refuses endpoints that are not https on port 443 of a public host', async () => {
    const device = standIn.newDevice();
    const anonymous = await ctx.app.inject({
      method: 'PUT',
      url: '/api/push/subscription',
      payload: device.subscription,
    });
    expect(anonymous.statusCode).toBe(401);
    const token = await ctx.signIn((await ctx.createUser('picky')).username);
    // Names the stand-in network resolves to addresses no push service has.
    const origin = standIn.origin;
    net.setHost('loopback.nip.test', origin, ['127.0.0.1']);
    net.setHost('metadata.google.internal', origin, ['169.254.169.254']);
    net.setHost('half-private.test', origin, ['93.184.215.14', '10.1.2.3']);
    net.setHost('cgnat.test', origin, ['100.64.0.9']);
    net.setHost('ula.test', origin, ['fd00::1']);
    net.setHost('mapped.test', origin, ['::ffff:192.168.1.1']);
    for (const endpoint of [
      `http://${standIn.host}/x`,
      `https://${standIn.host}:8443/x`,
      'https://10.0.0.1/x',
      'https://[::1]/x',
      'https://localhost/x',
      `https://user:pw@${standIn.host}/x`,
      'http://127.0.0.2/x',
      'https://loopback.nip.test/x',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://half-private.test/x',
      'https://cgnat.test/x',
      'https://ula.test/x',
      'https://mapped.test/x',
      'https://unknown-name.test/x',
    ]) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: '/api/push/subscription',
        headers: bearer(token),
        payload: { ...device.subscription, endpoint },
      });
      expect({ endpoint, status: response.statusCode, field: response.json().field }).toEqual({
        endpoint,
        status: 400,
        field: 'endpoint',
      });
    }
    const badKey = await ctx.app.inject({
      method: 'PUT',
      url: '/api/push/subscription',
      headers: bearer(token),
      payload: { ...device.subscription, keys: { p256dh: 'short', auth: device.subscription.keys.auth } },
    });
    expect(badKey.statusCode).toBe(400);
  });

  it('stores one row per endpoint, moves it to whoever subscribes it last, and deletes only your own', async () => {
    const [first, second] = (await members(ctx, 'sharer', 2)) as [Member, Member];
    const device = await subscribeDevice(first.token);
    const before = await subscriptionCount();
    const again = await ctx.app.inject({
      method: 'PUT',
      url: '/api/push/subscription',
      headers: bearer(second.token),
      payload: device.subscription,
    });
    expect(again.statusCode).toBe(204);
    expect(await subscriptionCount()).toBe(before);
    const row = await ctx.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('endpoint', '=', device.subscription.endpoint)
      .executeTakeFirstOrThrow();
    expect(row.user_id).toBe(second.id);

    const remove = (token: string) =>
      ctx.app.inject({
        method: 'DELETE',
        url: '/api/push/subscription',
        headers: bearer(token),
        payload: { endpoint: device.subscription.endpoint },
      });
    expect((await remove(first.token)).statusCode).toBe(204);
    expect(await subscriptionCount()).toBe(before);
    expect((await remove(second.token)).statusCode).toBe(204);
    expect(await subscriptionCount()).toBe(before - 1);
  });
});

describe('who gets a push', () => {
  const KINDS: PushKind[] = ['waiting_list_promotion', 'event_cancellation', 'event_update'];
  const event = {
    uuid: '00000000-0000-4000-8000-000000000001',
    start_date: new Date('2026-12-02T09:00:00Z'),
  };

  async function member(name: string, changes: UserUpdate = {}): Promise<UserRow> {
    const { id } = await ctx.createUser(name);
    if (Object.keys(changes).length > 0)
      await ctx.db.updateTable('users').set(changes).where('id', '=', id).execute();
    await subscribeDevice(await ctx.signIn(name).catch(() => 'none'));
    return userRow(id);
  }

  it('follows the table: type × admin switch × preference; revoked and unconfirmed get nothing', async () => {
    const on = await member('prefon');
    const off = await member('prefoff');
    for (const kind of ['event_cancellation', 'event_update'] as const)
      await writeUserSwitch(ctx.db, off.id, kind, false);
    // Devices subscribed while the account was active; then revoked, or sent back to unconfirmed.
    const revoked = await member('revoked');
    const unconfirmed = await member('unconfirmed');
    await ctx.db.updateTable('users').set({ is_revoked: true }).where('id', '=', revoked.id).execute();
    await ctx.db.updateTable('users').set({ confirmed_at: null }).where('id', '=', unconfirmed.id).execute();
    const everyone = await Promise.all([on, off, revoked, unconfirmed].map((u) => userRow(u.id)));

    const rows: string[] = [];
    for (const kind of KINDS) {
      for (const adminSwitch of [true, false]) {
        for (const type of ['event_cancellation', 'event_update'] as const)
          await writeSystemSwitch(ctx.db, type, adminSwitch);
        await clearQueue();
        await notifyPush(deps(), ctx.db, kind, everyone, event, () => 'Kayak');
        const reached = new Set((await queued()).map((row) => row.subscription_id));
        const devices = await ctx.db.selectFrom('push_subscriptions').select(['id', 'user_id']).execute();
        const names = everyone
          .filter((u) => devices.some((d) => d.user_id === u.id && reached.has(d.id)))
          .map((u) => u.username);
        rows.push(`${kind} admin:${adminSwitch ? 'on' : 'off'} → ${names.join(',') || '-'}`);
      }
    }
    for (const type of ['event_cancellation', 'event_update'] as const)
      await writeSystemSwitch(ctx.db, type, true);
    await clearQueue();
    // The preference column is the two members: prefon (on) and prefoff (off).
    expect(rows).toEqual([
      'waiting_list_promotion admin:on → prefon,prefoff',
      'waiting_list_promotion admin:off → prefon,prefoff',
      'event_cancellation admin:on → prefon',
      'event_cancellation admin:off → -',
      'event_update admin:on → prefon',
      'event_update admin:off → -',
    ]);
  });

  it("pushes in the member's language, to each of their devices, with the event's week and tag", async () => {
    const { id } = await ctx.createUser('anglais');
    await ctx.db.updateTable('users').set({ language: 'en' }).where('id', '=', id).execute();
    const token = await ctx.signIn('anglais');
    await subscribeDevice(token);
    await subscribeDevice(token);
    await clearQueue();
    await notifyPush(deps(), ctx.db, 'waiting_list_promotion', [await userRow(id)], event, (language) =>
      language === 'en' ? 'Kayak, Wednesday' : 'Kayak, mercredi',
    );
    const rows = await queued();
    expect(rows).toHaveLength(2);
    expect(rows[0]?.urgency).toBe('high');
    expect(JSON.parse(rows[0]?.payload ?? '')).toEqual({
      title: 'A place opened up',
      body: 'The place is yours: Kayak, Wednesday.',
      url: `/event/${event.uuid}`,
      tag: `event-${event.uuid}`,
    });
    await clearQueue();
  });

  it("a minor's guardians get one push each naming every child it is about; a restricted guardian none", async () => {
    const guardian = await ctx.createUser('pushparent');
    const restricted = await ctx.createUser('pushbanned');
    const children = [await ctx.createUser('pushlou'), await ctx.createUser('pushnina')];
    for (const [child, name] of [
      [children[0], 'Lou'],
      [children[1], 'Nina'],
    ] as const) {
      await ctx.db
        .updateTable('users')
        .set({ email: null, first_name: name, last_name: 'Le Bihan', birth_date: '2016-04-01' })
        .where('id', '=', child?.id ?? '')
        .execute();
      for (const [who, isRestricted] of [
        [guardian, false],
        [restricted, true],
      ] as const) {
        await ctx.db
          .insertInto('guardianships')
          .values({
            child_id: child?.id ?? '',
            guardian_id: who.id,
            is_restricted: isRestricted,
            created_by: who.id,
            created_at: ctx.clock.now,
          })
          .execute();
      }
    }
    await subscribeDevice(await ctx.signIn('pushparent'));
    await subscribeDevice(await ctx.signIn('pushbanned'));
    await clearQueue();
    const rows = await Promise.all(children.map((child) => userRow(child?.id ?? '')));
    await notifyPush(deps(), ctx.db, 'event_cancellation', rows, event, () => 'Kayak, mercredi');
    const pushed = await queued();
    // The guardian's one device; nothing to the restricted guardian, nor to the children (no login).
    expect(pushed).toHaveLength(1);
    expect(JSON.parse(pushed[0]?.payload ?? '').body).toMatch(
      /^Pour Lou Le Bihan, Nina Le Bihan :\n.*Kayak, mercredi/,
    );
    await clearQueue();
  });
});

describe('pushes from the actions', () => {
  let organiser: string;
  let model: string;

  beforeAll(async () => {
    await ctx.createUser('orga', 'Contributor');
    organiser = await ctx.signIn('orga');
    model = await insertModel(ctx);
  });

  const save = (event: Record<string, unknown>, changes: object) =>
    saveEvent(ctx, organiser, model, event, changes);

  it('a promotion, a change of place (not of capacity) and a cancellation reach the devices, decrypted intact', async () => {
    const [first, second] = (await members(ctx, 'paddler', 2)) as [Member, Member];
    const firstDevice = await subscribeDevice(first.token);
    const secondDevice = await subscribeDevice(second.token);
    const event = await createEvent(ctx, organiser, model, { max: 1 });
    await subscribe(ctx, first.token, first.id, event.uuid_event);
    const waiting = await ctx.app.inject({
      method: 'POST',
      url: '/api/event/waiting-list',
      headers: bearer(second.token),
      payload: { uuid_event: event.uuid_event, uuid_user: second.id },
    });
    expect(waiting.statusCode).toBe(200);
    await ctx.push.runOnce();
    standIn.received.length = 0;

    // The first leaves: the second is promoted, and told.
    await subscribe(ctx, first.token, first.id, event.uuid_event, undefined, false);
    await ctx.push.runOnce();
    expect(payloadsTo(secondDevice.subscription.endpoint)).toEqual([
      expect.objectContaining({ title: "Une place s'est libérée", tag: `event-${event.uuid_event}` }),
    ]);
    const promotion = standIn.received[0];
    expect(promotion?.headers.urgency).toBe('high');
    expect(promotion?.headers.ttl).toBe('86400');
    expect(promotion?.headers['content-encoding']).toBe('aes128gcm');
    // The VAPID JWT verifies with our public key, for the stand-in's origin, from the club's address.
    expect(promotion?.vapid?.publicKey).toBe(loadVapidKeys(ctx.config).publicKey);
    expect(promotion?.vapid?.claims).toMatchObject({
      aud: `https://${standIn.host}`,
      sub: 'mailto:club@example.org',
    });
    expect(Number(promotion?.vapid?.claims.exp)).toBeGreaterThan(Date.now() / 1000);

    standIn.received.length = 0;
    await save(event, { max_subscribers: 3 });
    await ctx.push.runOnce();
    expect(standIn.received).toEqual([]);
    await save(event, { max_subscribers: 3, city: 'Lorient' });
    await ctx.push.runOnce();
    expect(payloadsTo(secondDevice.subscription.endpoint).map((p) => p.title)).toEqual(['Évènement modifié']);

    standIn.received.length = 0;
    await save(event, { max_subscribers: 3, city: 'Lorient', is_cancelled: true });
    await ctx.push.runOnce();
    expect(payloadsTo(secondDevice.subscription.endpoint).map((p) => p.title)).toEqual(['Évènement annulé']);
    expect(payloadsTo(firstDevice.subscription.endpoint)).toEqual([]);
  });

  it('the payload the stand-in decrypts equals what was queued', async () => {
    const [member] = (await members(ctx, 'reader', 1)) as [Member];
    const device = await subscribeDevice(member.token);
    const message = {
      title: 'Évènement annulé',
      body: 'Kayak, samedi 28/11/2026 10:15 est annulé. ✓',
      url: '/?week=2026-11-23',
      tag: 'event-x',
    };
    await clearQueue();
    standIn.received.length = 0;
    await notifyPush(
      deps(),
      ctx.db,
      'event_cancellation',
      [await userRow(member.id)],
      { uuid: 'x', start_date: new Date() },
      () => 'x',
    );
    const [row] = await queued();
    await ctx.db
      .updateTable('push_queue')
      .set({ payload: JSON.stringify(message) })
      .execute();
    expect(row).toBeDefined();
    expect(await ctx.push.runOnce()).toEqual({ sent: 1, gone: 0, failed: 0 });
    expect(standIn.received.map((push) => push.payload)).toEqual([JSON.stringify(message)]);
    expect(device.subscription.endpoint.endsWith(standIn.received[0]?.path ?? '?')).toBe(true);
    expect(await queued()).toEqual([]);
  });
});

describe('push service answers', () => {
  async function queueOne() {
    const [member] = (await members(ctx, `answer${Math.random().toString(36).slice(2, 7)}`, 1)) as [Member];
    const device = await subscribeDevice(member.token);
    await clearQueue();
    await notifyPush(
      deps(),
      ctx.db,
      'waiting_list_promotion',
      [await userRow(member.id)],
      { uuid: 'y', start_date: new Date() },
      () => 'y',
    );
    return device;
  }
  const hasSubscription = async (endpoint: string) =>
    (await ctx.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', endpoint).execute())
      .length === 1;

  for (const status of [410, 404]) {
    it(`a ${status} removes the subscription, and what was queued for it`, async () => {
      const device = await queueOne();
      standIn.answerNext(status);
      expect(await ctx.push.runOnce()).toEqual({ sent: 0, gone: 1, failed: 0 });
      expect(await hasSubscription(device.subscription.endpoint)).toBe(false);
      expect(await queued()).toEqual([]);
    });
  }

  it('other failures are retried with backoff, then dropped; the subscription stays', async () => {
    const device = await queueOne();
    const start = ctx.clock.now;
    try {
      standIn.answerNext(500, 503, 429, 500);
      expect(await ctx.push.runOnce()).toEqual({ sent: 0, gone: 0, failed: 1 });
      expect(await ctx.push.runOnce()).toEqual({ sent: 0, gone: 0, failed: 0 }); // not due yet
      for (const delay of PUSH_RETRY_DELAYS_MS) {
        ctx.clock.now = new Date(ctx.clock.now.getTime() + delay);
        expect((await ctx.push.runOnce()).failed).toBe(1);
      }
      expect(await queued()).toEqual([]);
      expect(await hasSubscription(device.subscription.endpoint)).toBe(true);
    } finally {
      ctx.clock.now = start;
    }
  });
});
