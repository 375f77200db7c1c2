import type { EventDto } from '@common/contract/event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertModel, members, saveEvent } from '../helpers/event-fixtures';
import { createSeries, postSeries, putSeries, subscribeSeries } from '../helpers/series-fixtures';
import { bearer, createTestContext, type TestContext } from '../helpers/test-context';

// Refused series requests (docs/rules.md#series): the status, the code and the field, and nothing written.
let ctx: TestContext;
let organiser: string;
let otherOrganiser: string;
let model: string;
let member: { id: string; token: string };
let other: { id: string; token: string };
let series: Awaited<ReturnType<typeof createSeries>>;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ctx = await createTestContext({ env: { CLUB_TIMEZONE: 'Europe/Paris', RATE_LIMIT_LOGIN: '1000' } });
  ctx.clock.now = new Date('2027-01-04T08:00:00Z');
  await ctx.createUser('orga', 'Contributor');
  await ctx.createUser('orga2', 'Contributor');
  organiser = await ctx.signIn('orga');
  otherOrganiser = await ctx.signIn('orga2');
  model = await insertModel(ctx);
  const [first, second] = await members(ctx, 'swimmer', 2);
  member = first as typeof member;
  other = second as typeof other;
  series = await createSeries(ctx, organiser, body({ count: 4 }));
});
afterAll(() => ctx.close());

function body(recurrence: object, extra: object = {}) {
  return {
    uuid_model_event: model,
    start_date: '2027-01-05T19:00:00+01:00',
    end_date: '2027-01-05T21:00:00+01:00',
    max_subscribers: 12,
    recurrence: { weekdays: ['TU', 'TH'], interval_weeks: 1, ...recurrence },
    ...extra,
  };
}

/** Every table a series request could write to, counted. */
async function counts() {
  const count = async (table: 'events' | 'event_series' | 'subscriptions' | 'waiting_list' | 'mail_queue') =>
    (await ctx.db.selectFrom(table).selectAll().execute()).length;
  const cities = await ctx.db
    .selectFrom('events')
    .select(['uuid', 'city', 'is_cancelled'])
    .orderBy('uuid')
    .execute();
  return {
    events: await count('events'),
    series: await count('event_series'),
    subscriptions: await count('subscriptions'),
    waiting: await count('waiting_list'),
    mail: await count('mail_queue'),
    cities,
  };
}

