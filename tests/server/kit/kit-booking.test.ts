import { DEFAULT_TIMEZONE } from '@common/contract/club-defaults';
import type { EventDto } from '@common/contract/event';
import { clubDayOf } from '@common/rules/club-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, HOUR, insertStuff, type Member, organiserContext } from '../helpers/event-fixtures';
import { bearer, type TestContext } from '../helpers/test-context';

// Kit: several items per booking (docs/rules.md#kit): the shape, the order, the errors and the stock.
let ctx: TestContext;
let organiser: string;
let model: string;
let people: Member[];
let kayak: string;
let paddle: string;
let vest: string;
let helmet: string;

beforeAll(async () => {
  ({ ctx, organiser, model, people } = await organiserContext({ prefix: 'kit', count: 6 }));
  kayak = await insertStuff(ctx, 'Kayak mono K1', 5);
  paddle = await insertStuff(ctx, 'Pagaie double', 5);
  vest = await insertStuff(ctx, 'Gilet', 1);
  helmet = await insertStuff(ctx, 'Casque', 0, true);
});
afterAll(() => ctx.close());

let hour = 0;
/** Each event at its own time, so stock held at one never counts at the next. */
const newEvent = (stuffs: string[], max = 10) =>
  createEvent(ctx, organiser, model, { startInMs: 2 * 24 * HOUR + hour++ * 3 * HOUR, stuffs, max });

const put = (who: Member, url: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url, headers: bearer(who.token), payload });
const subscribeKit = (who: Member, eventUuid: string, kit: object) =>
  put(who, '/api/event/subscribe/status', {
    uuid_event: eventUuid,
    uuid_user: who.id,
    subscribe: true,
    ...kit,
  });
const changeKit = (who: Member, eventUuid: string, stuffs: string[]) =>
  put(who, '/api/event/subscribe/stuffs', { uuid_event: eventUuid, uuid_user: who.id, stuffs });
const read = async (eventUuid: string): Promise<EventDto> =>
  (
    await ctx.app.inject({ method: 'GET', url: `/api/event/${eventUuid}`, headers: bearer(organiser) })
  ).json();
const entryOf = (event: EventDto, who: Member) => event.subscribers_with_stuff.find((s) => s.id === who.id);
const left = (event: EventDto, uuid: string) =>
  event.stuffs_available.find((s) => s.uuid === uuid)?.available;

