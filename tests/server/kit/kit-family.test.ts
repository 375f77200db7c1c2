import type { EventDto } from '@common/contract/event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, HOUR, insertStuff, type Member, organiserContext } from '../helpers/event-fixtures';
import { bearer, type TestContext } from '../helpers/test-context';

// A guardian books a child's kit, changes it, and gives the child's guest a kit (docs/rules.md#kit, #families).
let ctx: TestContext;
let organiser: string;
let model: string;
let parent: Member;
let stranger: Member;
let childId: string;
let kayak: string;
let paddle: string;
let vest: string;

beforeAll(async () => {
  let people: Member[];
  ({ ctx, organiser, model, people } = await organiserContext({ prefix: 'famkit', count: 2 }));
  [parent, stranger] = people as [Member, Member];
  kayak = await insertStuff(ctx, 'Kayak mono K1', 4);
  paddle = await insertStuff(ctx, 'Pagaie enfant', 4);
  vest = await insertStuff(ctx, 'Gilet enfant', 1);
  const born = new Date(ctx.clock.now);
  born.setUTCFullYear(born.getUTCFullYear() - 11);
  const made = await ctx.app.inject({
    method: 'POST',
    url: '/api/family/children',
    headers: bearer(parent.token),
    payload: { first_name: 'Lou', last_name: 'Le Bihan', birth_date: born.toISOString().slice(0, 10) },
  });
  expect(made.statusCode).toBe(201);
  childId = made.json().id;
});
afterAll(() => ctx.close());

const put = (who: Member, url: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url, headers: bearer(who.token), payload });
const read = async (uuid: string): Promise<EventDto> =>
  (await ctx.app.inject({ method: 'GET', url: `/api/event/${uuid}`, headers: bearer(organiser) })).json();

describe("a child's kit", () => {
  it('is booked, changed and given to the child’s guest by a guardian, and by nobody else', async () => {
    const event = await createEvent(ctx, organiser, model, {
      startInMs: 3 * 24 * HOUR,
      stuffs: [kayak, paddle, vest],
    });
    const booked = await put(parent, '/api/event/subscribe/status', {
      uuid_event: event.uuid_event,
      uuid_user: childId,
      subscribe: true,
      stuffs: [kayak, vest],
    });
    expect(booked.statusCode).toBe(200);
    const child = (e: EventDto) => e.subscribers_with_stuff.find((s) => s.id === childId);
    expect(child(await read(event.uuid_event))?.stuffs).toEqual([kayak, vest]);

    // Someone who does not answer for the child changes nothing.
    const refused = await put(stranger, '/api/event/subscribe/stuffs', {
      uuid_event: event.uuid_event,
      uuid_user: childId,
      stuffs: [paddle],
    });
    expect(refused.statusCode).toBe(403);
    const changed = await put(parent, '/api/event/subscribe/stuffs', {
      uuid_event: event.uuid_event,
      uuid_user: childId,
      stuffs: [kayak, paddle],
    });
    expect(changed.statusCode).toBe(200);
    const shown = await read(event.uuid_event);
    expect(child(shown)?.stuffs).toEqual([kayak, paddle]);
    // The vest the child gave back is there for someone else.
    expect(shown.stuffs_available.find((s) => s.uuid === vest)?.available).toBe(1);

    // The child brings a friend, who borrows the vest.
    const guest = await ctx.app.inject({
      method: 'POST',
      url: '/api/event/invite',
      headers: bearer(parent.token),
      payload: {
        uuid_event: event.uuid_event,
        uuid_user: childId,
        first_name: 'Nina',
        last_name: 'Riou',
        age: 10,
        stuffs: [vest],
      },
    });
    expect(guest.statusCode).toBe(200);
    expect(guest.json()).toMatchObject({ uuid_user: childId, stuffs: [vest], uuid_stuff: vest });
    expect((await read(event.uuid_event)).stuffs_available.find((s) => s.uuid === vest)?.available).toBe(0);
  });
});
