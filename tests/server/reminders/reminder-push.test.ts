import { randomUUID } from 'node:crypto';
import type { PushMessage } from '@common/contract/push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueReminders } from '../../../server/modules/reminders/reminders.service';
import { createEvent, holdsPlace, insertModel, insertStuff, subscribe } from '../helpers/event-fixtures';
import { createTestContext, type TestContext } from '../helpers/test-context';

// A reminder's push (docs/rules.md#reminders, docs/rules.md#push): the address and its map link, the organiser's
// notes, the booked kit, and « Je viens » / « Je ne viens pas » as actions, each the reminder mail's signed answer
// link in its notification form, which answers without a session (docs/rules.md#answer-links).
const ZONE = 'Europe/Paris';
const at = (iso: string) => new Date(iso);
const MAP = 'https://www.openstreetmap.org/?mlat=48.38&mlon=-4.49#map=17/48.38/-4.49';
type Person = { id: string; token: string };

let ctx: TestContext;
let organiser: string;
let model: string;
let paddle: string;
let vest: string;
const people: Record<string, Person> = {};
const person = (name: string) => people[name] as Person;

beforeAll(async () => {
  ctx = await createTestContext({ env: { CLUB_TIMEZONE: ZONE, RATE_LIMIT_LOGIN: '1000' } });
  ctx.clock.now = at('2026-11-30T09:00:00Z'); // Monday 10:00
  await ctx.createUser('orga', 'Contributor');
  organiser = await ctx.signIn('orga');
  model = await insertModel(ctx, 'Kayak');
  paddle = await insertStuff(ctx, 'Pagaie', 5);
  vest = await insertStuff(ctx, 'Gilet', 5);
  for (const name of ['bob', 'emma', 'gwen', 'lou']) {
    const { id } = await ctx.createUser(name);
    people[name] = { id, token: await ctx.signIn(name) };
    await ctx.db
      .insertInto('push_subscriptions')
      .values({
        id: randomUUID(),
        user_id: id,
        endpoint: `https://push.example.org/${name}`,
        p256dh: 'key',
        auth: 'auth',
        user_agent: null,
        created_at: ctx.clock.now,
      })
      .execute();
  }
  await ctx.db.updateTable('users').set({ language: 'en' }).where('id', '=', person('emma').id).execute();
  // Lou is twelve; Gwen is her guardian (docs/rules.md#families).
  await ctx.db
    .updateTable('users')
    .set({ birth_date: '2014-05-10', first_name: 'Lou', last_name: 'Le Bihan' })
    .where('id', '=', person('lou').id)
    .execute();
  await ctx.db
    .insertInto('guardianships')
    .values({
      child_id: person('lou').id,
      guardian_id: person('gwen').id,
      created_by: person('gwen').id,
      created_at: ctx.clock.now,
    })
    .execute();
});
afterAll(() => ctx.close());

const run = () => sendDueReminders({ db: ctx.db, now: () => ctx.clock.now, config: ctx.config });

/** The reminder pushes queued, by member. */
async function pushesTo(name: string): Promise<PushMessage[]> {
  const rows = await ctx.db
    .selectFrom('push_queue')
    .innerJoin('push_subscriptions', 'push_subscriptions.id', 'push_queue.subscription_id')
    .select('push_queue.payload')
    .where('push_subscriptions.user_id', '=', person(name).id)
    .execute();
  return rows.map((row) => JSON.parse(row.payload) as PushMessage);
}

/** An event on `start`, with the address, meeting point, notes and pin given, that each of `names` holds a place in. */
async function eventAt(
  start: string,
  names: string[],
  place: {
    street: string | null;
    city: string | null;
    zip_code: string | null;
    location: string;
    meeting_point?: string | null;
  },
  notes: string | null,
) {
  const event = await createEvent(ctx, organiser, model, {
    startInMs: at(start).getTime() - ctx.clock.now.getTime(),
    max: 10,
    stuffs: [paddle, vest],
  });
  const uuid = event.uuid_event as string;
  await ctx.db
    .updateTable('events')
    .set({ ...place, notes })
    .where('uuid', '=', uuid)
    .execute();
  for (const name of names) {
    const response = await subscribe(ctx, person(name).token, person(name).id, uuid, paddle);
    expect(response.statusCode, response.body).toBe(200);
  }
  return uuid;
}

const answer = (url: string) => ctx.app.inject({ method: 'POST', url });

