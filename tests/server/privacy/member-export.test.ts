import { randomUUID } from 'node:crypto';
import { memberExportSchema } from '@common/contract/member-export';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeed } from '../helpers/calendar';
import { createEvent, insertModel, insertStuff, subscribe } from '../helpers/event-fixtures';
import { addPushDevice } from '../helpers/push-devices';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// Export (docs/rules.md#members-in-and-out): a member's data, theirs to take.

let ctx: TestContext;
let member: { id: string; token: string };
let adminToken: string;
let otherToken: string;
let eventUuid: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.createUser('admin', 'Admin');
  await ctx.createUser('coach', 'Contributor');
  const { id } = await ctx.createUser('lena');
  await ctx.createUser('other');
  member = { id, token: await ctx.signIn('lena') };
  adminToken = await ctx.signIn('admin');
  otherToken = await ctx.signIn('other');
  const coachToken = await ctx.signIn('coach');
  const model = await insertModel(ctx, 'Kayak de mer');
  const paddle = await insertStuff(ctx, 'Pagaie', 5);
  const event = await createEvent(ctx, coachToken, model, { stuffs: [paddle] });
  eventUuid = event.uuid_event;
  expect((await subscribe(ctx, member.token, member.id, eventUuid, paddle)).statusCode).toBe(200);
  const guest = await ctx.app.inject({
    method: 'POST',
    url: '/api/event/invite',
    headers: bearer(member.token),
    payload: {
      uuid_event: eventUuid,
      uuid_user: member.id,
      first_name: 'Zoé',
      last_name: 'Abri',
      email: 'zoe@example.org',
    },
  });
  expect(guest.statusCode).toBe(200);
  await addPushDevice(ctx, member.id);
  await createFeed(ctx, member.token);
  // Years of attendance: more audit rows than two pages of the export's reads.
  await ctx.db
    .insertInto('checklist_log')
    .values(
      Array.from({ length: 1200 }, (_, i) => ({
        event_uuid: eventUuid,
        is_invited: false,
        user_id: member.id,
        guest_id: null,
        walk_in_id: null,
        participant_name: 'lena',
        is_checked: i % 2 === 0,
        status: i % 2 === 0 ? ('present' as const) : ('absent' as const),
        checked_by: member.id,
        checked_by_name: 'coach',
        checked_at: new Date(ctx.clock.now.getTime() + i * 1000),
        received_at: ctx.clock.now,
        is_ignored: false,
        idempotency_key: null,
      })),
    )
    .execute();
});
afterAll(() => ctx.close());

const exportOf = (id: string, token: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/user/export/${id}`, headers: bearer(token) });

describe('the member data export', () => {
  it('gives the member a JSON attachment with every section, and never a secret', async () => {
    const response = await exportOf(member.id, member.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    // Named in French by the member and the club day (docs/rules.md#file-names); no names given: the username.
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="donnees-lena-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = memberExportSchema.parse(JSON.parse(response.body));
    expect(data.profile).toMatchObject({ id: member.id, username: 'lena', email: 'lena@example.org' });
    expect(data.subscriptions).toEqual([
      expect.objectContaining({
        event_uuid: eventUuid,
        event_name: 'Kayak de mer',
        stuff_name: 'Pagaie',
        status: 'absent',
      }),
    ]);
    expect(data.guests).toEqual([
      expect.objectContaining({ first_name: 'Zoé', last_name: 'Abri', email: 'zoe@example.org' }),
    ]);
    expect(data.push_devices).toEqual([expect.objectContaining({ endpoint_host: 'push.example.org' })]);
    expect(data.calendar_feed.exists).toBe(true);
    expect(data.attendance_log).toHaveLength(1200);
    expect(data.attendance_log[1199]).toMatchObject({ status: 'absent', checked_by: 'coach' });
    // In the order written, across the pages.
    const times = data.attendance_log.map((l) => l.checked_at);
    expect(times).toEqual([...times].sort());

    const user = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    const feed = await ctx.db
      .selectFrom('calendar_feed_tokens')
      .selectAll()
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    const device = await ctx.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('user_id', '=', member.id)
      .executeTakeFirstOrThrow();
    for (const secret of [user.password_hash as string, feed.token_hash, device.endpoint, device.p256dh])
      expect(response.body).not.toContain(secret);
    const sessions = await ctx.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', member.id)
      .execute();
    for (const session of sessions) expect(response.body).not.toContain(session.token_hash);
  });

  it('is for the member and the admins only', async () => {
    expect((await exportOf(member.id, adminToken)).statusCode).toBe(200);
    expect((await exportOf(member.id, otherToken)).statusCode).toBe(403);
    expect((await exportOf(randomUUID(), adminToken)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/user/export/${member.id}` })).statusCode).toBe(
      401,
    );
  });
});
