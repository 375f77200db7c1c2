import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, DAY, HOUR, insertModel, insertStuff, subscribe } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

let ctx: TestContext;
let creator: string;
let creatorId: string;
let member: { id: string; token: string };
let model: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
  creatorId = (await ctx.createUser('orga', 'Contributor')).id;
  creator = await ctx.signIn('orga');
  const { id } = await ctx.createUser('marin');
  member = { id, token: await ctx.signIn('marin') };
  model = await insertModel(ctx);
});
afterAll(() => ctx.close());

const save = (token: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/event/add-or-update', headers: bearer(token), payload });

describe('events', () => {
  it('creates an event with the full shape of the contract', async () => {
    const kayak = await insertStuff(ctx, 'Kayak biplace', 2);
    const event = await createEvent(ctx, creator, model, { max: 5, stuffs: [kayak] });
    expect(event).toMatchObject({
      uuid_model_event: model,
      model_name: 'Kayak',
      model_description: 'Kayak au club',
      creator: { id: creatorId },
      city: 'Brest',
      max_subscribers: 5,
      subcribers_count: 0,
      subscriber_is_infinite: false,
      is_cancelled: false,
      subscribers_with_stuff: [],
      waiting_list: [],
      invite_list: [],
      uuid_series: null,
    });
    expect(event.stuffs_available).toEqual([
      {
        uuid: kayak,
        name: 'Kayak biplace',
        description: 'Kayak biplace',
        stock: 2,
        is_infinite: false,
        kind: null,
        available: 2,
      },
    ]);
    expect(event.start_date).toMatch(/Z$/);
  });

  it('refuses bad dates: end before start, start in the past', async () => {
    const start = new Date(ctx.clock.now.getTime() + DAY);
    const base = { uuid_model_event: model, max_subscribers: 3 };
    const reversed = await save(creator, {
      ...base,
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() - HOUR).toISOString(),
    });
    expect(reversed.json()).toMatchObject({ code: 'error_date', field: 'end_date' });
    const past = await save(creator, {
      ...base,
      start_date: new Date(ctx.clock.now.getTime() - HOUR).toISOString(),
      end_date: start.toISOString(),
    });
    expect(past.json()).toMatchObject({ code: 'error_date_past', field: 'start_date' });
    const unknownModel = await save(creator, {
      ...base,
      uuid_model_event: '00000000-0000-4000-8000-000000000000',
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + HOUR).toISOString(),
    });
    expect(unknownModel.json()).toMatchObject({ code: 'not_found', field: 'uuid_model_event' });
    const badLocation = await save(creator, {
      ...base,
      start_date: start.toISOString(),
      end_date: new Date(start.getTime() + HOUR).toISOString(),
      location: 'http://evil.example/x',
    });
    expect(badLocation.json()).toMatchObject({ code: 'invalid_input', field: 'location' });
  });

  it('subscribes, refuses a full event, and counts guests', async () => {
    const event = await createEvent(ctx, creator, model, { max: 2 });
    const subscribed = await subscribe(ctx, member.token, member.id, event.uuid_event);
    expect(subscribed.statusCode).toBe(200);
    expect(subscribed.json().subscribers_with_stuff).toEqual([
      expect.objectContaining({
        id: member.id,
        username: 'marin',
        stuff_name: 'default_name',
        uuid_stuff: null,
        is_checked: false,
      }),
    ]);
    expect((await subscribe(ctx, member.token, member.id, event.uuid_event)).statusCode).toBe(200); // again: a no-op
    const invite = await ctx.app.inject({
      method: 'POST',
      url: '/api/event/invite',
      headers: bearer(member.token),
      payload: {
        uuid_event: event.uuid_event,
        uuid_user: member.id,
        first_name: 'Jo',
        last_name: 'Lune',
        age: 12,
        email: 'jo@example.org',
      },
    });
    expect(invite.json()).toMatchObject({ first_name: 'Jo', age: 12, email: 'jo@example.org' });
    const full = await subscribe(ctx, creator, creatorId, event.uuid_event);
    expect(full.json().code).toBe('event_full');
    const shown = await ctx.app.inject({
      method: 'GET',
      url: `/api/event/${event.uuid_event}`,
      headers: bearer(creator),
    });
    expect(shown.json().subcribers_count).toBe(2);
    expect(shown.json().invite_list[0]).not.toHaveProperty('email');
  });

  it('locks the equipment once subscribed', async () => {
    const paddle = await insertStuff(ctx, 'Pagaie', 5);
    const vest = await insertStuff(ctx, 'Gilet', 5);
    const event = await createEvent(ctx, creator, model, { stuffs: [paddle, vest] });
    expect((await subscribe(ctx, member.token, member.id, event.uuid_event, paddle)).statusCode).toBe(200);
    const change = await subscribe(ctx, member.token, member.id, event.uuid_event, vest);
    expect(change.json()).toMatchObject({ code: 'stuff_locked' });
  });

  it('counts stuff held in overlapping events, not in cancelled or separate ones', async () => {
    const kayaks = await insertStuff(ctx, 'Kayak solo', 1);
    const first = await createEvent(ctx, creator, model, { startInMs: 3 * DAY, stuffs: [kayaks] });
    const overlapping = await createEvent(ctx, creator, model, {
      startInMs: 3 * DAY + HOUR,
      stuffs: [kayaks],
    });
    const later = await createEvent(ctx, creator, model, { startInMs: 4 * DAY, stuffs: [kayaks] });
    expect((await subscribe(ctx, member.token, member.id, first.uuid_event, kayaks)).statusCode).toBe(200);
    expect((await subscribe(ctx, creator, creatorId, overlapping.uuid_event, kayaks)).json().code).toBe(
      'stuff_unavailable',
    );
    expect((await subscribe(ctx, creator, creatorId, later.uuid_event, kayaks)).statusCode).toBe(200);
  });

  it('cancels, refuses to delete an upcoming uncancelled event, reactivates, deletes', async () => {
    const event = await createEvent(ctx, creator, model);
    const input = {
      uuid_event: event.uuid_event,
      uuid_model_event: model,
      start_date: event.start_date,
      end_date: event.end_date,
      max_subscribers: 10,
    };
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/event/delete/${event.uuid_event}`,
          headers: bearer(creator),
        })
      ).json().code,
    ).toBe('event_not_cancelled');
    expect((await save(creator, { ...input, is_cancelled: true })).json().is_cancelled).toBe(true);
    expect((await subscribe(ctx, member.token, member.id, event.uuid_event)).json().code).toBe(
      'event_cancelled',
    );
    expect((await save(creator, { ...input, is_cancelled: false })).json().is_cancelled).toBe(false);
    await save(creator, { ...input, is_cancelled: true });
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/event/delete/${event.uuid_event}`,
          headers: bearer(creator),
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/event/${event.uuid_event}`,
          headers: bearer(creator),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses deleting a model or a stuff an upcoming event uses', async () => {
    const stuff = await insertStuff(ctx, 'Combinaison', 3);
    const usedModel = await insertModel(ctx, 'Voile');
    await createEvent(ctx, creator, usedModel, { stuffs: [stuff] });
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/event/model/delete/${usedModel}`,
          headers: bearer(creator),
        })
      ).json().code,
    ).toBe('model_in_use');
    expect(
      (
        await ctx.app.inject({
          method: 'DELETE',
          url: `/api/stuff/delete/${stuff}`,
          headers: bearer(creator),
        })
      ).json().code,
    ).toBe('stuff_in_use');
  });
});
