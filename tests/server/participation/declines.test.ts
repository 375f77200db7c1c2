import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueReminders } from '../../../server/modules/reminders/reminders.service';
import {
  createEvent,
  DAY,
  decline,
  HOUR,
  holdsPlace,
  insertModel,
  joinWaitingList,
  members,
  subscribe,
} from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// Declines (docs/rules.md#subscriptions): "not coming" takes no place, releases a held place or waiting-list
// spot (the next in line is promoted), stops reminders, may be taken back while the event is upcoming, is
// replayable with an Idempotency-Key, and is shown to the member and to attendance-takers.
describe('PUT /api/event/decline', () => {
  let ctx: TestContext;
  let organiser: string;
  let model: string;
  let people: Array<{ id: string; token: string; username: string }>;
  const member = (i: number) => people[i] as { id: string; token: string; username: string };

  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
    await ctx.createUser('orga', 'Contributor');
    organiser = await ctx.signIn('orga');
    model = await insertModel(ctx, 'Kayak');
    people = await members(ctx, 'member', 4);
  });
  afterAll(() => ctx.close());

  const myDeclines = async (who: { id: string; token: string }) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/event/my-declines/${who.id}`,
        headers: bearer(who.token),
      })
    ).json() as Array<{ uuid_event: string; uuid_user: string; username: string }>;
  const eventDeclines = (token: string, eventUuid: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/event/${eventUuid}/declines`, headers: bearer(token) });

  it('releases the place of one who held it, promotes the next in line, and is shown to the organiser only', async () => {
    const event = await createEvent(ctx, organiser, model, { max: 1 });
    expect((await subscribe(ctx, member(0).token, member(0).id, event.uuid_event)).statusCode).toBe(200);
    expect((await joinWaitingList(ctx, member(1), event.uuid_event)).statusCode).toBe(200);

    const answer = await decline(ctx, member(0), event.uuid_event);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().subscribers_with_stuff.map((s: { id: string }) => s.id)).toEqual([member(1).id]);
    expect(await holdsPlace(ctx, event.uuid_event, member(0).id)).toBe(false);
    expect(await holdsPlace(ctx, event.uuid_event, member(1).id)).toBe(true);
    const promotion = await ctx.db
      .selectFrom('mail_queue')
      .select('to_address')
      .where('kind', '=', 'waiting_list_promotion')
      .execute();
    expect(promotion.map((m) => m.to_address)).toEqual([`${member(1).username}@example.org`]);

    expect((await myDeclines(member(0))).map((d) => d.uuid_event)).toEqual([event.uuid_event]);
    const seen = await eventDeclines(organiser, event.uuid_event);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().map((d: { username: string }) => d.username)).toEqual([member(0).username]);
    // By name, so the organiser lists « Ne viennent pas » as people are called.
    await ctx.db
      .updateTable('users')
      .set({ first_name: 'Léna', last_name: 'Bosser' })
      .where('id', '=', member(0).id)
      .execute();
    const named = (await eventDeclines(organiser, event.uuid_event)).json();
    expect(named[0]).toMatchObject({ first_name: 'Léna', last_name: 'Bosser' });
    expect(Object.keys(named[0]).sort()).toEqual([
      'declined_at',
      'first_name',
      'last_name',
      'username',
      'uuid_event',
      'uuid_user',
    ]);
    expect((await eventDeclines(member(1).token, event.uuid_event)).statusCode).toBe(403);
    // Another member's own list is theirs alone.
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/event/my-declines/${member(0).id}`,
      headers: bearer(member(1).token),
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('leaves the waiting list; subscribing or waiting again replaces the answer; false takes it back', async () => {
    const event = await createEvent(ctx, organiser, model, { max: 1 });
    await subscribe(ctx, member(0).token, member(0).id, event.uuid_event);
    await joinWaitingList(ctx, member(2), event.uuid_event);

    const answer = await decline(ctx, member(2), event.uuid_event);
    expect(answer.json().waiting_list).toEqual([]);
    expect((await myDeclines(member(2))).some((d) => d.uuid_event === event.uuid_event)).toBe(true);
    // Answering again changes nothing more.
    expect((await decline(ctx, member(2), event.uuid_event)).statusCode).toBe(200);

    expect((await joinWaitingList(ctx, member(2), event.uuid_event)).statusCode).toBe(200);
    expect((await myDeclines(member(2))).some((d) => d.uuid_event === event.uuid_event)).toBe(false);

    await decline(ctx, member(3), event.uuid_event);
    expect((await decline(ctx, member(3), event.uuid_event, false)).statusCode).toBe(200);
    expect((await myDeclines(member(3))).some((d) => d.uuid_event === event.uuid_event)).toBe(false);

    const open = await createEvent(ctx, organiser, model, { isInfinite: true });
    await decline(ctx, member(3), open.uuid_event);
    expect((await subscribe(ctx, member(3).token, member(3).id, open.uuid_event)).statusCode).toBe(200);
    expect((await myDeclines(member(3))).some((d) => d.uuid_event === open.uuid_event)).toBe(false);
  });

  it('refuses another member, a cancelled or past event, an unknown event and a bad body, storing nothing', async () => {
    const event = await createEvent(ctx, organiser, model);
    const forOther = await ctx.app.inject({
      method: 'PUT',
      url: '/api/event/decline',
      headers: bearer(member(0).token),
      payload: { uuid_event: event.uuid_event, uuid_user: member(1).id, decline: true },
    });
    expect(forOther.statusCode).toBe(403);

    const past = await createEvent(ctx, organiser, model, { startInMs: HOUR, durationMs: HOUR });
    const saved = ctx.clock.now;
    ctx.clock.now = new Date(saved.getTime() + 3 * HOUR);
    try {
      expect((await decline(ctx, member(0), past.uuid_event)).json().code).toBe('event_past');
    } finally {
      ctx.clock.now = saved;
    }

    const cancelled = await createEvent(ctx, organiser, model);
    await ctx.db
      .updateTable('events')
      .set({ is_cancelled: true })
      .where('uuid', '=', cancelled.uuid_event)
      .execute();
    expect((await decline(ctx, member(0), cancelled.uuid_event)).json().code).toBe('event_cancelled');

    expect((await decline(ctx, member(0), '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/event/decline',
      headers: bearer(member(0).token),
      payload: { uuid_event: event.uuid_event, uuid_user: member(0).id, decline: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    const stored = await ctx.db
      .selectFrom('event_declines')
      .select('event_uuid')
      .where('event_uuid', 'in', [event.uuid_event, past.uuid_event, cancelled.uuid_event])
      .execute();
    expect(stored).toEqual([]);
  });

  it('replays with an Idempotency-Key: the same answer again, alone or in a batch, acting once', async () => {
    const event = await createEvent(ctx, organiser, model, { max: 1 });
    await subscribe(ctx, member(1).token, member(1).id, event.uuid_event);
    await joinWaitingList(ctx, member(2), event.uuid_event);
    const first = await decline(ctx, member(1), event.uuid_event, true, 'decline-key-1');
    // Meanwhile member 1 subscribes again as member 2 leaves; the replayed decline must not act again.
    await subscribe(ctx, member(2).token, member(2).id, event.uuid_event, undefined, false);
    await subscribe(ctx, member(1).token, member(1).id, event.uuid_event);
    const again = await decline(ctx, member(1), event.uuid_event, true, 'decline-key-1');
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.json()).toEqual(first.json());
    expect(await holdsPlace(ctx, event.uuid_event, member(1).id)).toBe(true);

    const batch = await ctx.app.inject({
      method: 'POST',
      url: '/api/replay',
      headers: bearer(member(1).token),
      payload: {
        writes: [
          {
            method: 'PUT',
            path: '/api/event/decline',
            idempotencyKey: 'decline-key-2',
            body: { uuid_event: event.uuid_event, uuid_user: member(1).id, decline: true },
          },
        ],
      },
    });
    expect(batch.json().answers[0].status).toBe(200);
    expect(await holdsPlace(ctx, event.uuid_event, member(1).id)).toBe(false);
    const reused = await decline(ctx, member(1), event.uuid_event, false, 'decline-key-2');
    expect(reused.json().code).toBe('idempotency_key_reused');
  });

  it('stops the reminder of one who declined', async () => {
    const event = await createEvent(ctx, organiser, model, { startInMs: 2 * DAY });
    await subscribe(ctx, member(3).token, member(3).id, event.uuid_event);
    await decline(ctx, member(3), event.uuid_event);
    const start = new Date(event.start_date).getTime();
    const saved = ctx.clock.now;
    ctx.clock.now = new Date(start - 12 * HOUR);
    try {
      await sendDueReminders({ db: ctx.db, now: () => ctx.clock.now, config: ctx.config });
    } finally {
      ctx.clock.now = saved;
    }
    const reminders = await ctx.db
      .selectFrom('event_reminders')
      .select('user_id')
      .where('event_uuid', '=', event.uuid_event)
      .execute();
    expect(reminders).toEqual([]);
  });
});