describe('booking a kit', () => {
  it('books several items in the order chosen, with uuid_stuff and stuff_name its first', async () => {
    const event = await newEvent([kayak, paddle, vest]);
    const [lena] = people as [Member];
    const answer = await subscribeKit(lena, event.uuid_event, { stuffs: [paddle, kayak, vest] });
    expect(answer.statusCode).toBe(200);
    const entry = entryOf(answer.json(), lena);
    expect(entry?.stuffs).toEqual([paddle, kayak, vest]);
    expect(entry?.uuid_stuff).toBe(paddle);
    expect(entry?.stuff_name).toBe('Pagaie double');
    const shown = await read(event.uuid_event);
    expect([left(shown, kayak), left(shown, paddle), left(shown, vest)]).toEqual([4, 4, 0]);
    // The week read carries the kit too, and never the hand-out state. Its days are the club's.
    const day = clubDayOf(new Date(event.start_date), DEFAULT_TIMEZONE);
    const week = await ctx.app.inject({
      method: 'GET',
      url: `/api/event/from/${day}/to/${day}`,
      headers: bearer(lena.token),
    });
    const inWeek = week.json<EventDto[]>().find((e) => e.uuid_event === event.uuid_event);
    expect(inWeek && entryOf(inWeek, lena)?.stuffs).toEqual([paddle, kayak, vest]);
    expect(inWeek && entryOf(inWeek, lena)).not.toHaveProperty('stuffs_state');
  });

  it('takes the spec’s uuid_stuff alone as one item, and an empty kit as own equipment', async () => {
    const event = await newEvent([kayak, paddle]);
    const [a, b] = people as [Member, Member];
    expect(
      entryOf((await subscribeKit(a, event.uuid_event, { uuid_stuff: kayak })).json(), a)?.stuffs,
    ).toEqual([kayak]);
    const own = entryOf((await subscribeKit(b, event.uuid_event, { stuffs: [] })).json(), b);
    expect(own).toMatchObject({ stuffs: [], uuid_stuff: null, stuff_name: 'default_name' });
  });

  it('refuses the same item twice and a uuid_stuff that is not the first of stuffs (400), booking nothing', async () => {
    const event = await newEvent([kayak, paddle]);
    const [a] = people as [Member];
    const twice = await subscribeKit(a, event.uuid_event, { stuffs: [kayak, kayak] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ code: 'invalid_input', field: 'stuffs' });
    const disagree = await subscribeKit(a, event.uuid_event, { uuid_stuff: paddle, stuffs: [kayak, paddle] });
    expect(disagree.statusCode).toBe(400);
    expect(disagree.json()).toMatchObject({ code: 'invalid_input', field: 'uuid_stuff' });
    const agree = await subscribeKit(a, event.uuid_event, { uuid_stuff: kayak, stuffs: [kayak, paddle] });
    expect(agree.statusCode).toBe(200);
  });

  it('refuses an item the event does not offer, or the last vest gone, naming it, and books nothing', async () => {
    const event = await newEvent([kayak, paddle, vest]);
    const [a, b] = people as [Member, Member];
    const notOffered = await subscribeKit(a, event.uuid_event, { stuffs: [kayak, helmet] });
    expect(notOffered.statusCode).toBe(409);
    expect(notOffered.json()).toMatchObject({
      code: 'stuff_unavailable',
      field: 'stuffs',
      uuid_stuff: helmet,
    });
    expect((await subscribeKit(a, event.uuid_event, { stuffs: [vest] })).statusCode).toBe(200);
    // The last vest went between b's dialog and b's tap.
    const gone = await subscribeKit(b, event.uuid_event, { stuffs: [kayak, paddle, vest] });
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toMatchObject({ code: 'stuff_unavailable', field: 'stuffs', uuid_stuff: vest });
    const shown = await read(event.uuid_event);
    expect(entryOf(shown, b)).toBeUndefined();
    expect([left(shown, kayak), left(shown, paddle)]).toEqual([5, 5]);
    // A spec client that sent uuid_stuff alone reads the field it sent.
    const spec = await subscribeKit(b, event.uuid_event, { uuid_stuff: vest });
    expect(spec.json()).toMatchObject({ code: 'stuff_unavailable', field: 'uuid_stuff', uuid_stuff: vest });
  });

  it('books infinite items without counting them', async () => {
    const infinite = await insertStuff(ctx, 'Casque prêté', 0, true);
    const event = await newEvent([infinite, kayak]);
    for (const who of people.slice(0, 3))
      expect((await subscribeKit(who, event.uuid_event, { stuffs: [kayak, infinite] })).statusCode).toBe(200);
    expect(left(await read(event.uuid_event), infinite)).toBeNull();
  });

  it('takes the same set again in any order as a no-op, and another set as stuff_locked', async () => {
    const event = await newEvent([kayak, paddle, vest]);
    const [a] = people as [Member];
    await subscribeKit(a, event.uuid_event, { stuffs: [kayak, paddle] });
    expect((await subscribeKit(a, event.uuid_event, { stuffs: [paddle, kayak] })).statusCode).toBe(200);
    const other = await subscribeKit(a, event.uuid_event, { stuffs: [kayak] });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'stuff_locked', field: 'stuffs' });
    expect(entryOf(await read(event.uuid_event), a)?.stuffs).toEqual([kayak, paddle]);
  });
});