describe('a reminder by push', () => {
  let event: string;

  beforeAll(async () => {
    ctx.clock.now = at('2026-11-30T09:00:00Z');
    event = await eventAt(
      '2026-12-02T17:00:00Z', // Wednesday 18:00
      ['bob', 'emma'],
      {
        street: '3 quai de la Douane',
        zip_code: '29200',
        city: 'Brest',
        location: MAP,
        meeting_point: 'Hangar des kayaks',
      },
      `Rendez-vous au club à 17 h 30 pour charger la remorque. ${'Prévoir des affaires de rechange. '.repeat(6)}`,
    );
    ctx.clock.now = at('2026-12-01T17:00:00Z'); // Tuesday 18:00
    expect(await run()).toEqual({ mail: 0, push: 2 });
  });

  it('carries the address, the meeting point, the notes cut short, the kit, the map link and the two answers, in French', async () => {
    const [push] = await pushesTo('bob');
    expect(push?.title).toBe('Rappel');
    const lines = push?.body.split('\n') ?? [];
    expect(lines[0]).toContain('Kayak, mercredi 02/12/2026 18:00');
    expect(lines[1]).toBe('Adresse : 3 quai de la Douane, 29200 Brest');
    expect(lines[2]).toBe('Rendez-vous : Hangar des kayaks');
    expect(lines[3]).toMatch(/^À savoir : Rendez-vous au club à 17 h 30 pour charger la remorque\. .*…$/);
    expect((lines[3] ?? '').length).toBeLessThanOrEqual('À savoir : '.length + 140);
    expect(lines[4]).toBe('Matériel réservé : Pagaie');
    expect(push?.map_url).toBe(MAP);
    expect(push?.url).toBe(`/event/${event}`);
    expect(push?.tag).toBe(`event-${event}`);
    expect(push?.actions?.map(({ action, title, done }) => ({ action, title, done }))).toEqual([
      { action: 'come', title: 'Je viens', done: 'Réponse enregistrée : je viens' },
      { action: 'decline', title: 'Je ne viens pas', done: 'Réponse enregistrée : je ne viens pas' },
    ]);
    const pattern = (action: string) =>
      new RegExp(`^/api/answer/${event}\\.${person('bob').id}\\.${action}\\.\\d+\\.[A-Za-z0-9_-]{43}/push$`);
    expect(push?.actions?.[0]?.url).toMatch(pattern('come'));
    expect(push?.actions?.[1]?.url).toMatch(pattern('decline'));
  });

  it("is in the member's language", async () => {
    const [push] = await pushesTo('emma');
    expect(push?.title).toBe('Reminder');
    expect(push?.body.split('\n').slice(1)).toEqual([
      'Address: 3 quai de la Douane, 29200 Brest',
      'Meeting point: Hangar des kayaks',
      expect.stringMatching(/^Good to know: Rendez-vous au club/),
      'Kit booked: Pagaie',
    ]);
    expect(push?.actions?.map((a) => [a.title, a.done])).toEqual([
      ["I'm coming", "Answer saved: I'm coming"],
      ["I'm not coming", "Answer saved: I'm not coming"],
    ]);
  });

  it('answers without a session: « Je ne viens pas » frees the place and records the decline; twice is harmless', async () => {
    const [push] = await pushesTo('bob');
    const url = push?.actions?.find((a) => a.action === 'decline')?.url ?? '';
    const first = await answer(url);
    expect(first.statusCode, first.body).toBe(204);
    expect(first.body).toBe('');
    expect(await holdsPlace(ctx, event, person('bob').id)).toBe(false);
    const declines = () =>
      ctx.db
        .selectFrom('event_declines')
        .select('user_id')
        .where('event_uuid', '=', event)
        .where('user_id', '=', person('bob').id)
        .execute();
    expect(await declines()).toHaveLength(1);
    // The worker retries what it could not hear back: the same answer, nothing more.
    expect((await answer(url)).statusCode).toBe(204);
    expect(await declines()).toHaveLength(1);
    expect(await holdsPlace(ctx, event, person('bob').id)).toBe(false);
  });

  it('« Je viens » keeps the place and the kit of a member who holds one', async () => {
    const [push] = await pushesTo('emma');
    const come = await answer(push?.actions?.find((a) => a.action === 'come')?.url ?? '');
    expect(come.statusCode, come.body).toBe(204);
    expect(await holdsPlace(ctx, event, person('emma').id)).toBe(true);
  });

  it('refuses, as the API does, a link changed by a character, or an answer the event no longer takes', async () => {
    const [push] = await pushesTo('emma');
    const url = push?.actions?.find((a) => a.action === 'decline')?.url ?? '';
    const tampered = await answer(
      url.replace(/\.(.)([A-Za-z0-9_-]{42})\/push$/, (_, c, rest) => `.${c === 'A' ? 'B' : 'A'}${rest}/push`),
    );
    expect(tampered.statusCode).toBe(404);
    expect(tampered.json()).toMatchObject({ code: 'not_found', field: null });
    await ctx.db.updateTable('events').set({ is_cancelled: true }).where('uuid', '=', event).execute();
    const cancelled = await answer(url);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toMatchObject({ code: 'event_cancelled' });
    expect(await holdsPlace(ctx, event, person('emma').id)).toBe(true);
    await ctx.db.updateTable('events').set({ is_cancelled: false }).where('uuid', '=', event).execute();
    // Once the event has started, the link is over.
    ctx.clock.now = at('2026-12-02T17:00:00Z');
    const late = await answer(url);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'event_past' });
  });
});

