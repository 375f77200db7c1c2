import { randomUUID } from 'node:crypto';
import type { RoleName } from '@common/contract/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY, HOUR, insertModel, insertStuff } from '../helpers/event-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

/**
 * Every endpoint of the events API × every kind of caller, statuses written out literally. "Creator" is
 * the Contributor who created the event; "Demoted" created theirs as a Contributor and is now a User;
 * Admin and SuperAdmin act on someone else's event.
 */
type Principal = 'anonymous' | 'User' | 'Creator' | 'OtherContributor' | 'Demoted' | 'Admin' | 'SuperAdmin';
const PRINCIPALS: Principal[] = [
  'anonymous',
  'User',
  'Creator',
  'OtherContributor',
  'Demoted',
  'Admin',
  'SuperAdmin',
];
const ACCOUNTS: Record<Exclude<Principal, 'anonymous'> | 'host', [string, RoleName]> = {
  User: ['user', 'User'],
  Creator: ['creator', 'Contributor'],
  OtherContributor: ['contrib2', 'Contributor'],
  Demoted: ['demoted', 'User'],
  Admin: ['admin', 'Admin'],
  SuperAdmin: ['root', 'SuperAdmin'],
  host: ['host', 'User'],
};

let ctx: TestContext;
let model: string;
/** The host's kit at each fresh event: one item to hand out (docs/rules.md#kit). */
let kayak: string;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_LOGIN: '1000' } });
  for (const [key, [name, role]] of Object.entries(ACCOUNTS)) {
    ids[key] = (await ctx.createUser(name, role)).id;
    if (key !== 'host') tokens[key] = await ctx.signIn(name);
  }
  model = await insertModel(ctx);
  kayak = await insertStuff(ctx, 'Kayak', 10_000);
});
afterAll(() => ctx.close());

const self = (p: Principal) => ids[p === 'anonymous' ? 'User' : p] as string;

interface Setup {
  creator?: 'Creator' | 'Demoted';
  max?: number;
  isCancelled?: boolean;
  subscribe?: Array<string>;
  /** A session of this series. */
  series?: string;
}