type Case = [
  label: string,
  send: () => ReturnType<typeof postSeries>,
  status: number,
  code: string,
  field: string | null,
];
const CASES: Case[] = [
  [
    '0 weekdays',
    () => postSeries(ctx, organiser, body({ weekdays: [], count: 3 })),
    400,
    'invalid_input',
    'recurrence.weekdays',
  ],
  [
    'a weekday twice',
    () => postSeries(ctx, organiser, body({ weekdays: ['TU', 'TU'], count: 3 })),
    400,
    'invalid_input',
    'recurrence.weekdays',
  ],
  [
    'neither until nor count',
    () => postSeries(ctx, organiser, body({})),
    400,
    'invalid_input',
    'recurrence.until',
  ],
  [
    'both until and count',
    () => postSeries(ctx, organiser, body({ until: '2027-02-01', count: 3 })),
    400,
    'invalid_input',
    'recurrence.until',
  ],
  [
    'until before the start',
    () => postSeries(ctx, organiser, body({ until: '2027-01-04' })),
    400,
    'invalid_input',
    'recurrence.until',
  ],
  [
    'a rule that gives no session',
    () => postSeries(ctx, organiser, body({ weekdays: ['WE'], until: '2027-01-05' })),
    400,
    'series_empty',
    'recurrence',
  ],
  [
    '101 sessions',
    () =>
      postSeries(
        ctx,
        organiser,
        body({ weekdays: ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'], until: '2027-04-15' }),
      ),
    400,
    'series_too_long',
    'recurrence',
  ],
  [
    'count 101',
    () => postSeries(ctx, organiser, body({ count: 101 })),
    400,
    'invalid_input',
    'recurrence.count',
  ],
  [
    'interval 0',
    () => postSeries(ctx, organiser, body({ interval_weeks: 0, count: 3 })),
    400,
    'invalid_input',
    'recurrence.interval_weeks',
  ],
  [
    'a start in the past',
    () => postSeries(ctx, organiser, body({ count: 3 }, { start_date: '2027-01-03T19:00:00+01:00' })),
    400,
    'error_date_past',
    'start_date',
  ],
  [
    'an end before the start',
    () => postSeries(ctx, organiser, body({ count: 3 }, { end_date: '2027-01-05T18:00:00+01:00' })),
    400,
    'error_date',
    'end_date',
  ],
  [
    'no capacity',
    () => postSeries(ctx, organiser, body({ count: 3 }, { max_subscribers: undefined })),
    400,
    'invalid_input',
    'max_subscribers',
  ],
  [
    'an unknown model',
    () => postSeries(ctx, organiser, body({ count: 3 }, { uuid_model_event: UNKNOWN })),
    404,
    'not_found',
    'uuid_model_event',
  ],
  [
    'an unknown stuff',
    () => postSeries(ctx, organiser, body({ count: 3 }, { stuffs_available: [{ uuid: UNKNOWN }] })),
    404,
    'not_found',
    'stuffs_available',
  ],
  ['a member creating', () => postSeries(ctx, member.token, body({ count: 3 })), 403, 'forbidden', null],
  [
    'subscribing another member',
    () => subscribeSeries(ctx, member.token, series.uuid_series, { uuid_user: other.id, subscribe: true }),
    403,
    'forbidden',
    'uuid_user',
  ],
  [
    'subscribing to an unknown series',
    () => subscribeSeries(ctx, member.token, UNKNOWN, { uuid_user: member.id, subscribe: true }),
    404,
    'not_found',
    null,
  ],
  [
    'changing an unknown series',
    () =>
      putSeries(ctx, organiser, UNKNOWN, {
        from_uuid_event: series.sessions[0]?.uuid_event,
        city: 'Lorient',
      }),
    404,
    'not_found',
    null,
  ],
  [
    "changing another organiser's series",
    () =>
      putSeries(ctx, otherOrganiser, series.uuid_series, {
        from_uuid_event: series.sessions[0]?.uuid_event,
        city: 'Lorient',
      }),
    403,
    'forbidden',
    null,
  ],
  [
    'changing from a session of no series',
    () => putSeries(ctx, organiser, series.uuid_series, { from_uuid_event: UNKNOWN, city: 'Lorient' }),
    404,
    'not_found',
    'from_uuid_event',
  ],
  [
    'a change with nothing to change',
    () => putSeries(ctx, organiser, series.uuid_series, { from_uuid_event: series.sessions[0]?.uuid_event }),
    400,
    'invalid_input',
    'from_uuid_event',
  ],
  [
    'a start time that is no time',
    () =>
      putSeries(ctx, organiser, series.uuid_series, {
        from_uuid_event: series.sessions[0]?.uuid_event,
        start_time: '25:00',
      }),
    400,
    'invalid_input',
    'start_time',
  ],
  [
    'reading an unknown series',
    () =>
      ctx.app.inject({ method: 'GET', url: `/api/event/series/${UNKNOWN}`, headers: bearer(member.token) }),
    404,
    'not_found',
    null,
  ],
];

describe('bad series requests', () => {
  for (const [label, send, status, code, field] of CASES) {
    it(`${label}: ${status} ${code}, nothing changed`, async () => {
      const before = await counts();
      const response = await send();
      expect([response.statusCode, response.json().code, response.json().field]).toEqual([
        status,
        code,
        field,
      ]);
      expect(await counts()).toEqual(before);
    });
  }

  it('no longer unlimited with no number of places: 400 invalid_input, nothing changed', async () => {
    const open = await createSeries(
      ctx,
      organiser,
      body({ count: 2 }, { max_subscribers: undefined, subscriber_is_infinite: true }),
    );
    const before = await counts();
    const response = await putSeries(ctx, organiser, open.uuid_series, {
      from_uuid_event: open.sessions[0]?.uuid_event,
      subscriber_is_infinite: false,
    });
    expect([response.statusCode, response.json().code, response.json().field]).toEqual([
      400,
      'invalid_input',
      'max_subscribers',
    ]);
    expect(await counts()).toEqual(before);
  });

  it('a later session refused midway rolls back the sessions already changed', async () => {
    const fresh = await createSeries(ctx, organiser, body({ count: 4 }));
    const [first, second] = fresh.sessions as [EventDto, EventDto];
    // Edited alone: the first session lasts until Thursday night, the second starts at 19:10.
    const edit = async (session: EventDto, changes: object) =>
      expect(
        (await saveEvent(ctx, organiser, model, session as unknown as Record<string, unknown>, changes))
          .statusCode,
      ).toBe(200);
    await edit(first, { end_date: '2027-01-07T23:00:00+01:00' });
    await edit(second, { start_date: '2027-01-07T19:10:00+01:00' });
    // Thursday 19:30: both are under way; the first keeps its start, the second's would move back.
    ctx.clock.now = new Date('2027-01-07T18:30:00Z');
    try {
      const before = await counts();
      const response = await putSeries(ctx, organiser, fresh.uuid_series, {
        from_uuid_event: first.uuid_event,
        start_time: '19:00',
        city: 'Lorient',
      });
      expect([response.statusCode, response.json().code, response.json().field]).toEqual([
        400,
        'error_date_past',
        'start_date',
      ]);
      // The first session had been changed in the same transaction: it has no city again.
      expect(await counts()).toEqual(before);
    } finally {
      ctx.clock.now = new Date('2027-01-04T08:00:00Z');
    }
  });
});