describe('a reminder of an event without an address', () => {
  it('has no address line, no meeting point line and no map link, even with a pin left over', async () => {
    ctx.clock.now = at('2026-12-07T09:00:00Z'); // Monday 10:00
    await ctx.db.deleteFrom('push_queue').execute();
    await eventAt(
      '2026-12-09T17:00:00Z',
      ['bob'],
      { street: null, zip_code: null, city: null, location: MAP },
      null,
    );
    ctx.clock.now = at('2026-12-08T17:00:00Z');
    expect(await run()).toEqual({ mail: 0, push: 1 });
    const [push] = await pushesTo('bob');
    expect(push?.body.split('\n')).toEqual([
      expect.stringContaining('Kayak, mercredi 09/12/2026 18:00'),
      'Matériel réservé : Pagaie',
    ]);
    expect(push).not.toHaveProperty('map_url');
    expect(push?.actions).toHaveLength(2);
  });
});

describe("a reminder to a child's guardian", () => {
  it("answers for the child, signed over the guardian, with the child's kit; the child's own push answers for her", async () => {
    ctx.clock.now = at('2026-12-14T09:00:00Z'); // Monday 10:00
    await ctx.db.deleteFrom('push_queue').execute();
    const event = await eventAt(
      '2026-12-16T17:00:00Z',
      ['lou'],
      { street: null, zip_code: '29200', city: 'Brest', location: '' },
      null,
    );
    ctx.clock.now = at('2026-12-15T17:00:00Z');
    expect(await run()).toEqual({ mail: 0, push: 2 });

    const [own] = await pushesTo('lou');
    expect(own?.actions?.map((a) => a.title)).toEqual(['Je viens', 'Je ne viens pas']);
    expect(own?.map_url).toBe('https://www.openstreetmap.org/search?query=29200%20Brest');

    const [copy] = await pushesTo('gwen');
    expect(copy?.body.split('\n')).toEqual([
      'Pour Lou Le Bihan :',
      expect.stringContaining('Kayak, mercredi 16/12/2026 18:00'),
      'Adresse : 29200 Brest',
      'Matériel réservé : Pagaie',
    ]);
    expect(copy?.tag).toBe(`event-${event}-${person('lou').id}`);
    expect(copy?.actions?.map(({ title, done }) => ({ title, done }))).toEqual([
      { title: 'Lou vient', done: 'Réponse enregistrée : Lou vient' },
      { title: 'Lou ne vient pas', done: 'Réponse enregistrée : Lou ne vient pas' },
    ]);
    const decline = copy?.actions?.find((a) => a.action === 'decline')?.url ?? '';
    expect(decline).toMatch(
      new RegExp(`^/api/answer/${event}\\.${person('lou').id}\\.decline\\.${person('gwen').id}\\.\\d+\\.`),
    );
    expect((await answer(decline)).statusCode).toBe(204);
    expect(await holdsPlace(ctx, event, person('lou').id)).toBe(false);
    const declines = await ctx.db
      .selectFrom('event_declines')
      .select('user_id')
      .where('event_uuid', '=', event)
      .execute();
    expect(declines).toEqual([{ user_id: person('lou').id }]);
  });
});