/** A fresh event for each cell, with the host subscribed and one guest of theirs. */
async function newEvent(setup: Setup = {}) {
  const uuid = randomUUID();
  const start = new Date(ctx.clock.now.getTime() + DAY);
  await ctx.db
    .insertInto('events')
    .values({
      uuid,
      model_uuid: model,
      creator_id: ids[setup.creator ?? 'Creator'] as string,
      start_date: start,
      end_date: new Date(start.getTime() + 2 * HOUR),
      street: null,
      city: null,
      zip_code: null,
      location: '',
      max_subscribers: setup.max ?? 20,
      subscriber_is_infinite: false,
      is_cancelled: setup.isCancelled ?? false,
      uuid_series: setup.series ?? null,
    })
    .execute();
  for (const who of ['host', ...(setup.subscribe ?? [])]) {
    const subscription = randomUUID();
    await ctx.db
      .insertInto('subscriptions')
      .values({
        uuid: subscription,
        event_uuid: uuid,
        user_id: ids[who] as string,
        created_at: ctx.clock.now,
        checked_at: null,
        checked_by: null,
      })
      .execute();
    if (who === 'host')
      await ctx.db
        .insertInto('booked_stuffs')
        .values({ event_uuid: uuid, subscription_uuid: subscription, stuff_uuid: kayak, position: 0 })
        .execute();
  }
  const guest = await ctx.db
    .insertInto('guests')
    .values({
      event_uuid: uuid,
      host_id: ids.host as string,
      first_name: 'G',
      last_name: 'H',
      age: null,
      email: null,
      phone: null,
      created_at: ctx.clock.now,
      checked_at: null,
      checked_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { uuid, start, guestId: guest.id };
}

/** A fresh training series with two sessions, the host subscribed to each. */
async function newSeries(creator: 'Creator' | 'Demoted' = 'Creator') {
  const uuid = randomUUID();
  await ctx.db
    .insertInto('event_series')
    .values({
      uuid,
      creator_id: ids[creator] as string,
      weekdays: 'TU',
      interval_weeks: 1,
      until_day: null,
      session_count: 2,
      created_at: ctx.clock.now,
    })
    .execute();
  const first = await newEvent({ creator, series: uuid });
  await newEvent({ creator, series: uuid });
  return { uuid, first: first.uuid };
}

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
}
type Row = [label: string, call: (p: Principal) => Promise<Call>, expected: number[]];

const eventBody = (uuid: string | undefined, start: Date, extra: object = {}) => ({
  ...(uuid ? { uuid_event: uuid } : {}),
  uuid_model_event: model,
  start_date: start.toISOString(),
  end_date: new Date(start.getTime() + 2 * HOUR).toISOString(),
  max_subscribers: 20,
  ...extra,
});
const b64 = (text: string) => Buffer.from(text).toString('base64');

const MATRIX: Row[] = [
  // columns:                                                                   anon  User Creator Other Demoted Admin Super
  [
    'POST add-or-update (create)',
    async () => ({
      method: 'POST',
      url: '/api/event/add-or-update',
      payload: eventBody(undefined, new Date(ctx.clock.now.getTime() + DAY)),
    }),
    [401, 403, 200, 200, 403, 200, 200],
  ],
  [
    'POST add-or-update (update)',
    async () => {
      const e = await newEvent();
      return {
        method: 'POST',
        url: '/api/event/add-or-update',
        payload: eventBody(e.uuid, e.start, { city: 'Lorient' }),
      };
    },
    [401, 403, 200, 403, 403, 403, 200],
  ],
  [
    'POST add-or-update (cancel)',
    async () => {
      const e = await newEvent();
      return {
        method: 'POST',
        url: '/api/event/add-or-update',
        payload: eventBody(e.uuid, e.start, { is_cancelled: true }),
      };
    },
    [401, 403, 200, 403, 403, 403, 200],
  ],
  [
    'POST add-or-update (update, creator demoted)',
    async () => {
      const e = await newEvent({ creator: 'Demoted' });
      return {
        method: 'POST',
        url: '/api/event/add-or-update',
        payload: eventBody(e.uuid, e.start, { city: 'Vannes' }),
      };
    },
    [401, 403, 403, 403, 403, 403, 200],
  ],
  [
    'DELETE delete/{id} (cancelled)',
    async () => ({
      method: 'DELETE',
      url: `/api/event/delete/${(await newEvent({ isCancelled: true })).uuid}`,
    }),
    [401, 403, 204, 403, 403, 403, 204],
  ],
  [
    'DELETE delete/{id} (cancelled, creator demoted)',
    async () => ({
      method: 'DELETE',
      url: `/api/event/delete/${(await newEvent({ isCancelled: true, creator: 'Demoted' })).uuid}`,
    }),
    [401, 403, 403, 403, 403, 403, 204],
  ],
  [
    'GET from/{from}/to/{to}',
    async () => ({ method: 'GET', url: '/api/event/from/2026-01-05/to/2026-01-11' }),
    [401, 200, 200, 200, 200, 200, 200],
  ],
  [
    'GET /api/event/{id}',
    async () => ({ method: 'GET', url: `/api/event/${(await newEvent()).uuid}` }),
    [401, 200, 200, 200, 200, 200, 200],
  ],
  [
    'PUT subscribe/status (self)',
    async (p) => ({
      method: 'PUT',
      url: '/api/event/subscribe/status',
      payload: { uuid_event: (await newEvent()).uuid, uuid_user: self(p), subscribe: true },
    }),
    [401, 200, 200, 200, 200, 200, 200],
  ],
  [
    'PUT subscribe/status (for someone else)',
    async () => ({
      method: 'PUT',
      url: '/api/event/subscribe/status',
      payload: { uuid_event: (await newEvent()).uuid, uuid_user: ids.host, subscribe: false },
    }),
    [401, 403, 403, 403, 403, 403, 403],
  ],
  [
    'GET subscribe/{id}',
    async () => ({ method: 'GET', url: `/api/event/subscribe/${(await newEvent()).uuid}` }),
    [401, 200, 200, 200, 200, 200, 200],
  ],
  [
    'GET my-subscriptions/{self}',
    async (p) => ({ method: 'GET', url: `/api/event/my-subscriptions/${self(p)}` }),
    [401, 200, 200, 200, 200, 200, 200],
  ],
  [
    'GET my-subscriptions/{someone else}',
    async () => ({ method: 'GET', url: `/api/event/my-subscriptions/${ids.host}` }),
    [401, 403, 403, 403, 403, 200, 200],
  ],
  [
    'POST waiting-list (self, full event)',
    async (p) => ({
      method: 'POST',
      url: '/api/event/waiting-list',
      payload: { uuid_event: (await newEvent({ max: 2 })).uuid, uuid_user: self(p) },
    }),
    [401, 200, 200, 200, 200, 200, 200],
  ],
  [
    'POST waiting-list (for someone else)',
    async () => ({
      method: 'POST',
      url: '/api/event/waiting-list',
      payload: { uuid_event: (await newEvent({ max: 2 })).uuid, uuid_user: ids.host },
    }),
    [401, 403, 403, 403, 403, 403, 403],
  ],
  [
    'GET my-waiting-list/{self}',
    async (p) => ({ method: 'GET', url: `/api/event/my-waiting-list/${self(p)}` }),
    [401, 200, 200, 200, 200, 200, 200],
  ],
  [
    'GET my-waiting-list/{someone else}',
    async () => ({ method: 'GET', url: `/api/event/my-waiting-list/${ids.host}` }),
    [401, 403, 403, 403, 403, 200, 200],
  ],
  [
    'POST invite (self, subscribed)',
    async (p) => ({
      method: 'POST',
      url: '/api/event/invite',
      payload: {
        uuid_event: (await newEvent({ subscribe: p === 'anonymous' ? [] : [p] })).uuid,
        uuid_user: self(p),
        first_name: 'A',
        last_name: 'B',
      },
    }),
    [401, 200, 200, 200, 200, 200, 200],
  ],
  [
    'POST invite (for someone else)',
    async () => ({
      method: 'POST',
      url: '/api/event/invite',
      payload: { uuid_event: (await newEvent()).uuid, uuid_user: ids.host, first_name: 'A', last_name: 'B' },
    }),
    [401, 403, 403, 403, 403, 403, 403],
  ],
  [
    "PUT delete-invitation (someone else's guest)",
    async () => {
      const e = await newEvent();
      return {
        method: 'PUT',
        url: '/api/event/delete-invitation',
        payload: { id: e.guestId, uuid_event: e.uuid },
      };
    },
    [401, 403, 204, 403, 403, 403, 204],
  ],
  [
    'GET my-invite-list/{event}/{someone else}',
    async () => ({ method: 'GET', url: `/api/event/my-invite-list/${(await newEvent()).uuid}/${ids.host}` }),
    [401, 403, 200, 403, 403, 403, 200],
  ],
  [
    'GET my-invite-list/{event}/{self}',
    async (p) => ({ method: 'GET', url: `/api/event/my-invite-list/${(await newEvent()).uuid}/${self(p)}` }),
    [401, 200, 200, 200, 200, 200, 200],
  ],
  [
    'PUT checklist',
    async () => ({
      method: 'PUT',
      url: '/api/event/checklist',
      payload: {
        event_uuid: (await newEvent()).uuid,
        is_invited: false,
        user_id: ids.host,
        is_checked: true,
      },
    }),
    // Any Admin takes attendance, as they read it (docs/rules.md#roles).
    [401, 403, 200, 403, 403, 200, 200],
  ],
  [
    'PUT checklist (creator demoted)',
    async () => ({
      method: 'PUT',
      url: '/api/event/checklist',
      payload: {
        event_uuid: (await newEvent({ creator: 'Demoted' })).uuid,
        is_invited: false,
        user_id: ids.host,
        is_checked: true,
      },
    }),
    [401, 403, 403, 403, 403, 200, 200],
  ],
  [
    'PUT checklist/stuff',
    async () => ({
      method: 'PUT',
      url: '/api/event/checklist/stuff',
      payload: {
        event_uuid: (await newEvent()).uuid,
        is_invited: false,
        user_id: ids.host,
        uuid_stuff: kayak,
        handed_out: true,
      },
    }),
    // Kit is handed out by those who take attendance (docs/rules.md#kit).
    [401, 403, 200, 403, 403, 200, 200],
  ],
  [
    'PUT checklist/stuff (creator demoted)',
    async () => ({
      method: 'PUT',
      url: '/api/event/checklist/stuff',
      payload: {
        event_uuid: (await newEvent({ creator: 'Demoted' })).uuid,
        is_invited: false,
        user_id: ids.host,
        uuid_stuff: kayak,
        returned: true,
      },
    }),
    [401, 403, 403, 403, 403, 200, 200],
  ],
  [
    // Those who take attendance at an upcoming event (docs/rules.md#checklist): the Creator's fresh event is one,
    // and the other Contributor created upcoming events in the rows above; the demoted creator runs none any more.
    // A Contributor who runs none is refused in tests/server/attendance/club-members.test.ts.
    'GET checklist/members',
    async () => {
      await newEvent();
      return { method: 'GET', url: '/api/event/checklist/members' };
    },
    [401, 403, 200, 200, 403, 200, 200],
  ],
  [
    // Anyone signed in reads it: an Admin the club's, an organiser their events', anyone else an empty list.
    'GET stuff/not-returned',
    async () => ({ method: 'GET', url: '/api/stuff/not-returned' }),
    [401, 200, 200, 200, 200, 200, 200],
  ],
  [
    'GET stuff/not-returned.csv',
    async () => ({ method: 'GET', url: '/api/stuff/not-returned.csv' }),
    [401, 200, 200, 200, 200, 200, 200],
  ],
  [
    'POST mail',
    async () => ({
      method: 'POST',
      url: '/api/event/mail',
      payload: {
        event_uuid: (await newEvent()).uuid,
        subject_base64: b64('Rendez-vous'),
        message_base64: b64('À 9 h au club'),
      },
    }),
    [401, 403, 200, 403, 403, 403, 200],
  ],
  [
    'POST mail (creator demoted)',
    async () => ({
      method: 'POST',
      url: '/api/event/mail',
      payload: {
        event_uuid: (await newEvent({ creator: 'Demoted' })).uuid,
        subject_base64: b64('Rendez-vous'),
        message_base64: b64('À 9 h au club'),
      },
    }),
    [401, 403, 403, 403, 403, 403, 200],
  ],
  [
    'GET attendance',
    async () => ({ method: 'GET', url: `/api/event/${(await newEvent()).uuid}/attendance` }),
    [401, 403, 200, 403, 403, 200, 200],
  ],
  [
    'GET attendance.csv',
    async () => ({ method: 'GET', url: `/api/event/${(await newEvent()).uuid}/attendance.csv` }),
    [401, 403, 200, 403, 403, 200, 200],
  ],
  [
    'GET attendance.csv (creator demoted)',
    async () => ({
      method: 'GET',
      url: `/api/event/${(await newEvent({ creator: 'Demoted' })).uuid}/attendance.csv`,
    }),
    [401, 403, 403, 403, 403, 200, 200],
  ],
  [
    'POST series (create)',
    async () => ({
      method: 'POST',
      url: '/api/event/series',
      payload: {
        ...eventBody(undefined, new Date(ctx.clock.now.getTime() + DAY)),
        recurrence: { weekdays: ['MO', 'TH'], interval_weeks: 1, count: 2 },
      },
    }),
    [401, 403, 200, 200, 403, 200, 200],
  ],
  [
    'GET series/{uuid}',
    async () => ({ method: 'GET', url: `/api/event/series/${(await newSeries()).uuid}` }),
    [401, 200, 200, 200, 200, 200, 200],
  ],
  [
    'PUT series/{uuid} (this and the following)',
    async () => {
      const series = await newSeries();
      return {
        method: 'PUT',
        url: `/api/event/series/${series.uuid}`,
        payload: { from_uuid_event: series.first, city: 'Lorient' },
      };
    },
    [401, 403, 200, 403, 403, 403, 200],
  ],
  [
    'PUT series/{uuid} (creator demoted)',
    async () => {
      const series = await newSeries('Demoted');
      return {
        method: 'PUT',
        url: `/api/event/series/${series.uuid}`,
        payload: { from_uuid_event: series.first, is_cancelled: true },
      };
    },
    [401, 403, 403, 403, 403, 403, 200],
  ],
  [
    'PUT series/{uuid}/subscribe (self)',
    async (p) => ({
      method: 'PUT',
      url: `/api/event/series/${(await newSeries()).uuid}/subscribe`,
      payload: { uuid_user: self(p), subscribe: true },
    }),
    [401, 200, 200, 200, 200, 200, 200],
  ],
  [
    'PUT series/{uuid}/subscribe (for someone else)',
    async () => ({
      method: 'PUT',
      url: `/api/event/series/${(await newSeries()).uuid}/subscribe`,
      payload: { uuid_user: ids.host, subscribe: false },
    }),
    [401, 403, 403, 403, 403, 403, 403],
  ],
  [
    // The batch itself is for any signed-in user; each item is authorised as its own request
    // (tests/server/replays/replay-batch.test.ts compares the items' answers with single requests).
    'POST replay (a checklist tick)',
    async (p) => ({
      method: 'POST',
      url: '/api/replay',
      payload: {
        writes: [
          {
            method: 'PUT',
            path: '/api/event/checklist',
            body: {
              event_uuid: (await newEvent()).uuid,
              is_invited: false,
              user_id: ids.host,
              is_checked: true,
            },
            idempotencyKey: `matrix-${p}-${randomUUID()}`,
          },
        ],
      },
    }),
    [401, 200, 200, 200, 200, 200, 200],
  ],
];

describe('authorization matrix: events', () => {
  it(`has ${MATRIX.length} endpoints × ${PRINCIPALS.length} principals`, () => {
    expect(MATRIX.length * PRINCIPALS.length).toBe(287);
  });

  for (const [label, makeCall, expected] of MATRIX) {
    it(label, async () => {
      const actual: number[] = [];
      for (const principal of PRINCIPALS) {
        const call = await makeCall(principal);
        const token = tokens[principal];
        const response = await ctx.app.inject({
          method: call.method,
          url: call.url,
          ...(call.payload ? { payload: call.payload } : {}),
          headers: token ? bearer(token) : {},
        });
        actual.push(response.statusCode);
      }
      expect(actual).toEqual(expected);
    });
  }
});
