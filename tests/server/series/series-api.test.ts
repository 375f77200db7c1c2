import type { Series, SeriesSubscribeAnswer } from '@common/contract/series';
import { clubTimeOf } from '@common/rules/club-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clearQueuedMails,
  createSeries,
  type Member,
  outcomes,
  queuedMails,
  seriesContext,
  subscribeSeries,
} from '../helpers/series-fixtures';
import { bearer, type TestContext } from '../helpers/test-context';

// Series through the API (docs/rules.md#series), on a fixed clock: Monday 1 March 2027, 09:00 in Paris.
const ZONE = 'Europe/Paris';
let ctx: TestContext;
let organiser: string;
let organiserId: string;
let model: string;
let people: Member[];
const p = (i: number) => people[i] as Member;

beforeAll(async () => {
  ({ ctx, organiser, organiserId, model, people } = await seriesContext(
    ZONE,
    '2027-03-01T08:00:00Z',
    'Kayak',
    'rower',
    4,
  ));
});
afterAll(() => ctx.close());

/** Tuesday and Thursday 19:00–21:00 Paris time from Tuesday 2 March 2027. */
const tuesdaysAndThursdays = (recurrence: object, extra: object = {}) =>
  createSeries(ctx, organiser, {
    uuid_model_event: model,
    start_date: '2027-03-02T19:00:00+01:00',
    end_date: '2027-03-02T21:00:00+01:00',
    max_subscribers: 10,
    city: 'Brest',
    recurrence: { weekdays: ['TU', 'TH'], interval_weeks: 1, ...recurrence },
    ...extra,
  });
const mails = (kind?: string) => queuedMails(ctx, kind);
const clearMail = () => clearQueuedMails(ctx);
const readSeries = async (uuid: string) =>
  (
    await ctx.app.inject({ method: 'GET', url: `/api/event/series/${uuid}`, headers: bearer(p(0).token) })
  ).json<Series>();
const joinAll = async (who: Member, uuid: string) => {
  const response = await subscribeSeries(ctx, who.token, uuid, { uuid_user: who.id, subscribe: true });
  expect(response.statusCode).toBe(200);
  return response.json<SeriesSubscribeAnswer>();
};

describe('creating and reading a series', () => {
  it('creates every session as an ordinary event at 19:00 club time, across the March clock change', async () => {
    const series = await tuesdaysAndThursdays({ count: 16 });
    expect(series.creator_id).toBe(organiserId);
    expect(series.recurrence).toEqual({
      weekdays: ['TU', 'TH'],
      interval_weeks: 1,
      until: null,
      count: 16,
      except_dates: [],
    });
    expect(series.sessions).toHaveLength(16);
    expect(new Set(series.sessions.map((s) => clubTimeOf(new Date(s.start_date), ZONE)))).toEqual(
      new Set(['19:00']),
    );
    expect(new Set(series.sessions.map((s) => clubTimeOf(new Date(s.end_date), ZONE)))).toEqual(
      new Set(['21:00']),
    );
    // 28 March 2027: Paris goes from UTC+1 to UTC+2, so the UTC hour moves and the local one stays.
    expect(series.sessions[0]?.start_date).toBe('2027-03-02T18:00:00.000Z');
    expect(series.sessions[15]?.start_date).toBe('2027-04-22T17:00:00.000Z');
    for (const session of series.sessions) {
      expect(session.uuid_series).toBe(series.uuid_series);
      expect(session.max_subscribers).toBe(10);
      expect(session.city).toBe('Brest');
      const single = await ctx.app.inject({
        method: 'GET',
        url: `/api/event/${session.uuid_event}`,
        headers: bearer(organiser),
      });
      expect(single.json().uuid_series).toBe(series.uuid_series);
    }
    expect(await readSeries(series.uuid_series)).toEqual(series);
  });

  it('stops at the until day, inclusive', async () => {
    const series = await tuesdaysAndThursdays({ until: '2027-03-11' });
    expect(series.sessions.map((s) => s.start_date.slice(0, 10))).toEqual([
      '2027-03-02',
      '2027-03-04',
      '2027-03-09',
      '2027-03-11',
    ]);
  });
});

describe('a member and a series', () => {
  it('subscribes once and finds every session of the week marked, with one confirmation', async () => {
    const series = await tuesdaysAndThursdays({ count: 4 });
    await clearMail();
    expect(outcomes(await joinAll(p(1), series.uuid_series))).toEqual(Array(4).fill('subscribed'));
    const week = await ctx.app.inject({
      method: 'GET',
      url: '/api/event/from/2027-03-08/to/2027-03-14',
      headers: bearer(p(1).token),
    });
    const sessions = week.json<Series['sessions']>().filter((e) => e.uuid_series === series.uuid_series);
    expect(sessions).toHaveLength(2);
    for (const session of sessions)
      expect(session.subscribers_with_stuff.map((s) => s.id)).toEqual([p(1).id]);
    // The organiser hears of it in the next morning's digest, not by a copy now.
    expect((await mails()).map((m) => [m.kind, m.to_address])).toEqual([
      ['series_subscription', 'rower1@example.org'],
    ]);
    expect((await readSeries(series.uuid_series)).sessions.every((s) => s.subcribers_count === 1)).toBe(true);
  });
});