describe('changing the kit, keeping the place', () => {
  it('replaces the kit on a full event without losing the place, and moves the stock', async () => {
    const event = await newEvent([kayak, paddle, vest], 1);
    const [a, b] = people as [Member, Member];
    await subscribeKit(a, event.uuid_event, { stuffs: [kayak, paddle] });
    const changed = await changeKit(a, event.uuid_event, [paddle, vest]);
    expect(changed.statusCode).toBe(200);
    const shown = await read(event.uuid_event);
    expect(entryOf(shown, a)?.stuffs).toEqual([paddle, vest]);
    expect(shown.subcribers_count).toBe(1);
    expect([left(shown, kayak), left(shown, paddle), left(shown, vest)]).toEqual([5, 4, 0]);
    // The place was never free: nobody else got in meanwhile.
    expect((await subscribeKit(b, event.uuid_event, { stuffs: [] })).json()).toMatchObject({
      code: 'event_full',
    });
  });

  it('is all or nothing: an item gone keeps the old kit and names it', async () => {
    const event = await newEvent([kayak, paddle, vest]);
    const [a, b] = people as [Member, Member];
    await subscribeKit(a, event.uuid_event, { stuffs: [vest] });
    await subscribeKit(b, event.uuid_event, { stuffs: [kayak] });
    const refused = await changeKit(b, event.uuid_event, [kayak, paddle, vest]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'stuff_unavailable', uuid_stuff: vest });
    expect(entryOf(await read(event.uuid_event), b)?.stuffs).toEqual([kayak]);
    // Keeping an item one holds never counts it twice, even when none is left of it.
    expect((await changeKit(a, event.uuid_event, [kayak, vest])).statusCode).toBe(200);
  });

  it('refuses a member who is not subscribed (403), an item twice (400), and after the start (409 event_past)', async () => {
    const event = await newEvent([kayak, paddle]);
    const [a, b] = people as [Member, Member];
    expect((await changeKit(b, event.uuid_event, [kayak])).json()).toMatchObject({
      code: 'forbidden',
      field: 'uuid_user',
    });
    await subscribeKit(a, event.uuid_event, { stuffs: [kayak] });
    expect((await changeKit(a, event.uuid_event, [paddle, paddle])).statusCode).toBe(400);
    const saved = ctx.clock.now;
    ctx.clock.now = new Date(new Date(event.start_date).getTime() + 60_000);
    try {
      const late = await changeKit(a, event.uuid_event, [paddle]);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ code: 'event_past' });
    } finally {
      ctx.clock.now = saved;
    }
  });

  it('is replayed once for the same Idempotency-Key', async () => {
    const event = await newEvent([kayak, paddle]);
    const [a] = people as [Member];
    await subscribeKit(a, event.uuid_event, { stuffs: [kayak] });
    const send = () =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/event/subscribe/stuffs',
        headers: { ...bearer(a.token), 'idempotency-key': 'kit-change-1' },
        payload: { uuid_event: event.uuid_event, uuid_user: a.id, stuffs: [paddle] },
      });
    const first = await send();
    expect(first.statusCode).toBe(200);
    await changeKit(a, event.uuid_event, [kayak]); // a later change, not replayed over
    const again = await send();
    expect(again.body).toBe(first.body);
    expect(entryOf(await read(event.uuid_event), a)?.stuffs).toEqual([kayak]);
  });
});

