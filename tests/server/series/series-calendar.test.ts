import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeed, fetchFeed, parseFeed } from '../helpers/calendar';
import { insertModel } from '../helpers/event-fixtures';
import { createSeries, putSeries, subscribeSeries } from '../helpers/series-fixtures';
import { createTestContext, type TestContext } from '../helpers/test-context';

// A series in the member's calendar feed (docs/rules.md#series): sessions are events, one VEVENT each.
const HOST = 'club.example.org';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { PUBLIC_URL: `https://${HOST}`, CLUB_TIMEZONE: 'Europe/Paris', RATE_LIMIT_LOGIN: '1000' },
  });
  ctx.clock.now = new Date('2027-03-01T08:00:00Z');
});
afterAll(() => ctx.close());

describe('a series in the calendar feed', () => {
  it('shows one VEVENT per session, at its own time, and a cancelled session as cancelled', async () => {
    await ctx.createUser('orga', 'Contributor');
    const organiser = await ctx.signIn('orga');
    const marie = { id: (await ctx.createUser('marie')).id, token: await ctx.signIn('marie') };
    const series = await createSeries(ctx, organiser, {
      uuid_model_event: await insertModel(ctx, 'Kayak'),
      start_date: '2027-03-23T19:00:00+01:00',
      end_date: '2027-03-23T21:00:00+01:00',
      max_subscribers: 10,
      recurrence: { weekdays: ['TU', 'TH'], interval_weeks: 1, count: 6 },
    });
    await subscribeSeries(ctx, marie.token, series.uuid_series, { uuid_user: marie.id, subscribe: true });
    const fourth = series.sessions[3]?.uuid_event;
    expect(
      (await putSeries(ctx, organiser, series.uuid_series, { from_uuid_event: fourth, is_cancelled: true }))
        .statusCode,
    ).toBe(200);

    const feed = await createFeed(ctx, marie.token);
    const { events } = parseFeed((await fetchFeed(ctx, feed.path)).body);
    expect(events.map((e) => e.uid).sort()).toEqual(
      series.sessions.map((s) => `${s.uuid_event}@${HOST}`).sort(),
    );
    const byStart = [...events].sort((a, b) => a.start.getTime() - b.start.getTime());
    expect(byStart.map((e) => e.start.toISOString())).toEqual(series.sessions.map((s) => s.start_date));
    // 28 March: the UTC hour moves, 19:00 in Paris stays.
    expect(byStart.map((e) => e.start.toISOString().slice(11, 16))).toEqual([
      '18:00',
      '18:00',
      '17:00',
      '17:00',
      '17:00',
      '17:00',
    ]);
    expect(byStart.map((e) => e.status)).toEqual([
      'CONFIRMED',
      'CONFIRMED',
      'CONFIRMED',
      'CANCELLED',
      'CANCELLED',
      'CANCELLED',
    ]);
  });
});
