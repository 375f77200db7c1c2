import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEvent,
  DAY,
  HOUR,
  insertStuff,
  joinWaitingList,
  type Member,
  organiserContext,
  subscribe,
} from '../helpers/event-fixtures';
import { bearer, type TestContext } from '../helpers/test-context';

let ctx: TestContext;
let organiser: string;
let model: string;
let people: Member[];

beforeAll(async () => {
  ({ ctx, organiser, model, people } = await organiserContext({ prefix: 'person', count: 8 }));
});
afterAll(() => ctx.close());

const wait = (p: { id: string; token: string }, eventUuid: string, stuff?: string) =>
  joinWaitingList(ctx, p, eventUuid, stuff);
const show = async (uuid: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/event/${uuid}`, headers: bearer(organiser) })).json();
// Sorted: the test clock stands still, so subscriptions made in one test share their created_at.
const subscribedNames = async (uuid: string) =>
  (await show(uuid)).subscribers_with_stuff.map((s: { username: string }) => s.username).sort();
const waitingNames = async (uuid: string) =>
  (await show(uuid)).waiting_list.map((w: { username: string }) => w.username);
const update = (event: Record<string, unknown>, changes: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/event/add-or-update',
    headers: bearer(organiser),
    payload: {
      uuid_event: event.uuid_event,
      uuid_model_event: model,
      start_date: event.start_date,
      end_date: event.end_date,
      max_subscribers: event.max_subscribers,
      stuffs_available: (event.stuffs_available as Array<{ uuid: string }>).map((s) => ({ uuid: s.uuid })),
      ...changes,
    },
  });
const [a, b, c, d, e] = [0, 1, 2, 3, 4];
const p = (i: number) => people[i] as Member;

/** A full event of `max` places with p(0..max-1) subscribed, then `waiters` on its waiting list in order. */
async function fullEventWithWaiters(
  max: number,
  waiters: number[],
  options: { stuffs?: string[]; wished?: string } = {},
) {
  const event = await createEvent(ctx, organiser, model, {
    max,
    ...(options.stuffs ? { stuffs: options.stuffs } : {}),
  });
  for (let i = 0; i < max; i++)
    expect((await subscribe(ctx, p(i).token, p(i).id, event.uuid_event)).statusCode).toBe(200);
  for (const w of waiters) expect((await wait(p(w), event.uuid_event, options.wished)).statusCode).toBe(200);
  return event;
}

describe('waiting list', () => {
  it('is open only when the event is full, and only once', async () => {
    const event = await createEvent(ctx, organiser, model, { max: 1 });
    expect((await wait(p(a), event.uuid_event)).json().code).toBe('waiting_list_refused'); // not full
    await subscribe(ctx, p(a).token, p(a).id, event.uuid_event);
    expect((await wait(p(a), event.uuid_event)).json().code).toBe('waiting_list_refused'); // subscribed
    expect((await wait(p(b), event.uuid_event)).statusCode).toBe(200);
    expect((await wait(p(b), event.uuid_event)).json().code).toBe('waiting_list_refused'); // already waiting
    expect((await subscribe(ctx, p(b).token, p(b).id, event.uuid_event, undefined, false)).statusCode).toBe(
      200,
    ); // leaves it
    expect(await waitingNames(event.uuid_event)).toEqual([]);
  });
});

describe('the fill step', () => {
  it('an unsubscribe promotes exactly one waiter, the first in', async () => {
    const event = await fullEventWithWaiters(2, [c, d, e]);
    await subscribe(ctx, p(a).token, p(a).id, event.uuid_event, undefined, false);
    expect(await subscribedNames(event.uuid_event)).toEqual(['person1', 'person2']);
    expect(await waitingNames(event.uuid_event)).toEqual(['person3', 'person4']);
    const mail = await ctx.db
      .selectFrom('mail_queue')
      .select('subject')
      .where('to_address', '=', 'person2@example.org')
      .where('kind', '=', 'waiting_list_promotion')
      .execute();
    expect(mail).toHaveLength(1);
  });

  it("an unsubscribe with guests frees the host's place and the guests' places", async () => {
    const event = await fullEventWithWaiters(0 + 1, []);
    await update(event, { max_subscribers: 3 });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/event/invite',
      headers: bearer(p(a).token),
      payload: { uuid_event: event.uuid_event, uuid_user: p(a).id, first_name: 'G', last_name: 'One' },
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/event/invite',
      headers: bearer(p(a).token),
      payload: { uuid_event: event.uuid_event, uuid_user: p(a).id, first_name: 'G', last_name: 'Two' },
    });
    for (const w of [b, c, d, e]) await wait(p(w), event.uuid_event);
    await subscribe(ctx, p(a).token, p(a).id, event.uuid_event, undefined, false);
    expect(await subscribedNames(event.uuid_event)).toEqual(['person1', 'person2', 'person3']);
    expect(await waitingNames(event.uuid_event)).toEqual(['person4']);
  });

  it('a deleted guest promotes one waiter', async () => {
    const event = await createEvent(ctx, organiser, model, { max: 2 });
    await subscribe(ctx, p(a).token, p(a).id, event.uuid_event);
    const guest = await ctx.app.inject({
      method: 'POST',
      url: '/api/event/invite',
      headers: bearer(p(a).token),
      payload: { uuid_event: event.uuid_event, uuid_user: p(a).id, first_name: 'G', last_name: 'Uest' },
    });
    await wait(p(b), event.uuid_event);
    const removed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/event/delete-invitation',
      headers: bearer(p(a).token),
      payload: { id: guest.json().id, uuid_event: event.uuid_event },
    });
    expect(removed.statusCode).toBe(204);
    expect(await subscribedNames(event.uuid_event)).toEqual(['person0', 'person1']);
  });

  it('raising the capacity promotes as many as the new places; infinite promotes everyone', async () => {
    const event = await fullEventWithWaiters(1, [b, c, d]);
    await update(event, { max_subscribers: 3 });
    expect(await subscribedNames(event.uuid_event)).toEqual(['person0', 'person1', 'person2']);
    await update(event, { max_subscribers: undefined, subscriber_is_infinite: true });
    expect(await subscribedNames(event.uuid_event)).toEqual(['person0', 'person1', 'person2', 'person3']);
    expect(await waitingNames(event.uuid_event)).toEqual([]);
  });

  it('reactivation promotes; a cancelled event promotes nobody', async () => {
    const event = await fullEventWithWaiters(1, [b]);
    await update(event, { is_cancelled: true });
    await subscribe(ctx, p(a).token, p(a).id, event.uuid_event, undefined, false);
    expect(await subscribedNames(event.uuid_event)).toEqual([]);
    expect(await waitingNames(event.uuid_event)).toEqual(['person1']);
    await update(event, { is_cancelled: false });
    expect(await subscribedNames(event.uuid_event)).toEqual(['person1']);
  });

  it('gives the wished stuff when available, else own equipment with one pick allowed later', async () => {
    const paddle = await insertStuff(ctx, 'Pagaie rare', 1);
    const event = await fullEventWithWaiters(1, [b, c], { stuffs: [paddle], wished: paddle });
    await subscribe(ctx, p(a).token, p(a).id, event.uuid_event, undefined, false);
    let shown = await show(event.uuid_event);
    expect(
      shown.subscribers_with_stuff.map((s: { username: string; uuid_stuff: string | null }) => [
        s.username,
        s.uuid_stuff,
      ]),
    ).toEqual([['person1', paddle]]);
    await update(event, { max_subscribers: 2 });
    shown = await show(event.uuid_event);
    expect(
      shown.subscribers_with_stuff.find((s: { username: string }) => s.username === 'person2'),
    ).toMatchObject({ uuid_stuff: null });
    // person1 gives the paddle back by leaving; person2, promoted on own equipment, may now pick it once.
    await subscribe(ctx, p(b).token, p(b).id, event.uuid_event, undefined, false);
    expect((await subscribe(ctx, p(c).token, p(c).id, event.uuid_event, paddle)).statusCode).toBe(200);
    expect((await subscribe(ctx, p(c).token, p(c).id, event.uuid_event, undefined)).json().code).toBe(
      'stuff_locked',
    );
  });

  it('never fills a past event', async () => {
    const event = await fullEventWithWaiters(1, [b]);
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 2 * DAY + HOUR);
    try {
      const left = await subscribe(ctx, p(a).token, p(a).id, event.uuid_event, undefined, false);
      expect(left.json().code).toBe('event_past');
      expect(await waitingNames(event.uuid_event)).toEqual(['person1']);
    } finally {
      ctx.clock.now = new Date(ctx.clock.now.getTime() - 2 * DAY - HOUR);
    }
  });
});