describe('guests and the waiting list', () => {
  it('books a guest’s kit, changes it whole or not at all, and names the item gone', async () => {
    const event = await newEvent([kayak, paddle, vest]);
    const [host, other] = people as [Member, Member];
    await subscribeKit(host, event.uuid_event, { stuffs: [] });
    const invite = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/event/invite',
        headers: bearer(host.token),
        payload: {
          uuid_event: event.uuid_event,
          uuid_user: host.id,
          first_name: 'Noé',
          last_name: 'Kerlo',
          ...payload,
        },
      });
    const guest = (await invite({ stuffs: [kayak, paddle] })).json();
    expect(guest).toMatchObject({ stuffs: [kayak, paddle], uuid_stuff: kayak });
    await subscribeKit(other, event.uuid_event, { stuffs: [vest] });
    const refused = await invite({ id: guest.id, stuffs: [kayak, vest] });
    expect(refused.json()).toMatchObject({ code: 'stuff_unavailable', uuid_stuff: vest });
    const shown = await read(event.uuid_event);
    expect(shown.invite_list.find((g) => g.id === guest.id)?.stuffs).toEqual([kayak, paddle]);
    expect((await invite({ id: guest.id, stuffs: [paddle] })).json()).toMatchObject({ stuffs: [paddle] });
    expect(left(await read(event.uuid_event), kayak)).toBe(5);
  });

  it('fixes a guest’s kit once the event has started, as a member’s, while the guest’s name may still change', async () => {
    const event = await newEvent([kayak, paddle]);
    const [host] = people as [Member];
    await subscribeKit(host, event.uuid_event, { stuffs: [] });
    const invite = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/event/invite',
        headers: bearer(host.token),
        payload: { uuid_event: event.uuid_event, uuid_user: host.id, last_name: 'Kerlo', ...payload },
      });
    const guest = (await invite({ first_name: 'Noé', stuffs: [kayak] })).json();
    const saved = ctx.clock.now;
    ctx.clock.now = new Date(new Date(event.start_date).getTime() + 60_000);
    try {
      const late = await invite({ id: guest.id, first_name: 'Noé', stuffs: [paddle] });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ code: 'event_past', field: 'stuffs' });
      const renamed = await invite({ id: guest.id, first_name: 'Noah', stuffs: [kayak] });
      expect(renamed.json()).toMatchObject({ first_name: 'Noah', stuffs: [kayak] });
    } finally {
      ctx.clock.now = saved;
    }
  });

  it('promotes with each wished item still there and own equipment for the rest, saying which', async () => {
    const event = await newEvent([kayak, paddle, vest], 1);
    const [a, b, c] = people as [Member, Member, Member];
    await subscribeKit(a, event.uuid_event, { stuffs: [] });
    const wish = await ctx.app.inject({
      method: 'POST',
      url: '/api/event/waiting-list',
      headers: bearer(b.token),
      payload: { uuid_event: event.uuid_event, uuid_user: b.id, stuffs: [kayak, vest] },
    });
    expect(wish.statusCode).toBe(200);
    expect(wish.json<EventDto>().waiting_list.find((w) => w.uuid_user === b.id)?.stuffs).toEqual([
      kayak,
      vest,
    ]);
    // The only vest goes to someone at an overlapping event meanwhile.
    const overlapping = await createEvent(ctx, organiser, model, {
      startInMs: new Date(event.start_date).getTime() - ctx.clock.now.getTime(),
      stuffs: [vest],
    });
    await subscribeKit(c, overlapping.uuid_event, { stuffs: [vest] });
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/event/subscribe/status',
      headers: bearer(a.token),
      payload: { uuid_event: event.uuid_event, uuid_user: a.id, subscribe: false },
    });
    expect(entryOf(await read(event.uuid_event), b)?.stuffs).toEqual([kayak]);
    const mail = await ctx.db
      .selectFrom('mail_queue')
      .select(['body_text'])
      .where('to_address', '=', `${b.username}@example.org`)
      .where('kind', '=', 'waiting_list_promotion')
      .executeTakeFirst();
    expect(mail?.body_text).toContain('Kayak mono K1');
  });

  it('refuses a wish for an item the event does not offer, naming it', async () => {
    const event = await newEvent([kayak], 1);
    const [a, b] = people as [Member, Member];
    await subscribeKit(a, event.uuid_event, { stuffs: [] });
    const wish = await ctx.app.inject({
      method: 'POST',
      url: '/api/event/waiting-list',
      headers: bearer(b.token),
      payload: { uuid_event: event.uuid_event, uuid_user: b.id, stuffs: [kayak, helmet] },
    });
    expect(wish.json()).toMatchObject({ code: 'stuff_unavailable', uuid_stuff: helmet });
  });
});

describe('a stuff removed from the event', () => {
  it('leaves its holders their place and the rest of their kit, first item first', async () => {
    const event = await newEvent([kayak, paddle, vest]);
    const [a] = people as [Member];
    await subscribeKit(a, event.uuid_event, { stuffs: [kayak, paddle] });
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/event/add-or-update',
      headers: bearer(organiser),
      payload: {
        uuid_event: event.uuid_event,
        uuid_model_event: model,
        start_date: event.start_date,
        end_date: event.end_date,
        city: event.city,
        zip_code: event.zip_code,
        max_subscribers: event.max_subscribers,
        stuffs_available: [{ uuid: paddle }, { uuid: vest }],
      },
    });
    expect(saved.statusCode).toBe(200);
    const entry = entryOf(await read(event.uuid_event), a);
    expect(entry).toMatchObject({ stuffs: [paddle], uuid_stuff: paddle, stuff_name: 'Pagaie double' });
  });
});

describe('a stuff deleted from the catalogue', () => {
  it('leaves past kits closed up, their first item still uuid_stuff', async () => {
    const spare = await insertStuff(ctx, 'Kayak de prêt', 3);
    const event = await newEvent([spare, paddle]);
    const [a] = people as [Member];
    await subscribeKit(a, event.uuid_event, { stuffs: [spare, paddle] });
    const saved = ctx.clock.now;
    ctx.clock.now = new Date(new Date(event.end_date).getTime() + 60_000);
    try {
      const gone = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/stuff/delete/${spare}`,
        headers: bearer(organiser),
      });
      expect(gone.statusCode).toBe(204);
      expect(entryOf(await read(event.uuid_event), a)).toMatchObject({
        stuffs: [paddle],
        uuid_stuff: paddle,
        stuff_name: 'Pagaie double',
      });
    } finally {
      ctx.clock.now = saved;
    }
  });
});
