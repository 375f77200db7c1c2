import type { SeriesSubscribeAnswer } from '@common/contract/series';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { organiserContext } from '../helpers/event-fixtures';
import { createSeries, type Member, subscribeSeries } from '../helpers/series-fixtures';
import { statementRecorder } from '../helpers/statement-recorder';
import type { TestContext } from '../helpers/test-context';

// A series subscription writes each session as a single subscribe does, without reading each event back
// (docs/rules.md#series): its answer is the sessions' outcomes, not the events.
const recorder = statementRecorder();
let ctx: TestContext;
let organiser: string;
let model: string;
let people: Member[];

beforeAll(async () => {
  ({ ctx, organiser, model, people } = await organiserContext({
    prefix: 'rower',
    count: 2,
    now: '2027-03-01T08:00:00Z',
    env: { CLUB_TIMEZONE: 'Europe/Paris' },
    onQuery: recorder.onQuery,
  }));
});
afterAll(() => ctx.close());

const series = (count: number) =>
  createSeries(ctx, organiser, {
    uuid_model_event: model,
    start_date: '2027-03-02T19:00:00+01:00',
    end_date: '2027-03-02T21:00:00+01:00',
    max_subscribers: 10,
    city: 'Brest',
    recurrence: { weekdays: ['TU', 'TH'], interval_weeks: 1, count },
  });

/** The statements of one member's subscription to a series of `count` sessions. */
async function subscribing(count: number, who: Member): Promise<string[]> {
  const { uuid_series } = await series(count);
  let answer: SeriesSubscribeAnswer | undefined;
  const statements = await recorder.during(ctx, async () => {
    const response = await subscribeSeries(ctx, who.token, uuid_series, {
      uuid_user: who.id,
      subscribe: true,
    });
    expect(response.statusCode).toBe(200);
    answer = response.json<SeriesSubscribeAnswer>();
  });
  expect(answer?.sessions.map((s) => s.outcome)).toEqual(Array(count).fill('subscribed'));
  return statements;
}

it('pays a bounded number of statements per session, and reads no session back as an event', async () => {
  const [rower] = people as [Member];
  const four = await subscribing(4, rower);
  const eight = await subscribing(8, rower);
  const perSession = (eight.length - four.length) / 4;
  // The event's view reads its walk-ins and comment counts; the subscription's writes never do.
  for (const sql of eight) expect(sql).not.toMatch(/"walk_ins"|"event_comments"/);
  expect(perSession).toBeGreaterThan(5);
  expect(perSession).toBeLessThanOrEqual(16);
});
